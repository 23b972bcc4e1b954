package ir

// Rules of the elementwise ops (spec: abs ... xor, compare, select, clamp,
// convert, bitcast_convert, reduce_precision, and the elementwise chlo ops
// of ChloOps.td: erf, erf_inv, erfc, tan, lgamma, digamma, bessel_i1e, the
// inverse and hyperbolic trigonometric functions, next_after, polygamma,
// zeta).

func init() {
	unary := map[string]elemClass{
		"abs":                   clsSInt | clsFloat | clsComplex,
		"cbrt":                  clsFloat | clsComplex,
		"ceil":                  clsFloat,
		"count_leading_zeros":   clsInt,
		"cosine":                clsFloat | clsComplex,
		"exponential":           clsFloat | clsComplex,
		"exponential_minus_one": clsFloat | clsComplex,
		"floor":                 clsFloat,
		"imag":                  clsFloat | clsComplex,
		"is_finite":             clsFloat,
		"log":                   clsFloat | clsComplex,
		"log_plus_one":          clsFloat | clsComplex,
		"logistic":              clsFloat | clsComplex,
		"negate":                clsInt | clsFloat | clsComplex,
		"not":                   clsBool | clsInt,
		"popcnt":                clsInt,
		"real":                  clsFloat | clsComplex,
		"round_nearest_afz":     clsFloat,
		"round_nearest_even":    clsFloat,
		"rsqrt":                 clsFloat | clsComplex,
		"sign":                  clsSInt | clsFloat | clsComplex,
		"sine":                  clsFloat | clsComplex,
		"sqrt":                  clsFloat | clsComplex,
		"tan":                   clsFloat | clsComplex,
		"tanh":                  clsFloat | clsComplex,
	}
	for n, k := range unary {
		opRules["stablehlo."+n] = unaryRule(n, k)
	}
	opRules["chlo.erf"] = unaryRule("erf", clsFloat)
	opRules["chlo.erf_inv"] = unaryRule("erf_inv", clsFloat)
	// ChloOps.td: tan takes floating-point or complex tensors.
	opRules["chlo.tan"] = unaryRule("tan", clsFloat|clsComplex)
	// ChloOps.td: HLO_AnyFpTensor for erfc, lgamma, digamma;
	// HLO_AnyFpOrComplexTensor for bessel_i1e and the inverse and hyperbolic
	// trigonometric functions. bessel_i1e takes floats only: neither XLA
	// nor StableHLO's legalisation defines it on complex numbers.
	for _, n := range []string{"erfc", "lgamma", "digamma", "bessel_i1e"} {
		opRules["chlo."+n] = unaryRule(n, clsFloat)
	}
	for _, n := range []string{"asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh"} {
		opRules["chlo."+n] = unaryRule(n, clsFloat|clsComplex)
	}
	// next_after(x, y), polygamma(n, x), zeta(x, q): HLO_AnyFpTensor
	// operands and result of one type (HLO_CompatibleOperandsAndResultType).
	for _, n := range []string{"next_after", "polygamma", "zeta"} {
		opRules["chlo."+n] = binaryRule(clsFloat)
	}

	binary := map[string]elemClass{
		"add":                    clsAny,
		"and":                    clsBool | clsInt,
		"atan2":                  clsFloat | clsComplex,
		"divide":                 clsInt | clsFloat | clsComplex,
		"maximum":                clsAny,
		"minimum":                clsAny,
		"multiply":               clsAny,
		"or":                     clsBool | clsInt,
		"power":                  clsInt | clsFloat | clsComplex,
		"remainder":              clsInt | clsFloat | clsComplex,
		"shift_left":             clsInt,
		"shift_right_arithmetic": clsInt,
		"shift_right_logical":    clsInt,
		"subtract":               clsInt | clsFloat | clsComplex,
		"xor":                    clsBool | clsInt,
	}
	for n, k := range binary {
		opRules["stablehlo."+n] = binaryRule(k)
	}
	opRules["stablehlo.complex"] = ruleComplex
	opRules["stablehlo.compare"] = ruleCompare
	opRules["stablehlo.select"] = ruleSelect
	opRules["stablehlo.clamp"] = ruleClamp
	opRules["stablehlo.convert"] = ruleConvert
	opRules["stablehlo.bitcast_convert"] = ruleBitcastConvert
	opRules["stablehlo.reduce_precision"] = ruleReducePrecision
}

