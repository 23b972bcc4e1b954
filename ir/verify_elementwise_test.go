package ir

import "testing"

// A type of each class, to try every unary and binary op on.
var classSamples = []struct {
	cls elemClass
	e   ElementType
}{{clsBool, I1}, {clsSInt, I32}, {clsUInt, UI8}, {clsFloat, F32}, {clsComplex, C64}}

func unaryClasses() map[string]elemClass {
	return map[string]elemClass{
		"stablehlo.abs": clsSInt | clsFloat | clsComplex, "stablehlo.cbrt": clsFloat | clsComplex,
		"stablehlo.ceil": clsFloat, "stablehlo.count_leading_zeros": clsInt,
		"stablehlo.cosine": clsFloat | clsComplex, "stablehlo.exponential": clsFloat | clsComplex,
		"stablehlo.exponential_minus_one": clsFloat | clsComplex, "stablehlo.floor": clsFloat,
		"stablehlo.imag": clsFloat | clsComplex, "stablehlo.is_finite": clsFloat,
		"stablehlo.log": clsFloat | clsComplex, "stablehlo.log_plus_one": clsFloat | clsComplex,
		"stablehlo.logistic": clsFloat | clsComplex, "stablehlo.negate": clsInt | clsFloat | clsComplex,
		"stablehlo.not": clsBool | clsInt, "stablehlo.popcnt": clsInt,
		"stablehlo.real": clsFloat | clsComplex, "stablehlo.round_nearest_afz": clsFloat,
		"stablehlo.round_nearest_even": clsFloat, "stablehlo.rsqrt": clsFloat | clsComplex,
		"stablehlo.sign": clsSInt | clsFloat | clsComplex, "stablehlo.sine": clsFloat | clsComplex,
		"stablehlo.sqrt": clsFloat | clsComplex, "stablehlo.tan": clsFloat | clsComplex,
		"stablehlo.tanh": clsFloat | clsComplex, "chlo.erf": clsFloat, "chlo.erf_inv": clsFloat,
		"chlo.tan": clsFloat | clsComplex, "chlo.erfc": clsFloat, "chlo.lgamma": clsFloat,
		"chlo.digamma": clsFloat, "chlo.bessel_i1e": clsFloat, "chlo.asin": clsFloat | clsComplex,
		"chlo.acos": clsFloat | clsComplex, "chlo.atan": clsFloat | clsComplex, "chlo.sinh": clsFloat | clsComplex,
		"chlo.cosh": clsFloat | clsComplex, "chlo.asinh": clsFloat | clsComplex, "chlo.acosh": clsFloat | clsComplex,
		"chlo.atanh": clsFloat | clsComplex,
	}
}

func binaryClasses() map[string]elemClass {
	return map[string]elemClass{
		"stablehlo.add": clsAny, "stablehlo.and": clsBool | clsInt, "stablehlo.atan2": clsFloat | clsComplex,
		"stablehlo.divide": clsInt | clsFloat | clsComplex, "stablehlo.maximum": clsAny, "stablehlo.minimum": clsAny,
		"stablehlo.multiply": clsAny, "stablehlo.or": clsBool | clsInt, "stablehlo.power": clsInt | clsFloat | clsComplex,
		"stablehlo.remainder": clsInt | clsFloat | clsComplex, "stablehlo.shift_left": clsInt,
		"stablehlo.shift_right_arithmetic": clsInt, "stablehlo.shift_right_logical": clsInt,
		"stablehlo.subtract": clsInt | clsFloat | clsComplex, "stablehlo.xor": clsBool | clsInt,
		"chlo.next_after": clsFloat, "chlo.polygamma": clsFloat, "chlo.zeta": clsFloat,
	}
}

// unaryResult is the spec's result element type of a unary op.
func unaryResult(op string, e ElementType) ElementType {
	switch op {
	case "stablehlo.abs", "stablehlo.real", "stablehlo.imag":
		return e.ComplexPart()
	case "stablehlo.is_finite":
		return I1
	}
	return e
}

func unaryElementwiseCases() []opCase {
	var cases []opCase
	for op, k := range unaryClasses() {
		for _, s := range classSamples {
			x := tt(s.e, 2, 3)
			if k&s.cls == 0 {
				cases = append(cases, opCase{name: "class " + s.e.String(), op: op, operands: ts(x), results: ts(x),
					want: "operand must be a tensor of " + k.String() + " type (I1), got 'tensor<2x3x" + s.e.String() + ">'"})
				continue
			}
			r := tt(unaryResult(op, s.e), 2, 3)
			cases = append(cases,
				opCase{name: "valid " + s.e.String(), op: op, operands: ts(x), results: ts(r)},
				opCase{name: "dynamic " + s.e.String(), op: op, operands: ts(tt(s.e, Dynamic, 3)), results: ts(r)},
				opCase{name: "shape", op: op, operands: ts(x), results: ts(tt(r.Elem, 3, 2)), want: "inferred type(s) 'tensor<2x3x"},
				opCase{name: "count", op: op, operands: ts(x, x), results: ts(r), want: "requires 1 operand(s), got 2"},
			)
		}
	}
	return cases
}

