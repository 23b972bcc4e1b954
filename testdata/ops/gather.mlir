// RUN: zmlc interpret %s

// Row lookup (an embedding table): each index picks a 1x2 row slice.
func.func @gather_rows() {
  %operand = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %indices = stablehlo.constant dense<[[2], [0], [2]]> : tensor<3x1xi64>
  %r = "stablehlo.gather"(%operand, %indices) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 2>,
    indices_are_sorted = false
  } : (tensor<3x2xi32>, tensor<3x1xi64>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[5, 6], [1, 2], [5, 6]]> : tensor<3x2xi32>
  func.return
}

// -----

// index_vector_dim = rank(start_indices): each index is a scalar.
func.func @gather_implicit_index_vector() {
  %operand = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %indices = stablehlo.constant dense<[1, 0, 1]> : tensor<3xi32>
  %r = "stablehlo.gather"(%operand, %indices) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 2>,
    indices_are_sorted = false
  } : (tensor<2x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  check.expect_eq_const %r, dense<[[3.0, 4.0], [1.0, 2.0], [3.0, 4.0]]> : tensor<3x2xf32>
  func.return
}

// -----

// 2x2 windows at 2-d start indices; starts are clamped so the window fits:
// (0, 2) -> (0, 1), (5, -1) -> (1, 0).
func.func @gather_2d_windows_clamped() {
  %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>
  %indices = stablehlo.constant dense<[[1, 1], [0, 2], [5, -1]]> : tensor<3x2xi32>
  %r = "stablehlo.gather"(%operand, %indices) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1, 2],
      start_index_map = [0, 1],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 2, 2>,
    indices_are_sorted = false
  } : (tensor<3x3xi32>, tensor<3x2xi32>) -> tensor<3x2x2xi32>
  check.expect_eq_const %r, dense<[[[5, 6], [8, 9]], [[2, 3], [5, 6]], [[4, 5], [7, 8]]]> : tensor<3x2x2xi32>
  func.return
}

// -----

// start_index_map reversed: index vector (a, b) starts at operand[b, a].
func.func @gather_start_index_map_permuted() {
  %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>
  %indices = stablehlo.constant dense<[[0, 2], [2, 1]]> : tensor<2x2xi32>
  %r = "stablehlo.gather"(%operand, %indices) {
    dimension_numbers = #stablehlo.gather<
      collapsed_slice_dims = [0, 1],
      start_index_map = [1, 0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 1>,
    indices_are_sorted = false
  } : (tensor<3x3xi32>, tensor<2x2xi32>) -> tensor<2xi32>
  // (0, 2) -> operand[2, 0] = 7; (2, 1) -> operand[1, 2] = 6.
  check.expect_eq_const %r, dense<[7, 6]> : tensor<2xi32>
  func.return
}

// -----

// Offset dims before the batch dim: result[o, b] = operand[idx[b], o].
func.func @gather_offset_dim_first() {
  %operand = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi8>
  %indices = stablehlo.constant dense<[[2], [0]]> : tensor<2x1xi64>
  %r = "stablehlo.gather"(%operand, %indices) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [0],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 2>,
    indices_are_sorted = false
  } : (tensor<3x2xi8>, tensor<2x1xi64>) -> tensor<2x2xi8>
  check.expect_eq_const %r, dense<[[5, 1], [6, 2]]> : tensor<2x2xi8>
  func.return
}

// -----

// Batching dims: batch b of the indices reads row b of the operand.
func.func @gather_batching_dims() {
  %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %indices = stablehlo.constant dense<[[2], [0]]> : tensor<2x1xi32>
  %r = "stablehlo.gather"(%operand, %indices) {
    dimension_numbers = #stablehlo.gather<
      collapsed_slice_dims = [1],
      operand_batching_dims = [0],
      start_indices_batching_dims = [0],
      start_index_map = [1],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 1>,
    indices_are_sorted = false
  } : (tensor<2x3xi32>, tensor<2x1xi32>) -> tensor<2xi32>
  // b = 0: operand[0, 2] = 3; b = 1: operand[1, 0] = 4.
  check.expect_eq_const %r, dense<[3, 4]> : tensor<2xi32>
  func.return
}

// -----

func.func @gather_no_indices() {
  %operand = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %indices = stablehlo.constant dense<> : tensor<0x1xi32>
  %r = "stablehlo.gather"(%operand, %indices) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 2>,
    indices_are_sorted = false
  } : (tensor<2xf32>, tensor<0x1xi32>) -> tensor<0x2xf32>
  check.expect_eq_const %r, dense<> : tensor<0x2xf32>
  func.return
}
