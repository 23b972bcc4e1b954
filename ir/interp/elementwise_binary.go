package interp

// Binary elementwise ops (spec: add, and, atan2, complex, divide, maximum,
// minimum, multiply, or, power, remainder, shift_left,
// shift_right_arithmetic, shift_right_logical, subtract, xor).
//
// Integer corner cases follow XLA (the spec leaves them open):
//   - signed x/0 = -1, unsigned x/0 = all ones (the type's maximum);
//   - INT_MIN / -1 = INT_MIN (wraps), INT_MIN rem -1 = 0;
//   - x rem 0 = x (signed and unsigned);
//   - remainder takes the sign of the dividend (integers and floats, as C's
//     % and fmod);
//   - shifts by an amount that, read as unsigned, is >= the bit width give 0
//     (shift_left, shift_right_logical) or all sign bits
//     (shift_right_arithmetic);
//   - power with a negative exponent: 1 for base 1, ±1 for base -1, 0 otherwise.
//
// For i1: add and maximum are logical OR, multiply and minimum logical AND
// (spec). maximum/minimum propagate NaN and order -0.0 below +0.0 (IEEE 754
// maximum/minimum); for complex they compare (real, imag) lexicographically.

import (
	"math"
	"math/cmplx"

	"github.com/zmlc/zmlc/internal/fmath"
	"github.com/zmlc/zmlc/ir"
)

func init() {
	Register("stablehlo.add", binaryOp(func(e ir.ElementType) elemFuncs2 {
		if e == ir.I1 {
			return elemFuncs2{I: func(a, b int64) int64 { return a | b }}
		}
		return elemFuncs2{
			I: func(a, b int64) int64 { return a + b },
			F: func(a, b float64) float64 { return a + b },
			C: func(a, b complex128) complex128 { return a + b },
		}
	}))
	Register("stablehlo.subtract", binaryOp(func(e ir.ElementType) elemFuncs2 {
		if e == ir.I1 {
			return elemFuncs2{}
		}
		return elemFuncs2{
			I: func(a, b int64) int64 { return a - b },
			F: func(a, b float64) float64 { return a - b },
			C: func(a, b complex128) complex128 { return a - b },
		}
	}))
	Register("stablehlo.multiply", binaryOp(func(e ir.ElementType) elemFuncs2 {
		if e == ir.I1 {
			return elemFuncs2{I: func(a, b int64) int64 { return a & b }}
		}
		return elemFuncs2{
			I: func(a, b int64) int64 { return a * b },
			F: func(a, b float64) float64 { return a * b },
			C: func(a, b complex128) complex128 { return a * b },
		}
	}))
	Register("stablehlo.divide", binaryOp(divideFuncs))
	Register("stablehlo.remainder", binaryOp(remainderFuncs))
	Register("stablehlo.maximum", binaryOp(func(e ir.ElementType) elemFuncs2 { return minMaxFuncs(e, true) }))
	Register("stablehlo.minimum", binaryOp(func(e ir.ElementType) elemFuncs2 { return minMaxFuncs(e, false) }))
	Register("stablehlo.power", binaryOp(powerFuncs))
	Register("stablehlo.atan2", binaryOp(func(e ir.ElementType) elemFuncs2 {
		return elemFuncs2{F: math.Atan2, C: atan2Complex}
	}))
	Register("stablehlo.and", binaryOp(func(e ir.ElementType) elemFuncs2 {
		return elemFuncs2{I: func(a, b int64) int64 { return a & b }}
	}))
	Register("stablehlo.or", binaryOp(func(e ir.ElementType) elemFuncs2 {
		return elemFuncs2{I: func(a, b int64) int64 { return a | b }}
	}))
	Register("stablehlo.xor", binaryOp(func(e ir.ElementType) elemFuncs2 {
		return elemFuncs2{I: func(a, b int64) int64 { return a ^ b }}
	}))
	Register("stablehlo.shift_left", binaryOp(shiftFuncs(shiftLeft)))
	Register("stablehlo.shift_right_logical", binaryOp(shiftFuncs(shiftRightLogical)))
	Register("stablehlo.shift_right_arithmetic", binaryOp(shiftFuncs(shiftRightArithmetic)))
	Register("stablehlo.complex", evalComplex)
}

// binaryOp builds the evaluator of a binary elementwise op whose scalar
// functions depend on the element type.
func binaryOp(funcs func(e ir.ElementType) elemFuncs2) EvalFunc {
	return func(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
		ts, err := tensorArgs(op, args, 2)
		if err != nil {
			return nil, err
		}
		r, err := mapBinary(op, ts[0], ts[1], funcs(ts[0].Type.Elem))
		if err != nil {
			return nil, err
		}
		return one(r), nil
	}
}

func divideFuncs(e ir.ElementType) elemFuncs2 {
	f := elemFuncs2{
		F: func(a, b float64) float64 { return a / b },
		C: func(a, b complex128) complex128 { return a / b },
	}
	switch {
	case e.IsSigned():
		f.I = func(a, b int64) int64 {
			if b == 0 {
				return -1
			}
			return a / b // Go: MinInt64 / -1 == MinInt64; narrower types wrap after
		}
	case e.IsUnsigned():
		f.I = func(a, b int64) int64 {
			ub := unsignedBits(b, e)
			if ub == 0 {
				return -1 // wrapped to the type's maximum
			}
			return int64(unsignedBits(a, e) / ub)
		}
	}
	return f
}

