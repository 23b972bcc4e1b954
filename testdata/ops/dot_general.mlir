// RUN: zmlc interpret %s

// Batching dims in two positions of the rhs: result[0, i, j] =
// sum_k lhs[0, i, k] * rhs[0, j, i, k]; the result is (batch..., lhs free,
// rhs free) = 1x2x4. rhs[0, j, i, k] = 6j + 3i + k.
func.func @dot_general_batch_dims_anywhere() {
  %lhs = stablehlo.constant dense<[[[1, 2, 3], [4, 5, 6]]]> : tensor<1x2x3xi32>
  %rhs = stablehlo.constant dense<[[[[0, 1, 2], [3, 4, 5]], [[6, 7, 8], [9, 10, 11]], [[12, 13, 14], [15, 16, 17]], [[18, 19, 20], [21, 22, 23]]]]> : tensor<1x4x2x3xi32>
  %r = stablehlo.dot_general %lhs, %rhs, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3] : (tensor<1x2x3xi32>, tensor<1x4x2x3xi32>) -> tensor<1x2x4xi32>
  // i = 0: [1,2,3].[0,1,2] = 8, .[6,7,8] = 44, .[12,13,14] = 80, .[18,19,20] = 116.
  // i = 1: [4,5,6].[3,4,5] = 62, .[9,10,11] = 152, .[15,16,17] = 242, .[21,22,23] = 332.
  check.expect_eq_const %r, dense<[[[8, 44, 80, 116], [62, 152, 242, 332]]]> : tensor<1x2x4xi32>
  func.return
}

// -----

// The same in f32 (all values exact).
func.func @dot_general_batch_dims_anywhere_f32() {
  %lhs = stablehlo.constant dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]> : tensor<1x2x3xf32>
  %i = stablehlo.iota dim = 0 : tensor<24xf32>
  %rhs = stablehlo.reshape %i : (tensor<24xf32>) -> tensor<1x4x2x3xf32>
  %r = stablehlo.dot_general %lhs, %rhs, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3] : (tensor<1x2x3xf32>, tensor<1x4x2x3xf32>) -> tensor<1x2x4xf32>
  check.expect_eq_const %r, dense<[[[8.0, 44.0, 80.0, 116.0], [62.0, 152.0, 242.0, 332.0]]]> : tensor<1x2x4xf32>
  func.return
}

// -----

func.func @dot_general_matmul_f32() {
  %lhs = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %rhs = stablehlo.constant dense<[[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]> : tensor<3x2xf32>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  // [1*7+2*9+3*11, 1*8+2*10+3*12; 4*7+5*9+6*11, 4*8+5*10+6*12]
  check.expect_eq_const %r, dense<[[58.0, 64.0], [139.0, 154.0]]> : tensor<2x2xf32>
  func.return
}

// -----

// Contracting the leading dims of both: result = lhs^T . rhs.
func.func @dot_general_transposed_lhs() {
  %lhs = stablehlo.constant dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi64>
  %rhs = stablehlo.constant dense<[[7, 8], [9, 10], [11, 12]]> : tensor<3x2xi64>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x2xi64>, tensor<3x2xi64>) -> tensor<2x2xi64>
  check.expect_eq_const %r, dense<[[58, 64], [139, 154]]> : tensor<2x2xi64>
  func.return
}

// -----

