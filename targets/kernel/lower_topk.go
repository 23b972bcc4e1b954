package kernel

import (
	"slices"

	"github.com/zmlc/zmlc/ir"
)

func init() { hostOps["chlo.top_k"] = (*lowerer).topK }

// topK lowers chlo.top_k as the interpreter defines it (a stable sort in
// descending order along the last dimension, IEEE totalOrder on floats,
// unsigned order on unsigned integers; ties keep the lower index first)
// by ranking: each element i of each row is one Grid iteration; its rank
// is the number of elements j that come first (x[j] > x[i], or x[j] ==
// x[i] and j < i); an element of rank < k is stored at position rank of
// both results. O(n^2) per row of n elements, with no scratch memory.
func (l *lowerer) topK(op *ir.Op) error {
	if len(op.Operands) != 1 || len(op.Results) != 2 {
		return errorf(op, "want one operand and two results")
	}
	x, err := l.value(op, op.Operands[0])
	if err != nil {
		return err
	}
	if x.tuple != nil {
		return errorf(op, "tuple operands are not supported")
	}
	in := op.Operands[0].Tensor()
	r := in.Rank()
	if r < 1 {
		return errorf(op, "operand must have rank >= 1, got %s", in)
	}
	kk, _ := ir.IntValue(op.Attr("k"))
	n := in.Shape[r-1]
	vt, it := op.Results[0].Tensor(), op.Results[1].Tensor()
	want := append(append([]int64{}, in.Shape[:r-1]...), kk)
	if kk < 0 || kk > n || vt == nil || it == nil || !slices.Equal(vt.Shape, want) || !slices.Equal(it.Shape, want) || vt.Elem != in.Elem || !it.Elem.IsInteger() {
		return errorf(op, "k = %d and result types %s, %s do not match the operand %s", kk, op.Results[0].Type, op.Results[1].Type, in)
	}
	k := l.newKgen("top_k")
	src := k.input(x.buf)
	vid, iid := l.temp(vt), l.temp(it)
	vo := k.b.Param("out0", vt.Elem, vt.Shape, Write, vid)
	io := k.b.Param("out1", it.Elem, it.Shape, Write, iid)
	b := k.b
	rows := append(append([]int64{}, in.Shape[:r-1]...), 1)
	if kk > 0 {
		// Rows and elements are independent (ranks are distinct): all
		// Grid loops.
		b.Nest(rows, len(rows), func(row []*Node) {
			at := func(buf *Buffer, j *Node) *Node {
				ix := append(append([]*Node{}, row[:r-1]...), j)
				return b.Offset(buf, ix)
			}
			key := func(v *Node) *Node {
				if v.Type == ir.I1 {
					return b.Convert(v, ir.UI8)
				}
				return v
			}
			total := in.Elem.IsFloat()
			b.Loop(Grid, n, func(i *Node) {
				xi := key(b.Load(src, at(src, i)))
				rank := b.Var(ConstOf(ir.I32, int64(0)))
				b.Loop(Serial, n, func(j *Node) {
					xj := key(b.Load(src, at(src, j)))
					first := b.Cmp(GT, xj, xi, total)
					tie := b.Bin(And, b.Cmp(EQ, xj, xi, total), b.Bin(LT, j, i))
					inc := b.Convert(b.Bin(Or, first, tie), ir.I32)
					b.Set(rank, b.Bin(Add, b.Get(rank), inc))
				})
				rk := b.Get(rank)
				b.If(b.Bin(LT, rk, ConstOf(ir.I32, kk)), func() {
					// Clamped so the index is provably in bounds; the
					// condition makes the clamp a no-op.
					p := b.Bin(Min, b.Convert(rk, ir.Index), Idx(kk-1))
					b.Store(vo, at(vo, p), b.Load(src, at(src, i)))
					b.Store(io, at(io, p), b.Convert(i, it.Elem))
				}, nil)
			})
		})
	}
	if k.err != nil {
		return k.err
	}
	k.finish(opSource(op))
	l.env[op.Results[0]] = bv{buf: vid}
	l.env[op.Results[1]] = bv{buf: iid}
	return nil
}
