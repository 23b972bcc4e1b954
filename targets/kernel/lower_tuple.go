package kernel

import "github.com/zmlc/zmlc/ir"

// Tuples across control flow: a tuple value is a tree of buffers (bv.tuple);
// a while loop carries each leaf in a fresh buffer of its own.

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
