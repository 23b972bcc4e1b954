package wasm

import "github.com/zmlc/zmlc/targets/kernel"

// Register promotion of accumulators. The tiled dot_general and the tiled
// convolution (kernel.Lower) accumulate into their output in memory:
//
//	loop serial L (a reduction) { ... loop vector V { out[i] = out[i] + x } ... }
//
// When the accumulate store is the only store inside L, its address does
// not change across L (it depends only on V's index and on values defined
// before L), and V runs as at most maxPromote unrolled SIMD iterations, the
// renderer loads those output vectors into v128 locals before L, lets V
// read and write the locals, and stores them back after L. Every element
// still sees the same additions in the same order; only the memory traffic
// goes. The kernel itself is not changed.

// maxPromote is the most v128 accumulators one promotion keeps in locals.
const maxPromote = 16

// promo is one promoted accumulation.
type promo struct {
	vloop       *kernel.Node // V
	store, load *kernel.Node
	coef        int64   // d address / d V-index, in elements
	accs        []int64 // v128 locals, one per vector iteration of V
	addr        int64   // i32 local: the address of lane 0 of iteration 0
}

// planPromote returns the promotion for serial loop l, or nil.
func (r *kr) planPromote(l *kernel.Node) *promo {
	var stores, loads []*kernel.Node
	var storeLoop *kernel.Node
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
				storeLoop = parent
			case kernel.Load:
				loads = append(loads, n)
			case kernel.Barrier:
				ok = false
			}
		}
	}
	walk(l.Body, l)
	inside[l] = true
	if !ok || len(stores) != 1 || storeLoop == nil || storeLoop == l || storeLoop.Level != kernel.Vector {
		return nil
	}
	st, v := stores[0], storeLoop
	sum := st.Args[1]
	if sum.Kind != kernel.Add || sum.Args[0].Kind != kernel.Load {
		return nil
	}
	ld := sum.Args[0]
	if ld.Buf != st.Buf || ld.Args[0] != st.Args[0] {
		return nil
	}
	for _, m := range loads {
		if m.Buf == st.Buf && m != ld {
			return nil
		}
	}
	inV := false
	for _, m := range v.Body {
		inV = inV || m == ld
	}
	if !inV || v.N < 4 || v.N/4 > maxPromote {
		return nil
	}
	p, vok := planVector(v, r.hp.hoisted)
	if !vok || !p.varying(st.Args[0]) || p.coef[st.Args[0]] <= 0 {
		return nil
	}
	// The address may depend on V's index and on values from before l only.
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
	if isBad(st.Args[0]) {
		return nil
	}
	return &promo{vloop: v, store: st, load: ld, coef: p.coef[st.Args[0]]}
}

// promoteLoop renders serial loop l with its accumulation promoted (pr
// from planPromote): it computes the address, loads the accumulators,
// renders the loop, and stores them back.
func (r *kr) promoteLoop(l *kernel.Node, pr *promo, mult int64) error {
	b := r.b
	v := pr.vloop
	// The lane-0 address: V's varying index values at index 0.
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
	mark(pr.store.Args[0])
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
	if err := r.addr(pr.store.Buf, pr.store.Args[0]); err != nil {
		return err
	}
	if hadV {
		r.vals[v] = saved
	} else {
		delete(r.vals, v)
	}
	pr.addr = b.local(I32)
	b.set(pr.addr)
	iters := v.N / 4
	c := pr.coef
	for it := int64(0); it < iters; it++ {
		a := b.local(V128)
		pr.accs = append(pr.accs, a)
		off := 16 * it * c
		if c == 1 {
			b.get(pr.addr)
			b.mem(OpV128Load, 2, off)
		} else {
			b.get(pr.addr)
			b.mem(OpF32Load, 2, off)
			b.op(OpF32x4Splat)
			for ln := int64(1); ln < 4; ln++ {
				b.get(pr.addr)
				b.mem(OpF32Load, 2, off+4*c*ln)
				b.opA(OpF32x4ReplaceLane, ln)
			}
		}
		b.set(a)
	}
	r.promo = pr
	r.promoted++
	err := r.scalarLoop(l, 0, l.N, mult)
	r.promo = nil
	if err != nil {
		return err
	}
	for it, a := range pr.accs {
		off := 16 * int64(it) * c
		if c == 1 {
			b.get(pr.addr)
			b.get(a)
			b.mem(OpV128Store, 2, off)
			continue
		}
		for ln := int64(0); ln < 4; ln++ {
			b.get(pr.addr)
			b.get(a)
			b.opA(OpF32x4ExtractLane, ln)
			b.mem(OpF32Store, 2, off+4*c*ln)
		}
	}
	return nil
}

// promoted reports whether m is the promoted load or store of the
// current vector iteration, and returns its accumulator local.
func (r *kr) promotedAcc(m *kernel.Node) (int64, bool) {
	if r.promo == nil || m != r.promo.load && m != r.promo.store || r.vrun >= 0 {
		return 0, false
	}
	it := r.voff / 16
	if it < 0 || int(it) >= len(r.promo.accs) {
		return 0, false
	}
	return r.promo.accs[it], true
}
