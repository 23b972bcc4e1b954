package gpu

import (
	"maps"

	K "github.com/zmlc/zmlc/targets/kernel"
)

// affine is sum(coef[v] * v) + c over index nodes v (loop indices or
// opaque sub-expressions).
type affine struct {
	coef map[*K.Node]int64
	c    int64
}

func affineOf(n *K.Node) affine {
	switch n.Kind {
	case K.Const:
		return affine{coef: map[*K.Node]int64{}, c: n.I}
	case K.Add, K.Sub:
		a, b := affineOf(n.Args[0]), affineOf(n.Args[1])
		s := int64(1)
		if n.Kind == K.Sub {
			s = -1
		}
		for v, k := range b.coef {
			a.coef[v] += s * k
		}
		a.c += s * b.c
		return a
	case K.Mul:
		if y := n.Args[1]; y.Kind == K.Const {
			return affineOf(n.Args[0]).scale(y.I)
		}
		if x := n.Args[0]; x.Kind == K.Const {
			return affineOf(n.Args[1]).scale(x.I)
		}
	}
	return affine{coef: map[*K.Node]int64{n: 1}}
}

func (a affine) scale(k int64) affine {
	for v := range a.coef {
		a.coef[v] *= k
	}
	a.c *= k
	return a
}

// rangeOf returns the static range of an index expression, when known.
func rangeOf(n *K.Node) (lo, hi int64, ok bool) {
	switch n.Kind {
	case K.Const:
		return n.I, n.I, true
	case K.Loop:
		return 0, max(n.N-1, 0), true
	case K.Add, K.Sub, K.Mul, K.Max, K.Min:
		al, ah, ok1 := rangeOf(n.Args[0])
		bl, bh, ok2 := rangeOf(n.Args[1])
		if !ok1 || !ok2 {
			return 0, 0, false
		}
		switch n.Kind {
		case K.Add:
			return al + bl, ah + bh, true
		case K.Sub:
			return al - bh, ah - bl, true
		case K.Mul:
			c := []int64{al * bl, al * bh, ah * bl, ah * bh}
			return min(c[0], c[1], c[2], c[3]), max(c[0], c[1], c[2], c[3]), true
		case K.Max:
			return max(al, bl), max(ah, bh), true
		default:
			return min(al, bl), min(ah, bh), true
		}
	case K.Div, K.Rem:
		al, ah, ok1 := rangeOf(n.Args[0])
		if !ok1 || n.Args[1].Kind != K.Const || n.Args[1].I <= 0 || al < 0 {
			return 0, 0, false
		}
		c := n.Args[1].I
		if n.Kind == K.Div {
			return al / c, ah / c, true
		}
		return 0, min(c-1, ah), true
	case K.Select:
		bl, bh, ok1 := rangeOf(n.Args[1])
		cl, ch, ok2 := rangeOf(n.Args[2])
		if ok1 && ok2 {
			return min(bl, cl), max(bh, ch), true
		}
	}
	return 0, 0, false
}

// dependsOn reports whether the value n is computed from l.
func dependsOn(n, l *K.Node, memo map[*K.Node]bool) bool {
	if n == l {
		return true
	}
	if r, ok := memo[n]; ok {
		return r
	}
	memo[n] = false
	for _, a := range n.Args {
		if dependsOn(a, l, memo) {
			memo[n] = true
			return true
		}
	}
	return false
}

// accesses collects the loads and stores in body, recursively.
func accesses(body []*K.Node, out *[]*K.Node) {
	for _, n := range body {
		if n.Kind == K.Load || n.Kind == K.Store {
			*out = append(*out, n)
		}
		accesses(n.Body, out)
		accesses(n.Else, out)
	}
}

// independent reports whether the iterations of loop l may run in any
// order or at once: for every buffer stored inside l, every access to it
// inside l has an affine index c*l + rest with the same c for all of them
// and rest spanning less than |c|, so each iteration touches its own slot.
// Terms invariant in l (of values defined outside l that do not depend on
// it, such as enclosing loops) are left out of rest when every access to
// the buffer has the same ones: they shift all of one execution's slots
// alike. Buffers only loaded are free.
func independent(l *K.Node) bool {
	var acc []*K.Node
	accesses(l.Body, &acc)
	stored := map[*K.Buffer]bool{}
	for _, a := range acc {
		if a.Kind == K.Store {
			stored[a.Buf] = true
		}
	}
	defined := map[*K.Node]bool{}
	markDefined(l.Body, defined)
	memo := map[*K.Node]bool{}
	invariant := func(v *K.Node) bool { return !defined[v] && !dependsOn(v, l, memo) }
	// The invariant terms of each stored buffer's accesses, when equal.
	same := map[*K.Buffer]map[*K.Node]int64{}
	differ := map[*K.Buffer]bool{}
	for _, a := range acc {
		if !stored[a.Buf] {
			continue
		}
		inv := map[*K.Node]int64{}
		for v, k := range affineOf(a.Args[0]).coef {
			if v != l && k != 0 && invariant(v) {
				inv[v] = k
			}
		}
		if prev, ok := same[a.Buf]; !ok {
			same[a.Buf] = inv
		} else if !maps.Equal(prev, inv) {
			differ[a.Buf] = true
		}
	}
	type slot struct {
		c      int64
		lo, hi int64
		set    bool
	}
	slots := map[*K.Buffer]*slot{}
	for _, a := range acc {
		if !stored[a.Buf] {
			continue
		}
		af := affineOf(a.Args[0])
		c := af.coef[l]
		if c == 0 {
			return false
		}
		lo, hi := af.c, af.c
		for v, k := range af.coef {
			if v == l || k == 0 {
				continue
			}
			if !differ[a.Buf] && invariant(v) {
				continue
			}
			if dependsOn(v, l, memo) {
				return false
			}
			vl, vh, ok := rangeOf(v)
			if !ok {
				return false
			}
			if k > 0 {
				lo, hi = lo+k*vl, hi+k*vh
			} else {
				lo, hi = lo+k*vh, hi+k*vl
			}
		}
		s := slots[a.Buf]
		if s == nil {
			s = &slot{}
			slots[a.Buf] = s
		}
		if !s.set {
			*s = slot{c: c, lo: lo, hi: hi, set: true}
		} else if s.c != c {
			return false
		} else {
			s.lo, s.hi = min(s.lo, lo), max(s.hi, hi)
		}
	}
	for _, s := range slots {
		if s.hi-s.lo >= abs64(s.c) {
			return false
		}
	}
	return true
}

// markDefined records the nodes of body, recursively (loops included).
func markDefined(body []*K.Node, defined map[*K.Node]bool) {
	for _, n := range body {
		defined[n] = true
		markDefined(n.Body, defined)
		markDefined(n.Else, defined)
	}
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// storedBuffers returns the buffers stored anywhere in body.
func storedBuffers(body []*K.Node) map[*K.Buffer]bool {
	var acc []*K.Node
	accesses(body, &acc)
	m := map[*K.Buffer]bool{}
	for _, a := range acc {
		if a.Kind == K.Store {
			m[a.Buf] = true
		}
	}
	return m
}
