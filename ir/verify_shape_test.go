package ir

import "testing"

func shapeOpsCases() []opCase {
	f23, f4 := tt(F32, 2, 3), tt(F32, 4)
	cst := &DenseElementsAttr{Value: MustTensor(f23)}
	pad := func(lo, hi, in []int64) Attrs {
		return at("edge_padding_low", ia(lo...), "edge_padding_high", ia(hi...), "interior_padding", ia(in...))
	}
	slice := func(s, l, st []int64) Attrs {
		return at("start_indices", ia(s...), "limit_indices", ia(l...), "strides", ia(st...))
	}
	i32 := tt(I32)
	return []opCase{
		{name: "ok", op: "stablehlo.constant", attrs: at("value", cst), results: ts(f23)},
		{name: "type", op: "stablehlo.constant", attrs: at("value", cst), results: ts(tt(F32, 3, 2)), want: "type(value) = type(output) (C1)"},
		{name: "missing", op: "stablehlo.constant", results: ts(f23), want: "requires attribute 'value'"},
		{name: "not dense", op: "stablehlo.constant", attrs: at("value", iv(1)), results: ts(f23), want: "must be a dense elements attribute"},
		{name: "operands", op: "stablehlo.constant", operands: ts(f23), attrs: at("value", cst), results: ts(f23), want: "requires 0 operand(s), got 1"},

		{name: "ok", op: "stablehlo.iota", attrs: at("iota_dimension", iv(1)), results: ts(f23)},
		{name: "dim", op: "stablehlo.iota", attrs: at("iota_dimension", iv(2)), results: ts(f23), want: "0 <= iota_dimension < rank(output) (C1), got iota_dimension 2 for rank 2"},
		{name: "missing", op: "stablehlo.iota", results: ts(f23), want: "requires attribute 'iota_dimension'"},
		{name: "bool", op: "stablehlo.iota", attrs: at("iota_dimension", iv(0)), results: ts(tt(I1, 2)), want: "integer, floating-point or complex type"},

		{name: "ok", op: "stablehlo.broadcast_in_dim", operands: ts(tt(F32, 1, 3)), attrs: at("broadcast_dimensions", ia(0, 2)), results: ts(tt(F32, 5, 4, 3))},
		{name: "size", op: "stablehlo.broadcast_in_dim", operands: ts(f23), attrs: at("broadcast_dimensions", ia(0)), results: ts(f23), want: "size(broadcast_dimensions) = rank(operand) (C2)"},
		{name: "range", op: "stablehlo.broadcast_in_dim", operands: ts(f23), attrs: at("broadcast_dimensions", ia(0, 2)), results: ts(f23), want: "0 <= broadcast_dimensions < rank(result) (C3)"},
		{name: "unique", op: "stablehlo.broadcast_in_dim", operands: ts(tt(F32, 1, 1)), attrs: at("broadcast_dimensions", ia(1, 1)), results: ts(f23), want: "is_unique(broadcast_dimensions) (C4)"},
		{name: "dim", op: "stablehlo.broadcast_in_dim", operands: ts(f23), attrs: at("broadcast_dimensions", ia(0, 1)), results: ts(tt(F32, 2, 4)), want: "dim(operand, 1) = 1 or dim(operand, 1) = dim(result, broadcast_dimensions[1]) (C5)"},
		{name: "elem", op: "stablehlo.broadcast_in_dim", operands: ts(f23), attrs: at("broadcast_dimensions", ia(0, 1)), results: ts(tt(I32, 2, 3)), want: "(C1)"},
		{name: "missing", op: "stablehlo.broadcast_in_dim", operands: ts(f23), results: ts(f23), want: "requires attribute 'broadcast_dimensions'"},
		{name: "legacy dense", op: "stablehlo.broadcast_in_dim", operands: ts(f23), attrs: at("broadcast_dimensions", &DenseElementsAttr{Value: &Tensor{Type: tt(I64, 2), I: []int64{1, 2}}}), results: ts(tt(F32, 7, 2, 3))},

		{name: "ok", op: "stablehlo.broadcast", operands: ts(f23), attrs: at("broadcast_sizes", ia(4)), results: ts(tt(F32, 4, 2, 3))},
		{name: "shape", op: "stablehlo.broadcast", operands: ts(f23), attrs: at("broadcast_sizes", ia(4)), results: ts(tt(F32, 2, 3, 4)), want: "inferred type(s) 'tensor<4x2x3xf32>'"},

		{name: "ok", op: "stablehlo.reshape", operands: ts(f23), results: ts(tt(F32, 6))},
		{name: "dynamic", op: "stablehlo.reshape", operands: ts(tt(F32, Dynamic, 3)), results: ts(tt(F32, 6))},
		{name: "size", op: "stablehlo.reshape", operands: ts(f23), results: ts(tt(F32, 5)), want: "size(operand) = size(result) (C2), got 6 and 5 elements"},
		{name: "elem", op: "stablehlo.reshape", operands: ts(f23), results: ts(tt(I32, 6)), want: "(C1)"},

		{name: "ok", op: "stablehlo.transpose", operands: ts(f23), attrs: at("permutation", ia(1, 0)), results: ts(tt(F32, 3, 2))},
		{name: "perm", op: "stablehlo.transpose", operands: ts(f23), attrs: at("permutation", ia(0, 0)), results: ts(f23), want: "permutation to be a permutation of range(rank(operand)) (C2)"},
		{name: "shape", op: "stablehlo.transpose", operands: ts(f23), attrs: at("permutation", ia(1, 0)), results: ts(f23), want: "inferred type(s) 'tensor<3x2xf32>'"},

		{name: "ok", op: "stablehlo.slice", operands: ts(tt(F32, 10)), attrs: slice([]int64{1}, []int64{8}, []int64{3}), results: ts(tt(F32, 3))},
		{name: "size", op: "stablehlo.slice", operands: ts(f23), attrs: slice([]int64{0}, []int64{1}, []int64{1}), results: ts(f23), want: "(C2)"},
		{name: "bounds", op: "stablehlo.slice", operands: ts(tt(F32, 10)), attrs: slice([]int64{1}, []int64{11}, []int64{1}), results: ts(f4), want: "0 <= start_indices <= limit_indices <= shape(operand) (C3)"},
		{name: "start>limit", op: "stablehlo.slice", operands: ts(tt(F32, 10)), attrs: slice([]int64{5}, []int64{4}, []int64{1}), results: ts(f4), want: "(C3)"},
		{name: "stride", op: "stablehlo.slice", operands: ts(tt(F32, 10)), attrs: slice([]int64{1}, []int64{5}, []int64{0}), results: ts(f4), want: "0 < strides (C4)"},
		{name: "result", op: "stablehlo.slice", operands: ts(tt(F32, 10)), attrs: slice([]int64{1}, []int64{8}, []int64{3}), results: ts(f4), want: "inferred type(s) 'tensor<3xf32>'"},
		{name: "missing", op: "stablehlo.slice", operands: ts(tt(F32, 10)), attrs: at("start_indices", ia(0)), results: ts(f4), want: "requires attribute 'limit_indices'"},

		{name: "ok", op: "stablehlo.dynamic_slice", operands: ts(f23, i32, i32), attrs: at("slice_sizes", ia(1, 2)), results: ts(tt(F32, 1, 2))},
		{name: "count", op: "stablehlo.dynamic_slice", operands: ts(f23, i32), attrs: at("slice_sizes", ia(1, 2)), results: ts(tt(F32, 1, 2)), want: "size(start_indices) = rank(operand) (C2)"},
		{name: "same", op: "stablehlo.dynamic_slice", operands: ts(f23, i32, tt(I64)), attrs: at("slice_sizes", ia(1, 2)), results: ts(tt(F32, 1, 2)), want: "same(type(start_indices...)) (C3)"},
		{name: "sizes", op: "stablehlo.dynamic_slice", operands: ts(f23, i32, i32), attrs: at("slice_sizes", ia(1, 4)), results: ts(tt(F32, 1, 4)), want: "0 <= slice_sizes <= shape(operand) (C4)"},
		{name: "result", op: "stablehlo.dynamic_slice", operands: ts(f23, i32, i32), attrs: at("slice_sizes", ia(1, 2)), results: ts(tt(F32, 2, 1)), want: "inferred type(s)"},
		{name: "index type", op: "stablehlo.dynamic_slice", operands: ts(f23, tt(F32), tt(F32)), attrs: at("slice_sizes", ia(1, 2)), results: ts(tt(F32, 1, 2)), want: "0-dimensional tensors of integer type"},

		{name: "ok", op: "stablehlo.dynamic_update_slice", operands: ts(f23, tt(F32, 1, 2), i32, i32), results: ts(f23)},
		{name: "elem", op: "stablehlo.dynamic_update_slice", operands: ts(f23, tt(I32, 1, 2), i32, i32), results: ts(f23), want: "element_type(update) = element_type(operand) (C2)"},
		{name: "rank", op: "stablehlo.dynamic_update_slice", operands: ts(f23, tt(F32, 2), i32, i32), results: ts(f23), want: "rank(update) = rank(operand) (C3)"},
		{name: "count", op: "stablehlo.dynamic_update_slice", operands: ts(f23, tt(F32, 1, 2), i32), results: ts(f23), want: "(C4)"},
		{name: "big", op: "stablehlo.dynamic_update_slice", operands: ts(f23, tt(F32, 3, 2), i32, i32), results: ts(f23), want: "0 <= shape(update) <= shape(operand) (C6)"},
		{name: "result", op: "stablehlo.dynamic_update_slice", operands: ts(f23, tt(F32, 1, 2), i32, i32), results: ts(tt(F32, 3, 2)), want: "inferred type(s)"},

		{name: "ok", op: "stablehlo.concatenate", operands: ts(f23, tt(F32, 2, 5)), attrs: at("dimension", iv(1)), results: ts(tt(F32, 2, 8))},
		{name: "elem", op: "stablehlo.concatenate", operands: ts(f23, tt(I32, 2, 3)), attrs: at("dimension", iv(1)), results: ts(tt(F32, 2, 6)), want: "same(element_type(inputs...)) (C1)"},
		{name: "shape", op: "stablehlo.concatenate", operands: ts(f23, tt(F32, 3, 3)), attrs: at("dimension", iv(1)), results: ts(tt(F32, 2, 6)), want: "same(shape(inputs...)) except for dim(inputs..., dimension) (C2)"},
		{name: "empty", op: "stablehlo.concatenate", attrs: at("dimension", iv(0)), results: ts(f4), want: "0 < size(inputs) (C3)"},
		{name: "dim", op: "stablehlo.concatenate", operands: ts(f23, f23), attrs: at("dimension", iv(2)), results: ts(f23), want: "0 <= dimension < rank(inputs[0]) (C4)"},
		{name: "result", op: "stablehlo.concatenate", operands: ts(f23, f23), attrs: at("dimension", iv(0)), results: ts(tt(F32, 4, 4)), want: "inferred type(s) 'tensor<4x3xf32>'"},

		{name: "ok", op: "stablehlo.pad", operands: ts(f23, tt(F32)), attrs: pad([]int64{1, 0}, []int64{0, -1}, []int64{0, 1}), results: ts(tt(F32, 3, 4))},
		{name: "issue crop", op: "stablehlo.pad", operands: ts(tt(I32, 1, 2), tt(I32)), attrs: pad([]int64{0, -1}, []int64{0, 0}, []int64{0, 0}), results: ts(tt(I32, 1, 1))},
		{name: "elem", op: "stablehlo.pad", operands: ts(f23, tt(I32)), attrs: pad([]int64{0, 0}, []int64{0, 0}, []int64{0, 0}), results: ts(f23), want: "element_type(operand) = element_type(padding_value) = element_type(result) (C1)"},
		{name: "size", op: "stablehlo.pad", operands: ts(f23, tt(F32)), attrs: pad([]int64{0}, []int64{0, 0}, []int64{0, 0}), results: ts(f23), want: "(C2)"},
		{name: "interior", op: "stablehlo.pad", operands: ts(f23, tt(F32)), attrs: pad([]int64{0, 0}, []int64{0, 0}, []int64{0, -1}), results: ts(f23), want: "0 <= interior_padding (C3)"},
		{name: "negative", op: "stablehlo.pad", operands: ts(f23, tt(F32)), attrs: pad([]int64{0, -2}, []int64{0, -2}, []int64{0, 0}), results: ts(f23), want: "negative size -1 for dimension 1 (C4)"},
		{name: "scalar", op: "stablehlo.pad", operands: ts(f23, tt(F32, 1)), attrs: pad([]int64{0, 0}, []int64{0, 0}, []int64{0, 0}), results: ts(f23), want: "padding_value must be a 0-dimensional tensor"},
		{name: "result", op: "stablehlo.pad", operands: ts(f23, tt(F32)), attrs: pad([]int64{1, 1}, []int64{0, 0}, []int64{0, 0}), results: ts(f23), want: "inferred type(s) 'tensor<3x4xf32>'"},

		{name: "ok", op: "stablehlo.reverse", operands: ts(f23), attrs: at("dimensions", ia(0, 1)), results: ts(f23)},
		{name: "unique", op: "stablehlo.reverse", operands: ts(f23), attrs: at("dimensions", ia(1, 1)), results: ts(f23), want: "is_unique(dimensions) (C2)"},
		{name: "range", op: "stablehlo.reverse", operands: ts(f23), attrs: at("dimensions", ia(2)), results: ts(f23), want: "0 <= dimensions < rank(result) (C3)"},

		{name: "ok", op: "stablehlo.get_dimension_size", operands: ts(f23), attrs: at("dimension", iv(1)), results: ts(tt(I32))},
		{name: "dim", op: "stablehlo.get_dimension_size", operands: ts(f23), attrs: at("dimension", iv(2)), results: ts(tt(I32)), want: "0 <= dimension < rank(operand) (C1)"},
		{name: "result", op: "stablehlo.get_dimension_size", operands: ts(f23), attrs: at("dimension", iv(0)), results: ts(tt(I64)), want: "inferred type(s) 'tensor<i32>'"},
	}
}

// TestVerifyShapeOps verifies the cases of shapeOpsCases.
func TestVerifyShapeOps(t *testing.T) { runCases(t, shapeOpsCases()) }
