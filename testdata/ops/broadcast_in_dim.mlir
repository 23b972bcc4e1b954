// RUN: zmlc interpret %s

func.func @broadcast_in_dim_vector_to_matrix() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %rows = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %rows, dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>
  %cols = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %cols, dense<[[1, 1], [2, 2], [3, 3]]> : tensor<3x2xi32>
  func.return
}

// -----

func.func @broadcast_in_dim_scalar() {
  %x = stablehlo.constant dense<2.5> : tensor<f32>
  %r = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
  check.expect_eq_const %r, dense<2.5> : tensor<2x2xf32>
  func.return
}

// -----

// Size-1 operand dimensions are expanded; dims may permute.
func.func @broadcast_in_dim_expand_and_permute() {
  %x = stablehlo.constant dense<[[1], [2]]> : tensor<2x1xi8>
  %r = stablehlo.broadcast_in_dim %x, dims = [2, 0] : (tensor<2x1xi8>) -> tensor<3x2x2xi8>
  // result[i, j, k] = x[k, 0].
  check.expect_eq_const %r, dense<[[[1, 2], [1, 2]], [[1, 2], [1, 2]], [[1, 2], [1, 2]]]> : tensor<3x2x2xi8>
  func.return
}

// -----

func.func @broadcast_in_dim_transpose() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %r = stablehlo.broadcast_in_dim %x, dims = [1, 0] : (tensor<2x3xi64>) -> tensor<3x2xi64>
  check.expect_eq_const %r, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi64>
  func.return
}

// -----

func.func @broadcast_in_dim_to_empty() {
  %x = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %r = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xi1>) -> tensor<0x3xi1>
  check.expect_eq_const %r, dense<> : tensor<0x3xi1>
  func.return
}
