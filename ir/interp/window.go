package interp

// stablehlo.reduce_window (spec: reduce_window): each result element
// reduces one window of the inputs, padded and base-dilated with the init
// values. As in reduce, the reduction is the left fold from the init values
// over the window's positions in lexicographic order; positions that fall on
// padding or on a base-dilation hole contribute the init value (the spec pads
// with init_values, so they are folded like any element).

import (
	"github.com/zmlc/zmlc/ir"
)

func init() { Register("stablehlo.reduce_window", evalReduceWindow) }

// windowGeom describes sliding windows over one operand: for each
// dimension, table[d][q*win[d]+w] is the operand index read at window
// position w of output position q, or -1 where the window is on padding or
// a dilation hole.
type windowGeom struct {
	out, win []int64
	table    [][]int64
}

// newWindowGeom computes the number of windows per dimension (the spec's
// num_windows) and the index tables.
func newWindowGeom(shape, win, strides, baseDil, winDil, lo, hi []int64) *windowGeom {
	g := &windowGeom{win: win}
	for d, sz := range shape {
		dilated := int64(0)
		if sz > 0 {
			dilated = (sz-1)*baseDil[d] + 1
		}
		padded := lo[d] + dilated + hi[d]
		dw := (win[d]-1)*winDil[d] + 1
		var nw int64
		if padded > 0 && dw <= padded {
			nw = (padded-dw)/strides[d] + 1
		}
		g.out = append(g.out, nw)
		t := make([]int64, nw*win[d])
		for q := int64(0); q < nw; q++ {
			for w := int64(0); w < win[d]; w++ {
				x := q*strides[d] + w*winDil[d] - lo[d]
				v := int64(-1)
				if x >= 0 && x < dilated && x%baseDil[d] == 0 {
					v = x / baseDil[d]
				}
				t[q*win[d]+w] = v
			}
		}
		g.table = append(g.table, t)
	}
	return g
}

// offsets lists, for output position q (a multi-index), the operand linear
// offset of each window position in lexicographic order (-1 on padding)
// into buf, and returns it.
func (g *windowGeom) offsets(q []int64, strides []int64, widx []int64, buf []int) []int {
	buf = buf[:0]
	clear(widx)
	n := numElements(g.win)
	for k := int64(0); k < n; k++ {
		off := 0
		for d := range g.win {
			x := g.table[d][q[d]*g.win[d]+widx[d]]
			if x < 0 {
				off = -1
				break
			}
			off += int(x * strides[d])
		}
		buf = append(buf, off)
		nextIndex(widx, g.win)
	}
	return buf
}

func evalReduceWindow(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	inputs, inits, err := reduceArgs(op, args)
	if err != nil {
		return nil, err
	}
	n := len(inputs)
	shape := inputs[0].Type.Shape
	r := len(shape)
	win, err := windowInts(op, "window_dimensions", r, true)
	if err != nil {
		return nil, err
	}
	strides, err := windowInts(op, "window_strides", r, false)
	if err != nil {
		return nil, err
	}
	baseDil, err := windowInts(op, "base_dilations", r, false)
	if err != nil {
		return nil, err
	}
	winDil, err := windowInts(op, "window_dilations", r, false)
	if err != nil {
		return nil, err
	}
	lo, hi, err := windowPadding(op, "padding", r)
	if err != nil {
		return nil, err
	}
	g := newWindowGeom(shape, win, strides, baseDil, winDil, lo, hi)
	results := make([]*ir.Tensor, n)
	for i := range results {
		if inits[i].Len() != 1 || inits[i].Type.Rank() != 0 {
			return nil, errorAt(op, "init value %d must be a rank-0 tensor, got %s", i, inits[i].Type)
		}
		if results[i], err = newResult(op, i); err != nil {
			return nil, err
		}
		if !sameShape(results[i].Type.Shape, g.out) {
			return nil, errorAt(op, "result %d has type %s, want shape %v", i, results[i].Type, g.out)
		}
	}
	acc, err := newAccumulator(in, op, op.Regions[0], results, inputs)
	if err != nil {
		return nil, err
	}
	istrides := ir.Strides(shape)
	widx := make([]int64, r)
	var buf []int
	var ferr error
	forEachIndex(g.out, func(q []int64, j int) {
		if ferr != nil {
			return
		}
		for i := range results {
			castElem(results[i], j, inits[i], 0)
		}
		buf = g.offsets(q, istrides, widx, buf)
		for _, off := range buf {
			var err error
			if off < 0 {
				err = acc.fold(j, inits, 0)
			} else {
				err = acc.fold(j, inputs, off)
			}
			if err != nil {
				ferr = err
				return
			}
		}
	})
	if ferr != nil {
		return nil, ferr
	}
	out := make([]Value, n)
	for i, t := range results {
		out[i] = t
	}
	return out, nil
}
