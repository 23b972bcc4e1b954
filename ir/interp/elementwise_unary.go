package interp

// Unary elementwise ops (spec: abs, cbrt, ceil, count_leading_zeros, cosine,
// exponential, exponential_minus_one, floor, imag, is_finite, log,
// log_plus_one, logistic, negate, not, popcnt, real, round_nearest_afz,
// round_nearest_even, rsqrt, sign, sine, sqrt, tan, tanh).
//
// Floats are computed in float64 and rounded once to the element type with
// ir.RoundFloat; complex<f32> parts likewise. Integers wrap in two's
// complement (abs(INT_MIN) = INT_MIN, as XLA).

import (
	"math"
	"math/bits"
	"math/cmplx"

	"github.com/zmlc/zmlc/internal/fmath"
	"github.com/zmlc/zmlc/ir"
)

func init() {
	unary := map[string]elemFuncs{
		"cbrt": {F: math.Cbrt, C: func(z complex128) complex128 {
			if z == 0 {
				return z
			}
			return fmath.CPow(z, 1.0/3)
		}},
		"ceil":                  {F: math.Ceil},
		"floor":                 {F: math.Floor},
		"round_nearest_afz":     {F: math.Round},
		"round_nearest_even":    {F: math.RoundToEven},
		"cosine":                {F: fmath.Cos, C: cmplx.Cos},
		"sine":                  {F: fmath.Sin, C: cmplx.Sin},
		"tan":                   {F: fmath.Tan, C: cmplx.Tan},
		"tanh":                  {F: math.Tanh, C: cmplx.Tanh},
		"exponential":           {F: math.Exp, C: cmplx.Exp},
		"exponential_minus_one": {F: math.Expm1, C: func(z complex128) complex128 { return cmplx.Exp(z) - 1 }},
		"log":                   {F: fmath.Log, C: fmath.CLog},
		"log_plus_one":          {F: math.Log1p, C: func(z complex128) complex128 { return fmath.CLog(1 + z) }},
		"logistic": {
			F: logistic,
			C: func(z complex128) complex128 { return 1 / (1 + cmplx.Exp(-z)) },
		},
		"sqrt": {F: math.Sqrt, C: cmplx.Sqrt},
		"rsqrt": {
			F: func(x float64) float64 { return 1 / math.Sqrt(x) },
			C: func(z complex128) complex128 { return 1 / cmplx.Sqrt(z) },
		},
		"negate": {
			I: func(a int64) int64 { return -a },
			F: func(x float64) float64 { return -x },
			C: func(z complex128) complex128 { return -z },
		},
	}
	for name, f := range unary {
		f := f
		Register("stablehlo."+name, func(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
			x, err := unaryArg(op, args)
			if err != nil {
				return nil, err
			}
			if x.Type.Elem == ir.I1 {
				return nil, errorAt(op, "unsupported element type i1")
			}
			r, err := mapUnary(op, x, f)
			if err != nil {
				return nil, err
			}
			return one(r), nil
		})
	}
	Register("stablehlo.sign", evalSign)
	Register("stablehlo.abs", evalAbs)
	Register("stablehlo.not", evalNot)
	Register("stablehlo.popcnt", evalBitCount(func(u uint64, w int) int64 { return int64(bits.OnesCount64(u)) }))
	Register("stablehlo.count_leading_zeros", evalBitCount(func(u uint64, w int) int64 { return int64(bits.LeadingZeros64(u) - (64 - w)) }))
	Register("stablehlo.is_finite", evalIsFinite)
	Register("stablehlo.real", evalRealImag(false))
	Register("stablehlo.imag", evalRealImag(true))
}

// unaryArg returns the single tensor operand of a unary op.
func unaryArg(op *ir.Op, args []Value) (*ir.Tensor, error) {
	ts, err := tensorArgs(op, args, 1)
	if err != nil {
		return nil, err
	}
	return ts[0], nil
}

// signFloat is sign for floats: -1, -0.0, +0.0, 1, or NaN for NaN.
func signFloat(x float64) float64 {
	switch {
	case math.IsNaN(x), x == 0:
		return x
	case x < 0:
		return -1
	}
	return 1
}

// signComplex is z/|z|, (NaN, NaN) if a part is NaN, and 0 for 0.
func signComplex(z complex128) complex128 {
	if math.IsNaN(real(z)) || math.IsNaN(imag(z)) {
		return complex(math.NaN(), math.NaN())
	}
	if z == 0 {
		return 0
	}
	a := cmplx.Abs(z)
	return complex(real(z)/a, imag(z)/a)
}

