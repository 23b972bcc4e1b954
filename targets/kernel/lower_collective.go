package kernel

import (
	"fmt"
	"slices"

	"github.com/zmlc/zmlc/ir"
)

// Collectives on one process. The kernel lowering compiles a program for
// one replica of one partition (replica_id = partition_id = 0), so every
// process group the spec can form holds this process alone (spec:
// "Collective ops"; the interpreter's ir/interp/collective.go):
// all_reduce (a reduction tree of one leaf applies no computation),
// all_gather, reduce_scatter, all_to_all with split_count 1 and
// collective_broadcast return their operands; collective_permute returns
// its operand when a pair sends 0 -> 0 and zeros when no pair targets 0.
// A result is the operand's buffer itself (no copy) when the element
// types agree, else a converting kernel. Groups naming other processes are
// rejected with a positioned error.

// collectiveOps are the collectives lowered here.
var collectiveOps = map[string]bool{
	"stablehlo.all_reduce": true, "stablehlo.all_gather": true,
	"stablehlo.reduce_scatter": true, "stablehlo.all_to_all": true,
	"stablehlo.collective_permute": true, "stablehlo.collective_broadcast": true,
}

// soloIDs checks that every id of the 2-D integer attribute name (replica
// groups, source-target pairs; -1 pads) is 0, the only process there is.
// It reports whether any id was found.
func soloIDs(op *ir.Op, name string) (any bool, err error) {
	a := op.Attr(name)
	if a == nil {
		return false, nil
	}
	d, ok := a.(*ir.DenseElementsAttr)
	if !ok || !d.Value.Type.Elem.IsInteger() || d.Value.Type.Rank() != 2 {
		return false, errorf(op, "%s must be a 2-D integer tensor", name)
	}
	for _, v := range d.Value.I {
		switch v {
		case -1:
		case 0:
			any = true
		default:
			return false, errorf(op, "%s names process %d; the kernel lowering compiles for one process", name, v)
		}
	}
	return any, nil
}

// collective lowers one of collectiveOps.
func (l *lowerer) collective(op *ir.Op) error {
	if len(op.Results) != len(op.Operands) {
		return errorf(op, "has %d results for %d operands", len(op.Results), len(op.Operands))
	}
	zeros := false
	switch op.Name {
	case "stablehlo.collective_permute":
		any, err := soloIDs(op, "source_target_pairs")
		if err != nil {
			return err
		}
		zeros = !any
	default:
		if _, err := soloIDs(op, "replica_groups"); err != nil {
			return err
		}
	}
	if op.Name == "stablehlo.all_to_all" {
		if n, ok := ir.IntValue(op.Attr("split_count")); !ok || n != 1 {
			return errorf(op, "split_count %d needs %d processes; the kernel lowering compiles for one", n, n)
		}
	}
	for i, r := range op.Results {
		rt, ot := r.Tensor(), op.Operands[i].Tensor()
		if rt == nil || ot == nil || !slices.Equal(rt.Shape, ot.Shape) {
			return errorf(op, "result %d has type %s, want the shape of %s for a process group of one", i, r.Type, op.Operands[i].Type)
		}
		if zeros {
			id := l.newBuf(Constant, rt)
			z, err := ir.NewTensor(rt)
			if err != nil {
				return errorf(op, "%v", err)
			}
			l.p.Buffers[id].Data = z
			l.env[r] = bv{buf: id}
			continue
		}
		x, err := l.value(op, op.Operands[i])
		if err != nil {
			return err
		}
		if x.tuple != nil {
			return errorf(op, "tuple operands are not supported")
		}
		if rt.Elem == ot.Elem {
			l.env[r] = x
			continue
		}
		if rt.Elem.IsComplex() || ot.Elem.IsComplex() {
			return errorf(op, "result %d converts %s to %s; complex conversions are not supported here", i, ot.Elem, rt.Elem)
		}
		id, err := l.convertBuf(op, x.buf, rt)
		if err != nil {
			return err
		}
		l.env[r] = bv{buf: id}
	}
	return nil
}

// convertBuf emits a kernel converting Program buffer src elementwise into
// a new buffer of type t (same shape) and returns the new buffer.
func (l *lowerer) convertBuf(op *ir.Op, src int, t *ir.TensorType) (int, error) {
	k := l.newKgen("convert")
	in := k.input(src)
	id := l.temp(t)
	out := k.b.Param("out0", t.Elem, t.Shape, Write, id)
	k.outputNest(t.Shape, func(idx []*Node) {
		x := k.b.Load(in, k.b.Offset(in, idx))
		k.b.Store(out, k.b.Offset(out, idx), k.b.Convert(x, t.Elem))
	})
	if k.err != nil {
		return 0, k.err
	}
	k.finish(fmt.Sprintf("%s (result conversion)", opSource(op)))
	return id, nil
}
