package wasm

import (
	"fmt"
	"sort"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
)

// Loop-invariant code motion: a pure value node (arithmetic, comparison,
// select, conversion — none of which can trap in the rendered code) whose
// operands are all defined outside some enclosing loops is computed once
// before the outermost such loop instead of on every iteration. Kernels
// compute index expressions where they are used, so this removes most
// index arithmetic from inner loops. The kernel itself is not changed.

type hoistPlan struct {
	pre     map[*kernel.Node][]*kernel.Node // loop -> nodes to compute before it
	hoisted map[*kernel.Node]bool
}

func pureValue(n *kernel.Node) bool {
	switch n.Kind.Class() {
	case kernel.ClassUnary, kernel.ClassPred, kernel.ClassBinary, kernel.ClassCompare, kernel.ClassSelect, kernel.ClassConvert:
		return true
	}
	return false
}

func planHoist(body []*kernel.Node) *hoistPlan {
	p := &hoistPlan{pre: map[*kernel.Node][]*kernel.Node{}, hoisted: map[*kernel.Node]bool{}}
	home := map[*kernel.Node]int{}
	var loops []*kernel.Node
	var walk func(nodes []*kernel.Node, d int)
	walk = func(nodes []*kernel.Node, d int) {
		for _, n := range nodes {
			switch {
			case n.Kind == kernel.Loop:
				home[n] = d + 1
				loops = append(loops, n)
				walk(n.Body, d+1)
				loops = loops[:len(loops)-1]
			case n.Kind == kernel.If:
				walk(n.Body, d)
				walk(n.Else, d)
			case pureValue(n):
				h := 0
				for _, a := range n.Args {
					if a.Kind != kernel.Const {
						h = max(h, home[a])
					}
				}
				home[n] = h
				if h < d {
					p.pre[loops[h]] = append(p.pre[loops[h]], n)
					p.hoisted[n] = true
				}
			default:
				home[n] = d
			}
		}
	}
	walk(body, 0)
	return p
}

// preLoop computes the nodes hoisted before loop n.
func (r *kr) preLoop(n *kernel.Node, mult int64) error {
	for _, m := range r.hp.pre[n] {
		r.work += mult
		if err := r.scalar(m); err != nil {
			return err
		}
		if err := r.define(m); err != nil {
			return err
		}
	}
	return nil
}

// Strength-reduced addresses. Inside a serial loop L with index i, a load
// or store (directly in L's body, in its ifs, or in a vector loop V
// directly in it) whose flat index is affine — sum(coef*leaf) + c with
// every leaf but i (and V's index, whose lanes the vector renderer adds)
// available before L — reads its address from an i32 local: computed once
// before L and advanced by coef_i*size bytes after each iteration.
// Accesses of one buffer differing only in c share the local and put the
// difference in the memarg offset. This removes the i64 index arithmetic
// and the conversion to a byte address from the loop's body.

// indPtr is one strength-reduced address local.
type indPtr struct {
	local int64
	step  int64        // bytes per iteration of L
	vloop *kernel.Node // V when the accesses are in V's body (lane 0), else nil
}

// indUse is an access's pointer and its byte offset from it.
type indUse struct {
	p   *indPtr
	off int64
}

type indKey struct {
	buf *kernel.Buffer
	idx *kernel.Node
}

// affineOrdered is affineIndex with the leaves in first-visit order.
func affineOrdered(n *kernel.Node) (leaves []*kernel.Node, coefs map[*kernel.Node]int64, c int64) {
	coefs, c = affineIndex(n)
	seen := map[*kernel.Node]bool{}
	var rec func(n *kernel.Node)
	rec = func(n *kernel.Node) {
		switch {
		case n.Kind == kernel.Const:
		case n.Kind == kernel.Add || n.Kind == kernel.Sub:
			rec(n.Args[0])
			rec(n.Args[1])
		case n.Kind == kernel.Mul && n.Args[1].Kind == kernel.Const:
			rec(n.Args[0])
		case n.Kind == kernel.Mul && n.Args[0].Kind == kernel.Const:
			rec(n.Args[1])
		default:
			if coefs[n] != 0 && !seen[n] {
				seen[n] = true
				leaves = append(leaves, n)
			}
		}
	}
	rec(n)
	return leaves, coefs, c
}