// TestVerifyUnaryElementwise verifies the cases of unaryElementwiseCases.
func TestVerifyUnaryElementwise(t *testing.T) { runCases(t, unaryElementwiseCases()) }

func binaryElementwiseCases() []opCase {
	var cases []opCase
	for op, k := range binaryClasses() {
		for _, s := range classSamples {
			x := tt(s.e, 4)
			if k&s.cls == 0 {
				cases = append(cases, opCase{name: "class", op: op, operands: ts(x, x), results: ts(x),
					want: "lhs must be a tensor of " + k.String() + " type (I1)"})
				continue
			}
			cases = append(cases,
				opCase{name: "valid", op: op, operands: ts(x, x), results: ts(x)},
				opCase{name: "dynamic", op: op, operands: ts(tt(s.e, Dynamic), x), results: ts(x)},
				opCase{name: "mismatch", op: op, operands: ts(x, tt(s.e, 5)), results: ts(x),
					want: "requires type(lhs) = type(rhs) = type(result) (C1), got lhs 'tensor<4x" + s.e.String() + ">' and rhs 'tensor<5x"},
				opCase{name: "result", op: op, operands: ts(x, x), results: ts(tt(s.e, 5)), want: "are incompatible with return type(s) of operation 'tensor<5x"},
			)
		}
	}
	return cases
}

// TestVerifyBinaryElementwise verifies the cases of binaryElementwiseCases.
func TestVerifyBinaryElementwise(t *testing.T) { runCases(t, binaryElementwiseCases()) }

