package asm

import (
	"github.com/zmlc/zmlc/ir"
)

// Ops with regions that have a pretty form in StableHLO: reduce and while
// (StablehloOps.cpp ReduceOp::print, WhileOp::print; AssemblyFormat.cpp
// printReduceOp, printWhileOp). Every other op with regions (if, case, sort,
// reduce_window, scatter, ...) prints generically, as StableHLO does.

func init() {
	register(printReduce, "stablehlo.reduce")
	register(printWhile, "stablehlo.while")
}

// printReduce prints
//
//	stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (A, C) -> R
//
// when the body is one commutative binary StableHLO op applied to the block
// arguments (the compact form), and otherwise
//
//	stablehlo.reduce(%x init: %c), (%y init: %d) across dimensions = [0] : (...) -> (...)
//	 reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
//	  ...
//	}
func printReduce(p *printer, op *ir.Op) bool {
	dims, ok := i64Array(op, "dimensions")
	n := len(op.Operands) / 2
	if !ok || n == 0 || len(op.Operands) != 2*n || len(op.Results) != n || len(op.Regions) != 1 || !noNils(op) {
		return false
	}
	r := op.Regions[0]
	if r == nil || len(r.Blocks) != 1 || r.Blocks[0] == nil || len(r.Blocks[0].Args) != 2*n {
		return false
	}
	body := r.Blocks[0]
	for _, a := range body.Args {
		if a == nil || a.Type == nil {
			return false
		}
	}
	p.opName(op)
	for i := 0; i < n; i++ {
		if i > 0 {
			p.ws(", ")
		}
		p.ws("(")
		p.ws(p.names.value(op.Operands[i]))
		p.ws(" init: ")
		p.ws(p.names.value(op.Operands[n+i]))
		p.ws(")")
	}
	inner := compactReducer(op, body)
	if inner != nil {
		p.ws(" applies ")
		p.ws(inner.Name)
	}
	p.ws(" across dimensions = ")
	p.ws(intList(dims))
	p.attrDictExcept(op, "dimensions")
	p.ws(" : ")
	p.functionalType(op)
	if inner != nil {
		return true
	}
	p.newline()
	p.ws(" reducer")
	for i := 0; i < n; i++ {
		p.ws("(")
		p.typedArg(body.Args[i])
		p.ws(", ")
		p.typedArg(body.Args[n+i])
		p.ws(") ")
	}
	p.ws(" ")
	p.region(r, "", false)
	return true
}

// compactReducer returns the one op of a reduce body eligible for the
// compact `applies` form (StableHLO's isReduceEligibleForCompactPrint, plus:
// the inner op and the terminator carry no attributes and the terminator is
// stablehlo.return, since the compact form cannot spell them), or nil.
func compactReducer(op *ir.Op, body *ir.Block) *ir.Op {
	if len(op.Operands) != 2 || len(body.Ops) != 2 || len(body.Args) != 2 {
		return nil
	}
	inner, ret := body.Ops[0], body.Ops[1]
	if inner == nil || ret == nil {
		return nil
	}
	def := ir.LookupOp(inner.Name)
	if inner.Dialect() != "stablehlo" || !def.Has(ir.Commutative|ir.Binary) ||
		len(inner.Regions) != 0 || len(inner.Attrs) != 0 || !counts(inner, 2, 1, 0) {
		return nil
	}
	in := ir.AsTensor(op.Operands[0].Type)
	if in == nil || in.Encoding != nil {
		return nil
	}
	t := inner.Results[0].Type
	if !isScalarTensorOf(t, in.Elem) {
		return nil
	}
	for i, v := range inner.Operands {
		if v != body.Args[i] || !ir.TypesEqual(v.Type, t) {
			return nil
		}
	}
	if ret.Name != "stablehlo.return" || len(ret.Attrs) != 0 || len(ret.Regions) != 0 ||
		len(ret.Results) != 0 || len(ret.Operands) != 1 || ret.Operands[0] != inner.Results[0] {
		return nil
	}
	return inner
}

// whilePretty reports whether a stablehlo.while can print in its pretty
// form: two one-block regions whose arguments have the operand types, and
// results of those types too.
func whilePretty(op *ir.Op) bool {
	if len(op.Regions) != 2 || len(op.Results) != len(op.Operands) || !noNils(op) {
		return false
	}
	for i, v := range op.Operands {
		if !ir.TypesEqual(v.Type, op.Results[i].Type) {
			return false
		}
	}
	for _, r := range op.Regions {
		if r == nil || len(r.Blocks) != 1 || r.Blocks[0] == nil || len(r.Blocks[0].Args) != len(op.Operands) {
			return false
		}
		for i, a := range r.Blocks[0].Args {
			if a == nil || !ir.TypesEqual(a.Type, op.Operands[i].Type) {
				return false
			}
		}
	}
	return true
}

// printWhile prints
//
//	stablehlo.while(%iterArg = %0, %iterArg_0 = %1) : tensor<i64>, tensor<f32>
//	cond {
//	  ...
//	} do {
//	  ...
//	}
func printWhile(p *printer, op *ir.Op) bool {
	if !whilePretty(op) {
		return false
	}
	body := op.Regions[1].Blocks[0]
	p.opName(op)
	p.ws("(")
	for i, v := range op.Operands {
		if i > 0 {
			p.ws(", ")
		}
		p.ws(p.names.value(body.Args[i]))
		p.ws(" = ")
		p.ws(p.names.value(v))
	}
	p.ws(")")
	if len(op.Operands) > 0 {
		p.ws(" : ")
		p.ws(typeList(valueTypes(op.Operands)))
	}
	p.attrDictWithKeyword(op)
	p.newline()
	p.ws("cond ")
	p.region(op.Regions[0], "", false)
	p.ws(" do ")
	p.region(op.Regions[1], "", false)
	return true
}
