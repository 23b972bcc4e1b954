package passes

import (
	"math"

	"github.com/zmlc/zmlc/ir"
)

// constValue returns the tensor of a value defined by stablehlo.constant,
// or nil.
func constValue(v *ir.Value) *ir.Tensor {
	if v == nil || v.Def == nil || v.Def.Name != "stablehlo.constant" {
		return nil
	}
	if d, ok := v.Def.Attr("value").(*ir.DenseElementsAttr); ok && d.Value != nil {
		return d.Value
	}
	return nil
}

// allInts reports whether v is an integer or i1 constant whose elements
// all equal want.
func allInts(v *ir.Value, want int64) bool {
	t := constValue(v)
	if t == nil || !t.Type.Elem.IsIntOrBool() || len(t.I) != t.Len() {
		return false
	}
	for _, x := range t.I {
		if x != want {
			return false
		}
	}
	return true
}

// allFloats reports whether v is a float constant whose elements all have
// the bit pattern of want (so -0.0 and +0.0 differ).
func allFloats(v *ir.Value, want float64) bool {
	t := constValue(v)
	if t == nil || !t.Type.Elem.IsFloat() || len(t.F) != t.Len() {
		return false
	}
	for _, x := range t.F {
		if math.Float64bits(x) != math.Float64bits(want) {
			return false
		}
	}
	return true
}

// elemOf returns the element type of a tensor value (ir.Invalid for other
// types).
func elemOf(v *ir.Value) ir.ElementType {
	if t := v.Tensor(); t != nil {
		return t.Elem
	}
	return ir.Invalid
}

// maxSplatElements is the largest constant a rewrite materialises as one
// dense literal; larger ones become a scalar constant broadcast.
const maxSplatElements = 1 << 16

// splatConstant inserts before pos a constant of static tensor type t with
// every element v (an int64 or float64 as ir.Tensor.Set takes), as a dense
// literal or, over maxSplatElements, as a broadcast scalar.
func splatConstant(rw *Rewriter, pos *ir.Op, t *ir.TensorType, v any) *ir.Value {
	n := t.NumElements()
	if n <= maxSplatElements {
		x := ir.MustTensor(t)
		for i := 0; i < int(n); i++ {
			x.Set(i, v)
		}
		return rw.Create(pos, "stablehlo.constant", nil, []ir.Type{x.Type}, ir.Attrs{{Name: "value", Value: &ir.DenseElementsAttr{Value: x}}}).Result(0)
	}
	s := ir.Scalar(t.Elem, v)
	c := rw.Create(pos, "stablehlo.constant", nil, []ir.Type{s.Type}, ir.Attrs{{Name: "value", Value: &ir.DenseElementsAttr{Value: s}}})
	return rw.Create(pos, "stablehlo.broadcast_in_dim", []*ir.Value{c.Result(0)}, []ir.Type{t},
		ir.Attrs{{Name: "broadcast_dimensions", Value: ir.I64Array()}}).Result(0)
}

// ints returns op's integer-list attribute name, or nil.
func ints(op *ir.Op, name string) []int64 {
	v, _ := ir.Int64s(op.Attr(name))
	return v
}

// isIdentityPerm reports whether p is 0, 1, ..., len(p)-1.
func isIdentityPerm(p []int64) bool {
	for i, x := range p {
		if x != int64(i) {
			return false
		}
	}
	return true
}

// allZero reports whether every element of v is 0.
func allZero(v []int64) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}

// sameType reports whether two values have the same type.
func sameType(a, b *ir.Value) bool { return ir.TypesEqual(a.Type, b.Type) }

// floatInfo is what exactness of conversions needs to know about a float
// type: its precision in bits (the significand, hidden bit included), the
// exponent of its smallest positive value, and which special values it
// encodes.
type floatInfo struct {
	precision int
	minExp    int
	hasInf    bool
	hasNaN    bool
	negZero   bool
	zero      bool
}

// floatInfoOf returns e's floatInfo (ok false for non-float types).
func floatInfoOf(e ir.ElementType) (floatInfo, bool) {
	_, mbits, _, ok := ir.FloatFormat(e)
	minExp, _ := ir.MinExponent(e)
	if !ok || !e.IsFloat() {
		return floatInfo{}, false
	}
	return floatInfo{precision: mbits + 1, minExp: minExp, hasInf: ir.HasInfinity(e), hasNaN: ir.HasNaN(e),
		negZero: ir.HasNegativeZero(e), zero: e != ir.F8E8M0FNU}, true
}

// exactConversion reports whether converting from a to b keeps every value
// of a (so that a→b→c equals a→c for any c): same type; i1 to any integer
// or float; integers to wider integers of the same or a wider signedness
// (unsigned to signed needs one more bit); integers to floats whose
// precision holds all their magnitudes; floats to floats with at least the
// precision, range and subnormal range. Complex types are not handled.
func exactConversion(a, b ir.ElementType) bool {
	if a == b {
		return true
	}
	if a.IsComplex() || b.IsComplex() || b == ir.I1 {
		return false
	}
	if a == ir.I1 {
		return b.IsInteger() || b.IsFloat()
	}
	if a.IsInteger() {
		n := a.Bits()
		mag := n
		if a.IsSigned() {
			mag = n - 1
		}
		switch {
		case b.IsInteger():
			m := b.Bits()
			if a.IsSigned() {
				return b.IsSigned() && m >= n
			}
			if b.IsSigned() {
				return m > n
			}
			return m >= n
		case b.IsFloat():
			fb, ok := floatInfoOf(b)
			return ok && fb.zero && mag <= fb.precision && math.Ldexp(1, mag) <= ir.MaxFinite(b)
		}
		return false
	}
	if a.IsFloat() && b.IsFloat() {
		fa, okA := floatInfoOf(a)
		fb, okB := floatInfoOf(b)
		return okA && okB && fa.precision <= fb.precision && fa.minExp >= fb.minExp &&
			ir.MaxFinite(a) <= ir.MaxFinite(b) && (!fa.hasInf || fb.hasInf) && (!fa.hasNaN || fb.hasNaN) &&
			(!fa.negZero || fb.negZero) && (!fa.zero || fb.zero)
	}
	return false
}