func elementwiseOthersCases() []opCase {
	f4, i4, b4 := tt(F32, 4), tt(I32, 4), tt(I1, 4)
	cmp := func(dir, typ string) Attrs {
		a := at("comparison_direction", enum("comparison_direction", dir))
		if typ != "" {
			a = append(a, NamedAttr{"compare_type", enum("comparison_type", typ)})
		}
		return a
	}
	return []opCase{
		{name: "ok", op: "stablehlo.compare", operands: ts(f4, f4), attrs: cmp("LT", "FLOAT"), results: ts(b4)},
		{name: "totalorder", op: "stablehlo.compare", operands: ts(f4, f4), attrs: cmp("GE", "TOTALORDER"), results: ts(b4)},
		{name: "signed", op: "stablehlo.compare", operands: ts(i4, i4), attrs: cmp("EQ", "SIGNED"), results: ts(b4)},
		{name: "unsigned bool", op: "stablehlo.compare", operands: ts(b4, b4), attrs: cmp("NE", "UNSIGNED"), results: ts(b4)},
		{name: "no type", op: "stablehlo.compare", operands: ts(i4, i4), attrs: cmp("EQ", ""), results: ts(b4)},
		{name: "type vs signed", op: "stablehlo.compare", operands: ts(i4, i4), attrs: cmp("EQ", "FLOAT"), results: ts(b4), want: "compare_type FLOAT does not agree with element type i32: it must be SIGNED for signed integers (C3)"},
		{name: "type vs float", op: "stablehlo.compare", operands: ts(f4, f4), attrs: cmp("EQ", "SIGNED"), results: ts(b4), want: "(C3)"},
		{name: "type vs complex", op: "stablehlo.compare", operands: ts(tt(C64, 4), tt(C64, 4)), attrs: cmp("EQ", "TOTALORDER"), results: ts(b4), want: "FLOAT for complex types (C3)"},
		{name: "elem", op: "stablehlo.compare", operands: ts(f4, i4), attrs: cmp("EQ", ""), results: ts(b4), want: "baseline_element_type(lhs) = baseline_element_type(rhs) (C1)"},
		{name: "shape", op: "stablehlo.compare", operands: ts(f4, tt(F32, 5)), attrs: cmp("EQ", ""), results: ts(b4), want: "shape(lhs) = shape(rhs) = shape(result) (C2)"},
		{name: "missing dir", op: "stablehlo.compare", operands: ts(f4, f4), results: ts(b4), want: "requires attribute 'comparison_direction'"},
		{name: "bad dir", op: "stablehlo.compare", operands: ts(f4, f4), attrs: cmp("XX", ""), results: ts(b4), want: "comparison_direction must be one of"},
		{name: "result not i1", op: "stablehlo.compare", operands: ts(f4, f4), attrs: cmp("EQ", ""), results: ts(f4), want: "inferred type(s) 'tensor<4xi1>'"},

		{name: "ok", op: "stablehlo.select", operands: ts(b4, f4, f4), results: ts(f4)},
		{name: "scalar pred", op: "stablehlo.select", operands: ts(tt(I1), f4, f4), results: ts(f4)},
		{name: "pred type", op: "stablehlo.select", operands: ts(i4, f4, f4), results: ts(f4), want: "pred must be a tensor of type i1"},
		{name: "pred shape", op: "stablehlo.select", operands: ts(tt(I1, 5), f4, f4), results: ts(f4), want: "rank(pred) = 0 or shape(pred) = shape(on_true) (C1)"},
		{name: "branches", op: "stablehlo.select", operands: ts(b4, f4, i4), results: ts(f4), want: "type(on_true) = type(on_false) = type(result) (C2)"},

		{name: "ok", op: "stablehlo.clamp", operands: ts(tt(F32), f4, tt(F32)), results: ts(f4)},
		{name: "ok full", op: "stablehlo.clamp", operands: ts(f4, f4, f4), results: ts(f4)},
		{name: "min shape", op: "stablehlo.clamp", operands: ts(tt(F32, 2), f4, f4), results: ts(f4), want: "rank(min) = 0 or shape(min) = shape(operand) (C1)"},
		{name: "max shape", op: "stablehlo.clamp", operands: ts(f4, f4, tt(F32, 2)), results: ts(f4), want: "(C2)"},
		{name: "elem", op: "stablehlo.clamp", operands: ts(i4, f4, f4), results: ts(f4), want: "element_type(min) = element_type(operand) = element_type(max) (C3)"},

		{name: "ok", op: "stablehlo.complex", operands: ts(f4, f4), results: ts(tt(C64, 4))},
		{name: "f64", op: "stablehlo.complex", operands: ts(tt(F64, 4), tt(F64, 4)), results: ts(tt(C128, 4))},
		{name: "elem", op: "stablehlo.complex", operands: ts(i4, i4), results: ts(tt(C64, 4)), want: "lhs must be a tensor of type f32 or f64 (I1)"},
		{name: "mismatch", op: "stablehlo.complex", operands: ts(f4, tt(F64, 4)), results: ts(tt(C64, 4)), want: "type(lhs) = type(rhs) (C1)"},
		{name: "result", op: "stablehlo.complex", operands: ts(f4, f4), results: ts(tt(C128, 4)), want: "inferred type(s) 'tensor<4xcomplex<f32>>'"},

		{name: "ok", op: "stablehlo.convert", operands: ts(f4), results: ts(tt(I8, 4))},
		{name: "complex to bool", op: "stablehlo.convert", operands: ts(tt(C64, 4)), results: ts(b4)},
		{name: "shape", op: "stablehlo.convert", operands: ts(f4), results: ts(tt(I8, 5)), want: "shape(operand) = shape(result) (C1)"},

		{name: "same width", op: "stablehlo.bitcast_convert", operands: ts(f4), results: ts(i4)},
		{name: "narrower", op: "stablehlo.bitcast_convert", operands: ts(f4), results: ts(tt(I8, 4, 4))},
		{name: "wider", op: "stablehlo.bitcast_convert", operands: ts(tt(I8, 4, 4)), results: ts(f4)},
		{name: "same width shape", op: "stablehlo.bitcast_convert", operands: ts(f4), results: ts(tt(I32, 5)), want: "(C1)"},
		{name: "narrower dim", op: "stablehlo.bitcast_convert", operands: ts(f4), results: ts(tt(I8, 4, 2)), want: "dim(result, 1) * 8 = 32"},
		{name: "wider dim", op: "stablehlo.bitcast_convert", operands: ts(tt(I8, 4, 2)), results: ts(f4), want: "when the result element type is wider (C1)"},
		{name: "complex", op: "stablehlo.bitcast_convert", operands: ts(tt(F64, 4)), results: ts(tt(C64, 4)), want: "(C2)"},

		{name: "ok", op: "stablehlo.reduce_precision", operands: ts(f4), attrs: at("exponent_bits", iv(5), "mantissa_bits", iv(10)), results: ts(f4)},
		{name: "exp", op: "stablehlo.reduce_precision", operands: ts(f4), attrs: at("exponent_bits", iv(0), "mantissa_bits", iv(10)), results: ts(f4), want: "1 <= exponent_bits (C2)"},
		{name: "mant", op: "stablehlo.reduce_precision", operands: ts(f4), attrs: at("exponent_bits", iv(5), "mantissa_bits", iv(-1)), results: ts(f4), want: "0 <= mantissa_bits (C3)"},
		{name: "missing", op: "stablehlo.reduce_precision", operands: ts(f4), results: ts(f4), want: "requires attribute 'exponent_bits'"},
		{name: "int", op: "stablehlo.reduce_precision", operands: ts(i4), attrs: at("exponent_bits", iv(5), "mantissa_bits", iv(10)), results: ts(i4), want: "floating-point type (I1)"},
	}
}

// TestVerifyElementwiseOthers verifies the cases of elementwiseOthersCases.
func TestVerifyElementwiseOthers(t *testing.T) { runCases(t, elementwiseOthersCases()) }
