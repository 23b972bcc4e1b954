package asm

import (
	"github.com/zmlc/zmlc/ir"
)

// chlo ops (stablehlo/dialect/ChloOps.td) and the check dialect of
// StableHLO's interpreter tests (stablehlo/tests/CheckOps.td).

func init() {
	// The unary ops of ChloOps.td that the parser reads in their pretty form;
	// other chlo ops (broadcast_*, conj, ...) print generically.
	for _, n := range []string{
		"acos", "acosh", "asin", "asinh", "atan", "atanh", "bessel_i1e", "cosh",
		"sinh", "tan", "digamma", "erf", "erf_inv", "erfc", "is_inf", "is_neg_inf",
		"is_pos_inf", "lgamma", "square",
	} {
		register(printChloUnary, "chlo."+n)
	}
	register(printChloBinary, "chlo.next_after", "chlo.polygamma", "chlo.zeta")
	register(printChloTopK, "chlo.top_k")
	register(printExpectEq, "check.expect_eq")
	register(printExpectAlmostEq, "check.expect_almost_eq")
	register(printExpectEqConst, "check.expect_eq_const", "check.expect_almost_eq_const")
	register(printExpectClose, "check.expect_close")
	register(printExpectSerializedEq, "check.expect_serialized_eq")
}

// printChloUnary: `chlo.erf %x : tensor<4xf32> -> tensor<4xf32>`.
func printChloUnary(p *printer, op *ir.Op) bool {
	if !counts(op, 1, 1, 0) {
		return false
	}
	p.operandsHead(op, "")
	p.typ(op.Operands[0].Type)
	p.ws(" -> ")
	p.typ(op.Results[0].Type)
	return true
}

// printChloBinary: `chlo.zeta %x, %q : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>`.
func printChloBinary(p *printer, op *ir.Op) bool {
	if !counts(op, 2, 1, 0) {
		return false
	}
	p.operandsHead(op, "")
	p.typ(op.Operands[0].Type)
	p.ws(", ")
	p.typ(op.Operands[1].Type)
	p.ws(" -> ")
	p.typ(op.Results[0].Type)
	return true
}

// printChloTopK: `chlo.top_k(%x, k = 2) : tensor<16xf32> -> (tensor<2xf32>, tensor<2xi32>)`.
func printChloTopK(p *printer, op *ir.Op) bool {
	k, ok := intAttr(op, "k", ir.I64)
	if !counts(op, 1, 2, 0) || !ok {
		return false
	}
	stable, hasStable := op.Attr("is_stable").(ir.BoolAttr)
	if op.Attrs.Has("is_stable") && !hasStable {
		return false
	}
	p.opName(op)
	p.ws("(")
	p.values(op.Operands)
	p.ws(", k = ")
	p.ws(itoa(k))
	if hasStable {
		p.ws(", is_stable = ")
		p.attr(stable)
	}
	p.ws(")")
	p.attrDictExcept(op, "k", "is_stable")
	p.ws(" : ")
	p.typ(op.Operands[0].Type)
	p.ws(" -> (")
	p.ws(typeList(valueTypes(op.Results)))
	p.ws(")")
	return true
}

// printExpectEq: `check.expect_eq %a, %b : tensor<2xi32>` (both operands of
// one type).
func printExpectEq(p *printer, op *ir.Op) bool {
	if !counts(op, 2, 0, 0) || !ir.TypesEqual(op.Operands[0].Type, op.Operands[1].Type) {
		return false
	}
	p.operandsHead(op, "")
	p.typ(op.Operands[0].Type)
	return true
}

// tolerance returns `, tolerance = 1.000000e-04` for an f64 tolerance
// attribute, "" when absent, ok false when it is not an f64 float.
func tolerance(op *ir.Op) (string, bool) {
	a := op.Attr("tolerance")
	if a == nil {
		return "", true
	}
	f, ok := a.(*ir.FloatAttr)
	if !ok || f.Type != ir.F64 {
		return "", false
	}
	return ", tolerance = " + ir.FormatFloat(f.Value, ir.F64), true
}

