package ir

import "testing"

func gatherDims() *GatherDimensionNumbersAttr {
	// Gather rows of a 5x3 operand at 4 indices: result 4x3.
	return &GatherDimensionNumbersAttr{OffsetDims: []int64{1}, CollapsedSliceDims: []int64{0}, StartIndexMap: []int64{0}, IndexVectorDim: 1}
}

func scatterDims() *ScatterDimensionNumbersAttr {
	return &ScatterDimensionNumbersAttr{UpdateWindowDims: []int64{1}, InsertedWindowDims: []int64{0}, ScatterDimsToOperandDims: []int64{0}, IndexVectorDim: 1}
}

func gatherScatterCases() []opCase {
	x, idx := tt(F32, 5, 3), tt(I32, 4, 1)
	g := func(mod func(d *GatherDimensionNumbersAttr), sizes ...int64) Attrs {
		d := gatherDims()
		if mod != nil {
			mod(d)
		}
		return at("dimension_numbers", d, "slice_sizes", ia(sizes...))
	}
	s := func(mod func(d *ScatterDimensionNumbersAttr)) Attrs {
		d := scatterDims()
		if mod != nil {
			mod(d)
		}
		return at("scatter_dimension_numbers", d)
	}
	add := binBody("add", F32)
	up := tt(F32, 4, 3)
	return []opCase{
		{name: "ok", op: "stablehlo.gather", operands: ts(x, idx), attrs: g(nil, 1, 3), results: ts(tt(F32, 4, 3))},
		{name: "implicit index dim", op: "stablehlo.gather", operands: ts(x, tt(I32, 4)), attrs: g(nil, 1, 3), results: ts(tt(F32, 4, 3))},
		{name: "result", op: "stablehlo.gather", operands: ts(x, idx), attrs: g(nil, 1, 2), results: ts(tt(F32, 4, 3)), want: "inferred type(s) 'tensor<4x2xf32>'"},
		{name: "C1", op: "stablehlo.gather", operands: ts(x, idx), attrs: g(func(d *GatherDimensionNumbersAttr) { d.OffsetDims = nil }, 1, 3), results: ts(up), want: "(C1)"},
		{name: "C2", op: "stablehlo.gather", operands: ts(x, idx), attrs: g(func(d *GatherDimensionNumbersAttr) { d.IndexVectorDim = 3 }, 1, 3), results: ts(up), want: "0 <= index_vector_dim <= rank(start_indices) (C2)"},
		{name: "C3", op: "stablehlo.gather", operands: ts(x, tt(I32, 4, 2)), attrs: g(nil, 1, 3), results: ts(up), want: "(C3)"},
		{name: "C4", op: "stablehlo.gather", operands: ts(tt(F32, 5, 3, 2), idx), attrs: g(func(d *GatherDimensionNumbersAttr) { d.OffsetDims = []int64{2, 1} }, 1, 3, 2), results: ts(up), want: "is_unique(offset_dims) and is_sorted(offset_dims) (C4)"},
		{name: "C5", op: "stablehlo.gather", operands: ts(x, idx), attrs: g(func(d *GatherDimensionNumbersAttr) { d.OffsetDims = []int64{2} }, 1, 3), results: ts(up), want: "(C5)"},
		{name: "C8", op: "stablehlo.gather", operands: ts(x, idx), attrs: g(func(d *GatherDimensionNumbersAttr) { d.CollapsedSliceDims = []int64{2} }, 1, 3), results: ts(up), want: "(C8)"},
		{name: "C9", op: "stablehlo.gather", operands: ts(x, idx), attrs: g(nil, 2, 3), results: ts(up), want: "slice_sizes[collapsed_slice_dims...] <= 1 (C9)"},
		{name: "C19", op: "stablehlo.gather", operands: ts(x, idx), attrs: g(func(d *GatherDimensionNumbersAttr) { d.StartIndexMap = []int64{4} }, 1, 3), results: ts(up), want: "(C19)"},
		{name: "C20", op: "stablehlo.gather", operands: ts(x, idx), attrs: g(nil, 1), results: ts(up), want: "size(slice_sizes) = rank(operand) (C20)"},
		{name: "C21", op: "stablehlo.gather", operands: ts(x, idx), attrs: g(nil, 1, 4), results: ts(up), want: "0 <= slice_sizes <= shape(operand) (C21)"},
		{name: "batching", op: "stablehlo.gather", operands: ts(tt(F32, 2, 5, 3), tt(I32, 2, 4, 1)), attrs: g(func(d *GatherDimensionNumbersAttr) {
			d.OffsetDims, d.CollapsedSliceDims, d.OperandBatchingDims, d.StartIndicesBatchingDims, d.StartIndexMap, d.IndexVectorDim = []int64{2}, []int64{1}, []int64{0}, []int64{0}, []int64{1}, 2
		}, 1, 1, 3), results: ts(tt(F32, 2, 4, 3))},
		{name: "C17", op: "stablehlo.gather", operands: ts(tt(F32, 2, 5, 3), tt(I32, 3, 4, 1)), attrs: g(func(d *GatherDimensionNumbersAttr) {
			d.OffsetDims, d.CollapsedSliceDims, d.OperandBatchingDims, d.StartIndicesBatchingDims, d.StartIndexMap, d.IndexVectorDim = []int64{2}, []int64{1}, []int64{0}, []int64{0}, []int64{1}, 2
		}, 1, 1, 3), results: ts(tt(F32, 3, 4, 3)), want: "(C17)"},
		{name: "float indices", op: "stablehlo.gather", operands: ts(x, tt(F32, 4, 1)), attrs: g(nil, 1, 3), results: ts(up), want: "start_indices must be a tensor of integer type"},

		{name: "ok", op: "stablehlo.scatter", operands: ts(x, idx, up), attrs: s(nil), results: ts(x), regions: []func(*Op){add}},
		{name: "two inputs", op: "stablehlo.scatter", operands: ts(x, x, idx, up, up), attrs: s(nil), results: ts(x, x),
			regions: []func(*Op){retBody(ts(tt(F32), tt(F32), tt(F32), tt(F32)), 2, 3)}},
		{name: "C5", op: "stablehlo.scatter", operands: ts(x, idx), attrs: s(nil), results: ts(x), regions: []func(*Op){add}, want: "(C5)"},
		{name: "C2", op: "stablehlo.scatter", operands: ts(x, idx, up), attrs: s(func(d *ScatterDimensionNumbersAttr) { d.InsertedWindowDims = nil }), results: ts(x), regions: []func(*Op){add}, want: "(C2)"},
		{name: "C4", op: "stablehlo.scatter", operands: ts(x, idx, tt(F32, 3, 3)), attrs: s(nil), results: ts(x), regions: []func(*Op){add}, want: "combine(update_scatter_dim_sizes, update_window_dim_sizes) (C4)"},
		{name: "C4 window", op: "stablehlo.scatter", operands: ts(x, idx, tt(F32, 4, 4)), attrs: s(nil), results: ts(x), regions: []func(*Op){add}, want: "update window dimension 1 has size 4 > 3"},
		{name: "C6", op: "stablehlo.scatter", operands: ts(x, idx, tt(I32, 4, 3)), attrs: s(nil), results: ts(x), regions: []func(*Op){add}, want: "(C6)"},
		{name: "C7", op: "stablehlo.scatter", operands: ts(x, idx, up), attrs: s(func(d *ScatterDimensionNumbersAttr) { d.UpdateWindowDims = []int64{1, 1}; d.InsertedWindowDims = nil }), results: ts(x), regions: []func(*Op){add}, want: "(C7)"},
		{name: "C11", op: "stablehlo.scatter", operands: ts(x, idx, up), attrs: s(func(d *ScatterDimensionNumbersAttr) { d.InsertedWindowDims = []int64{5} }), results: ts(x), regions: []func(*Op){add}, want: "(C11)"},
		{name: "C19", op: "stablehlo.scatter", operands: ts(x, idx, up), attrs: s(func(d *ScatterDimensionNumbersAttr) { d.ScatterDimsToOperandDims = []int64{0, 1} }), results: ts(x), regions: []func(*Op){add}, want: "(C19)"},
		{name: "C22", op: "stablehlo.scatter", operands: ts(x, idx, up), attrs: s(func(d *ScatterDimensionNumbersAttr) { d.IndexVectorDim = 5 }), results: ts(x), regions: []func(*Op){add}, want: "(C22)"},
		{name: "C23", op: "stablehlo.scatter", operands: ts(x, idx, up), attrs: s(nil), results: ts(x), regions: []func(*Op){binBody("add", I32)}, want: "(C23)"},
		{name: "C23 promotion", op: "stablehlo.scatter", operands: ts(x, idx, up), attrs: s(nil), results: ts(tt(F64, 5, 3)), regions: []func(*Op){binBody("add", F64)}},
		{name: "no region", op: "stablehlo.scatter", operands: ts(x, idx, up), attrs: s(nil), results: ts(x), want: "requires 1 region(s), got 0"},
		{name: "result", op: "stablehlo.scatter", operands: ts(x, idx, up), attrs: s(nil), results: ts(up), regions: []func(*Op){add}, want: "inferred type(s) 'tensor<5x3xf32>'"},
	}
}

