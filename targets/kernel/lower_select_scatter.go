package kernel

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
)

func init() { hostOps["stablehlo.select_and_scatter"] = (*lowerer).selectAndScatter }

// selectAndScatter lowers stablehlo.select_and_scatter as the interpreter
// runs it (ir/interp/window_select_scatter.go; spec: select_and_scatter)
// with two kernels: the first fills the result with init_value; the
// second, serial (so overlapping windows fold deterministically, in source
// order), walks each window's in-bounds positions in lexicographic order,
// padding skipped: the first is the initial pick and a later one replaces
// the pick unless select(pick, it) is true; then result[pick] =
// scatter(result[pick], source[window]). A window of padding only
// scatters nothing.
func (l *lowerer) selectAndScatter(op *ir.Op) error {
	if len(op.Operands) != 3 || len(op.Results) != 1 || len(op.Regions) != 2 {
		return errorf(op, "want operand, source, init_value, one result, select and scatter regions")
	}
	var xs [3]bv
	for i, o := range op.Operands {
		x, err := l.value(op, o)
		if err != nil {
			return err
		}
		if x.tuple != nil {
			return errorf(op, "tuple operands are not supported")
		}
		xs[i] = x
	}
	shape := shapeOf(op.Operands[0])
	src := shapeOf(op.Operands[1])
	rt := op.Results[0].Tensor()
	r := len(shape)
	win := ints(op, "window_dimensions")
	if len(win) != r || rt == nil || !sameShape(rt.Shape, shape) || len(src) != r || len(shapeOf(op.Operands[2])) != 0 {
		return errorf(op, "window_dimensions, source, init_value or result do not match the operand %s", op.Operands[0].Type)
	}
	strides := intsOr(op, "window_strides", r, 1)
	lo, _, err := padding(op, "padding", r)
	if err != nil {
		return err
	}
	id := l.temp(rt)

	// Kernel 1: result = init_value everywhere.
	k := l.newKgen("select_and_scatter_init")
	k.bind(op.Operands[2], xs[2])
	out := k.b.Param("out0", rt.Elem, rt.Shape, Write, id)
	k.outputNest(rt.Shape, func(idx []*Node) {
		k.b.Store(out, k.b.Offset(out, idx), k.b.Convert(k.valueAt(op.Operands[2], nil), rt.Elem))
	})
	if k.err != nil {
		return k.err
	}
	k.finish(fmt.Sprintf("%s (init)", opSource(op)))

	// Kernel 2: select and scatter, serially.
	k = l.newKgen("select_and_scatter")
	k.bind(op.Operands[0], xs[0])
	k.bind(op.Operands[1], xs[1])
	res := k.b.Param("out0", rt.Elem, rt.Shape, ReadWrite, id)
	operand := k.input(xs[0].buf)
	b := k.b
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	if n > 0 {
		b.Nest(src, 0, func(q []*Node) {
			pick := b.Var(ConstOf(ir.I64, int64(0)))
			found := b.Var(ConstOf(ir.I1, int64(0)))
			b.Nest(win, 0, func(w []*Node) {
				var in *Node
				pos := make([]*Node, r)
				for d := 0; d < r; d++ {
					x := b.Bin(Sub, b.Bin(Add, b.Bin(Mul, q[d], Idx(strides[d])), w[d]), Idx(lo[d]))
					in = k.and(in, k.inRange(x, 0, shape[d]))
					pos[d] = k.clampIdx(x, 0, shape[d]-1)
				}
				visit := func() {
					off := b.Offset(operand, pos)
					offI := b.Convert(off, ir.I64)
					b.If(b.Get(found), func() {
						cur := b.Load(operand, k.clampIdx(b.Convert(b.Get(pick), ir.Index), 0, n-1))
						cand := b.Load(operand, off)
						sel, err := k.region(op, op.Regions[0], []*Node{cur, cand})
						if err == nil && (len(sel) != 1 || sel[0].Type != ir.I1) {
							err = errorf(op, "select must return one tensor<i1>")
						}
						if err != nil {
							k.fail(err, ir.I1)
							return
						}
						b.If(b.Un(Not, sel[0]), func() { b.Set(pick, offI) }, nil)
					}, func() {
						b.Set(pick, offI)
						b.Set(found, ConstOf(ir.I1, int64(1)))
					})
				}
				if in == nil {
					visit()
				} else {
					b.If(in, visit, nil)
				}
			})
			b.If(b.Get(found), func() {
				p := k.clampIdx(b.Convert(b.Get(pick), ir.Index), 0, n-1)
				acc := b.Load(res, p)
				s := k.valueAt(op.Operands[1], q)
				v, err := k.region(op, op.Regions[1], []*Node{acc, s})
				if err == nil && len(v) != 1 {
					err = errorf(op, "scatter must return one value")
				}
				if err != nil {
					k.fail(err, rt.Elem)
					return
				}
				b.Store(res, p, b.Convert(v[0], rt.Elem))
			}, nil)
		})
	}
	if k.err != nil {
		return k.err
	}
	k.finish(opSource(op))
	l.env[op.Results[0]] = bv{buf: id}
	return nil
}