func remainderFuncs(e ir.ElementType) elemFuncs2 {
	f := elemFuncs2{F: math.Mod}
	switch {
	case e.IsSigned():
		f.I = func(a, b int64) int64 {
			if b == 0 {
				return a
			}
			return a % b // Go: MinInt64 % -1 == 0
		}
	case e.IsUnsigned():
		f.I = func(a, b int64) int64 {
			ub := unsignedBits(b, e)
			if ub == 0 {
				return a
			}
			return int64(unsignedBits(a, e) % ub)
		}
	}
	return f
}

// minMaxFuncs returns maximum (max true) or minimum.
func minMaxFuncs(e ir.ElementType, max bool) elemFuncs2 {
	if e == ir.I1 {
		if max {
			return elemFuncs2{I: func(a, b int64) int64 { return a | b }}
		}
		return elemFuncs2{I: func(a, b int64) int64 { return a & b }}
	}
	return elemFuncs2{
		I: func(a, b int64) int64 {
			if intLess(a, b, e) == max {
				return b
			}
			return a
		},
		F: func(a, b float64) float64 {
			if max {
				return maxFloat(a, b)
			}
			return minFloat(a, b)
		},
		C: func(a, b complex128) complex128 {
			var less bool // a < b lexicographically
			if real(a) == real(b) {
				less = imag(a) < imag(b)
			} else {
				less = real(a) < real(b)
			}
			if less == max {
				return b
			}
			return a
		},
	}
}

// maxFloat is IEEE 754-2019 maximum: NaN if either operand is NaN, and
// +0.0 > -0.0.
func maxFloat(a, b float64) float64 {
	switch {
	case math.IsNaN(a):
		return a
	case math.IsNaN(b):
		return b
	case a == b && a == 0:
		if math.Signbit(a) {
			return b
		}
		return a
	case a > b:
		return a
	}
	return b
}

// minFloat is IEEE 754-2019 minimum: NaN if either operand is NaN, and
// -0.0 < +0.0.
func minFloat(a, b float64) float64 {
	switch {
	case math.IsNaN(a):
		return a
	case math.IsNaN(b):
		return b
	case a == b && a == 0:
		if math.Signbit(a) {
			return a
		}
		return b
	case a < b:
		return a
	}
	return b
}

func powerFuncs(e ir.ElementType) elemFuncs2 {
	f := elemFuncs2{
		F: fmath.Pow,
		C: func(a, b complex128) complex128 {
			if b == 0 {
				return 1
			}
			return fmath.CPow(a, b)
		},
	}
	if e.IsInteger() {
		f.I = func(a, b int64) int64 {
			if e.IsSigned() && b < 0 {
				switch a {
				case 1:
					return 1
				case -1:
					if b&1 != 0 {
						return -1
					}
					return 1
				}
				return 0
			}
			ub := unsignedBits(b, e)
			r := int64(1)
			for ub != 0 {
				if ub&1 != 0 {
					r *= a
				}
				a *= a
				ub >>= 1
			}
			return r
		}
	}
	return f
}

// atan2Complex is the spec's complex atan2:
// -i * log((rhs + i*lhs) / sqrt(rhs^2 + lhs^2)).
func atan2Complex(y, x complex128) complex128 {
	return -1i * fmath.CLog((x+1i*y)/cmplx.Sqrt(x*x+y*y))
}

// shiftFuncs builds a shift op from s(a, amount, e), where amount is the
// shift amount read as unsigned.
func shiftFuncs(s func(a int64, amount uint64, e ir.ElementType) int64) func(e ir.ElementType) elemFuncs2 {
	return func(e ir.ElementType) elemFuncs2 {
		if !e.IsInteger() {
			return elemFuncs2{}
		}
		return elemFuncs2{I: func(a, b int64) int64 { return s(a, unsignedBits(b, e), e) }}
	}
}

func shiftLeft(a int64, n uint64, e ir.ElementType) int64 {
	if n >= uint64(e.Bits()) {
		return 0
	}
	return a << n
}

func shiftRightLogical(a int64, n uint64, e ir.ElementType) int64 {
	if n >= uint64(e.Bits()) {
		return 0
	}
	return int64(unsignedBits(a, e) >> n)
}

func shiftRightArithmetic(a int64, n uint64, e ir.ElementType) int64 {
	// Sign-extend from the type's width (unsigned types too: the shift
	// replicates the top bit of the bit pattern).
	w := uint(e.Bits())
	s := a << (64 - w) >> (64 - w)
	if n >= uint64(w) {
		n = uint64(w) - 1
	}
	return s >> n
}

// evalComplex builds complex(lhs, rhs) from two f32 or f64 tensors.
func evalComplex(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, 2)
	if err != nil {
		return nil, err
	}
	x, y := ts[0], ts[1]
	if x.Type.Elem != y.Type.Elem || (x.Type.Elem != ir.F32 && x.Type.Elem != ir.F64) {
		return nil, errorAt(op, "operands must both be f32 or both f64, got %s and %s", x.Type, y.Type)
	}
	if err := checkSameShape(op, x, y); err != nil {
		return nil, err
	}
	ce := ir.C64
	if x.Type.Elem == ir.F64 {
		ce = ir.C128
	}
	r, err := newTensor(op, x.Type.WithElem(ce))
	if err != nil {
		return nil, err
	}
	for i := range x.F {
		r.C[i] = complex(x.F[i], y.F[i])
	}
	return one(r), nil
}
