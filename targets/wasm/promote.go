package wasm

import "github.com/zmlc/zmlc/targets/kernel"

// Register promotion of accumulators. The tiled dot_general and the tiled
// convolution (kernel.Lower) accumulate into their output in memory:
//
//	loop serial L (a reduction) { ... loop vector V { out[i_r] = (out[i_r] + x_r) + ... (each r) } ... }
//
// When the accumulate stores (one or more, all in one vector loop V) are
// the only stores inside L, their addresses do not change across L (they
// depend only on V's index and on values defined before L), the element
// sets of different stores are provably disjoint, and V runs as unrolled
// SIMD iterations needing at most maxPromote accumulators in all, the
// renderer loads those output vectors into v128 locals before L, lets V
// read and write the locals, and stores them back after L. Every element
// still sees the same additions in the same order; only the memory traffic
// goes. The kernel itself is not changed.

// maxPromote is the most v128 accumulators one promotion keeps in locals.
const maxPromote = 16

// promo is one promoted reduction loop: its accumulations, all in V.
type promo struct {
	vloop *kernel.Node // V
	accs  []*promoAcc
	by    map[*kernel.Node]*promoAcc // load or store -> its accumulation
}

// promoAcc is one accumulate store of V and the load it adds to.
type promoAcc struct {
	store, load *kernel.Node
	coef        int64   // d address / d V-index, in elements
	locals      []int64 // v128 locals, one per vector iteration of V
	addr        int64   // i32 local: the address of lane 0 of iteration 0
}

// planPromote returns the promotion for serial loop l, or nil.
func (r *kr) planPromote(l *kernel.Node) *promo {
	var stores, loads []*kernel.Node
	var v *kernel.Node
	inside := map[*kernel.Node]bool{}
	ok := true
	var walk func(body []*kernel.Node, parent *kernel.Node)
	walk = func(body []*kernel.Node, parent *kernel.Node) {
		for _, n := range body {
			inside[n] = true
			switch n.Kind {
			case kernel.Loop:
				walk(n.Body, n)
			case kernel.If:
				walk(n.Body, nil)
				walk(n.Else, nil)
			case kernel.Store:
				stores = append(stores, n)
				if v == nil {
					v = parent
				}
				ok = ok && parent == v
			case kernel.Load:
				loads = append(loads, n)
			case kernel.Barrier:
				ok = false
			}
		}
	}
	walk(l.Body, l)
	inside[l] = true
	if !ok || len(stores) == 0 || v == nil || v == l || v.Level != kernel.Vector {
		return nil
	}
	if v.N < 4 || v.N/4*int64(len(stores)) > maxPromote {
		return nil
	}
	p, vok := planVector(v, r.hp.hoisted)
	if !vok {
		return nil
	}
	inV := map[*kernel.Node]bool{}
	for _, m := range v.Body {
		inV[m] = true
	}
	pr := &promo{vloop: v, by: map[*kernel.Node]*promoAcc{}}
	bufs := map[*kernel.Buffer]bool{}
	for _, st := range stores {
		// sum is load + x, or (load + x) + y ...: a chain of adds on the
		// loaded value.
		sum := st.Args[1]
		if sum.Kind != kernel.Add {
			return nil
		}
		for sum.Args[0].Kind == kernel.Add {
			sum = sum.Args[0]
		}
		if sum.Args[0].Kind != kernel.Load {
			return nil
		}
		ld := sum.Args[0]
		if ld.Buf != st.Buf || ld.Args[0] != st.Args[0] || !inV[ld] || pr.by[ld] != nil {
			return nil
		}
		if !p.varying(st.Args[0]) || p.coef[st.Args[0]] <= 0 {
			return nil
		}
		a := &promoAcc{store: st, load: ld, coef: p.coef[st.Args[0]]}
		pr.accs = append(pr.accs, a)
		pr.by[st], pr.by[ld] = a, a
		bufs[st.Buf] = true
	}
	for _, m := range loads {
		if bufs[m.Buf] && pr.by[m] == nil {
			return nil
		}
	}
	// The addresses may depend on V's index and on values from before l only.
	bad := map[*kernel.Node]bool{}
	var isBad func(n *kernel.Node) bool
	isBad = func(n *kernel.Node) bool {
		if n == v || !inside[n] {
			return false
		}
		if b, seen := bad[n]; seen {
			return b
		}
		b := !pureValue(n)
		for _, a := range n.Args {
			b = b || isBad(a)
		}
		bad[n] = b
		return b
	}
	for _, a := range pr.accs {
		if isBad(a.store.Args[0]) {
			return nil
		}
	}
	if !disjointAccs(pr.accs, v.N) {
		return nil
	}
	return pr
}

