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

// The cpu renderer turns kernel IR loops into code the FMA units reach:
//
//   - a Vector loop of at most maxVectorLanes iterations becomes LLVM
//     vector instructions of that many lanes (<16 x float>, split by the
//     backend into registers): lane-contiguous loads and stores become
//     vector loads and stores, values not depending on the lane index stay
//     scalar (splat where a vector needs them), other addresses are
//     gathered or scattered lane by lane;
//   - an Unrolled loop of at most maxUnroll iterations is expanded, so the
//     indices inside it are constants;
//   - a small Shared buffer (per-grid-iteration scratch on the cpu) is an
//     alloca, which SROA promotes to registers when every access has a
//     constant index (the packed GEMM's accumulators: 12 ymm registers);
//     a large one is a thread-local global.
const (
	maxVectorLanes = 64
	maxUnroll      = 16
	maxAllocaBytes = 16 << 10
)

// sharedBases gives every Shared buffer of k a base address: an alloca in
// the entry block (small) or an internal thread-local global (large,
// zero-initialised .tbss), aligned to 64 bytes.
func (r *fn) sharedBases(k *kernel.Kernel) error {
	for _, s := range k.Shared {
		mt, err := memType(s.Elem)
		if err != nil {
			return err
		}
		at := types.NewArray(uint64(max(s.Len(), 1)), mt)
		var arr value.Value
		if s.Len()*int64(s.Elem.ByteSize()) <= maxAllocaBytes {
			a := ir.NewAlloca(at)
			a.Align = 64
			r.entry.Insts = append([]ir.Instruction{a}, r.entry.Insts...)
			arr = a
		} else {
			g := r.m.IR.NewGlobalDef(fmt.Sprintf("%s_%s%d", r.f.Name(), kernel.SymbolName(s.Name), s.Index), constant.NewZeroInitializer(at))
			g.Linkage = enum.LinkageInternal
			g.TLSModel = enum.TLSModelGeneric
			g.Align = 64
			arr = g
		}
		r.bases[s] = r.entry.NewGetElementPtr(at, arr, i64c(0), i64c(0))
	}
	return nil
}

// unrolled renders a small Unrolled loop as copies of its body, one per
// index value; ok is false for other loops.
func (r *fn) unrolled(n *kernel.Node) (ok bool, err error) {
	if n.Level != kernel.Unrolled || n.N <= 1 || n.N > maxUnroll || r.m.Target.Arch != CPU {
		return false, nil
	}
	for i := int64(0); i < n.N; i++ {
		r.vals[n] = i64c(i)
		if err := r.body(n.Body); err != nil {
			return true, err
		}
	}
	return true, nil
}

// lane is how a value of a vector loop's body varies with the lane index.
type lane struct {
	kind   laneKind
	stride int64       // affine: value = base + stride*lane
	base   value.Value // affine: the value at lane 0 (an i64)
	vec    value.Value // vector: the <N x T> value
}

type laneKind uint8

const (
	uniform laneKind = iota // the same in every lane: r.vals holds it
	affine                  // index base + stride*lane
	varying                 // a vector value
)

// vectorizable reports whether the body of Vector loop n can be rendered
// as vector instructions: straight-line loads, stores and the element
// types and operations vecOp handles.
func vectorizable(n *kernel.Node) bool {
	if n.N < 2 || n.N > maxVectorLanes {
		return false
	}
	for _, b := range n.Body {
		switch b.Kind {
		case kernel.Load, kernel.Store:
			if !vecElem(b.Buf.Elem) {
				return false
			}
			continue
		case kernel.Add, kernel.Sub, kernel.Mul, kernel.And, kernel.Or, kernel.Xor, kernel.Select, kernel.Fma,
			kernel.EQ, kernel.NE, kernel.LT, kernel.LE, kernel.GT, kernel.GE:
		case kernel.Div, kernel.Rem:
			if c := b.Args[1]; !b.Type.IsFloat() && (b.Type != zir.Index || c.Kind != kernel.Const || c.I <= 0) ||
				b.Kind == kernel.Rem && b.Type.IsFloat() {
				return false
			}
		case kernel.Max, kernel.Min:
			if !b.Type.IsInteger() && b.Type != zir.Index {
				return false
			}
		case kernel.Convert:
			if !sameReg(b.Args[0].Type, b.Type) {
				return false
			}
		default:
			return false
		}
		if b.Total || !vecElem(b.Type) && b.Type != zir.I1 && b.Type != zir.Index {
			return false
		}
		for _, a := range b.Args {
			if !vecElem(a.Type) && a.Type != zir.I1 && a.Type != zir.Index {
				return false
			}
		}
	}
	return true
}

