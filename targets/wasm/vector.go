package wasm

import (
	"encoding/binary"
	"math"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
)

// Vector loops: a `vector` loop whose varying values are f32 (and masks
// of f32 comparisons) runs four iterations at a time on SIMD128 lanes, the
// remainder one by one. Index arithmetic stays scalar (the value of lane
// 0); a varying index must be affine in the loop index with a constant
// non-negative coefficient c: c = 1 gives v128.load/store, other c four
// lane loads or stores at constant offsets. Anything else renders the loop
// scalar. Uniform values of the body (the same in every iteration, but not
// hoisted out of the loop: loads and what depends on them, such as the
// row index a gather reads from its indices) are computed once before the
// loop, ahead of the varying indices and addresses that use them.

// vplan is the analysis of one vector loop body.
type vplan struct {
	vary map[*kernel.Node]bool  // depends on the loop index
	coef map[*kernel.Node]int64 // varying index values: d value / d index
}

func (p *vplan) varying(n *kernel.Node) bool { return p.vary[n] }

// planVector decides whether loop can be vectorised.
func planVector(loop *kernel.Node, hoisted map[*kernel.Node]bool) (*vplan, bool) {
	p := &vplan{vary: map[*kernel.Node]bool{loop: true}, coef: map[*kernel.Node]int64{loop: 1}}
	for _, m := range loop.Body {
		if hoisted[m] {
			continue
		}
		switch m.Kind {
		case kernel.Loop, kernel.If, kernel.Barrier, kernel.Var, kernel.Get, kernel.Set:
			return nil, false
		}
		vary := false
		for _, a := range m.Args {
			vary = vary || p.vary[a]
		}
		switch m.Kind {
		case kernel.Load:
			if !vary {
				continue
			}
			if c, ok := p.coef[m.Args[0]]; !ok || c < 0 || m.Buf.Elem != ir.F32 {
				return nil, false
			}
			p.vary[m] = true
			continue
		case kernel.Store:
			c, ok := p.coef[m.Args[0]]
			if !p.vary[m.Args[0]] || !ok || c < 0 || m.Buf.Elem != ir.F32 || m.Args[1].Type != ir.F32 {
				return nil, false
			}
			continue
		}
		if !vary {
			continue
		}
		p.vary[m] = true
		if m.Type == ir.Index {
			c0, c1 := p.coef[m.Args[0]], int64(0)
			if len(m.Args) > 1 {
				c1 = p.coef[m.Args[1]]
			}
			switch {
			case m.Kind == kernel.Add:
				p.coef[m] = c0 + c1
			case m.Kind == kernel.Sub:
				p.coef[m] = c0 - c1
			case m.Kind == kernel.Mul && m.Args[1].Kind == kernel.Const && p.vary[m.Args[0]]:
				p.coef[m] = c0 * m.Args[1].I
			case m.Kind == kernel.Mul && m.Args[0].Kind == kernel.Const && p.vary[m.Args[1]]:
				p.coef[m] = c1 * m.Args[0].I
			default:
				return nil, false
			}
			continue
		}
		if !vecSupported(m, p) {
			return nil, false
		}
	}
	return p, true
}

var vecOps = map[kernel.Kind]Op{
	kernel.Add: OpF32x4Add, kernel.Sub: OpF32x4Sub, kernel.Mul: OpF32x4Mul, kernel.Div: OpF32x4Div,
	kernel.Max: OpF32x4Max, kernel.Min: OpF32x4Min, kernel.Neg: OpF32x4Neg, kernel.Abs: OpF32x4Abs,
	kernel.Sqrt: OpF32x4Sqrt, kernel.EQ: OpF32x4Eq, kernel.NE: OpF32x4Ne, kernel.LT: OpF32x4Lt,
	kernel.LE: OpF32x4Le, kernel.GT: OpF32x4Gt, kernel.GE: OpF32x4Ge,
}

// vecSupported reports whether a varying value node has a SIMD form.
func vecSupported(m *kernel.Node, p *vplan) bool {
	switch m.Kind.Class() {
	case kernel.ClassBinary, kernel.ClassUnary:
		_, ok := vecOps[m.Kind]
		return ok && m.Type == ir.F32
	case kernel.ClassCompare:
		_, ok := vecOps[m.Kind]
		return ok && !m.Total && m.Args[0].Type == ir.F32
	case kernel.ClassSelect:
		return m.Type == ir.F32 && (!p.vary[m.Args[0]] || m.Args[0].Kind.Class() == kernel.ClassCompare)
	}
	return false
}

// maxUnroll is the most vector iterations a loop is unrolled into.
const maxUnroll = 32

