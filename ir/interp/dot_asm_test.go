package interp

// End-to-end tests of this package's ops from MLIR text (the pretty syntax
// JAX prints and the generic one): parse, verify, run, compare.

import (
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
)

// asmRun parses src, verifies it and runs @main without arguments.
func asmRun(t *testing.T, src string) []*ir.Tensor {
	t.Helper()
	m, err := asm.Parse("test.mlir", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	res, err := New(m).Call("main", nil)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	out := make([]*ir.Tensor, len(res))
	for i, r := range res {
		out[i] = r.(*ir.Tensor)
	}
	return out
}

func TestAsmDotGeneralIssueCase(t *testing.T) {
	got := asmRun(t, `
func.func @main() -> tensor<1x2x4xf32> {
  %lhs = stablehlo.constant dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]> : tensor<1x2x3xf32>
  %rhs = stablehlo.constant dense<[[[[0.0,1.0,2.0],[3.0,4.0,5.0]],[[6.0,7.0,8.0],[9.0,10.0,11.0]],[[12.0,13.0,14.0],[15.0,16.0,17.0]],[[18.0,19.0,20.0],[21.0,22.0,23.0]]]]> : tensor<1x4x2x3xf32>
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3] : (tensor<1x2x3xf32>, tensor<1x4x2x3xf32>) -> tensor<1x2x4xf32>
  return %0 : tensor<1x2x4xf32>
}`)
	// Worked in TestDotGeneralIssueCase.
	tbWantF(t, "dot_general", got[0], ir.F32, []int64{1, 2, 4}, 8, 44, 80, 116, 62, 152, 242, 332)
}

func TestAsmConvolutionSpecExample(t *testing.T) {
	got := asmRun(t, `
func.func @main() -> tensor<1x2x2x1xi64> {
  %lhs = stablehlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xi64>
  %rhs = stablehlo.constant dense<1> : tensor<3x3x1x1xi64>
  %result = "stablehlo.convolution"(%lhs, %rhs) {
    window_strides = array<i64: 4, 4>,
    padding = dense<0> : tensor<2x2xi64>,
    lhs_dilation = array<i64: 2, 2>,
    rhs_dilation = array<i64: 1, 1>,
    window_reversal = array<i1: false, false>,
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    batch_group_count = 1 : i64,
    feature_group_count = 1 : i64,
    precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]
  } : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
  return %result : tensor<1x2x2x1xi64>
}`)
	tbWantI(t, "convolution", got[0], ir.I64, []int64{1, 2, 2, 1}, 10, 26, 46, 62)
}

func TestAsmReduceWindowAndSelectAndScatter(t *testing.T) {
	got := asmRun(t, `
func.func @main() -> (tensor<2x2xi64>, tensor<4x2xi64>) {
  %input = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %init = stablehlo.constant dense<0> : tensor<i64>
  %rw = "stablehlo.reduce_window"(%input, %init) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%0) : (tensor<i64>) -> ()
  }) {
    window_dimensions = array<i64: 2, 1>,
    window_strides = array<i64: 4, 1>,
    base_dilations = array<i64: 2, 1>,
    window_dilations = array<i64: 3, 1>,
    padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>
  } : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  %operand = stablehlo.constant dense<[[1, 5], [2, 5], [3, 6], [4, 4]]> : tensor<4x2xi64>
  %source = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi64>
  %ss = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %0 = "stablehlo.compare"(%arg0, %arg1) {
        comparison_direction = #stablehlo<comparison_direction GE>
      } : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%0) : (tensor<i1>) -> ()
  }, {
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%0) : (tensor<i64>) -> ()
  }) {
    window_dimensions = array<i64: 3, 1>,
    window_strides = array<i64: 2, 1>,
    padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>
  } : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %rw, %ss : tensor<2x2xi64>, tensor<4x2xi64>
}`)
	tbWantI(t, "reduce_window", got[0], ir.I64, []int64{2, 2}, 0, 0, 3, 4)
	tbWantI(t, "select_and_scatter", got[1], ir.I64, []int64{4, 2}, 0, 0, 0, 0, 5, 14, 7, 0)
}

// argmax as JAX prints it: a two-operand reduce in the pretty syntax.
func TestAsmReduceArgmax(t *testing.T) {
	got := asmRun(t, `
func.func @main() -> (tensor<f32>, tensor<i32>) {
  %v = stablehlo.constant dense<[3.0, 7.0, 7.0, 1.0]> : tensor<4xf32>
  %i = stablehlo.iota dim = 0 : tensor<4xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%v init: %ninf), (%i init: %zero) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>)  {
    %gt = stablehlo.compare  GT, %a, %c,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare  EQ, %a, %c,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lt = stablehlo.compare  LT, %b, %d,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %keep = stablehlo.or %gt, %tie : tensor<i1>
    %val = stablehlo.select %keep, %a, %c : tensor<i1>, tensor<f32>
    %idx = stablehlo.select %keep, %b, %d : tensor<i1>, tensor<i32>
    stablehlo.return %val, %idx : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<f32>, tensor<i32>
}`)
	tbWantF(t, "max", got[0], ir.F32, nil, 7)
	tbWantI(t, "argmax", got[1], ir.I32, nil, 1)
}

func TestAsmGatherScatterSort(t *testing.T) {
	got := asmRun(t, `
func.func @main() -> (tensor<3x2xf32>, tensor<4xi32>, tensor<2x3xi64>, tensor<2x3xi64>) {
  %table = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %idx = stablehlo.constant dense<[[2], [0], [7]]> : tensor<3x1xi32>
  %g = "stablehlo.gather"(%table, %idx) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 2>,
    indices_are_sorted = false
  } : (tensor<3x2xf32>, tensor<3x1xi32>) -> tensor<3x2xf32>
  %base = stablehlo.constant dense<0> : tensor<4xi32>
  %sidx = stablehlo.constant dense<[[1], [1], [3], [4]]> : tensor<4x1xi32>
  %upd = stablehlo.constant dense<[5, 6, 7, 8]> : tensor<4xi32>
  %s = "stablehlo.scatter"(%base, %sidx, %upd) ({
    ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>):
      %0 = stablehlo.add %arg0, %arg1 : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>,
    indices_are_sorted = false,
    unique_indices = false
  } : (tensor<4xi32>, tensor<4x1xi32>, tensor<4xi32>) -> tensor<4xi32>
  %in0 = stablehlo.constant dense<[[1, 2, 3], [3, 2, 1]]> : tensor<2x3xi64>
  %in1 = stablehlo.constant dense<[[3, 2, 1], [1, 2, 3]]> : tensor<2x3xi64>
  %r:2 = "stablehlo.sort"(%in0, %in1) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<i64>):
      %p = "stablehlo.compare"(%arg0, %arg1) {comparison_direction = #stablehlo<comparison_direction GT>} : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%p) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = true} : (tensor<2x3xi64>, tensor<2x3xi64>) -> (tensor<2x3xi64>, tensor<2x3xi64>)
  return %g, %s, %r#0, %r#1 : tensor<3x2xf32>, tensor<4xi32>, tensor<2x3xi64>, tensor<2x3xi64>
}`)
	tbWantF(t, "gather", got[0], ir.F32, []int64{3, 2}, 5, 6, 1, 2, 5, 6)
	tbWantI(t, "scatter", got[1], ir.I32, []int64{4}, 0, 11, 0, 7)
	tbWantI(t, "sort 0", got[2], ir.I64, []int64{2, 3}, 3, 2, 3, 1, 2, 1)
	tbWantI(t, "sort 1", got[3], ir.I64, []int64{2, 3}, 1, 2, 1, 3, 2, 3)
}

func TestAsmChloTopK(t *testing.T) {
	got := asmRun(t, `
func.func @main() -> (tensor<2xf32>, tensor<2xi32>, tensor<3xf32>) {
  %x = stablehlo.constant dense<[1.0, 4.0, 2.0, 4.0]> : tensor<4xf32>
  %v, %i = chlo.top_k(%x, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
  %y = stablehlo.constant dense<[0.0, 1.0, -1.0]> : tensor<3xf32>
  %e = chlo.erf %y : tensor<3xf32> -> tensor<3xf32>
  return %v, %i, %e : tensor<2xf32>, tensor<2xi32>, tensor<3xf32>
}`)
	tbWantF(t, "top_k values", got[0], ir.F32, []int64{2}, 4, 4)
	tbWantI(t, "top_k indices", got[1], ir.I32, []int64{2}, 1, 3)
	// erf(1) = 0.8427007929497149, nearest f32 0.8427007794380188 (spacing 2^-24).
	tbWantF(t, "erf", got[2], ir.F32, []int64{3}, 0, 0.8427007794380188, -0.8427007794380188)
}
