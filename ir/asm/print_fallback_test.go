package asm

import (
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// TestPrettyFallsBackToGeneric: an op whose attributes or types the pretty
// form cannot spell exactly prints generically, so that it reads back as it
// was.
func TestPrettyFallsBackToGeneric(t *testing.T) {
	cases := []struct {
		name  string
		in    []ir.Type
		build func(tf *testFunc)
		want  string
	}{
		{
			name: "compare without direction",
			in:   types(f32s),
			build: func(tf *testFunc) {
				tf.v1("stablehlo.compare", vals(tf.arg(0), tf.arg(0)), i1s, nil)
			},
			want: `%0 = "stablehlo.compare"(%arg0, %arg0) : (tensor<f32>, tensor<f32>) -> tensor<i1>`,
		},
		{
			name: "compare direction of the chlo dialect",
			in:   types(f32s),
			build: func(tf *testFunc) {
				tf.v1("stablehlo.compare", vals(tf.arg(0), tf.arg(0)), i1s, attrs("comparison_direction",
					&ir.EnumAttr{Dialect: "chlo", Kind: "comparison_direction", Value: "GT"}))
			},
			want: `%0 = "stablehlo.compare"(%arg0, %arg0) <{comparison_direction = #chlo<comparison_direction GT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>`,
		},
		{
			name: "iota dimension of type i32",
			build: func(tf *testFunc) {
				tf.v1("stablehlo.iota", nil, tt(ir.I32, 4), attrs("iota_dimension", i32(0)))
			},
			want: `%0 = "stablehlo.iota"() <{iota_dimension = 0 : i32}> : () -> tensor<4xi32>`,
		},
		{
			name: "slice arrays of different lengths",
			in:   types(tt(ir.F32, 4)),
			build: func(tf *testFunc) {
				tf.v1("stablehlo.slice", vals(tf.arg(0)), tt(ir.F32, 2), attrs(
					"start_indices", ir.I64Array(0), "limit_indices", ir.I64Array(2), "strides", ir.I64Array(1, 1)))
			},
			want: `%0 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 2>, start_indices = array<i64: 0>, strides = array<i64: 1, 1>}> : (tensor<4xf32>) -> tensor<2xf32>`,
		},
		{
			name: "transpose permutation as i32 array",
			in:   types(tt(ir.F32, 1, 2)),
			build: func(tf *testFunc) {
				tf.v1("stablehlo.transpose", vals(tf.arg(0)), tt(ir.F32, 2, 1), attrs(
					"permutation", &ir.DenseArrayAttr{Elem: ir.I32, Ints: []int64{1, 0}}))
			},
			want: `%0 = "stablehlo.transpose"(%arg0) <{permutation = array<i32: 1, 0>}> : (tensor<1x2xf32>) -> tensor<2x1xf32>`,
		},
		{
			name: "constant of another type than its result",
			build: func(tf *testFunc) {
				tf.v1("stablehlo.constant", nil, tt(ir.F32, 2), attrs("value", dense(tt(ir.F32, 1), 1.0)))
			},
			want: `%0 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<1xf32>}> : () -> tensor<2xf32>`,
		},
		{
			name: "convolution with a dimension named twice",
			in:   types(tt(ir.F32, 1, 4, 1), tt(ir.F32, 2, 1, 1)),
			build: func(tf *testFunc) {
				tf.v1("stablehlo.convolution", vals(tf.arg(0), tf.arg(1)), tt(ir.F32, 1, 3, 1), attrs(
					"dimension_numbers", &ir.ConvDimensionNumbersAttr{
						InputBatchDimension: 0, InputFeatureDimension: 0, InputSpatialDimensions: []int64{1},
						KernelInputFeatureDimension: 1, KernelOutputFeatureDimension: 2, KernelSpatialDimensions: []int64{0},
						OutputBatchDimension: 0, OutputFeatureDimension: 2, OutputSpatialDimensions: []int64{1}}))
			},
			want: `%0 = "stablehlo.convolution"(%arg0, %arg1) <{dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 0, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]>}> : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x3x1xf32>`,
		},
		{
			name: "optimization_barrier changing a type",
			in:   types(f32s),
			build: func(tf *testFunc) {
				tf.v1("stablehlo.optimization_barrier", vals(tf.arg(0)), f32x4, nil)
			},
			want: `%0 = "stablehlo.optimization_barrier"(%arg0) : (tensor<f32>) -> tensor<4xf32>`,
		},
		{
			name: "tuple whose elements are not its operands",
			in:   types(f32s),
			build: func(tf *testFunc) {
				tf.v1("stablehlo.tuple", vals(tf.arg(0)), &ir.TupleType{Elems: types(i32s)}, nil)
			},
			want: `%0 = "stablehlo.tuple"(%arg0) : (tensor<f32>) -> tuple<tensor<i32>>`,
		},
		{
			name: "check.expect_close without max_ulp_difference",
			in:   types(f32s),
			build: func(tf *testFunc) {
				tf.op("check.expect_close", vals(tf.arg(0), tf.arg(0)), nil, nil)
			},
			want: `"check.expect_close"(%arg0, %arg0) : (tensor<f32>, tensor<f32>) -> ()`,
		},
		{
			name: "reduce without dimensions",
			in:   types(f32x4, f32s),
			build: func(tf *testFunc) {
				r := tf.op("stablehlo.reduce", vals(tf.arg(0), tf.arg(1)), types(f32s), nil)
				b := r.AddRegion(f32s, f32s)
				tf.in(b, func() {
					s := tf.v1("stablehlo.add", vals(b.Args[0], b.Args[1]), f32s, nil)
					tf.op("stablehlo.return", vals(s), nil, nil)
				})
			},
			want: `%0 = "stablehlo.reduce"(%arg0, %arg1) ({
^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
  %1 = stablehlo.add %arg2, %arg3 : tensor<f32>
  stablehlo.return %1 : tensor<f32>
}) : (tensor<4xf32>, tensor<f32>) -> tensor<f32>`,
		},
		{
			name: "while whose block arguments differ from its operands",
			in:   types(i64s),
			build: func(tf *testFunc) {
				w := tf.op("stablehlo.while", vals(tf.arg(0)), types(i64s), nil)
				c := w.AddRegion(i32s)
				tf.in(c, func() {
					tf.op("stablehlo.return", vals(tf.v1("stablehlo.constant", nil, i1s, attrs("value", dense(i1s, int64(1))))), nil, nil)
				})
				b := w.AddRegion(i64s)
				tf.in(b, func() { tf.op("stablehlo.return", vals(b.Args[0]), nil, nil) })
			},
			want: `%0 = "stablehlo.while"(%arg0) ({
^bb0(%arg1: tensor<i32>):
  %1 = stablehlo.constant dense<true> : tensor<i1>
  stablehlo.return %1 : tensor<i1>
}, {
^bb0(%arg1: tensor<i64>):
  stablehlo.return %arg1 : tensor<i64>
}) : (tensor<i64>) -> tensor<i64>`,
		},
		{
			name: "func.return with an attribute",
			in:   types(f32s),
			build: func(tf *testFunc) {
				tf.op("func.return", vals(tf.arg(0)), nil, attrs("mhlo.x", i64(1)))
				tf.op("stablehlo.abs", vals(tf.arg(0)), types(f32s), nil) // keeps the return in body()
			},
			want: `"func.return"(%arg0) {mhlo.x = 1 : i64} : (tensor<f32>) -> ()
%0 = stablehlo.abs %arg0 : tensor<f32>`,
		},
		{
			name: "unknown dialect: every attribute discardable",
			in:   types(f32s),
			build: func(tf *testFunc) {
				tf.op("mydialect.op", vals(tf.arg(0)), nil, attrs("b", i64(1), "a.x", ir.UnitAttr{}))
			},
			want: `"mydialect.op"(%arg0) {a.x, b = 1 : i64} : (tensor<f32>) -> ()`,
		},
		{
			name: "unregistered stablehlo op: inherent attributes as properties",
			in:   types(tt(ir.F32, 2, 2)),
			build: func(tf *testFunc) {
				tf.op("stablehlo.triangular_solve", vals(tf.arg(0), tf.arg(0)), types(tt(ir.F32, 2, 2)), attrs(
					"left_side", ir.BoolAttr(true), "transpose_a", enum("transpose", "NO_TRANSPOSE"), "mhlo.x", ir.StringAttr("y")))
			},
			want: `%0 = "stablehlo.triangular_solve"(%arg0, %arg0) <{left_side = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>}> {mhlo.x = "y"} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tf := newTestFunc("f", c.in, nil)
			c.build(tf)
			diffText(t, "pretty mode", body(t, tf.f, Options{}), c.want)
		})
	}
}

// TestMalformedIRDoesNotPanic: nil types, nil values, values of another
// function and missing function types print MLIR's placeholders.
func TestMalformedIRDoesNotPanic(t *testing.T) {
	other := newTestFunc("other", types(f32s), nil)
	foreign := other.arg(0)

	tf := newTestFunc("f", types(f32s), types(f32s))
	tf.op("stablehlo.add", vals(tf.arg(0), nil), types(f32s), nil)
	tf.op("stablehlo.negate", vals(foreign), types(nil), nil)
	tf.op("stablehlo.while", nil, nil, nil).Regions = []*ir.Region{nil, {Blocks: []*ir.Block{nil}}}
	tf.cur.Ops = append(tf.cur.Ops, nil)
	tf.op("func.return", vals(foreign), nil, nil)
	noType := &ir.Func{Name: "notype", Body: &ir.Region{Blocks: []*ir.Block{{}}}}
	noType.Body.Blocks[0].AddArg(nil)
	m := &ir.Module{Funcs: []*ir.Func{tf.f, noType, nil}, Globals: []*ir.Op{nil, ir.NewOp("sdy.mesh", nil, nil, nil)}}

	for _, opts := range []Options{{}, {Generic: true}, {DebugInfo: true}} {
		s := Print(m, opts)
		for _, want := range []string{"<<NULL VALUE>>", "<<UNKNOWN SSA VALUE>>", "<<NULL TYPE>>", "<<NULL OPERATION>>"} {
			if !strings.Contains(s, want) {
				t.Errorf("%+v: output lacks %s:\n%s", opts, want, s)
			}
		}
	}
	if s := Print(nil, Options{}); s != "module {\n}\n" {
		t.Errorf("nil module printed %q", s)
	}
	if s := PrintFunc(nil, Options{}); !strings.Contains(s, "NULL") {
		t.Errorf("nil func printed %q", s)
	}
}