// vectorLoop renders loop n with SIMD128 if planVector allows; ok is false
// (and nothing is emitted) otherwise. Before the loop it computes, in body
// order, every uniform value of the body, every varying index at lane 0 of
// the first iteration and the address of every varying load and store; iteration jb then adds c*jb*size bytes, as a
// constant memarg offset when the loop is unrolled (at most maxUnroll
// iterations) or from a running byte offset otherwise. Uniform values
// defined outside the loop are splatted once.
func (r *kr) vectorLoop(n *kernel.Node, mult int64) (bool, error) {
	if n.N < 4 {
		return false, nil
	}
	p, ok := planVector(n, r.hp.hoisted)
	if !ok {
		return false, nil
	}
	b := r.b
	nv := n.N / 4 * 4
	j := b.local(I64)
	b.i64(0)
	b.set(j)
	r.vals[n] = j
	r.curV = n
	defer func() { r.curV = nil }()
	r.vvals = map[*kernel.Node]int64{}
	r.vaddr = map[*kernel.Node]int64{}
	r.vaoff = map[*kernel.Node]int64{}
	r.splat = map[*kernel.Node]int64{}
	r.vuni = map[*kernel.Node]bool{}
	inBody := map[*kernel.Node]bool{}
	for _, m := range n.Body {
		inBody[m] = true
	}
	// Varying index values only the promoted accumulations use (their
	// addresses were computed before the reduction) are not computed.
	needIdx := map[*kernel.Node]bool{}
	var mark func(m *kernel.Node)
	mark = func(m *kernel.Node) {
		for _, a := range m.Args {
			if a.Type == ir.Index && p.varying(a) && !needIdx[a] {
				needIdx[a] = true
				mark(a)
			}
		}
	}
	for _, m := range n.Body {
		if r.hp.hoisted[m] || m.Type == ir.Index || r.promo != nil && r.promo.by[m] != nil {
			continue
		}
		mark(m)
	}
	for _, m := range n.Body {
		if r.hp.hoisted[m] {
			continue
		}
		switch {
		case !p.varying(m) && m.Kind != kernel.Store && m.Kind != kernel.Const && (r.promo == nil || r.promo.by[m] == nil):
			// Uniform: computed once, here, so that the varying
			// indices and addresses below may use it (n.N >= 4, so the
			// body runs at least once and this adds no access).
			if err := r.node(m, mult); err != nil {
				return true, err
			}
			r.vuni[m] = true
		case m.Type == ir.Index && p.varying(m):
			if !needIdx[m] {
				continue
			}
			if err := r.node(m, mult); err != nil {
				return true, err
			}
		case r.promo != nil && r.promo.by[m] != nil:
			if iters := n.N / 4; iters > maxUnroll {
				return true, r.errorf("internal: promoted accumulation in a rolled vector loop")
			}
		case m.Kind == kernel.Load && p.varying(m) || m.Kind == kernel.Store:
			a := b.local(I32)
			off, err := r.addrOff(m.Buf, m.Args[0])
			if err != nil {
				return true, err
			}
			b.set(a)
			r.vaddr[m] = a
			r.vaoff[m] = off
		}
		for _, a := range m.Args {
			if _, done := r.splat[a]; done || p.varying(a) || a.Kind == kernel.Const || a.Type != ir.F32 {
				continue
			}
			if _, defined := r.vals[a]; !defined || inBody[a] && !r.hp.hoisted[a] && !r.vuni[a] || !vecUse(m, a, p) {
				continue
			}
			l := b.local(V128)
			r.push(a)
			b.op(OpF32x4Splat)
			b.set(l)
			r.splat[a] = l
		}
	}
	iters := nv / 4
	if iters <= maxUnroll {
		// Last iteration first: wazero checks a memory access against the
		// bounds once per address value and skips later accesses at
		// smaller offsets from it (its known safe bounds), so the largest
		// offset goes first. The iterations are independent.
		for it := iters - 1; it >= 0; it-- {
			r.voff, r.vrun = 16*it, -1
			if err := r.vbody(n, p, mult); err != nil {
				return true, err
			}
		}
	} else {
		o := b.local(I32)
		b.i32(0)
		b.set(o)
		r.voff, r.vrun = 0, o
		b.loop()
		if err := r.vbody(n, p, mult*iters); err != nil {
			return true, err
		}
		b.get(o)
		b.i32(16)
		b.op(OpI32Add)
		b.tee(o)
		b.i32(16 * iters)
		b.op(OpI32LtS)
		b.brIf(0)
		b.end()
	}
	r.vvals, r.vaddr, r.vaoff, r.splat, r.vuni = nil, nil, nil, nil, nil
	return true, r.scalarLoop(n, nv, n.N, mult)
}

