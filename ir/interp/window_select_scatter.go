package interp

// stablehlo.select_and_scatter (spec: select_and_scatter): for each window
// of the operand (one per source element), the `select` region picks an
// element; the source element is then folded with the `scatter` region into
// the result at the picked position. The result starts as init_value
// everywhere.
//
// Selection walks the window's in-bounds positions in lexicographic order,
// skipping padding (as the StableHLO reference interpreter and XLA do): the
// first element is the initial pick, and each later element replaces the pick
// unless select(pick, element) is true. A window with no in-bounds element
// (all padding, left unspecified by the spec) scatters nothing. Scattering
// folds result = scatter(result, source) in source index order, which is one
// of the schedules the spec allows.

import (
	"github.com/zmlc/zmlc/ir"
)

func init() { Register("stablehlo.select_and_scatter", evalSelectAndScatter) }

func evalSelectAndScatter(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, 3)
	if err != nil {
		return nil, err
	}
	operand, source, init := ts[0], ts[1], ts[2]
	if len(op.Regions) != 2 {
		return nil, errorAt(op, "expects select and scatter regions")
	}
	if init.Len() != 1 || init.Type.Rank() != 0 {
		return nil, errorAt(op, "init_value must be a rank-0 tensor, got %s", init.Type)
	}
	if source.Type.Elem != operand.Type.Elem {
		return nil, errorAt(op, "source type %s and operand type %s differ in element type", source.Type, operand.Type)
	}
	shape := operand.Type.Shape
	r := len(shape)
	win, err := windowInts(op, "window_dimensions", r, true)
	if err != nil {
		return nil, err
	}
	strides, err := windowInts(op, "window_strides", r, false)
	if err != nil {
		return nil, err
	}
	lo, hi, err := windowPadding(op, "padding", r)
	if err != nil {
		return nil, err
	}
	ones := make([]int64, r)
	for i := range ones {
		ones[i] = 1
	}
	g := newWindowGeom(shape, win, strides, ones, ones, lo, hi)
	if !sameShape(source.Type.Shape, g.out) {
		return nil, errorAt(op, "source has type %s, want shape %v (the number of windows)", source.Type, g.out)
	}
	res, err := newResult(op, 0)
	if err != nil {
		return nil, err
	}
	if !sameShape(res.Type.Shape, shape) {
		return nil, errorAt(op, "result type %s must have the operand's shape", res.Type)
	}
	for j := 0; j < res.Len(); j++ {
		castElem(res, j, init, 0)
	}
	sel, err := newScalarBody(in, op, op.Regions[0], 2)
	if err != nil {
		return nil, err
	}
	scat, err := newAccumulator(in, op, op.Regions[1], []*ir.Tensor{res}, []*ir.Tensor{source})
	if err != nil {
		return nil, err
	}
	istrides := ir.Strides(shape)
	widx := make([]int64, r)
	var buf []int
	var ferr error
	forEachIndex(g.out, func(q []int64, k int) {
		if ferr != nil {
			return
		}
		buf = g.offsets(q, istrides, widx, buf)
		pick := -1
		for _, off := range buf {
			if off < 0 {
				continue
			}
			if pick < 0 {
				pick = off
				continue
			}
			sel.set(0, operand, pick)
			sel.set(1, operand, off)
			out, err := sel.call()
			if err != nil {
				ferr = err
				return
			}
			if len(out) != 1 || out[0].Type.Elem != ir.I1 {
				ferr = errorAt(op, "select must return one tensor<i1>")
				return
			}
			if out[0].I[0] == 0 {
				pick = off
			}
		}
		if pick >= 0 {
			ferr = scat.fold(pick, []*ir.Tensor{source}, k)
		}
	})
	if ferr != nil {
		return nil, ferr
	}
	return one(res), nil
}
