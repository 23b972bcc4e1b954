package llvm

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	zir "github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
)

// Register promotion of vector accumulators on the cpu. The tiled
// dot_general and convolution lowerings accumulate into their output:
//
//	loop serial L { ... loop vector V { out[i_r] = out[i_r] + x_r (each r) } ... }
//
// (or a chain of such additions, (out[i_r] + x_r) + y_r, or of fused
// multiply-adds, fma(y, a, fma(z, b, out[i_r])): ReduceSteps > 1),
//
// When every store inside L is such an accumulate store of one vector
// loop V (V renders as vector instructions), the buffers stored to are
// read inside L only by the paired loads, each index is a linear form of
// V's index and values defined before L, and the element sets of the
// stores are disjoint, the renderer loads each accumulator into a vector
// alloca before L, lets V read and write the alloca, and stores it back
// after L. mem2reg turns the allocas into vector registers. LICM does the
// same for scalar accesses, but for strided accumulators (a convolution's
// transposed output) it leaves one scalar per lane and shuffles them in
// and out of vectors at every step. Every element sees the same
// additions in the same order.

// maxPromoteLanes bounds the accumulator lanes of one promotion (16 ymm).
const maxPromoteLanes = 128

// linear is an index expression: sum of coef*leaf plus c, where the leaves
// are values defined before the promoted loop, or V's index (nil leaf).
type linear struct {
	coef map[*kernel.Node]int64
	c    int64
}

// promoAcc is one promoted accumulator.
type promoAcc struct {
	load, store *kernel.Node
	form        linear
	slot        value.Value // the <N x T> alloca
}

// linearOf returns x as a linear form over V's index v and nodes outside
// the set inside (nodes of L's subtree); ok is false for other forms.
func linearOf(x, v *kernel.Node, inside map[*kernel.Node]bool) (linear, bool) {
	switch {
	case x == v:
		return linear{coef: map[*kernel.Node]int64{nil: 1}}, true
	case x.Kind == kernel.Const:
		return linear{coef: map[*kernel.Node]int64{}, c: x.I}, x.Type == zir.Index
	case !inside[x]:
		return linear{coef: map[*kernel.Node]int64{x: 1}}, x.Type == zir.Index
	}
	switch x.Kind {
	case kernel.Add, kernel.Sub:
		a, ok1 := linearOf(x.Args[0], v, inside)
		b, ok2 := linearOf(x.Args[1], v, inside)
		if !ok1 || !ok2 {
			return linear{}, false
		}
		s := int64(1)
		if x.Kind == kernel.Sub {
			s = -1
		}
		for k, c := range b.coef {
			a.coef[k] += s * c
		}
		a.c += s * b.c
		return a, true
	case kernel.Mul:
		a, ok1 := linearOf(x.Args[0], v, inside)
		b, ok2 := linearOf(x.Args[1], v, inside)
		if !ok1 || !ok2 {
			return linear{}, false
		}
		if len(a.coef) > 0 && len(b.coef) > 0 {
			return linear{}, false
		}
		if len(a.coef) == 0 {
			a, b = b, a
		}
		for k := range a.coef {
			a.coef[k] *= b.c
		}
		a.c *= b.c
		return a, true
	}
	return linear{}, false
}

// sameLeaves reports whether a and b have the same non-zero coefficients.
func sameLeaves(a, b linear) bool {
	for k, c := range a.coef {
		if c != 0 && b.coef[k] != c {
			return false
		}
	}
	for k, c := range b.coef {
		if c != 0 && a.coef[k] != c {
			return false
		}
	}
	return true
}

// maxChain bounds the additions between an accumulator's load and its
// store (ReduceSteps).
const maxChain = 8

// accumulated returns the load of store s's element that s's value adds
// to, or nil: the value is a chain of at most maxChain Adds (either
// operand) and Fmas (the addend) inside V, ending at a load of the same
// buffer and index — acc + p, (acc + p0) + p1, fma(y1, a1, fma(y0, a0,
// acc)).
func accumulated(s *kernel.Node, inV map[*kernel.Node]bool) *kernel.Node {
	isAcc := func(a *kernel.Node) bool {
		return a.Kind == kernel.Load && a.Buf == s.Buf && a.Args[0] == s.Args[0] && inV[a]
	}
	x := s.Args[1]
	for range maxChain {
		if !inV[x] {
			return nil
		}
		var next []*kernel.Node
		switch x.Kind {
		case kernel.Add:
			next = x.Args
		case kernel.Fma:
			next = x.Args[2:]
		default:
			return nil
		}
		var deeper *kernel.Node
		for _, a := range next {
			if isAcc(a) {
				return a
			}
			if inV[a] && (a.Kind == kernel.Add || a.Kind == kernel.Fma) {
				deeper = a
			}
		}
		if deeper == nil {
			return nil
		}
		x = deeper
	}
	return nil
}

