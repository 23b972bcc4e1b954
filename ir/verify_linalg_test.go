package ir

import "testing"

func dotDims(lb, rb, lc, rc []int64) Attrs {
	return at("dot_dimension_numbers", &DotDimensionNumbersAttr{
		LhsBatchingDimensions: lb, RhsBatchingDimensions: rb,
		LhsContractingDimensions: lc, RhsContractingDimensions: rc,
	})
}

func dotGeneralCases() []opCase {
	l, r := tt(F32, 1, 2, 3), tt(F32, 1, 4, 2, 3)
	v := func(x ...int64) []int64 { return x }
	prec := func(n int) Attrs {
		a := dotDims(v(0, 1), v(0, 2), v(2), v(3))
		var p ArrayAttr
		for i := 0; i < n; i++ {
			p = append(p, enum("precision", "HIGHEST"))
		}
		return append(a, NamedAttr{"precision_config", p})
	}
	return []opCase{
		{name: "issue case", op: "stablehlo.dot_general", operands: ts(l, r), attrs: dotDims(v(0, 1), v(0, 2), v(2), v(3)), results: ts(tt(F32, 1, 2, 4))},
		{name: "mixed precision result", op: "stablehlo.dot_general", operands: ts(tt(BF16, 2, 3), tt(BF16, 3, 4)), attrs: dotDims(nil, nil, v(1), v(0)), results: ts(tt(F32, 2, 4))},
		{name: "precision", op: "stablehlo.dot_general", operands: ts(l, r), attrs: prec(2), results: ts(tt(F32, 1, 2, 4))},
		{name: "precision size", op: "stablehlo.dot_general", operands: ts(l, r), attrs: prec(1), results: ts(tt(F32, 1, 2, 4)), want: "size(precision_config) = 2 (C11)"},
		{name: "wrong result", op: "stablehlo.dot_general", operands: ts(l, r), attrs: dotDims(v(0, 1), v(0, 2), v(2), v(3)), results: ts(tt(F32, 1, 4, 2)), want: "inferred type(s) 'tensor<1x2x4xf32>' are incompatible with return type(s) of operation 'tensor<1x4x2xf32>'"},
		{name: "C1", op: "stablehlo.dot_general", operands: ts(l, r), attrs: dotDims(v(0, 1), v(0), v(2), v(3)), results: ts(tt(F32, 1, 2, 4)), want: "lhs_batching_dimensions and rhs_batching_dimensions must have the same size (C1)"},
		{name: "C2", op: "stablehlo.dot_general", operands: ts(l, r), attrs: dotDims(v(0, 1), v(0, 2), v(2), v(3, 1)), results: ts(tt(F32, 1, 2, 4)), want: "must have the same size (C2)"},
		{name: "C3", op: "stablehlo.dot_general", operands: ts(l, r), attrs: dotDims(v(0, 2), v(0, 2), v(2), v(3)), results: ts(tt(F32, 1, 2, 4)), want: "lhs_batching_dimensions + lhs_contracting_dimensions must be unique (C3)"},
		{name: "C4", op: "stablehlo.dot_general", operands: ts(l, r), attrs: dotDims(v(0, 1), v(0, 3), v(2), v(3)), results: ts(tt(F32, 1, 2, 4)), want: "(C4)"},
		{name: "C5", op: "stablehlo.dot_general", operands: ts(l, r), attrs: dotDims(v(0, 5), v(0, 2), v(2), v(3)), results: ts(tt(F32, 1, 2, 4)), want: "lhs_batching_dimensions must be in [0, rank(lhs) = 3) (C5)"},
		{name: "C6", op: "stablehlo.dot_general", operands: ts(l, r), attrs: dotDims(v(0, 1), v(0, 2), v(-1), v(3)), results: ts(tt(F32, 1, 2, 4)), want: "(C6)"},
		{name: "C7", op: "stablehlo.dot_general", operands: ts(l, r), attrs: dotDims(v(0, 1), v(0, 4), v(2), v(3)), results: ts(tt(F32, 1, 2, 4)), want: "(C7)"},
		{name: "C8", op: "stablehlo.dot_general", operands: ts(l, r), attrs: dotDims(v(0, 1), v(0, 2), v(2), v(4)), results: ts(tt(F32, 1, 2, 4)), want: "(C8)"},
		{name: "C9", op: "stablehlo.dot_general", operands: ts(l, r), attrs: dotDims(v(0, 1), v(0, 1), v(2), v(3)), results: ts(tt(F32, 1, 2, 4)), want: "dim(lhs, lhs_batching_dimensions...) must equal dim(rhs, rhs_batching_dimensions...) (C9)"},
		{name: "C10", op: "stablehlo.dot_general", operands: ts(l, r), attrs: dotDims(v(0, 1), v(0, 2), v(2), v(1)), results: ts(tt(F32, 1, 2, 4)), want: "(C10)"},
		{name: "C13", op: "stablehlo.dot_general", operands: ts(l, tt(I32, 1, 4, 2, 3)), attrs: dotDims(v(0, 1), v(0, 2), v(2), v(3)), results: ts(tt(F32, 1, 2, 4)), want: "element_type(lhs) = element_type(rhs) (C13)"},
		{name: "missing", op: "stablehlo.dot_general", operands: ts(l, r), results: ts(tt(F32, 1, 2, 4)), want: "requires attribute 'dot_dimension_numbers'"},
		{name: "dynamic", op: "stablehlo.dot_general", operands: ts(tt(F32, Dynamic, 3), tt(F32, 3, 4)), attrs: dotDims(nil, nil, v(1), v(0)), results: ts(tt(F32, 7, 4))},

		{name: "ok", op: "stablehlo.dot", operands: ts(tt(F32, 2, 3), tt(F32, 3)), results: ts(tt(F32, 2))},
		{name: "contract", op: "stablehlo.dot", operands: ts(tt(F32, 2, 3), tt(F32, 4)), results: ts(tt(F32, 2)), want: "last dimension of lhs to equal the first of rhs"},
		{name: "rank", op: "stablehlo.dot", operands: ts(l, tt(F32, 3)), results: ts(tt(F32, 2)), want: "rank 1 or 2"},
	}
}