// sameReg reports whether a convert from a to b is the identity on
// registers (index and i64, i32 and ui32 of one width are one LLVM type).
func sameReg(a, b zir.ElementType) bool {
	ra, err1 := regType(a)
	rb, err2 := regType(b)
	return err1 == nil && err2 == nil && ra.Equal(rb) && (a.IsInteger() || a == zir.Index) && (b.IsInteger() || b == zir.Index)
}

// rendersVector reports whether vectorLoop renders loop n as vector
// instructions (promotedLoop relies on it: the promoted accumulators are
// read and written only there).
func (r *fn) rendersVector(n *kernel.Node) bool {
	return n.Level == kernel.Vector && r.m.Target.Arch == CPU && vectorizable(n)
}

// vecElem reports whether values of e live in registers as in memory.
func vecElem(e zir.ElementType) bool {
	switch e {
	case zir.F32, zir.F64, zir.I32, zir.I64, zir.UI32, zir.UI64:
		return true
	}
	return false
}

// vectorLoop renders Vector loop n as vector instructions; ok is false
// when it cannot (the caller renders a scalar loop).
func (r *fn) vectorLoop(n *kernel.Node) (ok bool, err error) {
	if !r.rendersVector(n) {
		return false, nil
	}
	v := &vec{r: r, n: int(n.N), loop: n, lanes: map[*kernel.Node]*lane{n: {kind: affine, stride: 1, base: i64c(0)}}}
	for _, b := range n.Body {
		if err := v.node(b); err != nil {
			return true, err
		}
	}
	return true, nil
}

// vec renders one vector loop body.
type vec struct {
	r     *fn
	n     int
	loop  *kernel.Node // the vector loop (nil: a promotion's accesses)
	lanes map[*kernel.Node]*lane
}

func (v *vec) of(x *kernel.Node) *lane {
	if l, ok := v.lanes[x]; ok {
		return l
	}
	return &lane{kind: uniform}
}

// vt returns the vector type of element type e.
func (v *vec) vt(e zir.ElementType) *types.VectorType {
	return types.NewVector(uint64(v.n), mustReg(e))
}

// vector returns x as a <N x T> value: splatted when uniform, base +
// stride*<0..N-1> when affine.
func (v *vec) vector(x *kernel.Node) (value.Value, error) {
	l := v.of(x)
	switch l.kind {
	case varying:
		return l.vec, nil
	case affine:
		steps := make([]constant.Constant, v.n)
		for i := range steps {
			steps[i] = i64c(l.stride * int64(i))
		}
		return v.r.cur.NewAdd(v.splat(l.base, x.Type), constant.NewVector(v.vt(zir.Index), steps...)), nil
	}
	s, err := v.r.val(x)
	if err != nil {
		return nil, err
	}
	return v.splat(s, x.Type), nil
}

// splat broadcasts scalar s of type e to every lane.
func (v *vec) splat(s value.Value, e zir.ElementType) value.Value {
	one := types.NewVector(1, mustReg(e))
	ins := v.r.cur.NewInsertElement(constant.NewUndef(one), s, constant.NewInt(types.I32, 0))
	mask := make([]constant.Constant, v.n)
	for i := range mask {
		mask[i] = constant.NewInt(types.I32, 0)
	}
	return v.r.cur.NewShuffleVector(ins, constant.NewUndef(one), constant.NewVector(types.NewVector(uint64(v.n), types.I32), mask...))
}

// laneIndex returns lane i's value of index x (affine or varying).
func (v *vec) laneIndex(x *kernel.Node, i int) value.Value {
	l := v.of(x)
	if l.kind == affine {
		return addI(v.r.cur, l.base, i64c(l.stride*int64(i)))
	}
	return v.r.cur.NewExtractElement(l.vec, constant.NewInt(types.I32, int64(i)))
}

