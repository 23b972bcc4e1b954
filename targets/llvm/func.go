package llvm

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	zir "github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
)

// fn renders one kernel body into an LLVM function.
type fn struct {
	m      *Module
	k      *kernel.Kernel
	f      *ir.Func
	entry  *ir.Block // allocas go here
	cur    *ir.Block
	nblk   int
	vals   map[*kernel.Node]value.Value
	vars   map[*kernel.Node]value.Value // Var -> its alloca
	bases  map[*kernel.Buffer]value.Value
	global types.AddrSpace // address space of parameter buffers

	// promoted maps the accumulate loads and stores of the serial loop
	// being rendered with promoted accumulators (promote.go) to them;
	// noPromote marks that loop while its body renders.
	promoted  map[*kernel.Node]*promoAcc
	noPromote map[*kernel.Node]bool
}

func newFn(m *Module, k *kernel.Kernel, f *ir.Func) *fn {
	r := &fn{m: m, k: k, f: f, vals: map[*kernel.Node]value.Value{}, vars: map[*kernel.Node]value.Value{}, bases: map[*kernel.Buffer]value.Value{},
		promoted: map[*kernel.Node]*promoAcc{}, noPromote: map[*kernel.Node]bool{}}
	r.entry = f.NewBlock("entry")
	r.cur = r.entry
	return r
}

// block returns a new basic block (appended to the function).
func (r *fn) block(hint string) *ir.Block {
	r.nblk++
	return r.f.NewBlock(fmt.Sprintf("%s%d", hint, r.nblk))
}

func i64c(v int64) *constant.Int { return constant.NewInt(types.I64, v) }

// checkTypes rejects buffers of element types the targets cannot hold.
func checkTypes(k *kernel.Kernel) error {
	for _, b := range append(append([]*kernel.Buffer{}, k.Params...), k.Shared...) {
		if _, err := memType(b.Elem); err != nil {
			return fmt.Errorf("buffer %s: %v", b.Name, err)
		}
	}
	return nil
}

// renderCPU renders rk.Kernel as `void sym(i64* args, i64 begin, i64 end)`
// running the workgroups [begin, end) of its grid chain. The exported
// function loads the buffer addresses and calls the body, an internal
// always-inlined `sym.body(T* noalias p0, ..., i64 begin, i64 end)`:
// distinct Program buffers never overlap, and LLVM turns the noalias
// parameters into alias scopes when it inlines the body, so loads of one
// buffer are not ordered against stores to another (LICM keeps
// accumulators in registers, loops vectorise).
func (m *Module) renderCPU(rk *Kernel) error {
	k := legalizeF8(legalizedCPU(rk.Kernel))
	if err := checkTypes(k); err != nil {
		return err
	}
	args := ir.NewParam("args", types.NewPointer(types.I64))
	begin := ir.NewParam("begin", types.I64)
	end := ir.NewParam("end", types.I64)
	outer := m.IR.NewFunc(rk.Symbol, types.Void, args, begin, end)
	outer.FuncAttrs = append(outer.FuncAttrs, enum.FuncAttrNoUnwind)
	hosts := map[int]int{}
	for _, p := range k.Params {
		hosts[p.Host]++
	}
	var params []*ir.Param
	for i, p := range k.Params {
		mt, _ := memType(p.Elem)
		q := ir.NewParam(fmt.Sprintf("p%d", i), types.NewPointer(mt))
		if hosts[p.Host] == 1 {
			q.Attrs = append(q.Attrs, enum.ParamAttrNoAlias)
		}
		params = append(params, q)
	}
	begin, end = ir.NewParam("begin", types.I64), ir.NewParam("end", types.I64)
	f := m.IR.NewFunc(rk.Symbol+".body", types.Void, append(params, begin, end)...)
	f.Linkage = enum.LinkageInternal
	f.FuncAttrs = append(f.FuncAttrs, enum.FuncAttrNoUnwind, enum.FuncAttrAlwaysInline)
	call := []value.Value{}
	entry := outer.NewBlock("entry")
	for i := range k.Params {
		slot := entry.NewGetElementPtr(types.I64, args, i64c(int64(i)))
		addr := entry.NewLoad(types.I64, slot)
		call = append(call, entry.NewIntToPtr(addr, params[i].Typ))
	}
	entry.NewCall(f, append(call, outer.Params[1], outer.Params[2])...)
	entry.NewRet(nil)
	r := newFn(m, k, f)
	for i, p := range k.Params {
		r.bases[p] = params[i]
	}
	if err := r.sharedBases(k); err != nil {
		return err
	}
	chain := kernel.GridChain(k.Body)
	grid := int64(1)
	for _, l := range chain {
		grid *= l.N
	}
	rk.Grid = grid
	if len(chain) == 0 {
		then, done := r.block("body"), r.block("done")
		r.cur.NewCondBr(r.cur.NewICmp(enum.IPredSLT, begin, end), then, done)
		r.cur = then
		if err := r.body(k.Body); err != nil {
			return err
		}
		r.cur.NewBr(done)
		done.NewRet(nil)
		return nil
	}
	// for g := begin; g < end; g++ { chain indices from g; body }
	pre := r.cur
	head, exit := r.block("grid"), r.block("exit")
	pre.NewCondBr(pre.NewICmp(enum.IPredSLT, begin, end), head, exit)
	r.cur = head
	g := head.NewPhi(ir.NewIncoming(begin, pre))
	stride := int64(1)
	for i := len(chain) - 1; i >= 0; i-- {
		var v value.Value = g
		if stride != 1 {
			v = r.cur.NewSDiv(v, i64c(stride))
		}
		if i > 0 {
			v = r.cur.NewSRem(v, i64c(chain[i].N))
		}
		r.vals[chain[i]] = v
		stride *= chain[i].N
	}
	if err := r.chainBody(k.Body, chain); err != nil {
		return err
	}
	next := r.cur.NewAdd(g, i64c(1))
	g.Incs = append(g.Incs, ir.NewIncoming(next, r.cur))
	r.cur.NewCondBr(r.cur.NewICmp(enum.IPredSLT, next, end), head, exit)
	exit.NewRet(nil)
	return nil
}

