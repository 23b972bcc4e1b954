package kernel

import (
	"math"
	"math/bits"

	"github.com/zmlc/zmlc/internal/fmath"
	"github.com/zmlc/zmlc/ir"
)

// val is a scalar run-time value: integers, i1 and Index in i (wrapped to
// their type, unsigned zero-extended), floats in f (exact in their type).
type val struct {
	i int64
	f float64
}

func ubits(a int64, t ir.ElementType) uint64 {
	w := t.Bits()
	if w >= 64 || t == ir.Index {
		return uint64(a)
	}
	return uint64(a) & (1<<uint(w) - 1)
}

func wrapT(t ir.ElementType, v int64) int64 {
	if t == ir.Index {
		return v
	}
	return t.WrapInt(v)
}

func b2v(b bool) val {
	if b {
		return val{i: 1}
	}
	return val{}
}

func totalKey(x float64) int64 {
	b := int64(math.Float64bits(x))
	if b < 0 {
		b ^= math.MaxInt64
	}
	return b
}

// evalUnary computes a ClassUnary or ClassPred kind on x of type t.
func evalUnary(k Kind, t ir.ElementType, x val) val {
	if t.IsFloat() {
		var r float64
		a := x.f
		switch k {
		case IsFinite:
			return b2v(!math.IsInf(a, 0) && !math.IsNaN(a))
		case Neg:
			r = -a
		case Abs:
			r = math.Abs(a)
		case Exp:
			r = math.Exp(a)
		case Expm1:
			r = math.Expm1(a)
		case Log:
			r = fmath.Log(a)
		case Log1p:
			r = math.Log1p(a)
		case Sqrt:
			r = math.Sqrt(a)
		case Rsqrt:
			r = 1 / math.Sqrt(a)
		case Cbrt:
			r = math.Cbrt(a)
		case Tanh:
			r = math.Tanh(a)
		case Logistic:
			r = 1 / (1 + math.Exp(-a))
			if a < 0 { // e^a/(1+e^a) keeps the tail e^-a would overflow
				e := math.Exp(a)
				r = e / (1 + e)
			}
		case Sin:
			r = fmath.Sin(a)
		case Cos:
			r = fmath.Cos(a)
		case Tan:
			r = fmath.Tan(a)
		case Erf:
			r = math.Erf(a)
		case Floor:
			r = math.Floor(a)
		case Ceil:
			r = math.Ceil(a)
		case RoundEven:
			r = math.RoundToEven(a)
		case RoundAway:
			r = math.Round(a)
		case Sign:
			switch {
			case math.IsNaN(a), a == 0:
				r = a
			case a < 0:
				r = -1
			default:
				r = 1
			}
		}
		return val{f: ir.RoundFloat(r, t)}
	}
	a := x.i
	var r int64
	switch k {
	case Neg:
		r = -a
	case Abs:
		if a < 0 && t.IsSigned() {
			r = -a
		} else {
			r = a
		}
	case Not:
		if t == ir.I1 {
			r = 1 - a
		} else {
			r = ^a
		}
	case Sign:
		switch {
		case a == 0:
			r = 0
		case a < 0 && t.IsSigned():
			r = -1
		default:
			r = 1
		}
	case Popcnt:
		r = int64(bits.OnesCount64(ubits(a, t)))
	case Clz:
		r = int64(bits.LeadingZeros64(ubits(a, t)) - (64 - t.Bits()))
	}
	return val{i: wrapT(t, r)}
}

