package interp

// compare, select and clamp (spec: compare, select, clamp).

import (
	"math"

	"github.com/zmlc/zmlc/ir"
)

func init() {
	Register("stablehlo.compare", evalCompare)
	Register("stablehlo.select", evalSelect)
	Register("stablehlo.clamp", evalClamp)
}

// cmpResult turns a three-way comparison (-1, 0, 1, or 2 for unordered)
// into the result of direction dir.
func cmpResult(c int, dir string) bool {
	switch dir {
	case "EQ":
		return c == 0
	case "NE":
		return c != 0
	case "LT":
		return c == -1
	case "LE":
		return c == -1 || c == 0
	case "GT":
		return c == 1
	case "GE":
		return c == 1 || c == 0
	}
	return false
}

// cmpFloat compares IEEE-754 style: 2 (unordered) if either is NaN;
// -0.0 == +0.0.
func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	case a == b:
		return 0
	}
	return 2
}

// totalOrderKey maps a float to an integer whose signed order is IEEE 754
// totalOrder: -NaN < -Inf < ... < -0.0 < +0.0 < ... < +Inf < +NaN.
func totalOrderKey(x float64) int64 {
	k := int64(math.Float64bits(x))
	if k < 0 {
		k ^= math.MaxInt64
	}
	return k
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpUint64(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// evalCompare implements compare for every direction and compare_type.
// Without compare_type (NOTYPE) the type follows the element type: SIGNED
// for signed integers, UNSIGNED for unsigned ones and i1, FLOAT for floats
// and complex. TOTALORDER uses totalOrder for floats (so -0.0 < +0.0 and a
// NaN equals itself). Complex numbers compare (real, imag) lexicographically
// with FLOAT semantics.
func evalCompare(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, 2)
	if err != nil {
		return nil, err
	}
	x, y := ts[0], ts[1]
	if x.Type.Elem != y.Type.Elem {
		return nil, errorAt(op, "operand element types differ: %s and %s", x.Type, y.Type)
	}
	if err := checkSameShape(op, x, y); err != nil {
		return nil, err
	}
	dir, err := attrEnum(op, "comparison_direction", "")
	if err != nil {
		return nil, err
	}
	switch dir {
	case "EQ", "NE", "LT", "LE", "GT", "GE":
	default:
		return nil, errorAt(op, "unknown comparison_direction %q", dir)
	}
	ctype, err := attrEnum(op, "compare_type", "NOTYPE")
	if err != nil {
		return nil, err
	}
	e := x.Type.Elem
	switch ctype {
	case "NOTYPE":
	case "SIGNED", "UNSIGNED":
		if !e.IsIntOrBool() {
			return nil, errorAt(op, "compare_type %s needs integer operands, got %s", ctype, e)
		}
	case "FLOAT":
		if !e.IsFloat() && !e.IsComplex() {
			return nil, errorAt(op, "compare_type FLOAT needs float or complex operands, got %s", e)
		}
	case "TOTALORDER":
		if !e.IsFloat() {
			return nil, errorAt(op, "compare_type TOTALORDER needs float operands, got %s", e)
		}
	default:
		return nil, errorAt(op, "unknown compare_type %q", ctype)
	}
	r, err := newTensor(op, x.Type.WithElem(ir.I1))
	if err != nil {
		return nil, err
	}
	set := func(i, c int) {
		if cmpResult(c, dir) {
			r.I[i] = 1
		}
	}
	switch {
	case e.IsIntOrBool():
		unsigned := ctype == "UNSIGNED" || (ctype == "NOTYPE" && (e.IsUnsigned() || e == ir.I1))
		w := uint(e.Bits())
		for i := range x.I {
			if unsigned {
				set(i, cmpUint64(unsignedBits(x.I[i], e), unsignedBits(y.I[i], e)))
			} else {
				// Sign-extend from the type's width (SIGNED on an unsigned type).
				a, b := x.I[i]<<(64-w)>>(64-w), y.I[i]<<(64-w)>>(64-w)
				set(i, cmpInt64(a, b))
			}
		}
	case e.IsFloat() && ctype == "TOTALORDER":
		for i := range x.F {
			set(i, cmpInt64(totalOrderKey(x.F[i]), totalOrderKey(y.F[i])))
		}
	case e.IsFloat():
		for i := range x.F {
			set(i, cmpFloat(x.F[i], y.F[i]))
		}
	case e.IsComplex():
		for i := range x.C {
			c := cmpFloat(real(x.C[i]), real(y.C[i]))
			if c == 0 {
				c = cmpFloat(imag(x.C[i]), imag(y.C[i]))
			}
			set(i, c)
		}
	}
	return one(r), nil
}

// evalSelect: pred ? on_true : on_false, elementwise; pred is either a
// tensor<i1> scalar or has the shape of the other operands.
func evalSelect(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, 3)
	if err != nil {
		return nil, err
	}
	p, a, b := ts[0], ts[1], ts[2]
	if p.Type.Elem != ir.I1 {
		return nil, errorAt(op, "pred must have element type i1, got %s", p.Type)
	}
	if a.Type.Elem != b.Type.Elem {
		return nil, errorAt(op, "on_true and on_false types differ: %s and %s", a.Type, b.Type)
	}
	if err := checkSameShape(op, a, b); err != nil {
		return nil, err
	}
	scalar := p.Type.Rank() == 0
	if !scalar && !sameShape(p.Type.Shape, a.Type.Shape) {
		return nil, errorAt(op, "pred has type %s; want a scalar or the shape of %s", p.Type, a.Type)
	}
	r, err := newTensor(op, a.Type.WithElem(a.Type.Elem))
	if err != nil {
		return nil, err
	}
	n := a.Len()
	for i := 0; i < n; i++ {
		pi := i
		if scalar {
			pi = 0
		}
		if p.I[pi] != 0 {
			copyElem(r, i, a, i)
		} else {
			copyElem(r, i, b, i)
		}
	}
	return one(r), nil
}

