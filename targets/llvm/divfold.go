package llvm

import (
	"github.com/llir/llvm/ir/value"

	zir "github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
)

// Index division folding. The lowerings linearise and de-linearise
// indices (reshapes, transposed views, fused epilogues) with div and rem
// by constants; most are identities once the operand's static range is
// known: x div c = 0 and x rem c = x for x in [0, c). Inside a vector
// loop, x = s*lane + r with s a multiple of c and r in [0, c) gives
// x div c = (s/c)*lane and x rem c = r, lane-affine again, where the
// generic path would divide every lane (a 64-bit division per element).

// rangeOf returns the static range of index expression n, with loop zero
// (when not nil) taken as 0; ok is false when unknown.
func rangeOf(n, zero *kernel.Node) (lo, hi int64, ok bool) {
	switch n.Kind {
	case kernel.Const:
		return n.I, n.I, true
	case kernel.Loop:
		if n == zero || n.N <= 0 {
			return 0, 0, true
		}
		return 0, n.N - 1, true
	case kernel.Add, kernel.Sub, kernel.Mul, kernel.Min, kernel.Max:
		al, ah, ok1 := rangeOf(n.Args[0], zero)
		bl, bh, ok2 := rangeOf(n.Args[1], zero)
		if !ok1 || !ok2 {
			return 0, 0, false
		}
		switch n.Kind {
		case kernel.Add:
			return al + bl, ah + bh, true
		case kernel.Sub:
			return al - bh, ah - bl, true
		case kernel.Mul:
			c := []int64{al * bl, al * bh, ah * bl, ah * bh}
			return min(c[0], c[1], c[2], c[3]), max(c[0], c[1], c[2], c[3]), true
		case kernel.Min:
			return min(al, bl), min(ah, bh), true
		}
		return max(al, bl), max(ah, bh), true
	case kernel.Div, kernel.Rem:
		al, ah, ok1 := rangeOf(n.Args[0], zero)
		c := n.Args[1]
		if !ok1 || al < 0 || c.Kind != kernel.Const || c.I <= 0 {
			return 0, 0, false
		}
		if n.Kind == kernel.Div {
			return al / c.I, ah / c.I, true
		}
		if ah < c.I {
			return al, ah, true
		}
		return 0, c.I - 1, true
	}
	return 0, 0, false
}

// foldDiv returns the value of an index div or rem by a constant whose
// operand's range lies in [0, c); ok is false otherwise.
func (r *fn) foldDiv(n *kernel.Node) (v value.Value, ok bool, err error) {
	if n.Kind != kernel.Div && n.Kind != kernel.Rem || n.Type != zir.Index {
		return nil, false, nil
	}
	c := n.Args[1]
	if c.Kind != kernel.Const || c.I <= 0 {
		return nil, false, nil
	}
	lo, hi, known := rangeOf(n.Args[0], nil)
	if !known || lo < 0 || hi >= c.I {
		return nil, false, nil
	}
	if n.Kind == kernel.Div {
		return i64c(0), true, nil
	}
	v, err = r.val(n.Args[0])
	return v, true, err
}

// divLane is foldDiv inside vector loop v's body for a lane-affine
// operand l: the lane form of the result, or nil.
func (v *vec) divLane(n *kernel.Node, l *lane) *lane {
	c := n.Args[1]
	if n.Type != zir.Index || c.Kind != kernel.Const || c.I <= 0 || l.kind != affine || l.stride%c.I != 0 {
		return nil
	}
	lo, hi, known := rangeOf(n.Args[0], v.loop)
	if !known || lo < 0 || hi >= c.I {
		return nil
	}
	if n.Kind == kernel.Div {
		return &lane{kind: affine, stride: l.stride / c.I, base: i64c(0)}
	}
	return &lane{kind: affine, stride: 0, base: l.base}
}