// evalBinary computes a ClassBinary or ClassCompare kind on x, y of type t.
func evalBinary(k Kind, t ir.ElementType, x, y val, total bool) val {
	if t.IsFloat() {
		a, b := x.f, y.f
		if total {
			ka, kb := totalKey(a), totalKey(b)
			switch k {
			case EQ:
				return b2v(ka == kb)
			case NE:
				return b2v(ka != kb)
			case LT:
				return b2v(ka < kb)
			case LE:
				return b2v(ka <= kb)
			case GT:
				return b2v(ka > kb)
			case GE:
				return b2v(ka >= kb)
			}
		}
		var r float64
		switch k {
		case EQ:
			return b2v(a == b)
		case NE:
			return b2v(a != b)
		case LT:
			return b2v(a < b)
		case LE:
			return b2v(a <= b)
		case GT:
			return b2v(a > b)
		case GE:
			return b2v(a >= b)
		case Add:
			r = a + b
		case Sub:
			r = a - b
		case Mul:
			r = a * b
		case Div:
			r = a / b
		case Rem:
			r = math.Mod(a, b)
		case Max:
			r = maxFloat(a, b)
		case Min:
			r = minFloat(a, b)
		case Pow:
			r = fmath.Pow(a, b)
		case Atan2:
			r = math.Atan2(a, b)
		}
		return val{f: ir.RoundFloat(r, t)}
	}
	a, b := x.i, y.i
	unsigned := t.IsUnsigned() || t == ir.I1
	less := func(p, q int64) bool {
		if unsigned {
			return ubits(p, t) < ubits(q, t)
		}
		return p < q
	}
	switch k {
	case EQ:
		return b2v(a == b)
	case NE:
		return b2v(a != b)
	case LT:
		return b2v(less(a, b))
	case LE:
		return b2v(!less(b, a))
	case GT:
		return b2v(less(b, a))
	case GE:
		return b2v(!less(a, b))
	}
	if t == ir.I1 {
		switch k {
		case Add, Or, Max:
			return val{i: a | b}
		case Mul, And, Min:
			return val{i: a & b}
		case Xor, Sub:
			return val{i: a ^ b}
		}
	}
	var r int64
	switch k {
	case Add:
		r = a + b
	case Sub:
		r = a - b
	case Mul:
		r = a * b
	case Div:
		switch {
		case unsigned:
			if ub := ubits(b, t); ub == 0 {
				r = -1
			} else {
				r = int64(ubits(a, t) / ub)
			}
		case b == 0:
			r = -1
		case b == -1:
			r = -a
		default:
			r = a / b
		}
	case Rem:
		switch {
		case unsigned:
			if ub := ubits(b, t); ub == 0 {
				r = a
			} else {
				r = int64(ubits(a, t) % ub)
			}
		case b == 0:
			r = a
		case b == -1:
			r = 0
		default:
			r = a % b
		}
	case Max:
		r = a
		if less(a, b) {
			r = b
		}
	case Min:
		r = a
		if less(b, a) {
			r = b
		}
	case And:
		r = a & b
	case Or:
		r = a | b
	case Xor:
		r = a ^ b
	case Shl:
		if n := ubits(b, t); n < uint64(t.Bits()) {
			r = a << n
		}
	case ShrL:
		if n := ubits(b, t); n < uint64(t.Bits()) {
			r = int64(ubits(a, t) >> n)
		}
	case ShrA:
		w := uint(t.Bits())
		s := a << (64 - w) >> (64 - w)
		n := ubits(b, t)
		if n >= uint64(w) {
			n = uint64(w) - 1
		}
		r = s >> n
	case Pow:
		r = powInt(a, b, t)
	}
	return val{i: wrapT(t, r)}
}

func powInt(a, b int64, t ir.ElementType) int64 {
	if t.IsSigned() && b < 0 {
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
	ub := ubits(b, t)
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

func maxFloat(a, b float64) float64 {
	switch {
	case math.IsNaN(a):
		return a
	case math.IsNaN(b):
		return b
	case a == 0 && b == 0:
		if math.Signbit(a) {
			return b
		}
		return a
	case a > b:
		return a
	}
	return b
}

func minFloat(a, b float64) float64 {
	switch {
	case math.IsNaN(a):
		return a
	case math.IsNaN(b):
		return b
	case a == 0 && b == 0:
		if math.Signbit(a) {
			return a
		}
		return b
	case a < b:
		return a
	}
	return b
}

// evalConvert converts x of type from to type to (StableHLO convert).
func evalConvert(x val, from, to ir.ElementType) val {
	switch {
	case from.IsFloat() && to.IsFloat():
		return val{f: ir.RoundFloat(x.f, to)}
	case from.IsFloat() && to == ir.I1:
		return b2v(x.f != 0)
	case from.IsFloat():
		return val{i: floatToInt(x.f, to)}
	case to.IsFloat():
		return val{f: intToFloat(x.i, from.IsUnsigned(), to)}
	case to == ir.I1:
		return b2v(x.i != 0)
	}
	if from.IsUnsigned() {
		return val{i: wrapT(to, int64(ubits(x.i, from)))}
	}
	return val{i: wrapT(to, x.i)}
}

func intToFloat(v int64, unsigned bool, e ir.ElementType) float64 {
	neg := !unsigned && v < 0
	u := uint64(v)
	if neg {
		u = -u
	}
	var f float64
	if e == ir.F64 {
		f = float64(u)
	} else {
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

func floatToInt(v float64, e ir.ElementType) int64 {
	if math.IsNaN(v) {
		return 0
	}
	if e == ir.Index {
		e = ir.I64
	}
	t := math.Trunc(v)
	w := e.Bits()
	if e.IsUnsigned() {
		if t <= 0 {
			return 0
		}
		if t >= math.Ldexp(1, w) {
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

// evalBitcast reinterprets x's bits (from) as type to of the same width.
func evalBitcast(x val, from, to ir.ElementType) val {
	var u uint64
	if from.IsFloat() {
		u = ir.FloatBits(x.f, from)
	} else {
		u = ubits(x.i, from)
	}
	if to.IsFloat() {
		return val{f: ir.FloatFromBits(u, to)}
	}
	return val{i: wrapT(to, int64(u))}
}
