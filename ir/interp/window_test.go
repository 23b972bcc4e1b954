package interp

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func reduceWindowOp(inputs []*ir.Tensor, results []ir.Type, attrs ir.Attrs) *ir.Op {
	return tbOp("stablehlo.reduce_window", inputs, results, attrs)
}

// The spec's example: base and window dilation, strides and padding.
func TestReduceWindowSpecExample(t *testing.T) {
	x := tbI(ir.I64, []int64{3, 2}, 1, 2, 3, 4, 5, 6)
	init := tbI(ir.I64, nil, 0)
	op := reduceWindowOp([]*ir.Tensor{x, init}, []ir.Type{ir.TensorOf(ir.I64, 2, 2)}, ir.Attrs{
		{Name: "window_dimensions", Value: tbI64s(2, 1)},
		{Name: "window_strides", Value: tbI64s(4, 1)},
		{Name: "base_dilations", Value: tbI64s(2, 1)},
		{Name: "window_dilations", Value: tbI64s(3, 1)},
		{Name: "padding", Value: tbPadding(2, 1, 0, 0)},
	})
	tbBinaryBody(op, ir.I64, "stablehlo.add")
	// Dim 0 dilated and padded: [p p r0 _ r1 _ r2 p]; window 0 reads
	// positions 0 and 3 (padding, hole), window 1 reads 4 and 7 (r1, pad).
	tbWantI(t, "reduce_window", tbRun(t, op, x, init)[0], ir.I64, []int64{2, 2}, 0, 0, 3, 4)
}

// Max pooling 2x2, stride 2, padding 1 on each side.
func TestReduceWindowMaxPool(t *testing.T) {
	x := tbF(ir.F32, []int64{4, 4},
		7, 2, 9, 4,
		5, 16, 3, 8,
		1, 10, 11, 12,
		13, 6, 15, 14)
	init := tbF(ir.F32, nil, math.Inf(-1))
	for _, slow := range []bool{false, true} {
		run := func() {
			op := reduceWindowOp([]*ir.Tensor{x, init}, []ir.Type{ir.TensorOf(ir.F32, 3, 3)}, ir.Attrs{
				{Name: "window_dimensions", Value: tbI64s(2, 2)},
				{Name: "window_strides", Value: tbI64s(2, 2)},
				{Name: "padding", Value: tbPadding(1, 1, 1, 1)},
			})
			tbBinaryBody(op, ir.F32, "stablehlo.maximum")
			// Windows cover rows {pad,0} {1,2} {3,pad} and the same columns.
			tbWantF(t, "max_pool", tbRun(t, op, x, init)[0], ir.F32, []int64{3, 3},
				7, 9, 4,
				5, 16, 12,
				13, 15, 14)
		}
		if slow {
			withSlowBodies(run)
		} else {
			run()
		}
	}
}

// Padding positions are folded as init values: with init 1 and add, the
// window [pad, x0] sums to 1 + 1 + x0.
func TestReduceWindowPaddingIsInit(t *testing.T) {
	x := tbI(ir.I32, []int64{2}, 1, 2)
	init := tbI(ir.I32, nil, 1)
	op := reduceWindowOp([]*ir.Tensor{x, init}, []ir.Type{ir.TensorOf(ir.I32, 2)}, ir.Attrs{
		{Name: "window_dimensions", Value: tbI64s(2)},
		{Name: "padding", Value: tbPadding(1, 0)},
	})
	tbBinaryBody(op, ir.I32, "stablehlo.add")
	tbWantI(t, "sum", tbRun(t, op, x, init)[0], ir.I32, []int64{2}, 3, 4)
}

// Two operands: a sliding-window argmax.
func TestReduceWindowArgmax(t *testing.T) {
	v := tbF(ir.F32, []int64{4}, 3, 7, 7, 1)
	idx := tbIota(ir.I32, 4)
	vi := tbF(ir.F32, nil, math.Inf(-1))
	ii := tbI(ir.I32, nil, 0)
	op := reduceWindowOp([]*ir.Tensor{v, idx, vi, ii}, []ir.Type{ir.TensorOf(ir.F32, 3), ir.TensorOf(ir.I32, 3)}, ir.Attrs{
		{Name: "window_dimensions", Value: tbI64s(2)},
	})
	argmaxBody(op, ir.F32, ir.I32)
	res := tbRun(t, op, v, idx, vi, ii)
	tbWantF(t, "max", res[0], ir.F32, []int64{3}, 7, 7, 7)
	tbWantI(t, "argmax", res[1], ir.I32, []int64{3}, 1, 1, 2)
}

func TestReduceWindowErrors(t *testing.T) {
	x := tbIota(ir.F32, 4)
	init := tbF(ir.F32, nil, 0)
	noWin := reduceWindowOp([]*ir.Tensor{x, init}, []ir.Type{ir.TensorOf(ir.F32, 4)}, nil)
	tbBinaryBody(noWin, ir.F32, "stablehlo.add")
	if _, err := tbRunErr(noWin, x, init); err == nil {
		t.Fatal("missing window_dimensions: no error")
	}
	wrong := reduceWindowOp([]*ir.Tensor{x, init}, []ir.Type{ir.TensorOf(ir.F32, 4)}, ir.Attrs{
		{Name: "window_dimensions", Value: tbI64s(2)},
	})
	tbBinaryBody(wrong, ir.F32, "stablehlo.add")
	if _, err := tbRunErr(wrong, x, init); err == nil {
		t.Fatal("wrong result shape: no error")
	}
}

// The spec's select_and_scatter example (select GE, scatter add).
func TestSelectAndScatter(t *testing.T) {
	x := tbI(ir.I64, []int64{4, 2}, 1, 5, 2, 5, 3, 6, 4, 4)
	src := tbI(ir.I64, []int64{2, 2}, 5, 6, 7, 8)
	init := tbI(ir.I64, nil, 0)
	for _, slow := range []bool{false, true} {
		run := func() {
			op := tbOp("stablehlo.select_and_scatter", []*ir.Tensor{x, src, init}, []ir.Type{ir.TensorOf(ir.I64, 4, 2)}, ir.Attrs{
				{Name: "window_dimensions", Value: tbI64s(3, 1)},
				{Name: "window_strides", Value: tbI64s(2, 1)},
				{Name: "padding", Value: tbPadding(0, 1, 0, 0)},
			})
			tbCompareBody(op, "GE", ir.I64)
			tbBinaryBody(op, ir.I64, "stablehlo.add")
			// Column 0: windows {1,2,3} pick 3 (row 2), {3,4,pad} pick 4 (row 3).
			// Column 1: {5,5,6} picks 6 (row 2), {6,4,pad} keeps 6 (row 2): 6+8.
			tbWantI(t, "select_and_scatter", tbRun(t, op, x, src, init)[0], ir.I64, []int64{4, 2}, 0, 0, 0, 0, 5, 14, 7, 0)
		}
		if slow {
			withSlowBodies(run)
		} else {
			run()
		}
	}
}
