package gpu

import (
	"math"
	"slices"
	"sort"

	"github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// digit is one term c*L of a store's affine index: loop L (N iterations)
// with coefficient c.
type digit struct {
	l *K.Node
	c int64
}

// storeSite is a store with the loops enclosing it, outermost first.
type storeSite struct {
	st    *K.Node
	loops []*K.Node
}

// role is one group of a contraction's output loops: batch (both
// operands depend on them), rows (the left operand only) or columns (the
// right only). Its loops form one mixed-radix coordinate of ext values
// whose unit step moves the output index by stride.
type role struct {
	digits      []digit
	ext, stride int64
}

// contraction is a kernel in the store-accumulate form of kernel.Lower's
// tiled dot_general (lower_dot.go), recognised on the kernel IR alone:
//
//	out[off] = 0                          (zero stores, covering the output)
//	out[off] = out[off] + a * y           (the accumulate store, in loops
//	                                       over output and reduction indices)
//	out[off] = f(out[off], ...)           (epilogue stores, elementwise)
//
// where a depends on batch, row and reduction loops and y on batch,
// column and reduction loops. Every output element sums its products in
// the reduction loops' lexicographic order.
type contraction struct {
	out     *K.Buffer
	acc     storeSite
	a, y    *K.Node
	roles   [3]role // batch, rows, columns
	red     []*K.Node
	kk      int64 // reduction extent (product of the red loops)
	epis    []storeSite
	et      ir.ElementType
	written map[*K.Buffer]bool
}

const (
	roleBatch = iota
	roleRow
	roleCol
)

// collectStores lists k's stores with their loop stacks; ok is false when
// the body holds anything but loops, stores and pure values (ifs, vars,
// barriers).
func collectStores(body []*K.Node, stack []*K.Node, out *[]storeSite) bool {
	for _, n := range body {
		switch n.Kind {
		case K.Loop:
			if !collectStores(n.Body, append(append([]*K.Node{}, stack...), n), out) {
				return false
			}
		case K.Store:
			*out = append(*out, storeSite{st: n, loops: stack})
		case K.If, K.Var, K.Get, K.Set, K.Barrier:
			return false
		}
	}
	return true
}

// digitsOf returns the terms of idx as digits over the loops of stack,
// sorted by coefficient; ok is false when idx is not a sum of positive
// multiples of distinct stack loops (no constant term).
func digitsOf(idx *K.Node, stack []*K.Node) ([]digit, bool) {
	af := affineOf(idx)
	if af.c != 0 {
		return nil, false
	}
	in := map[*K.Node]bool{}
	for _, l := range stack {
		in[l] = true
	}
	var ds []digit
	for v, c := range af.coef {
		if c == 0 {
			continue
		}
		if c < 0 || !in[v] {
			return nil, false
		}
		ds = append(ds, digit{l: v, c: c})
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i].c < ds[j].c })
	return ds, true
}

// canon merges adjacent digits (c, N), (c*N, N2) into (c, N*N2): equal
// canonical forms span the same set of offsets. ok is false when two
// digits overlap (the map from loop values to offsets is not injective).
func canon(ds []digit) (cs [][2]int64, ok bool) {
	for _, d := range ds {
		if n := len(cs); n > 0 {
			last := &cs[n-1]
			if d.c == last[0]*last[1] {
				last[1] *= d.l.N
				continue
			}
			if d.c < last[0]*last[1] {
				return nil, false
			}
		}
		cs = append(cs, [2]int64{d.c, d.l.N})
	}
	return cs, true
}

