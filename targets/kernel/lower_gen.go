package kernel

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// kgen builds one kernel by composing per-element generators: the value of
// an SSA tensor at a multi-index is emitted as scalar nodes, recursively
// from the op that defines it, down to loads of the kernel's input buffers.
// A fusion region's ops therefore all land in one loop nest.
type kgen struct {
	l       *lowerer
	b       *Builder
	ext     map[*ir.Value]int     // values read from Program buffers (fusion arguments)
	perms   map[*ir.Value][]int64 // ext values that are transposed views (lower_view.go)
	params  map[int]*Buffer       // Program buffer -> read parameter
	scalars map[*ir.Value]*Node
	// scalarsAt binds values to a node at the one index being generated
	// (the accumulator of a tiled dot in its epilogue).
	scalarsAt map[*ir.Value]*Node
	memo      map[string]memoEntry
	err       error
	// part is the part (0 real, 1 imaginary) valueAt reads of complex
	// values, which kernels see as floats with a trailing dimension of 2
	// (lower_complex.go).
	part int
}

type memoEntry struct {
	op   *ir.Op
	vals []*Node
	body *[]*Node
}

func (l *lowerer) newKgen(name string) *kgen {
	b := NewBuilder(fmt.Sprintf("k%d_%s", len(l.p.Kernels), name))
	return &kgen{l: l, b: b, ext: map[*ir.Value]int{}, params: map[int]*Buffer{}, scalars: map[*ir.Value]*Node{}, memo: map[string]memoEntry{}}
}

// fail records the first error and returns a placeholder value.
func (k *kgen) fail(err error, t ir.ElementType) *Node {
	if k.err == nil {
		k.err = err
	}
	return ConstOf(t, int64(0))
}

// input returns the read parameter for Program buffer id.
func (k *kgen) input(id int) *Buffer {
	if p, ok := k.params[id]; ok {
		return p
	}
	b := k.l.p.Buffers[id]
	e, sh := partView(b.Elem, b.Shape)
	p := k.b.Param(fmt.Sprintf("in%d", len(k.params)), e, sh, Read, id)
	k.params[id] = p
	return p
}

// finish registers the kernel and launches it.
func (k *kgen) finish(source string) {
	k.b.K.Source = source
	var args []int
	for _, p := range k.b.K.Params {
		args = append(args, p.Host)
	}
	k.l.p.Kernels = append(k.l.p.Kernels, k.b.K)
	k.l.emit(Step{Kind: Launch, Kernel: len(k.l.p.Kernels) - 1, Args: args})
}

func opSource(op *ir.Op) string { return fmt.Sprintf("%s at %s", op.Name, op.Loc) }

func kernelName(op *ir.Op) string {
	n := op.Name
	if i := strings.LastIndexByte(n, '.'); i >= 0 {
		n = n[i+1:]
	}
	return n
}

// fused lowers op (a plain op, or a zml.fusion whose region holds the ops)
// to one kernel that writes each result into a new buffer.
func (l *lowerer) fused(op *ir.Op) error {
	if op.Name == "zml.fusion" && len(op.Regions) == 1 {
		if ok, err := l.fusedPackedDot(op); ok || err != nil {
			return err
		}
		if ok, err := l.fusedDot(op); ok || err != nil {
			return err
		}
		if ok, err := l.tiledConv(op); ok || err != nil {
			return err
		}
	}
	k := l.newKgen(kernelName(op))
	outs := op.Results
	if op.Name == "zml.fusion" {
		if len(op.Regions) != 1 || op.Regions[0].Entry() == nil {
			return errorf(op, "want one region")
		}
		blk := op.Regions[0].Entry()
		if len(blk.Args) != len(op.Operands) {
			return errorf(op, "region takes %d arguments, fusion has %d operands", len(blk.Args), len(op.Operands))
		}
		for i, a := range blk.Args {
			x, err := l.valueView(op, op.Operands[i])
			if err != nil {
				return err
			}
			if x.tuple != nil {
				return errorf(op, "tuple operands are not supported")
			}
			k.bind(a, x)
		}
		term := blk.Terminator()
		if term == nil || len(term.Operands) != len(op.Results) {
			return errorf(op, "region must return %d values", len(op.Results))
		}
		outs = term.Operands
	} else {
		for _, o := range op.Operands {
			x, err := l.valueView(op, o)
			if err != nil {
				return err
			}
			if x.tuple != nil {
				return errorf(op, "tuple operands are not supported")
			}
			k.bind(o, x)
		}
	}
	ids := make([]int, len(outs))
	var ws []*Buffer
	for i, r := range op.Results {
		tt := r.Tensor()
		if tt == nil {
			return errorf(op, "result %d is not a tensor", i)
		}
		ids[i] = l.temp(tt)
		ws = append(ws, nil)
	}
	for i, r := range op.Results {
		e, sh := partView(r.Tensor().Elem, r.Tensor().Shape)
		ws[i] = k.b.Param(fmt.Sprintf("out%d", i), e, sh, Write, ids[i])
	}
	// Results of one shape share a loop nest (multi-result reduce, argmax).
	done := make([]bool, len(outs))
	for i := range outs {
		if done[i] {
			continue
		}
		shape := op.Results[i].Tensor().Shape
		group := []int{}
		for j := i; j < len(outs); j++ {
			if !done[j] && slices.Equal(op.Results[j].Tensor().Shape, shape) {
				group = append(group, j)
				done[j] = true
			}
		}
		k.outputNest(shape, func(idx []*Node) {
			for _, j := range group {
				k.storeAt(ws[j], outs[j], idx)
			}
		})
	}
	if k.err != nil {
		return k.err
	}
	k.finish(opSource(op))
	for i, r := range op.Results {
		l.env[r] = bv{buf: ids[i]}
	}
	return nil
}