// unaryRule checks the operand's element class (I1) and infers the result:
// the operand type, except abs/real/imag of complex (the part type, C2) and
// is_finite (i1, C1).
func unaryRule(n string, k elemClass) opRule {
	return func(c *opCtx) ([]Type, error) {
		if err := c.numOperands(1); err != nil {
			return nil, err
		}
		x, err := c.tensorOf(0, "operand", k, "(I1)")
		if err != nil {
			return nil, err
		}
		switch n {
		case "abs", "real", "imag":
			return []Type{x.WithElem(x.Elem.ComplexPart())}, nil
		case "is_finite":
			return []Type{x.WithElem(I1)}, nil
		}
		return []Type{x.WithShape(x.Shape)}, nil
	}
}

// binaryRule checks the element class (I1, I2) and type(lhs) = type(rhs) =
// type(result) (C1), with dynamic dimensions compatible.
func binaryRule(k elemClass) opRule {
	return func(c *opCtx) ([]Type, error) {
		if err := c.numOperands(2); err != nil {
			return nil, err
		}
		l, err := c.tensorOf(0, "lhs", k, "(I1)")
		if err != nil {
			return nil, err
		}
		r, err := c.tensorOf(1, "rhs", k, "(I2)")
		if err != nil {
			return nil, err
		}
		if !TypesCompatible(l, r) {
			return nil, c.errf("requires type(lhs) = type(rhs) = type(result) (C1), got lhs '%s' and rhs '%s'", l, r)
		}
		return []Type{l.WithShape(refine(l.Shape, r.Shape))}, nil
	}
}

func ruleComplex(c *opCtx) ([]Type, error) {
	l, r, err := c.lhsRhs()
	if err != nil {
		return nil, err
	}
	if l.Elem != F32 && l.Elem != F64 {
		return nil, c.errf("lhs must be a tensor of type f32 or f64 (I1), got '%s'", l)
	}
	if !TypesCompatible(l, r) {
		return nil, c.errf("requires type(lhs) = type(rhs) (C1), got '%s' and '%s'", l, r)
	}
	e := C64
	if l.Elem == F64 {
		e = C128
	}
	return []Type{TensorOf(e, refine(l.Shape, r.Shape)...)}, nil
}

var compareDirections = map[string]bool{"EQ": true, "NE": true, "GE": true, "GT": true, "LE": true, "LT": true}

func ruleCompare(c *opCtx) ([]Type, error) {
	l, r, err := c.lhsRhs()
	if err != nil {
		return nil, err
	}
	if l.Elem != r.Elem {
		return nil, c.errf("requires baseline_element_type(lhs) = baseline_element_type(rhs) (C1), got '%s' and '%s'", l, r)
	}
	if !shapesCompatible(l.Shape, r.Shape) {
		return nil, c.errf("requires shape(lhs) = shape(rhs) = shape(result) (C2), got '%s' and '%s'", l, r)
	}
	dir, err := c.enumAttr("comparison_direction")
	if err != nil {
		return nil, err
	}
	if dir == "" {
		return nil, c.errf("requires attribute 'comparison_direction'")
	}
	if !compareDirections[dir] {
		return nil, c.errf("comparison_direction must be one of EQ, NE, GE, GT, LE, LT (I3), got %s", dir)
	}
	typ, err := c.enumAttr("compare_type")
	if err != nil {
		return nil, err
	}
	if typ != "" && typ != "NOTYPE" {
		var ok bool
		var want string
		switch e := l.Elem; {
		case e.IsSigned():
			ok, want = typ == "SIGNED", "SIGNED for signed integers"
		case e.IsUnsigned() || e.IsBool():
			ok, want = typ == "UNSIGNED", "UNSIGNED for unsigned integers and booleans"
		case e.IsFloat():
			ok, want = typ == "FLOAT" || typ == "TOTALORDER", "FLOAT or TOTALORDER for floating-point types"
		case e.IsComplex():
			ok, want = typ == "FLOAT", "FLOAT for complex types"
		}
		if !ok {
			return nil, c.errf("compare_type %s does not agree with element type %s: it must be %s (C3)", typ, l.Elem, want)
		}
	}
	return []Type{TensorOf(I1, refine(l.Shape, r.Shape)...)}, nil
}

func ruleSelect(c *opCtx) ([]Type, error) {
	if err := c.numOperands(3); err != nil {
		return nil, err
	}
	p, err := c.tensorAt(0, "pred")
	if err != nil {
		return nil, err
	}
	if p.Elem != I1 {
		return nil, c.errf("pred must be a tensor of type i1 (I1), got '%s'", p)
	}
	t, err := c.tensorAt(1, "on_true")
	if err != nil {
		return nil, err
	}
	f, err := c.tensorAt(2, "on_false")
	if err != nil {
		return nil, err
	}
	if p.Rank() != 0 && !shapesCompatible(p.Shape, t.Shape) {
		return nil, c.errf("requires rank(pred) = 0 or shape(pred) = shape(on_true) (C1), got '%s' and '%s'", p, t)
	}
	if !TypesCompatible(t, f) {
		return nil, c.errf("requires type(on_true) = type(on_false) = type(result) (C2), got '%s' and '%s'", t, f)
	}
	s := refine(t.Shape, f.Shape)
	if p.Rank() != 0 {
		s = refine(s, p.Shape)
	}
	return []Type{t.WithShape(s)}, nil
}