// TestVerifyDotGeneral verifies the cases of dotGeneralCases.
func TestVerifyDotGeneral(t *testing.T) { runCases(t, dotGeneralCases()) }

func convDims() *ConvDimensionNumbersAttr {
	// [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]
	return &ConvDimensionNumbersAttr{
		InputBatchDimension: 0, InputFeatureDimension: 3, InputSpatialDimensions: []int64{1, 2},
		KernelInputFeatureDimension: 2, KernelOutputFeatureDimension: 3, KernelSpatialDimensions: []int64{0, 1},
		OutputBatchDimension: 0, OutputFeatureDimension: 3, OutputSpatialDimensions: []int64{1, 2},
	}
}

func convolutionCases() []opCase {
	lhs, rhs := tt(F32, 2, 8, 8, 4), tt(F32, 3, 3, 4, 6)
	conv := func(kv ...any) Attrs {
		return append(at("dimension_numbers", convDims()), at(kv...)...)
	}
	bad := func(mod func(d *ConvDimensionNumbersAttr)) Attrs {
		d := convDims()
		mod(d)
		return at("dimension_numbers", d)
	}
	out := tt(F32, 2, 6, 6, 6)
	return []opCase{
		{name: "valid", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: conv(), results: ts(out)},
		{name: "strided padded dilated", op: "stablehlo.convolution", operands: ts(lhs, rhs),
			attrs: conv("window_strides", ia(2, 1), "padding", dense2([]int64{1, 1}, []int64{0, 2}), "lhs_dilation", ia(2, 1), "rhs_dilation", ia(1, 2)),
			// dim1: (8-1)*2+1 = 15, +2 = 17, window 3: (17-3)/2+1 = 8; dim2: 8+2 = 10, window (3-1)*2+1 = 5: 6.
			results: ts(tt(F32, 2, 8, 6, 6))},
		{name: "feature groups", op: "stablehlo.convolution", operands: ts(lhs, tt(F32, 3, 3, 2, 6)), attrs: conv("feature_group_count", iv(2)), results: ts(out)},
		{name: "batch groups", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: conv("batch_group_count", iv(2)), results: ts(tt(F32, 1, 6, 6, 6))},
		{name: "result", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: conv(), results: ts(tt(F32, 2, 8, 8, 6)), want: "inferred type(s) 'tensor<2x6x6x6xf32>'"},
		{name: "C1", op: "stablehlo.convolution", operands: ts(lhs, tt(F32, 3, 4, 6)), attrs: conv(), results: ts(out), want: "N = rank(lhs) = rank(rhs) (C1)"},
		{name: "C2", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: conv("window_strides", ia(1)), results: ts(out), want: "size(window_strides) = 2 (C2)"},
		{name: "C3", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: conv("window_strides", ia(1, 0)), results: ts(out), want: "0 < window_strides (C3)"},
		{name: "C4", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: conv("padding", dense2([]int64{0, 0})), results: ts(out), want: "shape(padding) = [2, 2] (C4)"},
		{name: "C6", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: conv("lhs_dilation", ia(0, 1)), results: ts(out), want: "0 < lhs_dilation (C6)"},
		{name: "C7", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: conv("rhs_dilation", ia(1)), results: ts(out), want: "(C7)"},
		{name: "C9", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: conv("window_reversal", &DenseArrayAttr{Elem: I1, Ints: []int64{0}}), results: ts(out), want: "size(window_reversal) = 2 (C9)"},
		{name: "C10", op: "stablehlo.convolution", operands: ts(tt(F32, 3, 8, 8, 4), rhs), attrs: conv("batch_group_count", iv(2)), results: ts(out), want: "(C10)"},
		{name: "C11", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: conv("feature_group_count", iv(3)), results: ts(out), want: "dim(lhs, input_feature_dimension) % feature_group_count = 0 (C11)"},
		{name: "C13", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: bad(func(d *ConvDimensionNumbersAttr) { d.InputFeatureDimension = 0 }), results: ts(out), want: "(C13)"},
		{name: "C14", op: "stablehlo.convolution", operands: ts(lhs, tt(F32, 3, 3, 5, 6)), attrs: conv(), results: ts(out), want: "dim(rhs, kernel_input_feature_dimension) = dim(lhs, input_feature_dimension) / feature_group_count (C14)"},
		{name: "C15", op: "stablehlo.convolution", operands: ts(lhs, tt(F32, 3, 3, 4, 5)), attrs: conv("batch_group_count", iv(2)), results: ts(out), want: "(C15)"},
		{name: "C16", op: "stablehlo.convolution", operands: ts(lhs, tt(F32, 3, 3, 2, 5)), attrs: conv("feature_group_count", iv(2)), results: ts(out), want: "(C16)"},
		{name: "C12", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: bad(func(d *ConvDimensionNumbersAttr) { d.InputSpatialDimensions = []int64{1} }), results: ts(out), want: "(C12)"},
		{name: "C17", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: bad(func(d *ConvDimensionNumbersAttr) { d.KernelSpatialDimensions = []int64{0} }), results: ts(out), want: "(C17)"},
		{name: "C18", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: bad(func(d *ConvDimensionNumbersAttr) { d.KernelInputFeatureDimension = 3 }), results: ts(out), want: "(C18)"},
		{name: "C19", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: bad(func(d *ConvDimensionNumbersAttr) { d.OutputSpatialDimensions = nil }), results: ts(out), want: "(C19)"},
		{name: "C20", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: bad(func(d *ConvDimensionNumbersAttr) { d.OutputFeatureDimension = 4 }), results: ts(out), want: "(C20)"},
		{name: "C21", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: conv("feature_group_count", iv(0)), results: ts(out), want: "0 < feature_group_count (C21)"},
		{name: "C22", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: conv("batch_group_count", iv(-1)), results: ts(out), want: "(C22)"},
		{name: "C23", op: "stablehlo.convolution", operands: ts(lhs, rhs), attrs: conv("batch_group_count", iv(2), "feature_group_count", iv(2)), results: ts(out), want: "feature_group_count = 1 or batch_group_count = 1 (C23)"},
		{name: "C27", op: "stablehlo.convolution", operands: ts(lhs, tt(F16, 3, 3, 4, 6)), attrs: conv(), results: ts(out), want: "(C27)"},
		{name: "missing", op: "stablehlo.convolution", operands: ts(lhs, rhs), results: ts(out), want: "requires attribute 'dimension_numbers'"},
	}
}

// TestVerifyConvolution verifies the cases of convolutionCases.
func TestVerifyConvolution(t *testing.T) { runCases(t, convolutionCases()) }
