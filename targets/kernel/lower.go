package kernel

import (
	"fmt"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Lower turns the function entry of m (verified, static shapes) into a
// Program for target: every StableHLO op becomes one generated kernel (a
// `zml.fusion` op, one kernel for its whole region), control flow
// (`while`, `if`, `case`) becomes steps, `func.call`s are inlined. An op the
// lowering cannot compile is an error `file:line:col: error: kernel
// lowering: <op>: <why>`; nothing falls back to the interpreter.
func Lower(m *ir.Module, entry string, target TargetParams) (*Program, error) {
	f := m.Func(entry)
	if f == nil {
		return nil, fmt.Errorf("kernel lowering: no function @%s in the module", entry)
	}
	if f.Body == nil || f.Body.Entry() == nil {
		return nil, fmt.Errorf("kernel lowering: @%s is a declaration", entry)
	}
	l := &lowerer{m: m, t: target.withDefaults(), p: &Program{Entry: entry}, env: map[*ir.Value]bv{}}
	steps := []Step{}
	l.cur = &steps
	for i, a := range f.Args() {
		tt := a.Tensor()
		if tt == nil {
			return nil, fmt.Errorf("%s: error: kernel lowering: argument %d of @%s has type %s; only tensors are supported", f.Loc, i, entry, a.Type)
		}
		if !tt.IsStatic() {
			return nil, fmt.Errorf("%s: error: kernel lowering: argument %d of @%s has a dynamic shape %s; bind symbolic dimensions first (--dim)", f.Loc, i, entry, tt)
		}
		if err := checkElem(tt.Elem); err != nil {
			return nil, fmt.Errorf("%s: error: kernel lowering: argument %d of @%s: %v", f.Loc, i, entry, err)
		}
		id := l.newBuf(Input, tt)
		l.p.Buffers[id].Arg = i
		if s, ok := f.ArgAttr(i, "zml.param").(ir.StringAttr); ok {
			l.p.Buffers[id].Param = string(s)
		}
		l.p.Inputs = append(l.p.Inputs, id)
		l.env[a] = bv{buf: id}
	}
	res, err := l.block(f.Body.Entry())
	if err != nil {
		return nil, err
	}
	for _, r := range res {
		if r.tuple != nil {
			return nil, fmt.Errorf("%s: error: kernel lowering: @%s returns a tuple; only tensors are supported", f.Loc, entry)
		}
		l.p.Outputs = append(l.p.Outputs, r.buf)
	}
	keep := map[int]bool{}
	for _, id := range l.p.Outputs {
		keep[id] = true
	}
	l.p.Steps = insertFrees(steps, l.p, keep)
	for _, k := range l.p.Kernels {
		if err := Verify(k); err != nil {
			return nil, fmt.Errorf("kernel lowering produced an invalid kernel (%s): %v", k.Source, err)
		}
	}
	return l.p, nil
}

// bv is what an SSA value lowers to: one Program buffer, or a tuple of them.
type bv struct {
	buf   int
	tuple []bv
	// perm: a transposed view of buf (lower_view.go): element i of the
	// value is element viewIndex(perm, i) of buf; viewOp is the transpose.
	perm   []int64
	viewOp *ir.Op
}

type lowerer struct {
	m     *ir.Module
	t     TargetParams
	p     *Program
	env   map[*ir.Value]bv
	cur   *[]Step
	depth int
	uses  map[*ir.Value][]*ir.Op
	// calledOps counts the ops lowered through func.call so far (each
	// call lowers its callee's body again), bounded by MaxCalledOps.
	calledOps int64
}

// MaxCalledOps bounds the operations one program lowers through
// func.calls (each call lowers its callee's body again, so 41 functions
// each calling the previous twice would lower 2^40 copies); past it the
// lowering stops with an error at the call. It matches the inliner's
// default limit (passes.DefaultInlineMaxOps).
const MaxCalledOps = 1_000_000

// checkElem rejects element types no buffer can hold. Complex buffers are
// viewed by kernels as their part type with a trailing dimension of 2
// (lower_complex.go).
func checkElem(e ir.ElementType) error {
	if e == ir.Invalid || e == ir.Index {
		return fmt.Errorf("element type %s is not supported by the kernel lowering", e)
	}
	return nil
}

func (l *lowerer) newBuf(kind BufKind, t *ir.TensorType) int {
	n := t.NumElements()
	b := &ProgBuffer{ID: len(l.p.Buffers), Kind: kind, Elem: t.Elem, Shape: append([]int64{}, t.Shape...), Bytes: n * int64(t.Elem.ByteSize())}
	l.p.Buffers = append(l.p.Buffers, b)
	return b.ID
}

// temp allocates a new Temp buffer of type t (an Alloc step).
func (l *lowerer) temp(t *ir.TensorType) int {
	id := l.newBuf(Temp, t)
	l.emit(Step{Kind: Alloc, Buf: id})
	return id
}

func (l *lowerer) emit(s Step) { *l.cur = append(*l.cur, s) }

// errorf returns a lowering error at op's location.
func errorf(op *ir.Op, format string, a ...any) error {
	return fmt.Errorf("%s: error: kernel lowering: %s: %s", op.Loc, op.Name, fmt.Sprintf(format, a...))
}

func (l *lowerer) value(op *ir.Op, v *ir.Value) (bv, error) {
	b, ok := l.env[v]
	if !ok {
		return bv{}, errorf(op, "operand is not defined before use")
	}
	if b.perm != nil {
		return l.materialize(v, b)
	}
	return b, nil
}

// block lowers the ops of b and returns the buffers of its terminator's operands.
func (l *lowerer) block(b *ir.Block) ([]bv, error) {
	for _, op := range b.Ops {
		switch op.Name {
		case "func.return", "stablehlo.return":
			var r []bv
			for _, o := range op.Operands {
				x, err := l.value(op, o)
				if err != nil {
					return nil, err
				}
				r = append(r, x)
			}
			return r, nil
		}
		if err := l.op(op); err != nil {
			return nil, err
		}
	}
	return nil, fmt.Errorf("kernel lowering: block has no terminator")
}

// op lowers one op of a host-level block.
func (l *lowerer) op(op *ir.Op) error {
	for _, r := range op.Results {
		if err := checkValueType(r.Type); err != nil {
			return errorf(op, "result type: %v", err)
		}
	}
	for _, o := range op.Operands {
		if err := checkValueType(o.Type); err != nil {
			return errorf(op, "operand type: %v", err)
		}
	}
	if ok, err := l.misc(op); ok || err != nil {
		return err
	}
	switch op.Name {
	case "stablehlo.constant":
		a, ok := op.Attr("value").(*ir.DenseElementsAttr)
		if !ok {
			return errorf(op, "value is not a dense literal")
		}
		id := l.newBuf(Constant, op.Results[0].Tensor())
		l.p.Buffers[id].Data = a.Value.Clone()
		l.p.Buffers[id].Data.Type = op.Results[0].Tensor().WithShape(op.Results[0].Tensor().Shape)
		l.env[op.Results[0]] = bv{buf: id}
		return nil
	case "stablehlo.tuple":
		var t []bv
		for _, o := range op.Operands {
			x, err := l.value(op, o)
			if err != nil {
				return err
			}
			t = append(t, x)
		}
		l.env[op.Results[0]] = bv{buf: -1, tuple: t}
		return nil
	case "stablehlo.get_tuple_element":
		x, err := l.value(op, op.Operands[0])
		if err != nil {
			return err
		}
		i, _ := ir.IntValue(op.Attr("index"))
		if x.tuple == nil || i < 0 || int(i) >= len(x.tuple) {
			return errorf(op, "index %d out of the tuple", i)
		}
		l.env[op.Results[0]] = x.tuple[i]
		return nil
	case "stablehlo.optimization_barrier":
		for i, o := range op.Operands {
			x, err := l.value(op, o)
			if err != nil {
				return err
			}
			l.env[op.Results[i]] = x
		}
		return nil
	case "stablehlo.reshape":
		x, err := l.value(op, op.Operands[0])
		if err != nil {
			return err
		}
		id := l.temp(op.Results[0].Tensor())
		l.emit(Step{Kind: Copy, Src: x.buf, Dst: id})
		l.env[op.Results[0]] = bv{buf: id}
		return nil
	case "func.call":
		return l.call(op)
	case "stablehlo.while":
		return l.while(op)
	case "stablehlo.if", "stablehlo.case":
		return l.ifCase(op)
	case "stablehlo.sort":
		return l.sort(op)
	case "stablehlo.scatter":
		return l.scatter(op)
	case "stablehlo.dot_general", "stablehlo.dot":
		if ok, err := l.packedDot(op); ok || err != nil {
			return err
		}
		if ok, err := l.tiledDot(op); ok || err != nil {
			return err
		}
	case "stablehlo.convolution":
		if ok, err := l.tiledConv(op); ok || err != nil {
			return err
		}
	case "stablehlo.transpose":
		if l.transposeView(op) {
			return nil
		}
	}
	if op.Dialect() == "check" {
		return errorf(op, "check ops must be turned into outputs before lowering")
	}
	if op.Name == "stablehlo.custom_call" {
		// Without results it would lower to an empty kernel: a call
		// (a check among them) silently dropped.
		target := ""
		if a, ok := op.Attr("call_target_name").(ir.StringAttr); ok {
			target = string(a)
		} else if a, ok := op.Attr("call_target_name").(*ir.SymbolRefAttr); ok {
			target = a.Name
		}
		if strings.HasPrefix(target, "check.") {
			return errorf(op, "check @%s must be turned into outputs before lowering", target)
		}
		return errorf(op, "call target @%s has no implementation on any target", target)
	}
	return l.fused(op)
}

func checkValueType(t ir.Type) error {
	switch t := t.(type) {
	case *ir.TensorType:
		if !t.IsStatic() {
			return fmt.Errorf("dynamic shape %s; bind symbolic dimensions first", t)
		}
		return checkElem(t.Elem)
	case *ir.TupleType:
		for _, e := range t.Elems {
			if err := checkValueType(e); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("type %s is not supported by the kernel lowering", t)
}

// call inlines a func.call.
func (l *lowerer) call(op *ir.Op) error {
	sym, ok := op.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return errorf(op, "missing callee")
	}
	f := l.m.Func(sym.Name)
	if f == nil || f.Body == nil || f.Body.Entry() == nil {
		return errorf(op, "callee @%s has no body", sym.Name)
	}
	if l.depth > 64 {
		return errorf(op, "calls nest deeper than 64 (recursion?)")
	}
	args := f.Args()
	if len(args) != len(op.Operands) {
		return errorf(op, "callee @%s takes %d arguments, got %d", sym.Name, len(args), len(op.Operands))
	}
	f.Body.Walk(func(*ir.Op) bool { l.calledOps++; return true })
	if l.calledOps > MaxCalledOps {
		return errorf(op, "lowering the calls of this program would take more than %d ops, the kernel lowering's limit (each call lowers its callee again): call fewer functions, or compile at -O2, whose inliner reports the call that crosses its own limit", MaxCalledOps)
	}
	for i, a := range args {
		x, err := l.value(op, op.Operands[i])
		if err != nil {
			return err
		}
		l.env[a] = x
	}
	l.depth++
	res, err := l.block(f.Body.Entry())
	l.depth--
	if err != nil {
		return err
	}
	if len(res) != len(op.Results) {
		return errorf(op, "callee returns %d values, want %d", len(res), len(op.Results))
	}
	for i, r := range op.Results {
		l.env[r] = res[i]
	}
	return nil
}
