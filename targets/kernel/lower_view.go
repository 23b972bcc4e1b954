package kernel

import (
	"github.com/zmlc/zmlc/ir"
)

// Transposed views of weights. A dense layer's weight arrives as [out, in]
// and the front end contracts it through a transpose; at small batch the
// transpose kernel (a full copy of the weight, on every call) costs more
// than the product. When a transpose reads an entry input (immutable for
// the whole run) and each of its users is a dot_general with at most
// viewMaxRows rows on the other side (alone, or the only use of the
// fusion argument inside a zml.fusion), no kernel is emitted: the users'
// kernels read the input through the permutation (strided loads).

// viewMaxRows is the most rows (free elements of the other operand) a
// product may have for its transposed operand to be read in place.
const viewMaxRows = 8

// uses returns the ops of the entry function (recursively) that take v as
// an operand; computed once.
func (l *lowerer) usesOf(v *ir.Value) []*ir.Op {
	if l.uses == nil {
		l.uses = map[*ir.Value][]*ir.Op{}
		var walk func(b *ir.Block)
		walk = func(b *ir.Block) {
			for _, op := range b.Ops {
				for _, o := range op.Operands {
					l.uses[o] = append(l.uses[o], op)
				}
				for _, r := range op.Regions {
					for _, rb := range r.Blocks {
						walk(rb)
					}
				}
			}
		}
		if f := l.m.Func(l.p.Entry); f != nil && f.Body != nil {
			for _, b := range f.Body.Blocks {
				walk(b)
			}
		}
	}
	return l.uses[v]
}

// dotRowsOK reports whether every use of v in ops is as an operand of a
// dot_general (or dot) whose other operand has at most viewMaxRows free
// elements.
func dotRowsOK(v *ir.Value, ops []*ir.Op) bool {
	for _, d := range ops {
		if d.Name != "stablehlo.dot_general" && d.Name != "stablehlo.dot" || len(d.Operands) != 2 {
			return false
		}
		lb, rb, lc, rc, err := dotDims(d)
		if err != nil {
			return false
		}
		for pos, o := range d.Operands {
			if o != v {
				continue
			}
			other := d.Operands[1-pos]
			used := [2][]int64{lb, lc}
			if pos == 0 {
				used = [2][]int64{rb, rc}
			}
			rows := other.Tensor().NumElements()
			for _, ds := range used {
				for _, x := range ds {
					rows /= max(shapeOf(other)[x], 1)
				}
			}
			if rows > viewMaxRows {
				return false
			}
		}
	}
	return true
}

// transposeView records op (a stablehlo.transpose) as a view when the
// conditions above hold; false means lower it as a kernel.
func (l *lowerer) transposeView(op *ir.Op) bool {
	if l.t.GPU || l.depth > 0 {
		return false
	}
	x, ok := l.env[op.Operands[0]]
	if !ok || x.tuple != nil || x.perm != nil || l.p.Buffers[x.buf].Kind != Input {
		return false
	}
	res := op.Results[0]
	users := l.usesOf(res)
	if len(users) == 0 {
		return false
	}
	for _, u := range users {
		if u.Parent != op.Parent {
			return false
		}
		switch u.Name {
		case "stablehlo.dot_general", "stablehlo.dot":
			if !dotRowsOK(res, []*ir.Op{u}) {
				return false
			}
		case "zml.fusion":
			blk := u.Regions[0].Entry()
			if blk == nil || len(blk.Args) != len(u.Operands) {
				return false
			}
			for i, o := range u.Operands {
				if o == res && !dotRowsOK(blk.Args[i], l.usesOf(blk.Args[i])) {
					return false
				}
			}
		default:
			return false
		}
	}
	l.env[res] = bv{buf: x.buf, perm: ints(op, "permutation"), viewOp: op}
	return true
}

// valueView returns the buffer of v for a kernel generator that reads
// views (bv.perm) through kgen.bind.
func (l *lowerer) valueView(op *ir.Op, v *ir.Value) (bv, error) {
	b, ok := l.env[v]
	if !ok {
		return bv{}, errorf(op, "operand is not defined before use")
	}
	return b, nil
}

// materialize lowers a view's transpose as a kernel (for a consumer that
// reads whole buffers) and returns its buffer.
func (l *lowerer) materialize(v *ir.Value, x bv) (bv, error) {
	op := x.viewOp
	delete(l.env, v)
	l.env[op.Operands[0]] = bv{buf: x.buf}
	if err := l.fused(op); err != nil {
		return bv{}, err
	}
	return l.env[v], nil
}

// bind makes the kernel read value v (a fusion argument or an operand)
// from x: a buffer, or a view of one.
func (k *kgen) bind(v *ir.Value, x bv) {
	k.ext[v] = x.buf
	if x.perm != nil {
		if k.perms == nil {
			k.perms = map[*ir.Value][]int64{}
		}
		k.perms[v] = x.perm
	}
}

// viewIndex maps an index of a view to the index of its buffer.
func viewIndex(perm []int64, idx []*Node) []*Node {
	ix := make([]*Node, len(perm))
	for i, p := range perm {
		ix[p] = idx[i]
	}
	return ix
}