// Batched matmul with the batch dimension last on both sides.
func.func @dot_general_batch_last() {
  // lhs[m, k, b], rhs[k, n, b]; b = 0 is [[1,2],[3,4]] x I, b = 1 is [[1,0],[0,1]] x [[5,6],[7,8]].
  %lhs = stablehlo.constant dense<[[[1, 1], [2, 0]], [[3, 0], [4, 1]]]> : tensor<2x2x2xi32>
  %rhs = stablehlo.constant dense<[[[1, 5], [0, 6]], [[0, 7], [1, 8]]]> : tensor<2x2x2xi32>
  %r = stablehlo.dot_general %lhs, %rhs, batching_dims = [2] x [2], contracting_dims = [1] x [0] : (tensor<2x2x2xi32>, tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
  // result[b, m, n].
  check.expect_eq_const %r, dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi32>
  func.return
}

// -----

// No contracting dims: an outer product.
func.func @dot_general_outer_product() {
  %lhs = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %rhs = stablehlo.constant dense<[3, 4, 5]> : tensor<3xi32>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [] x [] : (tensor<2xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[3, 4, 5], [6, 8, 10]]> : tensor<2x3xi32>
  func.return
}

// -----

// Two contracting dims.
func.func @dot_general_two_contracting() {
  %lhs = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %rhs = stablehlo.constant dense<[[[1.0, 10.0], [2.0, 20.0]], [[3.0, 30.0], [4.0, 40.0]]]> : tensor<2x2x2xf64>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [0, 1] x [0, 1] : (tensor<2x2xf64>, tensor<2x2x2xf64>) -> tensor<2xf64>
  // n = 0: 1*1 + 2*2 + 3*3 + 4*4 = 30; n = 1: 300.
  check.expect_eq_const %r, dense<[30.0, 300.0]> : tensor<2xf64>
  func.return
}

// -----

// A contracting dimension of size 0 gives zeros.
func.func @dot_general_empty_contraction() {
  %lhs = stablehlo.constant dense<> : tensor<2x0xf32>
  %rhs = stablehlo.constant dense<> : tensor<0x3xf32>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x0xf32>, tensor<0x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %r, dense<0.0> : tensor<2x3xf32>
  func.return
}

// -----

// Narrow inputs, wider result element type.
func.func @dot_general_i8_to_i32() {
  %lhs = stablehlo.constant dense<[[1, -2], [3, 4]]> : tensor<2x2xi8>
  %rhs = stablehlo.constant dense<[[5, 6], [7, -8]]> : tensor<2x2xi8>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<2x2xi8>, tensor<2x2xi8>) -> tensor<2x2xi32>
  // [5-14, 6+16; 15+28, 18-32]
  check.expect_eq_const %r, dense<[[-9, 22], [43, -14]]> : tensor<2x2xi32>
  func.return
}

// -----

func.func @dot_general_f16_bf16() {
  %lhs = stablehlo.constant dense<[[0.5, 1.5]]> : tensor<1x2xf16>
  %rhs = stablehlo.constant dense<[[2.0], [4.0]]> : tensor<2x1xf16>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<1x2xf16>, tensor<2x1xf16>) -> tensor<1x1xf16>
  check.expect_eq_const %r, dense<[[7.0]]> : tensor<1x1xf16>
  %a = stablehlo.constant dense<[[0.5, 1.5]]> : tensor<1x2xbf16>
  %b = stablehlo.constant dense<[[2.0], [4.0]]> : tensor<2x1xbf16>
  %s = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1x2xbf16>, tensor<2x1xbf16>) -> tensor<1x1xbf16>
  check.expect_eq_const %s, dense<[[7.0]]> : tensor<1x1xbf16>
  func.return
}

// -----

func.func @dot_general_complex64() {
  %lhs = stablehlo.constant dense<[[(1.0, 1.0), (0.0, 2.0)]]> : tensor<1x2xcomplex<f32>>
  %rhs = stablehlo.constant dense<[[(2.0, 0.0)], [(0.0, 1.0)]]> : tensor<2x1xcomplex<f32>>
  %r = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1] x [0] : (tensor<1x2xcomplex<f32>>, tensor<2x1xcomplex<f32>>) -> tensor<1x1xcomplex<f32>>
  // (1+i)*2 + (2i)(i) = 2 + 2i - 2 = 2i.
  check.expect_eq_const %r, dense<[[(0.0, 2.0)]]> : tensor<1x1xcomplex<f32>>
  func.return
}

// -----

// bf16 products accumulate in f32 and round once: 64 products of
// 1.1015625 * 0.984375 = 1.08435058... sum to 69.3984375 exactly, 69.5 in
// bf16 (summing in bf16, each step rounded, drifts by several ulps).
func.func @dot_general_bf16_accumulate_f32() {
  %a = stablehlo.constant dense<1.1015625> : tensor<2x64xbf16>
  %b = stablehlo.constant dense<0.984375> : tensor<64x3xbf16>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x64xbf16>, tensor<64x3xbf16>) -> tensor<2x3xbf16>
  check.expect_eq_const %r, dense<69.5> : tensor<2x3xbf16>
  func.return
}
