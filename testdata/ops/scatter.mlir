// RUN: zmlc interpret %s

// Scatter-add with a repeated index: both updates land on element 1.
func.func @scatter_add_repeated_index() {
  %input = stablehlo.constant dense<[0, 0, 0, 0, 0]> : tensor<5xi32>
  %indices = stablehlo.constant dense<[[1], [3], [1]]> : tensor<3x1xi64>
  %updates = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi32>
  %r = "stablehlo.scatter"(%input, %indices, %updates) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      inserted_window_dims = [0],
      scatter_dims_to_operand_dims = [0],
      index_vector_dim = 1>,
    indices_are_sorted = false,
    unique_indices = false
  } : (tensor<5xi32>, tensor<3x1xi64>, tensor<3xi32>) -> tensor<5xi32>
  check.expect_eq_const %r, dense<[0, 40, 0, 20, 0]> : tensor<5xi32>
  func.return
}

// -----

// Row updates that replace; a row index out of bounds (5, and -1) is skipped.
func.func @scatter_replace_rows_out_of_bounds() {
  %input = stablehlo.constant dense<0.0> : tensor<3x3xf32>
  %indices = stablehlo.constant dense<[[0], [2], [5], [-1]]> : tensor<4x1xi32>
  %updates = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [-1.0, -2.0, -3.0]]> : tensor<4x3xf32>
  %r = "stablehlo.scatter"(%input, %indices, %updates) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      update_window_dims = [1],
      inserted_window_dims = [0],
      scatter_dims_to_operand_dims = [0],
      index_vector_dim = 1>,
    indices_are_sorted = false,
    unique_indices = false
  } : (tensor<3x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<3x3xf32>
  check.expect_eq_const %r, dense<[[1.0, 2.0, 3.0], [0.0, 0.0, 0.0], [4.0, 5.0, 6.0]]> : tensor<3x3xf32>
  func.return
}

// -----

// 2-d indices into a matrix with a max combiner.
func.func @scatter_max_2d_indices() {
  %input = stablehlo.constant dense<[[1, 5], [3, 7]]> : tensor<2x2xi8>
  %indices = stablehlo.constant dense<[[0, 1], [1, 0], [1, 1]]> : tensor<3x2xi32>
  %updates = stablehlo.constant dense<[4, 9, -2]> : tensor<3xi8>
  %r = "stablehlo.scatter"(%input, %indices, %updates) ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %m = stablehlo.maximum %a, %b : tensor<i8>
    stablehlo.return %m : tensor<i8>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      inserted_window_dims = [0, 1],
      scatter_dims_to_operand_dims = [0, 1],
      index_vector_dim = 1>,
    indices_are_sorted = false,
    unique_indices = false
  } : (tensor<2x2xi8>, tensor<3x2xi32>, tensor<3xi8>) -> tensor<2x2xi8>
  check.expect_eq_const %r, dense<[[1, 5], [9, 7]]> : tensor<2x2xi8>
  func.return
}

// -----

// Two inputs scattered together; the body sees (input0, input1, update0, update1).
func.func @scatter_variadic() {
  %in0 = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %in1 = stablehlo.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf32>
  %indices = stablehlo.constant dense<[[2], [0]]> : tensor<2x1xi32>
  %up0 = stablehlo.constant dense<[10, 100]> : tensor<2xi32>
  %up1 = stablehlo.constant dense<[0.5, 4.0]> : tensor<2xf32>
  %r0, %r1 = "stablehlo.scatter"(%in0, %in1, %indices, %up0, %up1) ({
  ^bb0(%a0: tensor<i32>, %a1: tensor<f32>, %b0: tensor<i32>, %b1: tensor<f32>):
    %s = stablehlo.add %a0, %b0 : tensor<i32>
    %p = stablehlo.multiply %a1, %b1 : tensor<f32>
    stablehlo.return %s, %p : tensor<i32>, tensor<f32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      inserted_window_dims = [0],
      scatter_dims_to_operand_dims = [0],
      index_vector_dim = 1>,
    indices_are_sorted = false,
    unique_indices = true
  } : (tensor<3xi32>, tensor<3xf32>, tensor<2x1xi32>, tensor<2xi32>, tensor<2xf32>) -> (tensor<3xi32>, tensor<3xf32>)
  check.expect_eq_const %r0, dense<[101, 2, 13]> : tensor<3xi32>
  check.expect_eq_const %r1, dense<[4.0, 1.0, 0.5]> : tensor<3xf32>
  func.return
}

// -----

// Batching dims: batch b of the indices writes into row b of the input.
func.func @scatter_batching_dims() {
  %input = stablehlo.constant dense<[[0, 0, 0], [0, 0, 0]]> : tensor<2x3xi32>
  %indices = stablehlo.constant dense<[[2], [0]]> : tensor<2x1xi32>
  %updates = stablehlo.constant dense<[7, 8]> : tensor<2xi32>
  %r = "stablehlo.scatter"(%input, %indices, %updates) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      inserted_window_dims = [1],
      input_batching_dims = [0],
      scatter_indices_batching_dims = [0],
      scatter_dims_to_operand_dims = [1],
      index_vector_dim = 1>,
    indices_are_sorted = false,
    unique_indices = false
  } : (tensor<2x3xi32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[0, 0, 7], [8, 0, 0]]> : tensor<2x3xi32>
  func.return
}
