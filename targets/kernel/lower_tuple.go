package kernel

import "github.com/zmlc/zmlc/ir"

// Tuples across control flow: a tuple value is a tree of buffers (bv.tuple);
// a while loop carries each leaf in a fresh buffer of its own, if and case
// results get one buffer per leaf.

// carry returns a copy of x with every leaf buffer in a fresh Temp buffer
// (an Alloc and a Copy step each), appending the new leaf buffers to ids
// in depth-first order.
func (l *lowerer) carry(x bv, ids *[]int) bv {
	if x.tuple != nil {
		t := make([]bv, len(x.tuple))
		for i, e := range x.tuple {
			t[i] = l.carry(e, ids)
		}
		return bv{buf: -1, tuple: t}
	}
	b := l.p.Buffers[x.buf]
	id := l.temp(ir.TensorOf(b.Elem, b.Shape...))
	l.emit(Step{Kind: Copy, Src: x.buf, Dst: id})
	*ids = append(*ids, id)
	return bv{buf: id}
}

// leaves appends the leaf buffers of x to out, depth-first (carry's order).
func leaves(x bv, out []bv) []bv {
	if x.tuple == nil {
		return append(out, x)
	}
	for _, e := range x.tuple {
		out = leaves(e, out)
	}
	return out
}

// allocTree allocates a Temp buffer for every tensor of type t (a tensor,
// or a tuple tree of them), appending them to ids depth-first.
func (l *lowerer) allocTree(op *ir.Op, t ir.Type, ids *[]int) (bv, error) {
	switch t := t.(type) {
	case *ir.TensorType:
		id := l.temp(t)
		*ids = append(*ids, id)
		return bv{buf: id}, nil
	case *ir.TupleType:
		tr := make([]bv, len(t.Elems))
		for i, e := range t.Elems {
			x, err := l.allocTree(op, e, ids)
			if err != nil {
				return bv{}, err
			}
			tr[i] = x
		}
		return bv{buf: -1, tuple: tr}, nil
	}
	return bv{}, errorf(op, "result type %s is not supported", t)
}