// addI and mulI build i64 arithmetic, folding constants.
func addI(b *ir.Block, x, y value.Value) value.Value {
	cx, ok1 := x.(*constant.Int)
	cy, ok2 := y.(*constant.Int)
	switch {
	case ok1 && ok2:
		return i64c(cx.X.Int64() + cy.X.Int64())
	case ok2 && cy.X.Sign() == 0:
		return x
	case ok1 && cx.X.Sign() == 0:
		return y
	}
	return b.NewAdd(x, y)
}

func mulI(b *ir.Block, x value.Value, c int64) value.Value {
	if cx, ok := x.(*constant.Int); ok {
		return i64c(cx.X.Int64() * c)
	}
	if c == 1 {
		return x
	}
	return b.NewMul(x, i64c(c))
}

// node renders one body node.
func (v *vec) node(n *kernel.Node) error {
	r := v.r
	if ok, err := v.promotedAccess(n); ok || err != nil {
		return err
	}
	dep := false
	for _, a := range n.Args {
		if v.of(a).kind != uniform {
			dep = true
		}
	}
	if !dep && n.Kind != kernel.Store {
		return r.node(n)
	}
	switch n.Kind {
	case kernel.Add, kernel.Sub, kernel.Mul:
		if n.Type == zir.Index {
			x, y := v.of(n.Args[0]), v.of(n.Args[1])
			if x.kind != varying && y.kind != varying {
				if l, ok, err := v.affine(n, x, y); ok || err != nil {
					if l != nil {
						v.lanes[n] = l
					}
					return err
				}
			}
		}
	case kernel.Convert:
		// Same register type (index and i64): the value as it is.
		v.lanes[n] = v.of(n.Args[0])
		return nil
	case kernel.Div, kernel.Rem:
		if l := v.divLane(n, v.of(n.Args[0])); l != nil {
			v.lanes[n] = l
			return nil
		}
	case kernel.Load:
		return v.load(n)
	case kernel.Store:
		return v.store(n)
	case kernel.Fma:
		var args []value.Value
		for _, a := range n.Args {
			x, err := v.vector(a)
			if err != nil {
				return err
			}
			args = append(args, x)
		}
		vt := v.vt(n.Type)
		f := r.m.decl(fmt.Sprintf("llvm.fma.v%d%s", v.n, suffixOf(n.Type)), vt, vt, vt, vt)
		v.lanes[n] = &lane{kind: varying, vec: r.cur.NewCall(f, args...)}
		return nil
	}
	// Any other operation on vectors: r.scalar's instructions work on
	// vector operands; its operands are proxies holding the vectors.
	c := *n
	c.Args = make([]*kernel.Node, len(n.Args))
	for i, a := range n.Args {
		x, err := v.vector(a)
		if err != nil {
			return err
		}
		p := &kernel.Node{Kind: kernel.Get, Type: a.Type}
		r.vals[p] = x
		c.Args[i] = p
	}
	x, err := r.scalar(&c)
	if err != nil {
		return err
	}
	v.lanes[n] = &lane{kind: varying, vec: x}
	return nil
}

// affine combines affine or uniform index operands; ok is false when the
// result is not affine (a product of two lane-dependent values or by a
// non-constant).
func (v *vec) affine(n *kernel.Node, x, y *lane) (*lane, bool, error) {
	r := v.r
	base := func(a *kernel.Node, l *lane) (value.Value, error) {
		if l.kind == affine {
			return l.base, nil
		}
		return r.val(a)
	}
	bx, err := base(n.Args[0], x)
	if err != nil {
		return nil, true, err
	}
	by, err := base(n.Args[1], y)
	if err != nil {
		return nil, true, err
	}
	sx, sy := x.stride, y.stride
	if x.kind == uniform {
		sx = 0
	}
	if y.kind == uniform {
		sy = 0
	}
	switch n.Kind {
	case kernel.Add:
		return &lane{kind: affine, stride: sx + sy, base: addI(r.cur, bx, by)}, true, nil
	case kernel.Sub:
		return &lane{kind: affine, stride: sx - sy, base: r.cur.NewSub(bx, by)}, true, nil
	}
	// Mul: one side a constant.
	if c := n.Args[1]; c.Kind == kernel.Const && x.kind == affine {
		return &lane{kind: affine, stride: sx * c.I, base: mulI(r.cur, bx, c.I)}, true, nil
	}
	if c := n.Args[0]; c.Kind == kernel.Const && y.kind == affine {
		return &lane{kind: affine, stride: sy * c.I, base: mulI(r.cur, by, c.I)}, true, nil
	}
	return nil, false, nil
}

