package asm

import (
	"github.com/zmlc/zmlc/ir"
)

// Elementwise and other ops whose StableHLO assemblyFormat is
// `operands attr-dict : custom<SameOperandsAndResultType>` or
// `operands attr-dict : functional-type(operands, results)`.

func init() {
	register(printSameType(1),
		"stablehlo.abs", "stablehlo.cbrt", "stablehlo.ceil", "stablehlo.convert",
		"stablehlo.count_leading_zeros", "stablehlo.cosine", "stablehlo.exponential",
		"stablehlo.exponential_minus_one", "stablehlo.floor", "stablehlo.imag",
		"stablehlo.log", "stablehlo.log_plus_one", "stablehlo.logistic", "stablehlo.not",
		"stablehlo.negate", "stablehlo.popcnt", "stablehlo.real",
		"stablehlo.round_nearest_afz", "stablehlo.round_nearest_even", "stablehlo.rsqrt",
		"stablehlo.sign", "stablehlo.sine", "stablehlo.sqrt", "stablehlo.tan",
		"stablehlo.tanh", "stablehlo.uniform_quantize", "stablehlo.uniform_dequantize")
	register(printSameType(2),
		"stablehlo.add", "stablehlo.and", "stablehlo.atan2", "stablehlo.divide",
		"stablehlo.maximum", "stablehlo.minimum", "stablehlo.multiply", "stablehlo.or",
		"stablehlo.power", "stablehlo.remainder", "stablehlo.shift_left",
		"stablehlo.shift_right_arithmetic", "stablehlo.shift_right_logical",
		"stablehlo.subtract", "stablehlo.xor")
	register(printFunctionalOperands,
		"stablehlo.is_finite", "stablehlo.bitcast_convert", "stablehlo.reshape",
		"stablehlo.dynamic_update_slice", "stablehlo.dynamic_reshape",
		"stablehlo.real_dynamic_slice", "stablehlo.dynamic_pad")
	register(printComplex, "stablehlo.complex")
	register(printSameType(3), "stablehlo.clamp")
	register(printSelect, "stablehlo.select")
	register(printCompare, "stablehlo.compare")
	register(printReducePrecision, "stablehlo.reduce_precision")
}

// printSameType returns the printer of an op with n operands in the form
// `operands attr-dict : custom<SameOperandsAndResultType>`:
// `stablehlo.negate %arg0 : tensor<4xf32>`, `stablehlo.add %arg0, %arg1 :
// tensor<4xf32>`, or `stablehlo.convert %arg0 : (tensor<4xi32>) -> tensor<4xf32>`;
// clamp with scalar bounds prints the functional type.
func printSameType(n int) prettyFn {
	return func(p *printer, op *ir.Op) bool {
		if !counts(op, n, 1, 0) {
			return false
		}
		p.operandsHead(op, "")
		p.sameOperandsAndResultType(op)
		return true
	}
}

// printFunctionalOperands: `stablehlo.reshape %arg0 : (tensor<2xf32>) -> tensor<1x2xf32>`.
func printFunctionalOperands(p *printer, op *ir.Op) bool {
	if len(op.Operands) == 0 || len(op.Results) != 1 || len(op.Regions) != 0 || !noNils(op) {
		return false
	}
	p.operandsHead(op, "")
	p.functionalType(op)
	return true
}

// printComplex: `stablehlo.complex %a, %b : tensor<2xcomplex<f32>>` when both
// operands have the real counterpart of the result type
// (custom<ComplexOpType>), else the functional type.
func printComplex(p *printer, op *ir.Op) bool {
	if !counts(op, 2, 1, 0) {
		return false
	}
	p.operandsHead(op, "")
	res := op.Results[0].Type
	if rt := ir.AsTensor(res); rt != nil && rt.Elem.IsComplex() {
		realT := &ir.TensorType{Shape: rt.Shape, Elem: rt.Elem.ComplexPart(), Encoding: rt.Encoding}
		if ir.TypesEqual(op.Operands[0].Type, realT) && ir.TypesEqual(op.Operands[1].Type, realT) {
			p.typ(res)
			return true
		}
	}
	p.functionalType(op)
	return true
}

// printSelect: `stablehlo.select %p, %t, %f : tensor<2xi1>, tensor<2xf32>`
// (custom<SelectOpType>) when both branches have the result type, else the
// functional type.
func printSelect(p *printer, op *ir.Op) bool {
	if !counts(op, 3, 1, 0) {
		return false
	}
	p.operandsHead(op, "")
	res := op.Results[0].Type
	if ir.TypesEqual(op.Operands[1].Type, res) && ir.TypesEqual(op.Operands[2].Type, res) {
		p.typ(op.Operands[0].Type)
		p.ws(", ")
		p.typ(res)
		return true
	}
	p.functionalType(op)
	return true
}

// printCompare: `stablehlo.compare  GT, %a, %b,  FLOAT : (A, B) -> R`. The
// double spaces are MLIR 19's: the enum attribute's own printer starts with a
// space (as in JAX's exported text).
func printCompare(p *printer, op *ir.Op) bool {
	if !counts(op, 2, 1, 0) {
		return false
	}
	dir, ok := enumAttr(op, "comparison_direction", "stablehlo", "comparison_direction")
	if !ok {
		return false
	}
	ct, hasType := "", op.Attrs.Has("compare_type")
	if hasType {
		if ct, ok = enumAttr(op, "compare_type", "stablehlo", "comparison_type"); !ok {
			return false
		}
	}
	p.opName(op)
	p.ws("  ")
	p.ws(dir)
	p.ws(", ")
	p.values(op.Operands)
	if hasType {
		p.ws(",  ")
		p.ws(ct)
	}
	p.attrDictExcept(op, "comparison_direction", "compare_type")
	p.ws(" : ")
	p.functionalType(op)
	return true
}

// printReducePrecision: `stablehlo.reduce_precision %x, format = e8m10 : tensor<4xf32>`.
func printReducePrecision(p *printer, op *ir.Op) bool {
	if !counts(op, 1, 1, 0) {
		return false
	}
	e, ok1 := intAttr(op, "exponent_bits", ir.I32)
	m, ok2 := intAttr(op, "mantissa_bits", ir.I32)
	if !ok1 || !ok2 || e < 0 || m < 0 {
		return false
	}
	p.operandsHead(op, ", format = e"+itoa(e)+"m"+itoa(m), "exponent_bits", "mantissa_bits")
	p.sameOperandsAndResultType(op)
	return true
}