// vecUse reports whether node m uses its f32 operand a as a vector.
func vecUse(m, a *kernel.Node, p *vplan) bool {
	switch m.Kind {
	case kernel.Store:
		return m.Args[1] == a
	case kernel.Load:
		return false
	}
	return p.varying(m)
}

// vbody renders one vector iteration of loop n's body.
func (r *kr) vbody(n *kernel.Node, p *vplan, mult int64) error {
	for _, m := range n.Body {
		if err := r.vnode(m, p, mult); err != nil {
			return err
		}
	}
	return nil
}

// vaddrPush pushes the address of lane 0 of the current iteration of a
// varying load or store, and returns the constant byte offset to add (the
// iteration's, plus the access's offset from a strength-reduced pointer:
// accesses sharing one pointer keep one address value, so wazero checks
// its bounds once for the largest offset).
func (r *kr) vaddrPush(m *kernel.Node, c int64) int64 {
	b := r.b
	b.get(r.vaddr[m])
	if r.vrun >= 0 {
		b.get(r.vrun)
		if c != 1 {
			b.i32(c)
			b.op(OpI32Mul)
		}
		b.op(OpI32Add)
	}
	return r.voff*c + r.vaoff[m]
}

// vnode renders one node of a vectorised body.
func (r *kr) vnode(m *kernel.Node, p *vplan, mult int64) error {
	b := r.b
	if r.hp.hoisted[m] || r.vuni[m] || m.Type == ir.Index && p.varying(m) {
		return nil // computed before the loop
	}
	if !p.varying(m) && m.Kind != kernel.Store {
		return r.node(m, mult) // uniform
	}
	r.work += mult
	if acc, ok := r.promotedAcc(m); ok {
		if m.Kind == kernel.Store {
			if err := r.pushVec(m.Args[1], p); err != nil {
				return err
			}
			b.set(acc)
			return nil
		}
		b.get(acc)
		l := b.local(V128)
		b.set(l)
		r.vvals[m] = l
		return nil
	}
	switch m.Kind {
	case kernel.Load:
		c := p.coef[m.Args[0]]
		off := r.vaddrPush(m, c)
		if c == 1 {
			b.mem(OpV128Load, 2, off)
		} else {
			a := b.local(I32)
			b.tee(a)
			b.mem(OpF32Load, 2, off)
			b.op(OpF32x4Splat)
			for l := int64(1); l < 4; l++ {
				b.get(a)
				b.mem(OpF32Load, 2, off+4*c*l)
				b.opA(OpF32x4ReplaceLane, l)
			}
		}
	case kernel.Store:
		c := p.coef[m.Args[0]]
		off := r.vaddrPush(m, c)
		if c == 1 {
			if err := r.pushVec(m.Args[1], p); err != nil {
				return err
			}
			b.mem(OpV128Store, 2, off)
			return nil
		}
		a, v := b.local(I32), b.local(V128)
		b.set(a)
		if err := r.pushVec(m.Args[1], p); err != nil {
			return err
		}
		b.set(v)
		for l := int64(0); l < 4; l++ {
			b.get(a)
			b.get(v)
			b.opA(OpF32x4ExtractLane, l)
			b.mem(OpF32Store, 2, off+4*c*l)
		}
		return nil
	case kernel.Select:
		if err := r.pushVec(m.Args[1], p); err != nil {
			return err
		}
		if err := r.pushVec(m.Args[2], p); err != nil {
			return err
		}
		if p.varying(m.Args[0]) {
			b.get(r.vvals[m.Args[0]])
		} else {
			b.i32(0)
			if err := r.push(m.Args[0]); err != nil {
				return err
			}
			b.op(OpI32Sub, OpI32x4Splat)
		}
		b.op(OpV128Bitselect)
	default:
		for _, a := range m.Args {
			if err := r.pushVec(a, p); err != nil {
				return err
			}
		}
		b.op(vecOps[m.Kind])
	}
	l := b.local(V128)
	b.set(l)
	r.vvals[m] = l
	return nil
}

// pushVec pushes an f32 value as a v128: varying values from their vector
// local, uniform ones splatted.
func (r *kr) pushVec(n *kernel.Node, p *vplan) error {
	if p.varying(n) {
		r.b.get(r.vvals[n])
		return nil
	}
	if l, ok := r.splat[n]; ok {
		r.b.get(l)
		return nil
	}
	if n.Kind == kernel.Const {
		var v [16]byte
		for l := 0; l < 4; l++ {
			binary.LittleEndian.PutUint32(v[4*l:], math.Float32bits(float32(n.F)))
		}
		r.b.f.Body = append(r.b.f.Body, Instr{Op: OpV128Const, V: v})
		return nil
	}
	if err := r.push(n); err != nil {
		return err
	}
	r.b.op(OpF32x4Splat)
	return nil
}