// ptr returns the address of element idx of b, as a pointer to t.
func (v *vec) ptr(b *kernel.Buffer, idx value.Value, t types.Type) (value.Value, error) {
	base, ok := v.r.bases[b]
	if !ok {
		return nil, fmt.Errorf("buffer %s is not a parameter or shared buffer of the kernel", b.Name)
	}
	mt, _ := memType(b.Elem)
	p := v.r.cur.NewGetElementPtr(mt, base, idx)
	if t.Equal(mt) {
		return p, nil
	}
	return v.r.cur.NewBitCast(p, types.NewPointer(t)), nil
}

func (v *vec) load(n *kernel.Node) error {
	r := v.r
	l := v.of(n.Args[0])
	mt := mustReg(n.Buf.Elem)
	align := ir.Align(n.Buf.Elem.ByteSize())
	switch {
	case l.kind == affine && l.stride == 0:
		p, err := v.ptr(n.Buf, l.base, mt)
		if err != nil {
			return err
		}
		ld := r.cur.NewLoad(mt, p)
		ld.Align = align
		r.vals[n] = ld
		return nil
	case l.kind == affine && l.stride == 1:
		vt := v.vt(n.Buf.Elem)
		p, err := v.ptr(n.Buf, l.base, vt)
		if err != nil {
			return err
		}
		ld := r.cur.NewLoad(vt, p)
		ld.Align = align
		v.lanes[n] = &lane{kind: varying, vec: ld}
		return nil
	}
	var x value.Value = constant.NewUndef(v.vt(n.Buf.Elem))
	for i := 0; i < v.n; i++ {
		p, err := v.ptr(n.Buf, v.laneIndex(n.Args[0], i), mt)
		if err != nil {
			return err
		}
		ld := r.cur.NewLoad(mt, p)
		ld.Align = align
		x = r.cur.NewInsertElement(x, ld, constant.NewInt(types.I32, int64(i)))
	}
	v.lanes[n] = &lane{kind: varying, vec: x}
	return nil
}

func (v *vec) store(n *kernel.Node) error {
	r := v.r
	l := v.of(n.Args[0])
	mt := mustReg(n.Buf.Elem)
	align := ir.Align(n.Buf.Elem.ByteSize())
	if l.kind == affine && l.stride == 1 {
		x, err := v.vector(n.Args[1])
		if err != nil {
			return err
		}
		p, err := v.ptr(n.Buf, l.base, v.vt(n.Buf.Elem))
		if err != nil {
			return err
		}
		st := r.cur.NewStore(x, p)
		st.Align = align
		return nil
	}
	// Lane by lane, in lane order (the loop's order).
	xl := v.of(n.Args[1])
	for i := 0; i < v.n; i++ {
		var idx value.Value
		if l.kind == uniform {
			var err error
			if idx, err = r.val(n.Args[0]); err != nil {
				return err
			}
		} else {
			idx = v.laneIndex(n.Args[0], i)
		}
		var x value.Value
		switch xl.kind {
		case uniform:
			var err error
			if x, err = r.val(n.Args[1]); err != nil {
				return err
			}
		case affine:
			x = addI(r.cur, xl.base, i64c(xl.stride*int64(i)))
		default:
			x = r.cur.NewExtractElement(xl.vec, constant.NewInt(types.I32, int64(i)))
		}
		p, err := v.ptr(n.Buf, idx, mt)
		if err != nil {
			return err
		}
		st := r.cur.NewStore(x, p)
		st.Align = align
	}
	return nil
}

// suffixOf is the intrinsic type suffix of a float type: f32 or f64.
func suffixOf(e zir.ElementType) string {
	if e == zir.F64 {
		return "f64"
	}
	return "f32"
}

// fma renders a scalar Fma node as llvm.fma.f32 / llvm.fma.f64.
func (r *fn) fma(n *kernel.Node) (value.Value, error) {
	var args []value.Value
	for _, a := range n.Args {
		x, err := r.val(a)
		if err != nil {
			return nil, err
		}
		args = append(args, x)
	}
	t := mustReg(n.Type)
	return r.cur.NewCall(r.m.decl("llvm.fma."+suffixOf(n.Type), t, t, t, t), args...), nil
}