// disjointAccs reports whether the elements the accumulations touch over
// V's n iterations are pairwise disjoint: stores to one buffer must have
// addresses base + c_s + coef*i with one affine base (affineIndex) and
// constants c_s that no two iterations i, j < n can make equal.
func disjointAccs(accs []*promoAcc, n int64) bool {
	type form struct {
		terms map[*kernel.Node]int64
		c     int64
	}
	forms := make([]form, len(accs))
	for i, a := range accs {
		t, c := affineIndex(a.store.Args[0])
		forms[i] = form{t, c}
	}
	for i := range accs {
		for j := 0; j < i; j++ {
			if accs[i].store.Buf != accs[j].store.Buf {
				continue
			}
			fi, fj := forms[i], forms[j]
			if accs[i].coef != accs[j].coef || len(fi.terms) != len(fj.terms) {
				return false
			}
			for x, k := range fi.terms {
				if fj.terms[x] != k {
					return false
				}
			}
			d, c := fi.c-fj.c, accs[i].coef
			if d%c == 0 && d/c > -n && d/c < n {
				return false
			}
		}
	}
	return true
}

// affineIndex writes an index expression as sum(terms[x] * x) + c over
// leaf nodes x (anything but add, sub, mul by a constant and constants).
func affineIndex(n *kernel.Node) (terms map[*kernel.Node]int64, c int64) {
	terms = map[*kernel.Node]int64{}
	var rec func(n *kernel.Node, k int64)
	rec = func(n *kernel.Node, k int64) {
		switch {
		case n.Kind == kernel.Const:
			c += k * n.I
		case n.Kind == kernel.Add:
			rec(n.Args[0], k)
			rec(n.Args[1], k)
		case n.Kind == kernel.Sub:
			rec(n.Args[0], k)
			rec(n.Args[1], -k)
		case n.Kind == kernel.Mul && n.Args[1].Kind == kernel.Const:
			rec(n.Args[0], k*n.Args[1].I)
		case n.Kind == kernel.Mul && n.Args[0].Kind == kernel.Const:
			rec(n.Args[1], k*n.Args[0].I)
		default:
			terms[n] += k
		}
	}
	rec(n, 1)
	for x, k := range terms {
		if k == 0 {
			delete(terms, x)
		}
	}
	return terms, c
}

// promoteLoop renders serial loop l with its accumulations promoted (pr
// from planPromote): it computes their addresses, loads the accumulators,
// renders the loop, and stores them back.
func (r *kr) promoteLoop(l *kernel.Node, pr *promo, mult int64) error {
	b := r.b
	v := pr.vloop
	// The lane-0 addresses: V's varying index values at index 0.
	need := map[*kernel.Node]bool{}
	var mark func(n *kernel.Node)
	mark = func(n *kernel.Node) {
		if need[n] || n == v {
			return
		}
		need[n] = true
		for _, a := range n.Args {
			mark(a)
		}
	}
	for _, a := range pr.accs {
		mark(a.store.Args[0])
	}
	zero := b.local(I64)
	b.i64(0)
	b.set(zero)
	saved, hadV := r.vals[v]
	r.vals[v] = zero
	for _, m := range v.Body {
		if need[m] && !r.hp.hoisted[m] {
			if err := r.node(m, mult); err != nil {
				return err
			}
		}
	}
	for _, a := range pr.accs {
		if err := r.addr(a.store.Buf, a.store.Args[0]); err != nil {
			return err
		}
		a.addr = b.local(I32)
		b.set(a.addr)
	}
	if hadV {
		r.vals[v] = saved
	} else {
		delete(r.vals, v)
	}
	iters := v.N / 4
	for _, pa := range pr.accs {
		c := pa.coef
		for it := int64(0); it < iters; it++ {
			a := b.local(V128)
			pa.locals = append(pa.locals, a)
			off := 16 * it * c
			if c == 1 {
				b.get(pa.addr)
				b.mem(OpV128Load, 2, off)
			} else {
				b.get(pa.addr)
				b.mem(OpF32Load, 2, off)
				b.op(OpF32x4Splat)
				for ln := int64(1); ln < 4; ln++ {
					b.get(pa.addr)
					b.mem(OpF32Load, 2, off+4*c*ln)
					b.opA(OpF32x4ReplaceLane, ln)
				}
			}
			b.set(a)
		}
	}
	r.promo = pr
	r.promoted++
	err := r.scalarLoop(l, 0, l.N, mult)
	r.promo = nil
	if err != nil {
		return err
	}
	for _, pa := range pr.accs {
		c := pa.coef
		for it, a := range pa.locals {
			off := 16 * int64(it) * c
			if c == 1 {
				b.get(pa.addr)
				b.get(a)
				b.mem(OpV128Store, 2, off)
				continue
			}
			for ln := int64(0); ln < 4; ln++ {
				b.get(pa.addr)
				b.get(a)
				b.opA(OpF32x4ExtractLane, ln)
				b.mem(OpF32Store, 2, off+4*c*ln)
			}
		}
	}
	return nil
}

// promotedAcc reports whether m is a promoted load or store of the
// current vector iteration, and returns its accumulator local.
func (r *kr) promotedAcc(m *kernel.Node) (int64, bool) {
	if r.promo == nil || r.vrun >= 0 {
		return 0, false
	}
	pa := r.promo.by[m]
	if pa == nil {
		return 0, false
	}
	it := r.voff / 16
	if it < 0 || int(it) >= len(pa.locals) {
		return 0, false
	}
	return pa.locals[it], true
}