// evalClamp: minimum(maximum(operand, min), max) elementwise, with min and
// max either scalars or of the operand's shape; NaN propagates as in
// maximum/minimum.
func evalClamp(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, 3)
	if err != nil {
		return nil, err
	}
	lo, x, hi := ts[0], ts[1], ts[2]
	e := x.Type.Elem
	for _, b := range []*ir.Tensor{lo, hi} {
		if b.Type.Elem != e {
			return nil, errorAt(op, "bound type %s does not match operand type %s", b.Type, x.Type)
		}
		if b.Type.Rank() != 0 && !sameShape(b.Type.Shape, x.Type.Shape) {
			return nil, errorAt(op, "bound type %s must be a scalar or have the operand's shape %s", b.Type, x.Type)
		}
	}
	maxF, minF := minMaxFuncs(e, true), minMaxFuncs(e, false)
	r, err := newTensor(op, x.Type.WithElem(e))
	if err != nil {
		return nil, err
	}
	loStep, hiStep := 1, 1
	if lo.Type.Rank() == 0 {
		loStep = 0
	}
	if hi.Type.Rank() == 0 {
		hiStep = 0
	}
	n := x.Len()
	switch storageKind(e) {
	case kindInt:
		for i := 0; i < n; i++ {
			r.I[i] = minF.I(maxF.I(x.I[i], lo.I[i*loStep]), hi.I[i*hiStep])
		}
	case kindFloat:
		for i := 0; i < n; i++ {
			r.F[i] = minF.F(maxF.F(x.F[i], lo.F[i*loStep]), hi.F[i*hiStep])
		}
	case kindComplex:
		for i := 0; i < n; i++ {
			r.C[i] = minF.C(maxF.C(x.C[i], lo.C[i*loStep]), hi.C[i*hiStep])
		}
	}
	return one(r), nil
}