func ruleClamp(c *opCtx) ([]Type, error) {
	if err := c.numOperands(3); err != nil {
		return nil, err
	}
	lo, err := c.tensorAt(0, "min")
	if err != nil {
		return nil, err
	}
	x, err := c.tensorAt(1, "operand")
	if err != nil {
		return nil, err
	}
	hi, err := c.tensorAt(2, "max")
	if err != nil {
		return nil, err
	}
	if lo.Rank() != 0 && !shapesCompatible(lo.Shape, x.Shape) {
		return nil, c.errf("requires rank(min) = 0 or shape(min) = shape(operand) (C1), got '%s' and '%s'", lo, x)
	}
	if hi.Rank() != 0 && !shapesCompatible(hi.Shape, x.Shape) {
		return nil, c.errf("requires rank(max) = 0 or shape(max) = shape(operand) (C2), got '%s' and '%s'", hi, x)
	}
	if lo.Elem != x.Elem || hi.Elem != x.Elem {
		return nil, c.errf("requires element_type(min) = element_type(operand) = element_type(max) (C3), got '%s', '%s' and '%s'", lo, x, hi)
	}
	return []Type{x.WithShape(x.Shape)}, nil
}

func ruleConvert(c *opCtx) ([]Type, error) {
	x, r, err := c.operandAndResult()
	if err != nil {
		return nil, err
	}
	if len(c.results) != 1 {
		return nil, c.errf("requires 1 result, got %d", len(c.results))
	}
	if !shapesCompatible(x.Shape, r.Shape) {
		return nil, c.errf("requires shape(operand) = shape(result) (C1), got '%s' and '%s'", x, r)
	}
	return nil, nil
}

func ruleBitcastConvert(c *opCtx) ([]Type, error) {
	x, r, err := c.operandAndResult()
	if err != nil {
		return nil, err
	}
	if len(c.results) != 1 {
		return nil, c.errf("requires 1 result, got %d", len(c.results))
	}
	if x.Elem.IsComplex() != r.Elem.IsComplex() {
		return nil, c.errf("requires is_complex(operand) and is_complex(result) when either is complex (C2), got '%s' and '%s'", x, r)
	}
	b, b2 := int64(x.Elem.Bits()), int64(r.Elem.Bits())
	n := x.Rank()
	switch {
	case b == b2:
		if !shapesCompatible(x.Shape, r.Shape) {
			return nil, c.errf("requires shape(result) = shape(operand) when the element types have the same width (C1), got '%s' and '%s'", x, r)
		}
	case b2 < b:
		if r.Rank() != n+1 || !shapesCompatible(x.Shape, r.Shape[:n]) || (r.Shape[n] >= 0 && r.Shape[n]*b2 != b) {
			return nil, c.errf("requires rank(result) = rank(operand) + 1, the same leading dimensions and dim(result, %d) * %d = %d when the result element type is narrower (C1), got '%s' and '%s'", n, b2, b, x, r)
		}
	default:
		if n == 0 || r.Rank() != n-1 || !shapesCompatible(x.Shape[:n-1], r.Shape) || (x.Shape[n-1] >= 0 && x.Shape[n-1]*b != b2) {
			return nil, c.errf("requires rank(result) = rank(operand) - 1, the same leading dimensions and dim(operand, -1) * %d = %d when the result element type is wider (C1), got '%s' and '%s'", b, b2, x, r)
		}
	}
	return nil, nil
}

func ruleReducePrecision(c *opCtx) ([]Type, error) {
	if err := c.numOperands(1); err != nil {
		return nil, err
	}
	x, err := c.tensorOf(0, "operand", clsFloat, "(I1)")
	if err != nil {
		return nil, err
	}
	e, err := c.reqInt("exponent_bits")
	if err != nil {
		return nil, err
	}
	m, err := c.reqInt("mantissa_bits")
	if err != nil {
		return nil, err
	}
	if e < 1 {
		return nil, c.errf("requires 1 <= exponent_bits (C2), got %d", e)
	}
	if m < 0 {
		return nil, c.errf("requires 0 <= mantissa_bits (C3), got %d", m)
	}
	return []Type{x.WithShape(x.Shape)}, nil
}
