package wasm

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/gpu"
	"github.com/zmlc/zmlc/targets/kernel"
)

// kernelSig is the type of every exported kernel (docs/RUNTIME.md, section
// 6): (args, begin, end, worker).
var kernelSig = FuncType{Params: []ValType{I32, I32, I32, I32}}

// Rendered is one kernel rendered as a Wasm function.
type Rendered struct {
	Func *Func
	// Grid is the number of workgroups the kernel's launch range has:
	// the product of its outermost chain of grid loops (1 when the
	// kernel is not one grid nest; then it runs on one worker).
	Grid int64
	// Work estimates the scalar operations of one launch, for deciding
	// whether a launch is worth spreading over the workers.
	Work int64
	// Promoted counts the reduction loops whose accumulators were kept in
	// v128 locals (promote.go).
	Promoted int
}

// kr renders one kernel.
type kr struct {
	b     *fb
	k     *kernel.Kernel
	h     *helpers
	base  []int64                // param index -> i32 local holding its address
	vals  map[*kernel.Node]int64 // scalar value -> local
	vvals map[*kernel.Node]int64 // vector mode: varying value -> v128 local
	hp    *hoistPlan
	// Vector loops: lane-0 addresses of varying loads and stores, splats
	// of uniform values, the current iteration's constant byte offset and
	// the local holding the running offset (-1 when unrolled).
	vaddr, splat map[*kernel.Node]int64
	vaoff        map[*kernel.Node]int64 // byte offsets from vaddr (memarg)
	vuni         map[*kernel.Node]bool  // uniform body values computed before the loop
	voff, vrun   int64
	work         int64
	promo        *promo // the accumulation kept in locals (promote.go)
	promoted     int
	// Strength-reduced addresses (hoist.go) and the vector loop being
	// rendered with SIMD.
	ind  map[indKey]indUse
	curV *kernel.Node
	// err is the first error of a push whose caller does not check it
	// (a value used before it is defined): renderKernel returns it, so a
	// renderer bug is a compile error, never a module missing an operand.
	err error
}

// errorf returns an error naming the kernel and its source.
func (r *kr) errorf(format string, args ...any) error {
	src := ""
	if r.k.Source != "" {
		src = " (" + r.k.Source + ")"
	}
	return fmt.Errorf("wasm target: kernel %s%s: %s", r.k.Name, src, fmt.Sprintf(format, args...))
}

// renderKernel renders k as a function named name with the kernel
// signature: it reads each buffer's address from the packed arguments, and
// runs the workgroups [begin, end) of its grid.
//
// A kernel holding narrow floats is rendered from the copy
// kernel.LegalizeNarrow makes (narrow.go); one holding math the renderer
// has no helper for from a copy legalised by targets/gpu (legalize.go).
func renderKernel(k *kernel.Kernel, name string, h *helpers) (*Rendered, error) {
	k, err := legalizeNarrow(k)
	if err != nil {
		return nil, err
	}
	if needsLegalize(k.Body) {
		k = gpu.Legalized(k, gpu.Params{Name: "wasm", HasF64: true})
	}
	kernel.Number(k)
	r := &kr{b: newFB(name, kernelSig), k: k, h: h, vals: map[*kernel.Node]int64{}, hp: planHoist(k.Body)}
	r.b.f.Export = true
	if len(k.Shared) > 0 {
		return nil, r.errorf("workgroup-shared buffers are not supported on the wasm target")
	}
	b := r.b
	const args, begin, end = 0, 1, 2
	for i, p := range k.Params {
		if _, err := valType(p.Elem); err != nil {
			return nil, r.errorf("buffer %s: %v", p.Name, err)
		}
		l := b.local(I32)
		b.get(args)
		b.mem(OpI64Load, 3, int64(8*i))
		b.op(OpI32WrapI64)
		b.set(l)
		r.base = append(r.base, l)
	}
	chain := kernel.GridChain(k.Body)
	grid := int64(1)
	for _, l := range chain {
		grid *= l.N
	}
	if len(chain) == 0 {
		// One workgroup: run the body when it is in [begin, end).
		b.get(begin)
		b.get(end)
		b.op(OpI32LtU)
		b.iff()
		if err := r.body(k.Body, 1); err != nil {
			return nil, err
		}
		b.end()
		if r.err != nil {
			return nil, r.err
		}
		return &Rendered{Func: b.f, Grid: 1, Work: r.work, Promoted: r.promoted}, nil
	}
	// for g := begin; g < end; g++ { indices of the chain from g; body }
	g := b.local(I64)
	gEnd := b.local(I64)
	b.get(begin)
	b.op(OpI64ExtendI32U)
	b.set(g)
	b.get(end)
	b.op(OpI64ExtendI32U)
	b.set(gEnd)
	b.block()
	b.get(g)
	b.get(gEnd)
	b.op(OpI64GeU)
	b.brIf(0)
	b.loop()
	stride := int64(1)
	for i := len(chain) - 1; i >= 0; i-- {
		l := chain[i]
		loc := b.local(I64)
		r.vals[l] = loc
		b.get(g)
		if stride != 1 {
			b.i64(stride)
			b.op(OpI64DivU)
		}
		if i > 0 {
			b.i64(l.N)
			b.op(OpI64RemU)
		}
		b.set(loc)
		stride *= l.N
	}
	if err := r.chainBody(k.Body, chain, grid); err != nil {
		return nil, err
	}
	b.get(g)
	b.i64(1)
	b.op(OpI64Add)
	b.tee(g)
	b.get(gEnd)
	b.op(OpI64LtU)
	b.brIf(0)
	b.end()
	b.end()
	if r.err != nil {
		return nil, r.err
	}
	return &Rendered{Func: b.f, Grid: grid, Work: r.work, Promoted: r.promoted}, nil
}