// chainBody renders body with the loops of chain bound to their indices.
func (r *fn) chainBody(body []*kernel.Node, chain []*kernel.Node) error {
	for _, n := range body {
		if len(chain) > 0 && n == chain[0] {
			if err := r.chainBody(n.Body, chain[1:]); err != nil {
				return err
			}
			continue
		}
		if err := r.node(n); err != nil {
			return err
		}
	}
	return nil
}

// body renders nodes in order.
func (r *fn) body(nodes []*kernel.Node) error {
	for _, n := range nodes {
		if err := r.node(n); err != nil {
			return err
		}
	}
	return nil
}

// val returns the LLVM value of a value node.
func (r *fn) val(n *kernel.Node) (value.Value, error) {
	if n.Kind == kernel.Const {
		return r.constant(n)
	}
	v, ok := r.vals[n]
	if !ok {
		return nil, fmt.Errorf("%s node used before it is defined", n.Kind)
	}
	return v, nil
}

// constant returns the LLVM constant of a Const node.
func (r *fn) constant(n *kernel.Node) (value.Value, error) {
	switch n.Type {
	case zir.F32:
		return constant.NewFloat(types.Float, float64(float32(n.F))), nil
	case zir.F64:
		return constant.NewFloat(types.Double, n.F), nil
	case zir.F16, zir.BF16:
		return constant.NewInt(types.I16, int64(int16(uint16(zir.FloatBits(n.F, n.Type))))), nil
	}
	t, err := regType(n.Type)
	if err != nil {
		return nil, err
	}
	it := t.(*types.IntType)
	v := n.I
	if b := int(it.BitSize); b < 64 {
		// Sign-extend the low bits: llir prints the value as given.
		v = v << (64 - b) >> (64 - b)
	}
	if it == types.I1 {
		return constant.NewBool(n.I&1 != 0), nil
	}
	return constant.NewInt(it, v), nil
}

// node renders one node.
func (r *fn) node(n *kernel.Node) error {
	switch n.Kind {
	case kernel.Loop:
		return r.loop(n)
	case kernel.If:
		return r.ifNode(n)
	case kernel.Barrier:
		return r.barrier()
	case kernel.Load:
		return r.load(n)
	case kernel.Store:
		return r.store(n)
	case kernel.Var:
		t, err := regType(n.Type)
		if err != nil {
			return err
		}
		init, err := r.val(n.Args[0])
		if err != nil {
			return err
		}
		a := ir.NewAlloca(t)
		if r.m.Target.Arch == AMDGPU {
			a.AddrSpace = 5
			pt := types.NewPointer(t)
			pt.AddrSpace = 5
			a.Typ = pt
		}
		r.entry.Insts = append([]ir.Instruction{a}, r.entry.Insts...)
		r.vars[n] = a
		r.cur.NewStore(init, a)
		return nil
	case kernel.Get:
		a, ok := r.vars[n.Args[0]]
		if !ok {
			return fmt.Errorf("get of an undefined var")
		}
		r.vals[n] = r.cur.NewLoad(mustReg(n.Type), a)
		return nil
	case kernel.Set:
		a, ok := r.vars[n.Args[0]]
		if !ok {
			return fmt.Errorf("set of an undefined var")
		}
		v, err := r.val(n.Args[1])
		if err != nil {
			return err
		}
		r.cur.NewStore(v, a)
		return nil
	case kernel.Const:
		return nil
	case kernel.Fma:
		v, err := r.fma(n)
		r.vals[n] = v
		return err
	}
	if v, ok, err := r.foldDiv(n); ok || err != nil {
		r.vals[n] = v
		return err
	}
	v, err := r.scalar(n)
	if err != nil {
		return err
	}
	r.vals[n] = v
	return nil
}

