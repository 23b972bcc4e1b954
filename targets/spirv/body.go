package spirv

import (
	"github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

func (r *renderer) body(body []*K.Node) {
	for _, n := range body {
		r.node(n)
	}
}

func signed(t ir.ElementType) bool { return t.IsSigned() }

func (r *renderer) node(n *K.Node) {
	switch n.Kind {
	case K.Loop:
		r.loop(n)
		return
	case K.If:
		r.ifNode(n)
		return
	case K.Barrier:
		wg := r.constU32(uint32(ScopeWorkgroup))
		sem := r.constU32(uint32(MemorySemanticsAcquireRelease | MemorySemanticsWorkgroupMemory))
		r.code.inst(OpControlBarrier, wg, wg, sem)
		return
	case K.Load:
		if r.packed(n.Buf) {
			v := r.loadPacked(n.Buf, r.val(n.Args[0]))
			if n.Buf.Elem == ir.I1 {
				v = r.op(OpINotEqual, r.tBool, v, r.constU32(0))
			}
			r.vals[n] = v
			return
		}
		p := r.elemPtr(n.Buf, r.val(n.Args[0]))
		if n.Buf.Elem == ir.I1 {
			b := r.op(OpLoad, r.intType(8), p)
			r.vals[n] = r.op(OpINotEqual, r.tBool, b, r.constant(r.intType(8), 8, 0))
			return
		}
		r.vals[n] = r.op(OpLoad, r.scalarType(n.Type), p)
		return
	case K.Store:
		if r.packed(n.Buf) {
			v := r.val(n.Args[1])
			if n.Buf.Elem == ir.I1 {
				v = r.op(OpSelect, r.tU32, v, r.constU32(1), r.constU32(0))
			}
			r.storePacked(n.Buf, r.val(n.Args[0]), v)
			return
		}
		p := r.elemPtr(n.Buf, r.val(n.Args[0]))
		v := r.val(n.Args[1])
		if n.Buf.Elem == ir.I1 {
			u8 := r.intType(8)
			v = r.op(OpSelect, u8, v, r.constant(u8, 8, 1), r.constant(u8, 8, 0))
		}
		r.code.inst(OpStore, p, v)
		return
	case K.Var:
		pt := r.ptr(StorageClassFunction, r.scalarType(n.Type))
		v := r.m.id()
		r.vars.inst(OpVariable, pt, v, uint32(StorageClassFunction))
		r.code.inst(OpStore, v, r.val(n.Args[0]))
		r.vals[n] = v
		return
	case K.Get:
		r.vals[n] = r.op(OpLoad, r.scalarType(n.Type), r.val(n.Args[0]))
		return
	case K.Set:
		r.code.inst(OpStore, r.val(n.Args[0]), r.val(n.Args[1]))
		return
	}
	r.vals[n] = r.value(n)
}

// elemPtr is a pointer to element idx of a kernel buffer.
func (r *renderer) elemPtr(b *K.Buffer, idx uint32) uint32 {
	if b.Space == K.Shared {
		return r.op(OpAccessChain, r.ptr(StorageClassWorkgroup, r.scalarType(b.Elem)), r.sharedVars[b.Index], idx)
	}
	return r.op(OpAccessChain, r.ptr(StorageClassStorageBuffer, r.storageType(b.Elem)), r.bufVars[b.Index], r.constU32(0), idx)
}

// loop renders grid and workgroup loops as the workgroup and local
// invocation ids, other loops as structured loops with a phi index.
func (r *renderer) loop(n *K.Node) {
	switch {
	case n.Level == K.Grid:
		r.vals[n] = r.gridID
		r.body(n.Body)
		return
	case n.Level == K.Workgroup:
		r.vals[n] = r.localID
		r.body(n.Body)
		return
	case n.N == 0:
		return
	case n.N == 1:
		r.vals[n] = r.constU32(0)
		r.body(n.Body)
		return
	}
	header, bodyL, cont, merge := r.m.id(), r.m.id(), r.m.id(), r.m.id()
	pre := r.cur
	r.code.inst(OpBranch, header)
	r.label(header)
	i := r.m.id()
	next := r.m.id()
	r.code.inst(OpPhi, r.tU32, i, r.constU32(0), pre, next, cont)
	r.vals[n] = i
	cmp := r.op(OpULessThan, r.tBool, i, r.constU32(uint32(n.N)))
	r.code.inst(OpLoopMerge, merge, cont, 0)
	r.code.inst(OpBranchConditional, cmp, bodyL, merge)
	r.label(bodyL)
	r.body(n.Body)
	r.code.inst(OpBranch, cont)
	r.label(cont)
	r.code.inst(OpIAdd, r.tU32, next, i, r.constU32(1))
	r.code.inst(OpBranch, header)
	r.label(merge)
}

func (r *renderer) ifNode(n *K.Node) {
	then, merge := r.m.id(), r.m.id()
	els := merge
	if len(n.Else) > 0 {
		els = r.m.id()
	}
	r.code.inst(OpSelectionMerge, merge, 0)
	r.code.inst(OpBranchConditional, r.val(n.Args[0]), then, els)
	r.label(then)
	r.body(n.Body)
	r.code.inst(OpBranch, merge)
	if len(n.Else) > 0 {
		r.label(els)
		r.body(n.Else)
		r.code.inst(OpBranch, merge)
	}
	r.label(merge)
}

// value renders a value node and returns its id.
func (r *renderer) value(n *K.Node) uint32 {
	var at ir.ElementType
	if len(n.Args) > 0 {
		at = n.Args[0].Type
	}
	r.checkHeld(n)
	t := r.scalarType(n.Type)
	x := func() uint32 { return r.val(n.Args[0]) }
	y := func() uint32 { return r.val(n.Args[1]) }
	isF, isB := at.IsFloat(), at == ir.I1
	pick := func(f, s, u Opcode) Opcode {
		switch {
		case isF:
			return f
		case signed(at):
			return s
		}
		return u
	}
	switch n.Kind {
	case K.Add:
		return r.op(pick(OpFAdd, OpIAdd, OpIAdd), t, x(), y())
	case K.Sub:
		return r.op(pick(OpFSub, OpISub, OpISub), t, x(), y())
	case K.Mul:
		return r.op(pick(OpFMul, OpIMul, OpIMul), t, x(), y())
	case K.Div:
		return r.op(pick(OpFDiv, OpSDiv, OpUDiv), t, x(), y())
	case K.Rem:
		return r.op(pick(OpFRem, OpSRem, OpUMod), t, x(), y())
	case K.Neg:
		return r.op(pick(OpFNegate, OpSNegate, OpSNegate), t, x())
	case K.Abs:
		return r.ext(t, glslFAbs, x())
	case K.Sqrt:
		return r.ext(t, glslSqrt, x())
	case K.Floor:
		return r.ext(t, glslFloor, x())
	case K.Ceil:
		return r.ext(t, glslCeil, x())
	case K.RoundEven:
		return r.ext(t, glslRoundEven, x())
	case K.Not:
		if isB {
			return r.op(OpLogicalNot, t, x())
		}
		return r.op(OpNot, t, x())
	case K.And:
		if isB {
			return r.op(OpLogicalAnd, t, x(), y())
		}
		return r.op(OpBitwiseAnd, t, x(), y())
	case K.Or:
		if isB {
			return r.op(OpLogicalOr, t, x(), y())
		}
		return r.op(OpBitwiseOr, t, x(), y())
	case K.Xor:
		if isB {
			return r.op(OpLogicalNotEqual, t, x(), y())
		}
		return r.op(OpBitwiseXor, t, x(), y())
	case K.Shl:
		return r.op(OpShiftLeftLogical, t, x(), y())
	case K.ShrA:
		return r.op(OpShiftRightArithmetic, t, x(), y())
	case K.ShrL:
		return r.op(OpShiftRightLogical, t, x(), y())
	case K.Max, K.Min:
		c := K.GT
		if n.Kind == K.Min {
			c = K.LT
		}
		cmp := r.compare(c, at, x(), y())
		return r.op(OpSelect, t, cmp, x(), y())
	case K.Popcnt, K.Clz:
		if at.Bits() != 32 {
			fail("%%%d: %s on %s: only 32-bit integers are supported", n.ID, n.Kind, at)
		}
		if n.Kind == K.Popcnt {
			return r.op(OpBitCount, t, x())
		}
		msb := r.ext(t, glslFindUMsb, x())
		return r.op(OpISub, t, r.constant(t, 32, 31), msb)
	case K.EQ, K.NE, K.LT, K.LE, K.GT, K.GE:
		if isB {
			fail("%%%d: %s on i1 is not legalised", n.ID, n.Kind)
		}
		return r.compare(n.Kind, at, x(), y())
	case K.Select:
		return r.op(OpSelect, t, x(), y(), r.val(n.Args[2]))
	case K.Convert:
		return r.convert(x(), at, n.Type)
	case K.Bitcast:
		if r.scalarType(at) == t {
			return x()
		}
		return r.op(OpBitcast, t, x())
	}
	fail("%%%d: %s is not a GPU primitive (run the GPU lowering first)", n.ID, n.Kind)
	return 0
}

func (r *renderer) compare(k K.Kind, at ir.ElementType, x, y uint32) uint32 {
	var o Opcode
	switch {
	case at.IsFloat():
		o = map[K.Kind]Opcode{K.EQ: OpFOrdEqual, K.NE: OpFUnordNotEqual, K.LT: OpFOrdLessThan, K.LE: OpFOrdLessThanEqual, K.GT: OpFOrdGreaterThan, K.GE: OpFOrdGreaterThanEqual}[k]
	case signed(at):
		o = map[K.Kind]Opcode{K.EQ: OpIEqual, K.NE: OpINotEqual, K.LT: OpSLessThan, K.LE: OpSLessThanEqual, K.GT: OpSGreaterThan, K.GE: OpSGreaterThanEqual}[k]
	default:
		o = map[K.Kind]Opcode{K.EQ: OpIEqual, K.NE: OpINotEqual, K.LT: OpULessThan, K.LE: OpULessThanEqual, K.GT: OpUGreaterThan, K.GE: OpUGreaterThanEqual}[k]
	}
	return r.op(o, r.tBool, x, y)
}

func (r *renderer) convert(x uint32, from, to ir.ElementType) uint32 {
	t := r.scalarType(to)
	ft := r.scalarType(from)
	switch {
	case from == ir.I1 || to == ir.I1:
		fail("convert between %s and %s is not legalised", from, to)
	case ft == t:
		return x
	case from.IsFloat() && to.IsFloat():
		return r.op(OpFConvert, t, x)
	case to.IsFloat():
		if signed(from) {
			return r.op(OpConvertSToF, t, x)
		}
		return r.op(OpConvertUToF, t, x)
	case from.IsFloat():
		if signed(to) {
			return r.op(OpConvertFToS, t, x)
		}
		return r.op(OpConvertFToU, t, x)
	case signed(from):
		return r.op(OpSConvert, t, x)
	}
	return r.op(OpUConvert, t, x)
}