// chainBody renders body with the loops of chain bound to their indices
// (already in r.vals) instead of looping.
func (r *kr) chainBody(body []*kernel.Node, chain []*kernel.Node, mult int64) error {
	for _, n := range body {
		if len(chain) > 0 && n == chain[0] {
			if err := r.preLoop(n, mult); err != nil {
				return err
			}
			if err := r.chainBody(n.Body, chain[1:], mult); err != nil {
				return err
			}
			continue
		}
		if err := r.node(n, mult); err != nil {
			return err
		}
	}
	return nil
}

// body renders nodes in order; mult is how many times they run per launch
// (for the work estimate).
func (r *kr) body(nodes []*kernel.Node, mult int64) error {
	for _, n := range nodes {
		if err := r.node(n, mult); err != nil {
			return err
		}
	}
	return nil
}

// push pushes a value node's value.
func (r *kr) push(n *kernel.Node) error {
	if n.Kind == kernel.Const {
		return r.pushConst(n)
	}
	l, ok := r.vals[n]
	if !ok {
		err := r.errorf("internal: %%%d (%s) is used before it is defined", n.ID, n.Kind)
		if r.err == nil {
			r.err = err
		}
		return err
	}
	r.b.get(l)
	return nil
}

func (r *kr) pushConst(n *kernel.Node) error {
	switch {
	case n.Type == ir.F32:
		r.b.f32(n.F)
	case n.Type == ir.F64:
		r.b.f64(n.F)
	case is64(n.Type):
		r.b.i64(n.I)
	case n.Type == ir.I1 || n.Type.IsInteger():
		v := n.I
		if n.Type.IsUnsigned() || n.Type == ir.I1 {
			v &= 1<<n.Type.Bits() - 1
		}
		r.b.i32(v)
	default:
		return r.errorf("constant of type %s: %v", n.Type, "not supported by the wasm target")
	}
	return nil
}

// addr pushes the i32 address of element idx of buffer buf.
func (r *kr) addr(buf *kernel.Buffer, idx *kernel.Node) error {
	off, err := r.addrOff(buf, idx)
	if err != nil || off == 0 {
		return err
	}
	r.b.i32(off)
	r.b.op(OpI32Add)
	return nil
}

// addrOff pushes an i32 address and returns the byte offset to add to it
// (a memarg offset) for element idx of buffer buf.
func (r *kr) addrOff(buf *kernel.Buffer, idx *kernel.Node) (int64, error) {
	if buf.Space != kernel.Global || buf.Index >= len(r.base) || r.k.Params[buf.Index] != buf {
		return 0, r.errorf("buffer %s is not a parameter of the kernel", buf.Name)
	}
	b := r.b
	if u, ok := r.indAddr(buf, idx); ok {
		b.get(u.p.local)
		return u.off, nil
	}
	return 0, r.addrFull(buf, idx)
}

