package interp

// convert (spec: convert). Where the spec leaves the result open (#180),
// zmlc does what XLA does:
//   - integer -> integer wraps (two's complement truncation or extension);
//   - integer -> float and float -> float round to nearest, ties to even
//     (one rounding, also for i64/ui64 sources); overflow gives ±inf, or NaN
//     for f8E4M3FN, which has no infinity;
//   - float -> integer truncates toward zero, saturates to the type's
//     minimum/maximum when out of range (±inf included) and maps NaN to 0
//     (XLA's saturating fptosi/fptoui);
//   - any -> i1 is `value != 0` (NaN -> true); i1 -> any is 0 or 1;
//   - complex -> non-complex uses the real part (the imaginary part is
//     dropped); non-complex -> complex has imaginary part 0.

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/zmlc/zmlc/ir"
)

func init() { Register("stablehlo.convert", evalConvert) }

func evalConvert(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	x, err := unaryArg(op, args)
	if err != nil {
		return nil, err
	}
	rt, err := resultType(op, 0)
	if err != nil {
		return nil, err
	}
	if !sameShape(rt.Shape, x.Type.Shape) {
		return nil, errorAt(op, "result type %s must have the operand's shape %s", rt, x.Type)
	}
	r, err := newTensor(op, rt)
	if err != nil {
		return nil, err
	}
	if err := convertInto(r, x); err != nil {
		return nil, errorAt(op, "%v", err)
	}
	return one(r), nil
}

// convertInto converts every element of src into dst (same number of
// elements), with the rules of the file comment.
func convertInto(dst, src *ir.Tensor) error {
	se, de := src.Type.Elem, dst.Type.Elem
	n := src.Len()
	switch {
	case se.IsIntOrBool():
		unsigned := se.IsUnsigned() || se == ir.I1
		for i := 0; i < n; i++ {
			v := src.I[i]
			switch {
			case de == ir.I1:
				dst.I[i] = b2i(v != 0)
			case de.IsInteger():
				dst.I[i] = de.WrapInt(v)
			case de.IsFloat():
				dst.F[i] = convertIntToFloat(v, unsigned, de)
			case de.IsComplex():
				dst.C[i] = complex(convertIntToFloat(v, unsigned, de.ComplexPart()), 0)
			}
		}
	case se.IsFloat() || se.IsComplex():
		for i := 0; i < n; i++ {
			var v, im float64
			if se.IsComplex() {
				v, im = real(src.C[i]), imag(src.C[i])
			} else {
				v = src.F[i]
			}
			switch {
			case de == ir.I1:
				dst.I[i] = b2i(v != 0)
			case de.IsInteger():
				dst.I[i] = convertFloatToInt(v, de)
			case de.IsFloat():
				dst.F[i] = ir.RoundFloat(v, de)
			case de.IsComplex():
				p := de.ComplexPart()
				dst.C[i] = complex(ir.RoundFloat(v, p), ir.RoundFloat(im, p))
			}
		}
	default:
		return fmt.Errorf("cannot convert from %s", se)
	}
	return nil
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// convertIntToFloat converts the integer v (read as unsigned when unsigned is set:
// ui64 bit patterns) to float type e with a single round to nearest even.
func convertIntToFloat(v int64, unsigned bool, e ir.ElementType) float64 {
	neg := !unsigned && v < 0
	u := uint64(v)
	if neg {
		u = -u
	}
	var f float64
	if e == ir.F64 {
		f = float64(u) // correctly rounded by Go
	} else {
		// Round to odd at 53 bits, exact in a float64; rounding that to a
		// format of at most 51 mantissa bits is then a single correct
		// rounding.
		if k := bits.Len64(u) - 53; k > 0 {
			sticky := u&(1<<uint(k)-1) != 0
			u = u >> uint(k) << uint(k)
			if sticky {
				u |= 1 << uint(k)
			}
		}
		x := float64(u)
		if neg {
			x = -x // exact; rounding the signed value keeps types without a sign (f8E8M0FNU) right
		}
		return ir.RoundFloat(x, e)
	}
	if neg {
		f = -f
	}
	return f
}

// convertFloatToInt truncates v toward zero into integer type e, saturating out
// of range values and mapping NaN to 0 (XLA).
func convertFloatToInt(v float64, e ir.ElementType) int64 {
	if math.IsNaN(v) {
		return 0
	}
	t := math.Trunc(v)
	w := e.Bits()
	if e.IsUnsigned() {
		if t <= 0 {
			return 0
		}
		maxF := math.Ldexp(1, w) // 2^w: first value out of range
		if t >= maxF {
			_, hi := e.IntRange()
			return hi
		}
		return e.WrapInt(int64(uint64(t)))
	}
	lo, hi := e.IntRange()
	if t <= float64(lo) {
		return lo
	}
	if t >= math.Ldexp(1, w-1) {
		return hi
	}
	return int64(t)
}