// printExpectAlmostEq: `check.expect_almost_eq %a, %b, tolerance = 1.000000e-03 : tensor<2xf32>`.
func printExpectAlmostEq(p *printer, op *ir.Op) bool {
	tol, ok := tolerance(op)
	if !counts(op, 2, 0, 0) || !ok || !ir.TypesEqual(op.Operands[0].Type, op.Operands[1].Type) {
		return false
	}
	p.operandsHead(op, tol, "tolerance")
	p.typ(op.Operands[0].Type)
	return true
}

// printExpectEqConst: `check.expect_eq_const %a, dense<[1, 2]> : tensor<2xi32>`
// and `check.expect_almost_eq_const %a, dense<...> : tensor<2xf32>, tolerance = ...`;
// the operand's type is the constant's.
func printExpectEqConst(p *printer, op *ir.Op) bool {
	v, ok := op.Attr("value").(*ir.DenseElementsAttr)
	if !counts(op, 1, 0, 0) || !ok || v.Value == nil || v.Value.Type == nil ||
		!ir.TypesEqual(v.Value.Type, op.Operands[0].Type) {
		return false
	}
	tol := ""
	if op.Name == "check.expect_almost_eq_const" {
		if tol, ok = tolerance(op); !ok {
			return false
		}
	}
	p.opName(op)
	p.ws(" ")
	p.values(op.Operands)
	p.ws(", ")
	p.attr(v)
	p.ws(tol)
	if op.Name == "check.expect_almost_eq_const" {
		p.attrDictExcept(op, "value", "tolerance")
	} else {
		p.attrDictExcept(op, "value")
	}
	return true
}

// printExpectClose: `check.expect_close %a, %b, max_ulp_difference = 3,
// min_ulp_difference = 0 : tensor<2xf32>, tensor<2xf32>` (ui64 attributes;
// the attribute dictionary comes after the colon, as CheckOps.td has it).
func printExpectClose(p *printer, op *ir.Op) bool {
	maxULP, ok := intAttr(op, "max_ulp_difference", ir.UI64)
	if !counts(op, 2, 0, 0) || !ok {
		return false
	}
	minULP, hasMin := intAttr(op, "min_ulp_difference", ir.UI64)
	if op.Attrs.Has("min_ulp_difference") && !hasMin {
		return false
	}
	p.opName(op)
	p.ws(" ")
	p.values(op.Operands)
	p.ws(", max_ulp_difference = ")
	p.ws(ir.FormatInt(maxULP, ir.UI64))
	if hasMin {
		p.ws(", min_ulp_difference = ")
		p.ws(ir.FormatInt(minULP, ir.UI64))
	}
	p.ws(" :")
	p.attrDictExcept(op, "max_ulp_difference", "min_ulp_difference")
	p.ws(" ")
	p.typ(op.Operands[0].Type)
	p.ws(", ")
	p.typ(op.Operands[1].Type)
	return true
}

// printExpectSerializedEq: `check.expect_serialized_eq %a, probe_id = "probe0", iter = 0 : tensor<2xi32>`.
func printExpectSerializedEq(p *printer, op *ir.Op) bool {
	probe, ok := op.Attr("probe_id").(ir.StringAttr)
	if !counts(op, 1, 0, 0) || !ok {
		return false
	}
	iter, hasIter := intAttr(op, "iteration", ir.UI32)
	if op.Attrs.Has("iteration") && !hasIter {
		return false
	}
	mid := ", probe_id = " + ir.QuoteString(string(probe))
	if hasIter {
		mid += ", iter = " + ir.FormatInt(iter, ir.UI32)
	}
	p.operandsHead(op, mid, "probe_id", "iteration")
	p.typ(op.Operands[0].Type)
	return true
}