// planInduction sets up the strength-reduced addresses of serial loop l
// starting at index from; it returns the pointers to advance after each
// iteration and a function that unregisters them.
func (r *kr) planInduction(l *kernel.Node, from int64) ([]*indPtr, func()) {
	type cand struct {
		m, v *kernel.Node
	}
	var cands []cand
	var direct func(body []*kernel.Node)
	direct = func(body []*kernel.Node) {
		for _, n := range body {
			switch n.Kind {
			case kernel.Load, kernel.Store:
				cands = append(cands, cand{n, nil})
			case kernel.If:
				direct(n.Body)
				direct(n.Else)
			case kernel.Loop:
				if n.Level == kernel.Vector && n.N >= 4 {
					for _, m := range n.Body {
						if m.Kind == kernel.Load || m.Kind == kernel.Store {
							cands = append(cands, cand{m, n})
						}
					}
				}
			}
		}
	}
	direct(l.Body)
	if len(cands) == 0 {
		return nil, func() {}
	}
	inside := map[*kernel.Node]bool{}
	innerPre := map[*kernel.Node]bool{}
	var walk func(body []*kernel.Node)
	walk = func(body []*kernel.Node) {
		for _, n := range body {
			inside[n] = true
			if n.Kind == kernel.Loop {
				for _, m := range r.hp.pre[n] {
					innerPre[m] = true
				}
			}
			walk(n.Body)
			walk(n.Else)
		}
	}
	walk(l.Body)
	avail := func(x *kernel.Node) bool {
		if x.Type != ir.Index {
			return false
		}
		if _, ok := r.vals[x]; !ok && x != l {
			return false
		}
		return !inside[x] || r.hp.hoisted[x] && !innerPre[x]
	}
	type group struct {
		p       *indPtr
		buf     *kernel.Buffer
		leaves  []*kernel.Node
		coefs   map[*kernel.Node]int64
		cmin    int64
		members []indKey
		cs      []int64
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, cd := range cands {
		m := cd.m
		idx := m.Args[0]
		if idx.Kind == kernel.Const || m.Buf.Space != kernel.Global || m.Buf.Index >= len(r.base) || r.k.Params[m.Buf.Index] != m.Buf {
			continue
		}
		if r.promo != nil && r.promo.by[m] != nil {
			continue
		}
		leaves, coefs, c := affineOrdered(idx)
		ok := true
		var key []byte
		key = fmt.Appendf(key, "%p|%p|", m.Buf, cd.v)
		var keep []*kernel.Node
		for _, x := range leaves {
			switch {
			case x == l:
			case cd.v != nil && x == cd.v:
			case avail(x):
				keep = append(keep, x)
			default:
				ok = false
			}
		}
		if !ok {
			continue
		}
		sorted := append([]*kernel.Node{}, leaves...)
		sort.Slice(sorted, func(i, j int) bool { return fmt.Sprintf("%p", sorted[i]) < fmt.Sprintf("%p", sorted[j]) })
		for _, x := range sorted {
			key = fmt.Appendf(key, "%p:%d,", x, coefs[x])
		}
		g := byKey[string(key)]
		if g == nil {
			g = &group{buf: m.Buf, leaves: keep, coefs: coefs, cmin: c,
				p: &indPtr{step: coefs[l] << log2Size(m.Buf.Elem), vloop: cd.v}}
			byKey[string(key)] = g
			groups = append(groups, g)
		}
		g.cmin = min(g.cmin, c)
		g.members = append(g.members, indKey{m.Buf, idx})
		g.cs = append(g.cs, c)
	}
	if r.ind == nil {
		r.ind = map[indKey]indUse{}
	}
	saved := map[indKey]indUse{}
	had := map[indKey]bool{}
	b := r.b
	var ptrs []*indPtr
	for _, g := range groups {
		// ptr = base + (sum coef*leaf + cmin + coef_l*from) << size
		b.i64(g.cmin + g.coefs[l]*from)
		for _, x := range g.leaves {
			b.get(r.vals[x])
			if c := g.coefs[x]; c != 1 {
				b.i64(c)
				b.op(OpI64Mul)
			}
			b.op(OpI64Add)
		}
		b.op(OpI32WrapI64)
		if s := log2Size(g.buf.Elem); s > 0 {
			b.i32(s)
			b.op(OpI32Shl)
		}
		b.get(r.base[g.buf.Index])
		b.op(OpI32Add)
		g.p.local = b.local(I32)
		b.set(g.p.local)
		ptrs = append(ptrs, g.p)
		for i, k := range g.members {
			if _, dup := saved[k]; !dup && !had[k] {
				if old, ok := r.ind[k]; ok {
					saved[k] = old
				}
				had[k] = true
			}
			r.ind[k] = indUse{p: g.p, off: (g.cs[i] - g.cmin) << log2Size(g.buf.Elem)}
		}
	}
	return ptrs, func() {
		for k := range had {
			if old, ok := saved[k]; ok {
				r.ind[k] = old
			} else {
				delete(r.ind, k)
			}
		}
	}
}

// indAddr returns the strength-reduced address of element idx of buf, if
// one is registered and usable here.
func (r *kr) indAddr(buf *kernel.Buffer, idx *kernel.Node) (indUse, bool) {
	u, ok := r.ind[indKey{buf, idx}]
	if !ok {
		return indUse{}, false
	}
	if u.p.vloop != nil && (r.vvals == nil || r.curV != u.p.vloop) {
		return indUse{}, false
	}
	if u.p.vloop == nil && r.vvals != nil {
		return indUse{}, false
	}
	return u, true
}
