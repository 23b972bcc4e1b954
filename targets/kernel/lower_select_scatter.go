package kernel

import (
	"slices"

	"github.com/zmlc/zmlc/ir"
)

func init() { hostOps["stablehlo.select_and_scatter"] = (*lowerer).selectAndScatter }

// selectAndScatter lowers stablehlo.select_and_scatter as the interpreter
// runs it (ir/interp/window_select_scatter.go; spec: select_and_scatter),
// gathered per result element so that the kernel is parallel: result
// element p (one Grid iteration) starts at init_value and, for each
// window q that covers p, in source index order, runs that window's
// selection — its in-bounds positions in lexicographic order, padding
// skipped: the first is the initial pick and a later one replaces the
// pick unless select(pick, it) is true — and, when the pick is p, folds
// result = scatter(result, source[q]). That is the interpreter's fold
// order restricted to p; a window of padding only scatters nothing.
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
	if len(win) != r || rt == nil || !slices.Equal(rt.Shape, shape) || len(src) != r || len(shapeOf(op.Operands[2])) != 0 {
		return errorf(op, "window_dimensions, source, init_value or result do not match the operand %s", op.Operands[0].Type)
	}
	strides := intsOr(op, "window_strides", r, 1)
	lo, _, err := padding(op, "padding", r)
	if err != nil {
		return err
	}
	for d := range win {
		if win[d] < 1 || strides[d] < 1 {
			return errorf(op, "window_dimensions and window_strides must be positive")
		}
	}
	id := l.temp(rt)
	k := l.newKgen("select_and_scatter")
	for i := range xs {
		k.bind(op.Operands[i], xs[i])
	}
	out := k.b.Param("out0", rt.Elem, rt.Shape, Write, id)
	operand := k.input(xs[0].buf)
	b := k.b
	k.outputNest(rt.Shape, func(p []*Node) {
		acc := b.Var(b.Convert(k.valueAt(op.Operands[2], nil), rt.Elem))
		self := b.Convert(b.Offset(operand, p), ir.I64)
		// w runs over the window offsets backwards, so q = (p + lo - w) /
		// stride runs forwards: source index order.
		b.Nest(win, 0, func(w []*Node) {
			var covers *Node
			q := make([]*Node, r)
			for d := 0; d < r; d++ {
				t := b.Bin(Sub, b.Bin(Add, p[d], Idx(lo[d])), b.Bin(Sub, Idx(win[d]-1), w[d]))
				if strides[d] != 1 {
					covers = k.and(covers, b.Bin(EQ, b.Bin(Rem, t, Idx(strides[d])), Idx(0)))
					t = b.Bin(Div, t, Idx(strides[d]))
				}
				covers = k.and(covers, k.inRange(t, 0, src[d]))
				q[d] = k.clampIdx(t, 0, max(src[d]-1, 0))
			}
			window := func() {
				pick, found := k.selectInWindow(op, operand, q, shape, win, strides, lo)
				b.If(b.Bin(And, b.Get(found), b.Bin(EQ, b.Get(pick), self)), func() {
					v, err := k.region(op, op.Regions[1], []*Node{b.Get(acc), k.valueAt(op.Operands[1], q)})
					if err == nil && len(v) != 1 {
						err = errorf(op, "scatter must return one value")
					}
					if err != nil {
						k.fail(err, rt.Elem)
						return
					}
					b.Set(acc, b.Convert(v[0], rt.Elem))
				}, nil)
			}
			if covers == nil {
				window()
			} else {
				b.If(covers, window, nil)
			}
		})
		b.Store(out, b.Offset(out, p), b.Get(acc))
	})
	if k.err != nil {
		return k.err
	}
	k.finish(opSource(op))
	l.env[op.Results[0]] = bv{buf: id}
	return nil
}

// selectInWindow emits the selection of window q: it returns Vars holding
// the flat operand offset of the pick (i64) and whether the window has an
// in-bounds position at all (i1).
func (k *kgen) selectInWindow(op *ir.Op, operand *Buffer, q []*Node, shape, win, strides, lo []int64) (pick, found *Node) {
	b := k.b
	r := len(shape)
	n := operand.Len()
	pick = b.Var(ConstOf(ir.I64, int64(0)))
	found = b.Var(ConstOf(ir.I1, int64(0)))
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
	return pick, found
}