// planPromote returns the accumulators of serial loop l to promote, or nil.
func planPromote(l *kernel.Node) []*promoAcc {
	inside := map[*kernel.Node]bool{l: true}
	var stores, loads []*kernel.Node
	var v *kernel.Node
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
			case kernel.Store, kernel.Set:
				if n.Kind == kernel.Set || n.Buf.Space != kernel.Global {
					ok = false
				}
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
	if !ok || len(stores) == 0 || v == nil || v == l || v.Level != kernel.Vector || !vectorizable(v) ||
		v.N*int64(len(stores)) > maxPromoteLanes {
		return nil
	}
	inV := map[*kernel.Node]bool{}
	for _, n := range v.Body {
		inV[n] = true
	}
	stored := map[*kernel.Buffer]bool{}
	var accs []*promoAcc
	paired := map[*kernel.Node]bool{}
	for _, s := range stores {
		stored[s.Buf] = true
		// The stored value must add to a load of the same element in V.
		ld := accumulated(s, inV)
		if ld == nil || paired[ld] {
			return nil
		}
		paired[ld] = true
		f, ok := linearOf(s.Args[0], v, inside)
		if !ok || f.coef[nil] == 0 {
			return nil
		}
		accs = append(accs, &promoAcc{load: ld, store: s, form: f})
	}
	for _, ld := range loads {
		if stored[ld.Buf] && !paired[ld] {
			return nil
		}
	}
	// Disjoint element sets: the same leaves (stride s on V's index) and
	// constants c_i, c_j whose difference is not s*t for a lane distance t.
	for i, a := range accs {
		for _, b := range accs[:i] {
			if a.store.Buf != b.store.Buf {
				continue
			}
			if !sameLeaves(a.form, b.form) {
				return nil
			}
			d, s := a.form.c-b.form.c, a.form.coef[nil]
			if d == 0 || s == 0 || d%s == 0 && d/s > -v.N && d/s < v.N {
				return nil
			}
		}
	}
	return accs
}

// promotedLoop renders serial loop l with its accumulators promoted; ok
// is false when planPromote finds none.
func (r *fn) promotedLoop(l *kernel.Node) (ok bool, err error) {
	if l.Level != kernel.Serial || r.m.Target.Arch != CPU || l.N < 2 || len(r.promoted) > 0 || r.noPromote[l] {
		return false, nil
	}
	accs := planPromote(l)
	if accs == nil {
		return false, nil
	}
	var vloop *kernel.Node
	for n := range r.loopsOf(l) {
		for _, b := range n.Body {
			if b == accs[0].store {
				vloop = n
			}
		}
	}
	if vloop == nil || !r.rendersVector(vloop) {
		return false, nil
	}
	v := &vec{r: r, n: int(vloop.N), lanes: map[*kernel.Node]*lane{}}
	idx := make([]*kernel.Node, len(accs))
	for i, a := range accs {
		// The index before l: a proxy node with the lane form of a.form.
		base := value.Value(i64c(a.form.c))
		for leaf, c := range a.form.coef {
			if leaf == nil || c == 0 {
				continue
			}
			x, err := r.val(leaf)
			if err != nil {
				return true, err
			}
			base = addI(r.cur, base, mulI(r.cur, x, c))
		}
		p := &kernel.Node{Kind: kernel.Get, Type: zir.Index}
		v.lanes[p] = &lane{kind: affine, stride: a.form.coef[nil], base: base}
		idx[i] = p
		vt := v.vt(a.load.Buf.Elem)
		slot := ir.NewAlloca(vt)
		r.entry.Insts = append([]ir.Instruction{slot}, r.entry.Insts...)
		a.slot = slot
		ld := &kernel.Node{Kind: kernel.Load, Type: a.load.Type, Buf: a.load.Buf, Args: []*kernel.Node{p}}
		if err := v.load(ld); err != nil {
			return true, err
		}
		x, err := v.vector(ld)
		if err != nil {
			return true, err
		}
		r.cur.NewStore(x, slot)
		r.promoted[a.load], r.promoted[a.store] = a, a
	}
	// Render l as a plain serial loop (promotedLoop is not asked again).
	r.noPromote[l] = true
	err = r.loop(l)
	delete(r.noPromote, l)
	for _, a := range accs {
		delete(r.promoted, a.load)
		delete(r.promoted, a.store)
	}
	if err != nil {
		return true, err
	}
	for i, a := range accs {
		x := r.cur.NewLoad(v.vt(a.load.Buf.Elem), a.slot)
		val := &kernel.Node{Kind: kernel.Get, Type: a.load.Type}
		v.lanes[val] = &lane{kind: varying, vec: x}
		st := &kernel.Node{Kind: kernel.Store, Buf: a.store.Buf, Args: []*kernel.Node{idx[i], val}}
		if err := v.store(st); err != nil {
			return true, err
		}
	}
	return true, nil
}

// loopsOf yields the loops of l's subtree.
func (r *fn) loopsOf(l *kernel.Node) map[*kernel.Node]bool {
	out := map[*kernel.Node]bool{}
	var walk func(body []*kernel.Node)
	walk = func(body []*kernel.Node) {
		for _, n := range body {
			if n.Kind == kernel.Loop {
				out[n] = true
			}
			walk(n.Body)
			walk(n.Else)
		}
	}
	walk(l.Body)
	return out
}

// promotedAccess renders a load or store of a promoted accumulator in a
// vector loop; ok is false for other nodes.
func (v *vec) promotedAccess(n *kernel.Node) (ok bool, err error) {
	a, found := v.r.promoted[n]
	if !found {
		return false, nil
	}
	vt := v.vt(n.Buf.Elem)
	if n.Kind == kernel.Load {
		v.lanes[n] = &lane{kind: varying, vec: v.r.cur.NewLoad(vt, a.slot)}
		return true, nil
	}
	x, err := v.vector(n.Args[1])
	if err != nil {
		return true, err
	}
	v.r.cur.NewStore(x, a.slot)
	return true, nil
}