func evalSign(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	x, err := unaryArg(op, args)
	if err != nil {
		return nil, err
	}
	e := x.Type.Elem
	if e == ir.I1 {
		return nil, errorAt(op, "unsupported element type i1")
	}
	r, err := mapUnary(op, x, elemFuncs{
		I: func(a int64) int64 {
			switch {
			case a == 0:
				return 0
			case a < 0 && e.IsSigned():
				return -1
			}
			return 1
		},
		F: signFloat,
		C: signComplex,
	})
	if err != nil {
		return nil, err
	}
	return one(r), nil
}

// evalAbs: |x| for integers (INT_MIN wraps to itself, unsigned values are
// unchanged) and floats; the modulus, of the part type, for complex.
func evalAbs(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	x, err := unaryArg(op, args)
	if err != nil {
		return nil, err
	}
	e := x.Type.Elem
	switch {
	case e == ir.I1:
		return nil, errorAt(op, "unsupported element type i1")
	case e.IsComplex():
		p := e.ComplexPart()
		r, err := newTensor(op, x.Type.WithElem(p))
		if err != nil {
			return nil, err
		}
		for i, z := range x.C {
			r.F[i] = ir.RoundFloat(cmplx.Abs(z), p)
		}
		return one(r), nil
	}
	r, err := mapUnary(op, x, elemFuncs{
		I: func(a int64) int64 {
			if a < 0 && e.IsSigned() {
				return -a
			}
			return a
		},
		F: math.Abs,
	})
	if err != nil {
		return nil, err
	}
	return one(r), nil
}

// evalNot: logical not for i1, bitwise not for integers.
func evalNot(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	x, err := unaryArg(op, args)
	if err != nil {
		return nil, err
	}
	if !x.Type.Elem.IsIntOrBool() {
		return nil, errorAt(op, "unsupported element type %s", x.Type.Elem)
	}
	r, err := mapUnary(op, x, elemFuncs{I: func(a int64) int64 { return ^a }})
	if err != nil {
		return nil, err
	}
	return one(r), nil
}

// evalBitCount builds popcnt and count_leading_zeros: f gets the element's
// bits zero-extended from the type's width w.
func evalBitCount(f func(u uint64, w int) int64) EvalFunc {
	return func(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
		x, err := unaryArg(op, args)
		if err != nil {
			return nil, err
		}
		e := x.Type.Elem
		if !e.IsInteger() {
			return nil, errorAt(op, "unsupported element type %s", e)
		}
		w := e.Bits()
		r, err := mapUnary(op, x, elemFuncs{I: func(a int64) int64 { return f(unsignedBits(a, e), w) }})
		if err != nil {
			return nil, err
		}
		return one(r), nil
	}
}

func evalIsFinite(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	x, err := unaryArg(op, args)
	if err != nil {
		return nil, err
	}
	if !x.Type.Elem.IsFloat() {
		return nil, errorAt(op, "unsupported element type %s", x.Type.Elem)
	}
	r, err := newTensor(op, x.Type.WithElem(ir.I1))
	if err != nil {
		return nil, err
	}
	for i, v := range x.F {
		if !math.IsInf(v, 0) && !math.IsNaN(v) {
			r.I[i] = 1
		}
	}
	return one(r), nil
}

// evalRealImag builds real (imag false) and imag: the part of a complex
// element, or for floats the value itself (real) or zero (imag).
func evalRealImag(imagPart bool) EvalFunc {
	return func(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
		x, err := unaryArg(op, args)
		if err != nil {
			return nil, err
		}
		e := x.Type.Elem
		if !e.IsFloat() && !e.IsComplex() {
			return nil, errorAt(op, "unsupported element type %s", e)
		}
		r, err := newTensor(op, x.Type.WithElem(e.ComplexPart()))
		if err != nil {
			return nil, err
		}
		switch {
		case e.IsComplex():
			for i, z := range x.C {
				if imagPart {
					r.F[i] = imag(z)
				} else {
					r.F[i] = real(z)
				}
			}
		case !imagPart:
			copy(r.F, x.F)
		}
		return one(r), nil
	}
}

// logistic is 1/(1 + e^-x), computed as e^x/(1 + e^x) for x < 0 so that
// results below 2^-1022 (x < -708) are not lost to e^-x overflowing.
func logistic(x float64) float64 {
	if x < 0 {
		e := math.Exp(x)
		return e / (1 + e)
	}
	return 1 / (1 + math.Exp(-x))
}