// matchContraction recognises k as a contraction; nil when it is not one.
func matchContraction(k *K.Kernel) *contraction {
	var sites []storeSite
	if !collectStores(k.Body, nil, &sites) || len(sites) < 2 {
		return nil
	}
	out := sites[0].st.Buf
	if out.Space != K.Global {
		return nil
	}
	c := &contraction{out: out, et: out.Elem, written: map[*K.Buffer]bool{out: true}}
	// Sites in program order: zero stores, one accumulate store, epilogues.
	stage := 0
	var zeros []storeSite
	for _, s := range sites {
		if s.st.Buf != out {
			return nil
		}
		v := s.st.Args[1]
		switch {
		case stage == 0 && isZero(v):
			zeros = append(zeros, s)
		case stage == 0 && v.Kind == K.Add && v.Args[0].Kind == K.Load && v.Args[0].Buf == out &&
			v.Args[0].Args[0] == s.st.Args[0] && v.Args[1].Kind == K.Mul:
			c.acc = s
			c.a, c.y = v.Args[1].Args[0], v.Args[1].Args[1]
			stage = 1
		case stage == 1:
			c.epis = append(c.epis, s)
		default:
			return nil
		}
	}
	if stage == 0 || len(zeros) == 0 {
		return nil
	}
	ds, ok := digitsOf(c.acc.st.Args[0], c.acc.loops)
	if !ok {
		return nil
	}
	accCanon, ok := canon(ds)
	if !ok {
		return nil
	}
	isOut := map[*K.Node]bool{}
	for _, d := range ds {
		isOut[d.l] = true
	}
	for _, l := range c.acc.loops {
		if !isOut[l] {
			c.red = append(c.red, l)
		}
	}
	// The operands: pure, from read-only buffers and the acc's loops.
	inStack := map[*K.Node]bool{}
	for _, l := range c.acc.loops {
		inStack[l] = true
	}
	usedA, usedY := map[*K.Node]bool{}, map[*K.Node]bool{}
	if !pureCone(c.a, inStack, nil, c.written, usedA, map[*K.Node]bool{}) ||
		!pureCone(c.y, inStack, nil, c.written, usedY, map[*K.Node]bool{}) {
		return nil
	}
	for _, d := range ds {
		da, dy := dependsOn(c.a, d.l, map[*K.Node]bool{}), dependsOn(c.y, d.l, map[*K.Node]bool{})
		var r int
		switch {
		case da && dy:
			r = roleBatch
		case da:
			r = roleRow
		case dy:
			r = roleCol
		default:
			return nil
		}
		c.roles[r].digits = append(c.roles[r].digits, d)
	}
	for r := range c.roles {
		ro := &c.roles[r]
		ro.ext = 1
		if len(ro.digits) == 0 {
			continue
		}
		cs, ok := canon(ro.digits)
		if !ok || len(cs) != 1 {
			return nil
		}
		ro.stride, ro.ext = cs[0][0], cs[0][1]
	}
	c.kk = 1
	for _, l := range c.red {
		c.kk *= l.N
	}
	// Zero and epilogue stores cover exactly the accumulated elements.
	for _, s := range append(append([]storeSite{}, zeros...), c.epis...) {
		ds, ok := digitsOf(s.st.Args[0], s.loops)
		if !ok || len(ds) != len(s.loops) {
			return nil
		}
		cs, ok := canon(ds)
		if !ok || !slices.Equal(cs, accCanon) {
			return nil
		}
	}
	for _, e := range c.epis {
		if c.epiLoopRoles(e) == nil {
			return nil
		}
		loops := map[*K.Node]bool{}
		for _, l := range e.loops {
			loops[l] = true
		}
		// The epilogue reads out only at its own element (the accumulated value).
		extra := map[*K.Node]bool{}
		var find func(v *K.Node, seen map[*K.Node]bool)
		find = func(v *K.Node, seen map[*K.Node]bool) {
			if seen[v] {
				return
			}
			seen[v] = true
			if v.Kind == K.Load && v.Buf == out && v.Args[0] == e.st.Args[0] {
				extra[v] = true
				return
			}
			for _, a := range v.Args {
				find(a, seen)
			}
		}
		find(e.st.Args[1], map[*K.Node]bool{})
		if !pureCone(e.st.Args[1], loops, extra, c.written, map[*K.Node]bool{}, map[*K.Node]bool{}) {
			return nil
		}
	}
	return c
}

func isZero(v *K.Node) bool {
	return v.Kind == K.Const && v.I == 0 && v.F == 0 && !math.Signbit(v.F)
}

// epiLoopRoles maps each loop of an epilogue store to the role whose
// coordinate it is a digit of; nil when one fits no role.
func (c *contraction) epiLoopRoles(e storeSite) map[*K.Node]int {
	ds, _ := digitsOf(e.st.Args[0], e.loops)
	m := map[*K.Node]int{}
	for _, d := range ds {
		r := c.roleOf(d)
		if r < 0 {
			return nil
		}
		m[d.l] = r
	}
	return m
}

// roleOf returns the role a digit belongs to, -1 if none.
func (c *contraction) roleOf(d digit) int {
	for r, ro := range c.roles {
		if ro.stride == 0 || d.c < ro.stride || d.c%ro.stride != 0 {
			continue
		}
		if (d.c/ro.stride)*d.l.N <= ro.ext {
			return r
		}
	}
	return -1
}
