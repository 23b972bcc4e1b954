package asm

import (
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// dot, dot_general, convolution, custom_call, and the terminators and calls.

func init() {
	register(printDot, "stablehlo.dot")
	register(printDotGeneral, "stablehlo.dot_general")
	register(printConvolution, "stablehlo.convolution")
	register(printCustomCall, "stablehlo.custom_call")
	register(printStablehloReturn, "stablehlo.return")
	register(printFuncReturn, "func.return")
	register(printFuncCall, "func.call")
}

// precisionConfig returns `, precision = [DEFAULT, HIGH]` for an array of
// precision enums (custom<PrecisionConfig>), "" when the attribute is absent,
// and ok false when it is present but not such an array.
func precisionConfig(op *ir.Op) (s string, ok bool) {
	a := op.Attr("precision_config")
	if a == nil {
		return "", true
	}
	arr, isArr := a.(ir.ArrayAttr)
	if !isArr {
		return "", false
	}
	vals := make([]string, len(arr))
	for i, x := range arr {
		e, isEnum := x.(*ir.EnumAttr)
		if !isEnum || e.Dialect != "stablehlo" || e.Kind != "precision" || !ir.IsBareIdentifier(e.Value) {
			return "", false
		}
		vals[i] = e.Value
	}
	return ", precision = [" + strings.Join(vals, ", ") + "]", true
}

// printDot: `stablehlo.dot %a, %b, precision = [DEFAULT, DEFAULT] : (A, B) -> R`.
func printDot(p *printer, op *ir.Op) bool {
	prec, ok := precisionConfig(op)
	if !counts(op, 2, 1, 0) || !ok {
		return false
	}
	p.operandsHead(op, prec, "precision_config")
	p.functionalType(op)
	return true
}

// printDotGeneral: `stablehlo.dot_general %a, %b, batching_dims = [0] x [0],
// contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT],
// algorithm = <...> : (A, B) -> R` (batching_dims omitted when empty;
// custom<DotDimensionNumbers> and custom<PrecisionConfigAndAlgorithm>).
func printDotGeneral(p *printer, op *ir.Op) bool {
	dn, ok := op.Attr("dot_dimension_numbers").(*ir.DotDimensionNumbersAttr)
	prec, ok2 := precisionConfig(op)
	if !counts(op, 2, 1, 0) || !ok || !ok2 {
		return false
	}
	elided := []string{"dot_dimension_numbers", "precision_config"}
	alg := ""
	if o, isOpaque := op.Attr("algorithm").(*ir.OpaqueAttr); isOpaque {
		if body, had := strings.CutPrefix(o.Text, "#stablehlo.dot_algorithm"); had && strings.HasPrefix(body, "<") {
			alg = ", algorithm = " + body
			elided = append(elided, "algorithm")
		}
	}
	mid := ", "
	if len(dn.LhsBatchingDimensions) > 0 || len(dn.RhsBatchingDimensions) > 0 {
		mid += "batching_dims = " + intList(dn.LhsBatchingDimensions) + " x " + intList(dn.RhsBatchingDimensions) + ", "
	}
	mid += "contracting_dims = " + intList(dn.LhsContractingDimensions) + " x " + intList(dn.RhsContractingDimensions)
	p.operandsHead(op, mid+prec+alg, elided...)
	p.functionalType(op)
	return true
}

// windowPadding returns `[[l0, h0], [l1, h1]]` for an Nx2 i64 dense padding.
func windowPadding(a ir.Attribute) (string, bool) {
	d, ok := a.(*ir.DenseElementsAttr)
	if !ok || d.Value == nil || d.Value.Type == nil {
		return "", false
	}
	t := d.Value.Type
	if t.Elem != ir.I64 || t.Rank() != 2 || t.Shape[1] != 2 || t.Encoding != nil || int64(len(d.Value.I)) != t.Shape[0]*2 {
		return "", false
	}
	parts := make([]string, t.Shape[0])
	for i := range parts {
		parts[i] = intList(d.Value.I[2*i : 2*i+2])
	}
	return "[" + strings.Join(parts, ", ") + "]", true
}

// printConvolution: `stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
// window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]}
// {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (X, W) -> R`.
func printConvolution(p *printer, op *ir.Op) bool {
	dn, ok := op.Attr("dimension_numbers").(*ir.ConvDimensionNumbersAttr)
	if !counts(op, 2, 1, 0) || !ok || !ir.ConvDimsCompact(dn) {
		return false
	}
	var window []string
	for _, w := range []struct{ attr, key string }{
		{"window_strides", "stride"}, {"padding", "pad"}, {"lhs_dilation", "lhs_dilate"},
		{"rhs_dilation", "rhs_dilate"}, {"window_reversal", "reverse"},
	} {
		a := op.Attr(w.attr)
		if a == nil {
			continue
		}
		var s string
		switch w.attr {
		case "padding":
			if s, ok = windowPadding(a); !ok {
				return false
			}
		case "window_reversal":
			arr, isArr := a.(*ir.DenseArrayAttr)
			if !isArr || arr.Elem != ir.I1 {
				return false
			}
			vals := make([]string, len(arr.Ints))
			for i, x := range arr.Ints {
				vals[i] = ir.FormatInt(x, ir.I1)
			}
			s = "[" + strings.Join(vals, ", ") + "]"
		default:
			v, isI64 := i64Array(op, w.attr)
			if !isI64 {
				return false
			}
			s = intList(v)
		}
		window = append(window, w.key+" = "+s)
	}
	p.opName(op)
	p.ws("(")
	p.values(op.Operands)
	p.ws(") dim_numbers = ")
	p.ws(ir.ConvDimsString(dn))
	p.ws(", window = {")
	p.ws(strings.Join(window, ", "))
	p.ws("}")
	p.attrDictExcept(op, "dimension_numbers", "window_strides", "padding", "lhs_dilation", "rhs_dilation", "window_reversal")
	p.ws(" : ")
	p.functionalType(op)
	return true
}

// printCustomCall: `stablehlo.custom_call @target(%a, %b) {attrs} : (A, B) -> R`.
func printCustomCall(p *printer, op *ir.Op) bool {
	target, ok := op.Attr("call_target_name").(ir.StringAttr)
	if !ok || len(op.Regions) != 0 || !noNils(op) {
		return false
	}
	p.opName(op)
	p.ws(" ")
	p.ws(symbol(string(target)))
	p.ws("(")
	p.values(op.Operands)
	p.ws(")")
	p.attrDictExcept(op, "call_target_name")
	p.ws(" : ")
	p.functionalType(op)
	return true
}

// printStablehloReturn: `stablehlo.return %a, %b : A, B`.
func printStablehloReturn(p *printer, op *ir.Op) bool {
	if len(op.Results) != 0 || len(op.Regions) != 0 || !noNils(op) {
		return false
	}
	p.opName(op)
	if len(op.Operands) > 0 {
		p.ws(" ")
		p.values(op.Operands)
	}
	p.attrDictExcept(op)
	if len(op.Operands) > 0 {
		p.ws(" : ")
		p.ws(typeList(valueTypes(op.Operands)))
	}
	return true
}

// printFuncReturn: `return %a, %b : A, B` (`func.return` outside a function
// body's own region, e.g. nested in a stablehlo region). MLIR's format puts
// an attribute dictionary first (`return {a = 1} %x : T`); such a rare
// return prints generically instead, which every reader accepts.
func printFuncReturn(p *printer, op *ir.Op) bool {
	if len(op.Results) != 0 || len(op.Regions) != 0 || len(op.Attrs) != 0 || !noNils(op) {
		return false
	}
	p.opName(op)
	if len(op.Operands) > 0 {
		p.ws(" ")
		p.values(op.Operands)
		p.ws(" : ")
		p.ws(typeList(valueTypes(op.Operands)))
	}
	return true
}

// printFuncCall: `call @f(%a) : (A) -> R`.
func printFuncCall(p *printer, op *ir.Op) bool {
	callee, ok := op.Attr("callee").(*ir.SymbolRefAttr)
	if !ok || callee.Name == "" || len(op.Regions) != 0 || !noNils(op) {
		return false
	}
	p.opName(op)
	p.ws(" ")
	p.attr(callee)
	p.ws("(")
	p.values(op.Operands)
	p.ws(")")
	p.attrDictExcept(op, "callee")
	p.ws(" : ")
	p.functionalType(op)
	return true
}