// TestVerifyGatherScatter verifies the cases of gatherScatterCases.
func TestVerifyGatherScatter(t *testing.T) { runCases(t, gatherScatterCases()) }

func regionOpsCases() []opCase {
	x, f := tt(F32, 4, 6), tt(F32)
	addF := binBody("add", F32)
	rw := func(kv ...any) Attrs { return append(at("window_dimensions", ia(2, 3)), at(kv...)...) }
	sas := at("window_dimensions", ia(2, 3), "window_strides", ia(2, 3))
	sel := region(ts(f, f), func(b *Builder, a []*Value) []*Value {
		v, _ := b.Compare("GE", "", a[0], a[1])
		return []*Value{v}
	})
	i1, i32 := tt(I1), tt(I32)
	return []opCase{
		{name: "ok", op: "stablehlo.reduce", operands: ts(x, f), attrs: at("dimensions", ia(1)), results: ts(tt(F32, 4)), regions: []func(*Op){addF}},
		{name: "argmax", op: "stablehlo.reduce", operands: ts(tt(F32, 4), tt(I32, 4), f, i32), attrs: at("dimensions", ia(0)), results: ts(f, i32),
			regions: []func(*Op){retBody(ts(f, i32, f, i32), 0, 1)}},
		{name: "C1", op: "stablehlo.reduce", operands: ts(x, tt(I32, 4), f, i32), attrs: at("dimensions", ia(0)), results: ts(tt(F32, 6), tt(I32, 6)), regions: []func(*Op){retBody(ts(f, i32, f, i32), 0, 1)}, want: "same(shape(inputs...)) (C1)"},
		{name: "C2", op: "stablehlo.reduce", operands: ts(x, i32), attrs: at("dimensions", ia(1)), results: ts(tt(F32, 4)), regions: []func(*Op){addF}, want: "element_type(inputs...) = element_type(init_values...) (C2)"},
		{name: "C3", op: "stablehlo.reduce", operands: ts(x), attrs: at("dimensions", ia(1)), results: ts(tt(F32, 4)), regions: []func(*Op){addF}, want: "(C3)"},
		{name: "C4", op: "stablehlo.reduce", operands: ts(x, f), attrs: at("dimensions", ia(2)), results: ts(tt(F32, 4)), regions: []func(*Op){addF}, want: "0 <= dimensions < rank(inputs[0]) (C4)"},
		{name: "C5", op: "stablehlo.reduce", operands: ts(x, f), attrs: at("dimensions", ia(1, 1)), results: ts(tt(F32, 4)), regions: []func(*Op){addF}, want: "is_unique(dimensions) (C5)"},
		{name: "C6", op: "stablehlo.reduce", operands: ts(x, f), attrs: at("dimensions", ia(1)), results: ts(tt(F32, 4)), regions: []func(*Op){binBody("add", I32)}, want: "(C6)"},
		{name: "C6 narrowing", op: "stablehlo.reduce", operands: ts(x, f), attrs: at("dimensions", ia(1)), results: ts(tt(F16, 4)), regions: []func(*Op){binBody("add", F16)}, want: "is not a promotion of the input element type f32 (C6)"},
		{name: "C7", op: "stablehlo.reduce", operands: ts(x, f), attrs: at("dimensions", ia(1)), results: ts(tt(F32, 6)), regions: []func(*Op){addF}, want: "inferred type(s) 'tensor<4xf32>'"},
		{name: "init rank", op: "stablehlo.reduce", operands: ts(x, tt(F32, 1)), attrs: at("dimensions", ia(1)), results: ts(tt(F32, 4)), regions: []func(*Op){addF}, want: "init_values must be 0-dimensional"},

		{name: "ok", op: "stablehlo.reduce_window", operands: ts(x, f), attrs: rw(), results: ts(tt(F32, 3, 4)), regions: []func(*Op){addF}},
		{name: "strided padded", op: "stablehlo.reduce_window", operands: ts(x, f), attrs: rw("window_strides", ia(2, 3), "padding", dense2([]int64{0, 0}, []int64{1, 2})), results: ts(tt(F32, 2, 3)), regions: []func(*Op){addF}},
		{name: "C4", op: "stablehlo.reduce_window", operands: ts(x, f), attrs: at("window_dimensions", ia(2)), results: ts(x), regions: []func(*Op){addF}, want: "size(window_dimensions) = 2 (C4)"},
		{name: "C5", op: "stablehlo.reduce_window", operands: ts(x, f), attrs: at("window_dimensions", ia(2, 0)), results: ts(x), regions: []func(*Op){addF}, want: "0 < window_dimensions (C5)"},
		{name: "C7", op: "stablehlo.reduce_window", operands: ts(x, f), attrs: rw("window_strides", ia(0, 1)), results: ts(x), regions: []func(*Op){addF}, want: "(C7)"},
		{name: "C9", op: "stablehlo.reduce_window", operands: ts(x, f), attrs: rw("base_dilations", ia(1, 0)), results: ts(x), regions: []func(*Op){addF}, want: "(C9)"},
		{name: "C10", op: "stablehlo.reduce_window", operands: ts(x, f), attrs: rw("window_dilations", ia(1)), results: ts(x), regions: []func(*Op){addF}, want: "(C10)"},
		{name: "C12", op: "stablehlo.reduce_window", operands: ts(x, f), attrs: rw("padding", dense2([]int64{0, 0})), results: ts(x), regions: []func(*Op){addF}, want: "shape(padding) = [2, 2] (C12)"},
		{name: "C13", op: "stablehlo.reduce_window", operands: ts(x, f), attrs: rw(), results: ts(tt(F32, 3, 4)), regions: []func(*Op){retBody(ts(f, f), 0, 1)}, want: "(C13)"},
		{name: "C15", op: "stablehlo.reduce_window", operands: ts(x, f), attrs: rw(), results: ts(x), regions: []func(*Op){addF}, want: "inferred type(s) 'tensor<3x4xf32>'"},
		{name: "missing", op: "stablehlo.reduce_window", operands: ts(x, f), results: ts(x), regions: []func(*Op){addF}, want: "requires attribute 'window_dimensions'"},

		{name: "ok", op: "stablehlo.select_and_scatter", operands: ts(x, tt(F32, 2, 2), f), attrs: sas, results: ts(x), regions: []func(*Op){sel, addF}},
		{name: "C1", op: "stablehlo.select_and_scatter", operands: ts(x, tt(I32, 2, 2), f), attrs: sas, results: ts(x), regions: []func(*Op){sel, addF}, want: "element_type(operand) = element_type(source) (C1)"},
		{name: "C2", op: "stablehlo.select_and_scatter", operands: ts(x, tt(F32, 3, 2), f), attrs: sas, results: ts(x), regions: []func(*Op){sel, addF}, want: "shape(source) = num_windows = [2, 2] (C2)"},
		{name: "C3", op: "stablehlo.select_and_scatter", operands: ts(x, tt(F32, 2, 2), i32), attrs: sas, results: ts(x), regions: []func(*Op){sel, addF}, want: "(C3)"},
		{name: "C9", op: "stablehlo.select_and_scatter", operands: ts(x, tt(F32, 2, 2), f), attrs: sas, results: ts(x), regions: []func(*Op){addF, addF}, want: "'select' region must have type (tensor<f32>, tensor<f32>) -> tensor<i1> (C9)"},
		{name: "C10", op: "stablehlo.select_and_scatter", operands: ts(x, tt(F32, 2, 2), f), attrs: sas, results: ts(x), regions: []func(*Op){sel, sel}, want: "(C10)"},
		{name: "regions", op: "stablehlo.select_and_scatter", operands: ts(x, tt(F32, 2, 2), f), attrs: sas, results: ts(x), regions: []func(*Op){sel}, want: "requires 2 region(s), got 1"},

		{name: "ok", op: "stablehlo.sort", operands: ts(x, tt(I32, 4, 6)), attrs: at("dimension", iv(1), "is_stable", BoolAttr(true)), results: ts(x, tt(I32, 4, 6)), regions: []func(*Op){cmpBody(F32, I32)}},
		{name: "C1", op: "stablehlo.sort", attrs: at("dimension", iv(0)), regions: []func(*Op){cmpBody()}, want: "0 < size(inputs) (C1)"},
		{name: "C2", op: "stablehlo.sort", operands: ts(x), attrs: at("dimension", iv(0)), results: ts(tt(I32, 4, 6)), regions: []func(*Op){cmpBody(F32)}, want: "inferred type(s)"},
		{name: "C3", op: "stablehlo.sort", operands: ts(x, tt(I32, 4)), attrs: at("dimension", iv(0)), results: ts(x, tt(I32, 4)), regions: []func(*Op){cmpBody(F32, I32)}, want: "(C3)"},
		{name: "C4", op: "stablehlo.sort", operands: ts(x), attrs: at("dimension", iv(2)), results: ts(x), regions: []func(*Op){cmpBody(F32)}, want: "-R <= dimension < R where R = rank(inputs[0]) = 2 (C4)"},
		{name: "negative dim", op: "stablehlo.sort", operands: ts(x), attrs: at("dimension", iv(-2)), results: ts(x), regions: []func(*Op){cmpBody(F32)}},
		{name: "C5", op: "stablehlo.sort", operands: ts(x), attrs: at("dimension", iv(0)), results: ts(x), regions: []func(*Op){cmpBody(I32)}, want: "'comparator' region must have type (C5)"[:32]},

		{name: "ok", op: "stablehlo.map", operands: ts(x, x), attrs: at("dimensions", ia(0, 1)), results: ts(x), regions: []func(*Op){addF}},
		{name: "C1", op: "stablehlo.map", operands: ts(x, tt(F32, 6, 4)), attrs: at("dimensions", ia(0, 1)), results: ts(x), regions: []func(*Op){addF}, want: "(C1)"},
		{name: "C3", op: "stablehlo.map", operands: ts(x, x), attrs: at("dimensions", ia(1, 0)), results: ts(x), regions: []func(*Op){addF}, want: "dimensions = range(rank(inputs[0])) (C3)"},
		{name: "C4", op: "stablehlo.map", operands: ts(x, x), attrs: at("dimensions", ia(0, 1)), results: ts(x), regions: []func(*Op){binBody("add", I32)}, want: "(C4)"},

		{name: "ok", op: "stablehlo.while", operands: ts(i32, x), results: ts(i32, x), regions: []func(*Op){
			region(ts(i32, x), func(b *Builder, a []*Value) []*Value { v, _ := b.Compare("LT", "", a[0], a[0]); return []*Value{v} }),
			retBody(ts(i32, x), 0, 1)}},
		{name: "C1", op: "stablehlo.while", operands: ts(i32, x), results: ts(i32, x), regions: []func(*Op){retBody(ts(i32, x), 0), retBody(ts(i32, x), 0, 1)}, want: "'cond' region must have type (tensor<i32>, tensor<4x6xf32>) -> tensor<i1> (C1)"},
		{name: "C2", op: "stablehlo.while", operands: ts(i32, x), results: ts(i32, x), regions: []func(*Op){
			region(ts(i32, x), func(b *Builder, a []*Value) []*Value { v, _ := b.Compare("LT", "", a[0], a[0]); return []*Value{v} }),
			retBody(ts(i32, x), 0)}, want: "(C2)"},
		{name: "C3", op: "stablehlo.while", operands: ts(i32), results: ts(tt(I64)), regions: []func(*Op){
			region(ts(i32), func(b *Builder, a []*Value) []*Value { v, _ := b.Compare("LT", "", a[0], a[0]); return []*Value{v} }),
			retBody(ts(i32), 0)}, want: "inferred type(s) 'tensor<i32>'"},

		{name: "ok", op: "stablehlo.if", operands: ts(i1), results: ts(x), regions: []func(*Op){constBody(x), constBody(x)}},
		{name: "pred", op: "stablehlo.if", operands: ts(tt(I1, 2)), results: ts(x), regions: []func(*Op){constBody(x), constBody(x)}, want: "pred must be a 0-dimensional tensor of type i1"},
		{name: "C1", op: "stablehlo.if", operands: ts(i1), results: ts(x), regions: []func(*Op){retBody(ts(x), 0), constBody(x)}, want: "'true_branch' region must take no arguments (C1)"},
		{name: "C2", op: "stablehlo.if", operands: ts(i1), results: ts(x), regions: []func(*Op){constBody(x), constBody(tt(F32, 2))}, want: "(C2)"},
		{name: "C3", op: "stablehlo.if", operands: ts(i1), results: ts(f), regions: []func(*Op){constBody(x), constBody(x)}, want: "inferred type(s)"},

		{name: "ok", op: "stablehlo.case", operands: ts(i32), results: ts(x), regions: []func(*Op){constBody(x), constBody(x), constBody(x)}},
		{name: "C1", op: "stablehlo.case", operands: ts(i32), results: ts(x), want: "requires at least one region"},
		{name: "C3", op: "stablehlo.case", operands: ts(i32), results: ts(x), regions: []func(*Op){constBody(x), constBody(f)}, want: "'branches[1]' returns (tensor<f32>) (C3)"[:24]},
		{name: "index", op: "stablehlo.case", operands: ts(tt(I64)), results: ts(x), regions: []func(*Op){constBody(x)}, want: "index must be a 0-dimensional tensor of type si32"},
	}
}

// TestVerifyRegionOps verifies the cases of regionOpsCases.
func TestVerifyRegionOps(t *testing.T) { runCases(t, regionOpsCases()) }