// outputNest emits the loop nest over an output shape: the outermost
// non-unit dimension is a Grid loop, the innermost becomes a Vector loop
// when its body turns out straight-line.
func (k *kgen) outputNest(shape []int64, fn func(idx []*Node)) {
	grid := 0
	for grid < len(shape) && shape[grid] == 1 {
		grid++
	}
	start := len(k.b.K.Body)
	_ = start
	k.b.Nest(shape, grid+1, fn)
	k.memo = map[string]memoEntry{}
	// Vectorise the innermost serial loop of the nest just built.
	if len(k.b.K.Body) == 0 {
		return
	}
	var inner *Node
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.Kind != Loop {
			return
		}
		inner = n
		for _, c := range n.Body {
			if c.Kind == Loop {
				walk(c)
				return
			}
		}
	}
	walk(k.b.K.Body[len(k.b.K.Body)-1])
	if inner != nil && inner.Level == Serial && straightLine(inner.Body) && inner.N >= int64(k.l.t.VectorWidth) {
		inner.Level = Vector
	}
}

func straightLine(body []*Node) bool {
	for _, n := range body {
		if n.Kind == Loop || n.Kind == If || n.Kind == Barrier {
			return false
		}
	}
	return true
}

// serialNonStraightVectors makes every vector loop in body (at any depth,
// inside loops and both branches of ifs) whose own body is not straight
// line serial, so such epilogues run one element at a time.
func serialNonStraightVectors(body []*Node) {
	for _, n := range body {
		if n.Kind == Loop {
			if n.Level == Vector && !straightLine(n.Body) {
				n.Level = Serial
			}
			serialNonStraightVectors(n.Body)
		}
		if n.Kind == If {
			serialNonStraightVectors(n.Body)
			serialNonStraightVectors(n.Else)
		}
	}
}

func idxKey(op *ir.Op, idx []*Node) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%p", op)
	for _, i := range idx {
		if i.Kind == Const {
			fmt.Fprintf(&b, ",c%d", i.I)
		} else {
			fmt.Fprintf(&b, ",%p", i)
		}
	}
	return b.String()
}

// valueAt emits the element of tensor v at idx.
func (k *kgen) valueAt(v *ir.Value, idx []*Node) *Node {
	tt := v.Tensor()
	if tt == nil {
		return k.fail(fmt.Errorf("kernel lowering: value of type %s inside a kernel", v.Type), ir.I32)
	}
	if n, ok := k.scalars[v]; ok {
		return n
	}
	if n, ok := k.scalarsAt[v]; ok {
		return n
	}
	id, ok := k.ext[v]
	perm := k.perms[v]
	if !ok {
		if x, ok2 := k.l.env[v]; ok2 && x.tuple == nil {
			id, ok, perm = x.buf, true, x.perm
		}
	}
	if ok {
		if perm != nil {
			idx = viewIndex(perm, idx)
		}
		p := k.input(id)
		return k.b.Load(p, k.b.Offset(p, k.partIndex(tt, idx)))
	}
	if v.Def == nil {
		return k.fail(fmt.Errorf("kernel lowering: block argument used outside its region"), tt.Elem)
	}
	r := k.opAt(v.Def, idx)
	if k.err != nil || v.Index >= len(r) {
		return k.fail(errorf(v.Def, "internal: result %d missing", v.Index), tt.Elem)
	}
	return r[v.Index]
}

// opAt emits the elements of all results of op at idx (memoised while the
// nodes are in scope).
func (k *kgen) opAt(op *ir.Op, idx []*Node) []*Node {
	key := idxKey(op, idx) + k.partKey(op)
	if e, ok := k.memo[key]; ok && k.b.inScope(e.body) {
		return e.vals
	}
	body := k.b.cur
	vals, err := k.gen(op, idx)
	if err != nil {
		k.fail(err, ir.I32)
		vals = make([]*Node, len(op.Results))
		for i, r := range op.Results {
			e := ir.I32
			if tt := r.Tensor(); tt != nil {
				e = tt.Elem
			}
			vals[i] = ConstOf(e, int64(0))
		}
		return vals
	}
	k.memo[key] = memoEntry{op: op, vals: vals, body: body}
	return vals
}

// region evaluates a scalar region (reduce, sort, map, scatter bodies: ops
// on rank-0 tensors) on the given argument nodes and returns its results.
func (k *kgen) region(op *ir.Op, r *ir.Region, args []*Node) ([]*Node, error) {
	blk := r.Entry()
	if blk == nil || len(blk.Args) != len(args) {
		return nil, errorf(op, "region takes %d arguments, want %d", len(blk.Args), len(args))
	}
	for i, a := range blk.Args {
		tt := a.Tensor()
		if tt == nil || tt.Rank() != 0 {
			return nil, errorf(op, "region argument %d is not a rank-0 tensor", i)
		}
		if tt.Elem != args[i].Type {
			args[i] = k.b.Convert(args[i], tt.Elem)
		}
		k.scalars[a] = args[i]
	}
	for key, e := range k.memo { // the same ops on new arguments
		if e.op.Parent == blk {
			delete(k.memo, key)
		}
	}
	term := blk.Terminator()
	if term == nil {
		return nil, errorf(op, "region has no terminator")
	}
	var res []*Node
	for _, v := range term.Operands {
		if tt := v.Tensor(); tt == nil || tt.Rank() != 0 {
			return nil, errorf(op, "region must return rank-0 tensors")
		}
		res = append(res, k.valueAt(v, nil))
	}
	if k.err != nil {
		return nil, k.err
	}
	return res, nil
}
