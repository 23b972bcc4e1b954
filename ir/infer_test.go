package ir

import (
	"strings"
	"testing"
)

func TestInferResultTypes(t *testing.T) {
	one := func(name string, operands []Type, attrs Attrs, want string) {
		t.Helper()
		got, err := InferResultTypes(name, operands, attrs, nil)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return
		}
		if s := typesStr(got); s != want {
			t.Errorf("%s: got %s, want %s", name, s, want)
		}
	}
	// The case: batching dims [0,1] x [0,2], contracting [2] x [3].
	one("stablehlo.dot_general", ts(tt(F32, 1, 2, 3), tt(F32, 1, 4, 2, 3)),
		dotDims([]int64{0, 1}, []int64{0, 2}, []int64{2}, []int64{3}), "tensor<1x2x4xf32>")
	one("stablehlo.dot_general", ts(tt(F32, 5, 2, 3), tt(F32, 3, 7)),
		dotDims(nil, nil, []int64{2}, []int64{0}), "tensor<5x2x7xf32>")
	one("stablehlo.dot_general", ts(tt(F32, Dynamic, 3), tt(F32, 3, 4)),
		dotDims(nil, nil, []int64{1}, []int64{0}), "tensor<?x4xf32>")
	one("stablehlo.add", ts(tt(F32, Dynamic, 3), tt(F32, 2, Dynamic)), nil, "tensor<2x3xf32>")
	one("stablehlo.abs", ts(tt(C128, 2)), nil, "tensor<2xf64>")
	one("stablehlo.compare", ts(tt(I32, 2), tt(I32, 2)), at("comparison_direction", enum("comparison_direction", "LT")), "tensor<2xi1>")
	one("stablehlo.transpose", ts(tt(F32, 2, 3, 4)), at("permutation", ia(2, 0, 1)), "tensor<4x2x3xf32>")
	one("stablehlo.slice", ts(tt(F32, 10, 5)), at("start_indices", ia(1, 0), "limit_indices", ia(10, 5), "strides", ia(4, 2)), "tensor<3x3xf32>")
	one("stablehlo.concatenate", ts(tt(F32, 2, 3), tt(F32, 2, Dynamic)), at("dimension", iv(1)), "tensor<2x?xf32>")
	one("stablehlo.pad", ts(tt(I32, 1, 2), tt(I32)), at("edge_padding_low", ia(0, -1), "edge_padding_high", ia(0, 0), "interior_padding", ia(0, 0)), "tensor<1x1xi32>")
	one("stablehlo.pad", ts(tt(F32, 3), tt(F32)), at("edge_padding_low", ia(1), "edge_padding_high", ia(2), "interior_padding", ia(2)), "tensor<10xf32>")
	one("stablehlo.gather", ts(tt(F32, 5, 3), tt(I32, 4, 1)), at("dimension_numbers", gatherDims(), "slice_sizes", ia(1, 3)), "tensor<4x3xf32>")
	one("stablehlo.convolution", ts(tt(F32, 2, 8, 8, 4), tt(F32, 3, 3, 4, 6)),
		at("dimension_numbers", convDims(), "window_strides", ia(2, 2), "padding", dense2([]int64{1, 1}, []int64{1, 1})), "tensor<2x4x4x6xf32>")
	one("stablehlo.get_dimension_size", ts(tt(F32, 2)), at("dimension", iv(0)), "tensor<i32>")
	one("chlo.top_k", ts(tt(BF16, 4, 10)), at("k", iv(3)), "tensor<4x3xbf16>, tensor<4x3xi32>")
	one("stablehlo.all_gather", ts(tt(F32, 4, 6)), at("all_gather_dim", iv(0), "replica_groups", dense2([]int64{0, 1, 2})), "tensor<12x6xf32>")
	one("stablehlo.tuple", ts(tt(F32), &TokenType{}), nil, "tuple<tensor<f32>, !stablehlo.token>")

	// Region ops: the body gives the result element type.
	red := &Op{}
	binBody("add", F64)(red)
	got, err := InferResultTypes("stablehlo.reduce", ts(tt(F32, 3, 4), tt(F32)), at("dimensions", ia(0)), red.Regions)
	if err != nil || typesStr(got) != "tensor<4xf64>" {
		t.Errorf("reduce: got %v, %v; want tensor<4xf64>", got, err)
	}
	srt := &Op{}
	cmpBody(F32, I32)(srt)
	got, err = InferResultTypes("stablehlo.sort", ts(tt(F32, 5), tt(I32, 5)), at("dimension", iv(0)), srt.Regions)
	if err != nil || typesStr(got) != "tensor<5xf32>, tensor<5xi32>" {
		t.Errorf("sort: got %v, %v", got, err)
	}

	// Errors: a violated rule, an op whose result type is not determined,
	// an unknown op, a missing region.
	bad := []struct {
		name     string
		operands []Type
		attrs    Attrs
		want     string
	}{
		{"stablehlo.dot_general", ts(tt(F32, 1, 2, 3), tt(F32, 1, 4, 2, 3)), dotDims([]int64{0}, []int64{0, 2}, []int64{2}, []int64{3}),
			"'stablehlo.dot_general' op lhs_batching_dimensions and rhs_batching_dimensions must have the same size (C1)"},
		{"stablehlo.reshape", ts(tt(F32, 4)), nil, "'stablehlo.reshape' op requires an explicit result type"},
		{"stablehlo.convert", ts(tt(F32, 4)), nil, "requires an explicit result type"},
		{"stablehlo.iota", nil, at("iota_dimension", iv(0)), "requires an explicit result type"},
		{"stablehlo.bitcast_convert", ts(tt(F32, 4)), nil, "requires an explicit result type"},
		{"stablehlo.broadcast_in_dim", ts(tt(F32, 4)), at("broadcast_dimensions", ia(0)), "requires an explicit result type"},
		{"stablehlo.nope", nil, nil, "'stablehlo.nope' is not a registered operation"},
		{"stablehlo.reduce", ts(tt(F32, 4), tt(F32)), at("dimensions", ia(0)), "requires 1 region(s), got 0"},
		{"stablehlo.add", ts(tt(F32, 4), tt(F32, 5)), nil, "(C1)"},
		{"stablehlo.add", ts(tt(F32, 4), nil), nil, "operand #1 has no type"},
	}
	for _, b := range bad {
		_, err := InferResultTypes(b.name, b.operands, b.attrs, nil)
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%s: want error containing %q, got %v", b.name, b.want, err)
		}
	}
}