// loop renders a counted loop (GPU grid and workgroup loops are handled by
// the GPU renderer before they get here).
func (r *fn) loop(n *kernel.Node) error {
	if idx, ok, err := r.gpuIndex(n); ok || err != nil {
		if err != nil {
			return err
		}
		r.vals[n] = idx
		return r.body(n.Body)
	}
	if ok, err := r.promotedLoop(n); ok || err != nil {
		return err
	}
	if ok, err := r.vectorLoop(n); ok || err != nil {
		return err
	}
	if ok, err := r.unrolled(n); ok || err != nil {
		return err
	}
	switch {
	case n.N <= 0:
		return nil
	case n.N == 1:
		r.vals[n] = i64c(0)
		return r.body(n.Body)
	}
	pre := r.cur
	head, exit := r.block("loop"), r.block("after")
	pre.NewBr(head)
	r.cur = head
	i := head.NewPhi(ir.NewIncoming(i64c(0), pre))
	r.vals[n] = i
	if err := r.body(n.Body); err != nil {
		return err
	}
	next := r.cur.NewAdd(i, i64c(1))
	i.Incs = append(i.Incs, ir.NewIncoming(next, r.cur))
	r.cur.NewCondBr(r.cur.NewICmp(enum.IPredSLT, next, i64c(n.N)), head, exit)
	r.cur = exit
	return nil
}

func (r *fn) ifNode(n *kernel.Node) error {
	c, err := r.val(n.Args[0])
	if err != nil {
		return err
	}
	then, els, done := r.block("then"), r.block("else"), r.block("endif")
	r.cur.NewCondBr(c, then, els)
	r.cur = then
	if err := r.body(n.Body); err != nil {
		return err
	}
	r.cur.NewBr(done)
	r.cur = els
	if err := r.body(n.Else); err != nil {
		return err
	}
	r.cur.NewBr(done)
	r.cur = done
	return nil
}

// addr returns the address of element idx of buffer b.
func (r *fn) addr(b *kernel.Buffer, idxNode *kernel.Node) (value.Value, types.Type, error) {
	base, ok := r.bases[b]
	if !ok {
		return nil, nil, fmt.Errorf("buffer %s is not a parameter or shared buffer of the kernel", b.Name)
	}
	idx, err := r.val(idxNode)
	if err != nil {
		return nil, nil, err
	}
	mt, _ := memType(b.Elem)
	return r.cur.NewGetElementPtr(mt, base, idx), mt, nil
}

func (r *fn) load(n *kernel.Node) error {
	p, mt, err := r.addr(n.Buf, n.Args[0])
	if err != nil {
		return err
	}
	ld := r.cur.NewLoad(mt, p)
	ld.Align = ir.Align(n.Buf.Elem.ByteSize())
	var v value.Value = ld
	if rt := mustReg(n.Buf.Elem); !rt.Equal(mt) {
		if rt == types.I1 {
			v = r.cur.NewICmp(enum.IPredNE, v, constant.NewInt(types.I8, 0))
		} else {
			v = r.cur.NewTrunc(v, rt)
		}
	}
	r.vals[n] = v
	return nil
}

func (r *fn) store(n *kernel.Node) error {
	p, mt, err := r.addr(n.Buf, n.Args[0])
	if err != nil {
		return err
	}
	v, err := r.val(n.Args[1])
	if err != nil {
		return err
	}
	if rt := mustReg(n.Buf.Elem); !rt.Equal(mt) {
		if n.Buf.Elem.IsSigned() {
			v = r.cur.NewSExt(v, mt)
		} else {
			v = r.cur.NewZExt(v, mt)
		}
	}
	st := r.cur.NewStore(v, p)
	st.Align = ir.Align(n.Buf.Elem.ByteSize())
	return nil
}