// addrFull pushes the address of element idx of buf computed from idx.
func (r *kr) addrFull(buf *kernel.Buffer, idx *kernel.Node) error {
	b := r.b
	b.get(r.base[buf.Index])
	if idx.Kind == kernel.Const {
		if off := idx.I << log2Size(buf.Elem); off != 0 {
			b.i32(off)
			b.op(OpI32Add)
		}
		return nil
	}
	if err := r.push(idx); err != nil {
		return err
	}
	b.op(OpI32WrapI64)
	if s := log2Size(buf.Elem); s > 0 {
		b.i32(s)
		b.op(OpI32Shl)
	}
	b.op(OpI32Add)
	return nil
}

// define stores the value on the stack into a new local for n.
func (r *kr) define(n *kernel.Node) error {
	t, err := valType(n.Type)
	if err != nil {
		return r.errorf("%%%d (%s): %v", n.ID, n.Kind, err)
	}
	l := r.b.local(t)
	r.b.set(l)
	r.vals[n] = l
	return nil
}

// node renders one node.
func (r *kr) node(n *kernel.Node, mult int64) error {
	b := r.b
	if r.hp.hoisted[n] {
		return nil
	}
	switch n.Kind {
	case kernel.Loop:
		if n.N <= 0 {
			return nil
		}
		if err := r.preLoop(n, mult); err != nil {
			return err
		}
		if n.Level == kernel.Vector {
			if ok, err := r.vectorLoop(n, mult); ok || err != nil {
				return err
			}
		}
		if (n.Level == kernel.Serial || n.Level == kernel.Unrolled) && r.promo == nil && r.vvals == nil {
			if pr := r.planPromote(n); pr != nil {
				return r.promoteLoop(n, pr, mult)
			}
		}
		return r.scalarLoop(n, 0, n.N, mult)
	case kernel.If:
		if err := r.push(n.Args[0]); err != nil {
			return err
		}
		b.iff()
		if err := r.body(n.Body, mult); err != nil {
			return err
		}
		if len(n.Else) > 0 {
			b.els()
			if err := r.body(n.Else, mult); err != nil {
				return err
			}
		}
		b.end()
		return nil
	case kernel.Barrier:
		return nil // one work item per workgroup on the wasm target
	case kernel.Load:
		r.work += mult
		if _, err := valType(n.Buf.Elem); err != nil {
			return r.errorf("load from %s: %v", n.Buf.Name, err)
		}
		off, err := r.addrOff(n.Buf, n.Args[0])
		if err != nil {
			return err
		}
		b.mem(loadOp(n.Buf.Elem), log2Size(n.Buf.Elem), off)
		return r.define(n)
	case kernel.Store:
		r.work += mult
		off, err := r.addrOff(n.Buf, n.Args[0])
		if err != nil {
			return err
		}
		if err := r.push(n.Args[1]); err != nil {
			return err
		}
		b.mem(storeOp(n.Buf.Elem), log2Size(n.Buf.Elem), off)
		return nil
	case kernel.Var:
		if err := r.push(n.Args[0]); err != nil {
			return err
		}
		return r.define(n)
	case kernel.Get:
		if err := r.push(n.Args[0]); err != nil {
			return err
		}
		return r.define(n)
	case kernel.Set:
		l, ok := r.vals[n.Args[0]]
		if !ok {
			return r.errorf("set of an undefined var")
		}
		if err := r.push(n.Args[1]); err != nil {
			return err
		}
		b.set(l)
		return nil
	case kernel.Const:
		return nil
	}
	r.work += mult
	if err := r.scalar(n); err != nil {
		return err
	}
	return r.define(n)
}

// scalarLoop renders loop n over the indices [from, to) one by one.
func (r *kr) scalarLoop(n *kernel.Node, from, to int64, mult int64) error {
	if to <= from {
		return nil
	}
	b := r.b
	i := b.local(I64)
	r.vals[n] = i
	b.i64(from)
	b.set(i)
	ptrs, done := r.planInduction(n, from)
	defer done()
	b.loop()
	if err := r.body(n.Body, mult*(to-from)); err != nil {
		return err
	}
	for _, p := range ptrs {
		if p.step != 0 {
			b.get(p.local)
			b.i32(p.step)
			b.op(OpI32Add)
			b.set(p.local)
		}
	}
	b.get(i)
	b.i64(1)
	b.op(OpI64Add)
	b.tee(i)
	b.i64(to)
	b.op(OpI64LtS)
	b.brIf(0)
	b.end()
	return nil
}
