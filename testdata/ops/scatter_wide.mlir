// RUN: zmlc interpret %s

// Scatters of long rows (SIMD lanes with and without remainders, unrolled
// and rolled vector loops): row replacement with an out-of-bounds row
// skipped, and row accumulation with a repeated index (issue 12).
// Rows 0 and 1 of the updates replace rows 4 and 1; row 7 is out of bounds.
func.func @scatter_rows_f32_d4() {
  %in = stablehlo.constant dense<0.0> : tensor<6x4xf32>
  %idx = stablehlo.constant dense<[[4], [1], [7]]> : tensor<3x1xi32>
  %u_i = stablehlo.iota dim = 0 : tensor<3x4xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<3x4xf32>
  %u_k = stablehlo.constant dense<1000.0> : tensor<3x4xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<3x4xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<3x4xf32>
  %u_o = stablehlo.constant dense<1.0> : tensor<3x4xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<3x4xf32>
  %r = "stablehlo.scatter"(%in, %idx, %u) ({
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
  } : (tensor<6x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<6x4xf32>
  %r4 = stablehlo.slice %r [4:5, 0:4] : (tensor<6x4xf32>) -> tensor<1x4xf32>
  %u0 = stablehlo.slice %u [0:1, 0:4] : (tensor<3x4xf32>) -> tensor<1x4xf32>
  check.expect_eq %r4, %u0 : tensor<1x4xf32>
  %r1 = stablehlo.slice %r [1:2, 0:4] : (tensor<6x4xf32>) -> tensor<1x4xf32>
  %u1 = stablehlo.slice %u [1:2, 0:4] : (tensor<3x4xf32>) -> tensor<1x4xf32>
  check.expect_eq %r1, %u1 : tensor<1x4xf32>
  %r0 = stablehlo.slice %r [0:1, 0:4] : (tensor<6x4xf32>) -> tensor<1x4xf32>
  check.expect_eq_const %r0, dense<0.0> : tensor<1x4xf32>
  %r23 = stablehlo.slice %r [2:4, 0:4] : (tensor<6x4xf32>) -> tensor<2x4xf32>
  check.expect_eq_const %r23, dense<0.0> : tensor<2x4xf32>
  %r5 = stablehlo.slice %r [5:6, 0:4] : (tensor<6x4xf32>) -> tensor<1x4xf32>
  check.expect_eq_const %r5, dense<0.0> : tensor<1x4xf32>
  func.return
}

// -----

// Scatter-add: rows 0 and 2 of the updates both land on row 3.
func.func @scatter_add_rows_f32_d4() {
  %in_i = stablehlo.iota dim = 0 : tensor<6x4xf32>
  %in_j = stablehlo.iota dim = 1 : tensor<6x4xf32>
  %in_k = stablehlo.constant dense<1000.0> : tensor<6x4xf32>
  %in_m = stablehlo.multiply %in_i, %in_k : tensor<6x4xf32>
  %in = stablehlo.add %in_m, %in_j : tensor<6x4xf32>
  %idx = stablehlo.constant dense<[[3], [0], [3]]> : tensor<3x1xi64>
  %u_i = stablehlo.iota dim = 0 : tensor<3x4xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<3x4xf32>
  %u_k = stablehlo.constant dense<1000.0> : tensor<3x4xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<3x4xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<3x4xf32>
  %u_o = stablehlo.constant dense<1.0> : tensor<3x4xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<3x4xf32>
  %r = "stablehlo.scatter"(%in, %idx, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      update_window_dims = [1],
      inserted_window_dims = [0],
      scatter_dims_to_operand_dims = [0],
      index_vector_dim = 1>,
    indices_are_sorted = false,
    unique_indices = false
  } : (tensor<6x4xf32>, tensor<3x1xi64>, tensor<3x4xf32>) -> tensor<6x4xf32>
  %r3 = stablehlo.slice %r [3:4, 0:4] : (tensor<6x4xf32>) -> tensor<1x4xf32>
  %i3 = stablehlo.slice %in [3:4, 0:4] : (tensor<6x4xf32>) -> tensor<1x4xf32>
  %u0 = stablehlo.slice %u [0:1, 0:4] : (tensor<3x4xf32>) -> tensor<1x4xf32>
  %u2 = stablehlo.slice %u [2:3, 0:4] : (tensor<3x4xf32>) -> tensor<1x4xf32>
  %s1 = stablehlo.add %i3, %u0 : tensor<1x4xf32>
  %e3 = stablehlo.add %s1, %u2 : tensor<1x4xf32>
  check.expect_eq %r3, %e3 : tensor<1x4xf32>
  %r0 = stablehlo.slice %r [0:1, 0:4] : (tensor<6x4xf32>) -> tensor<1x4xf32>
  %i0 = stablehlo.slice %in [0:1, 0:4] : (tensor<6x4xf32>) -> tensor<1x4xf32>
  %u1 = stablehlo.slice %u [1:2, 0:4] : (tensor<3x4xf32>) -> tensor<1x4xf32>
  %e0 = stablehlo.add %i0, %u1 : tensor<1x4xf32>
  check.expect_eq %r0, %e0 : tensor<1x4xf32>
  %r5 = stablehlo.slice %r [5:6, 0:4] : (tensor<6x4xf32>) -> tensor<1x4xf32>
  %i5 = stablehlo.slice %in [5:6, 0:4] : (tensor<6x4xf32>) -> tensor<1x4xf32>
  check.expect_eq %r5, %i5 : tensor<1x4xf32>
  func.return
}

// -----

// Rows 0 and 1 of the updates replace rows 4 and 1; row 7 is out of bounds.
func.func @scatter_rows_f32_d37() {
  %in = stablehlo.constant dense<0.0> : tensor<6x37xf32>
  %idx = stablehlo.constant dense<[[4], [1], [7]]> : tensor<3x1xi32>
  %u_i = stablehlo.iota dim = 0 : tensor<3x37xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<3x37xf32>
  %u_k = stablehlo.constant dense<1000.0> : tensor<3x37xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<3x37xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<3x37xf32>
  %u_o = stablehlo.constant dense<1.0> : tensor<3x37xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<3x37xf32>
  %r = "stablehlo.scatter"(%in, %idx, %u) ({
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
  } : (tensor<6x37xf32>, tensor<3x1xi32>, tensor<3x37xf32>) -> tensor<6x37xf32>
  %r4 = stablehlo.slice %r [4:5, 0:37] : (tensor<6x37xf32>) -> tensor<1x37xf32>
  %u0 = stablehlo.slice %u [0:1, 0:37] : (tensor<3x37xf32>) -> tensor<1x37xf32>
  check.expect_eq %r4, %u0 : tensor<1x37xf32>
  %r1 = stablehlo.slice %r [1:2, 0:37] : (tensor<6x37xf32>) -> tensor<1x37xf32>
  %u1 = stablehlo.slice %u [1:2, 0:37] : (tensor<3x37xf32>) -> tensor<1x37xf32>
  check.expect_eq %r1, %u1 : tensor<1x37xf32>
  %r0 = stablehlo.slice %r [0:1, 0:37] : (tensor<6x37xf32>) -> tensor<1x37xf32>
  check.expect_eq_const %r0, dense<0.0> : tensor<1x37xf32>
  %r23 = stablehlo.slice %r [2:4, 0:37] : (tensor<6x37xf32>) -> tensor<2x37xf32>
  check.expect_eq_const %r23, dense<0.0> : tensor<2x37xf32>
  %r5 = stablehlo.slice %r [5:6, 0:37] : (tensor<6x37xf32>) -> tensor<1x37xf32>
  check.expect_eq_const %r5, dense<0.0> : tensor<1x37xf32>
  func.return
}

// -----

// Scatter-add: rows 0 and 2 of the updates both land on row 3.
func.func @scatter_add_rows_f32_d37() {
  %in_i = stablehlo.iota dim = 0 : tensor<6x37xf32>
  %in_j = stablehlo.iota dim = 1 : tensor<6x37xf32>
  %in_k = stablehlo.constant dense<1000.0> : tensor<6x37xf32>
  %in_m = stablehlo.multiply %in_i, %in_k : tensor<6x37xf32>
  %in = stablehlo.add %in_m, %in_j : tensor<6x37xf32>
  %idx = stablehlo.constant dense<[[3], [0], [3]]> : tensor<3x1xi64>
  %u_i = stablehlo.iota dim = 0 : tensor<3x37xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<3x37xf32>
  %u_k = stablehlo.constant dense<1000.0> : tensor<3x37xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<3x37xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<3x37xf32>
  %u_o = stablehlo.constant dense<1.0> : tensor<3x37xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<3x37xf32>
  %r = "stablehlo.scatter"(%in, %idx, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      update_window_dims = [1],
      inserted_window_dims = [0],
      scatter_dims_to_operand_dims = [0],
      index_vector_dim = 1>,
    indices_are_sorted = false,
    unique_indices = false
  } : (tensor<6x37xf32>, tensor<3x1xi64>, tensor<3x37xf32>) -> tensor<6x37xf32>
  %r3 = stablehlo.slice %r [3:4, 0:37] : (tensor<6x37xf32>) -> tensor<1x37xf32>
  %i3 = stablehlo.slice %in [3:4, 0:37] : (tensor<6x37xf32>) -> tensor<1x37xf32>
  %u0 = stablehlo.slice %u [0:1, 0:37] : (tensor<3x37xf32>) -> tensor<1x37xf32>
  %u2 = stablehlo.slice %u [2:3, 0:37] : (tensor<3x37xf32>) -> tensor<1x37xf32>
  %s1 = stablehlo.add %i3, %u0 : tensor<1x37xf32>
  %e3 = stablehlo.add %s1, %u2 : tensor<1x37xf32>
  check.expect_eq %r3, %e3 : tensor<1x37xf32>
  %r0 = stablehlo.slice %r [0:1, 0:37] : (tensor<6x37xf32>) -> tensor<1x37xf32>
  %i0 = stablehlo.slice %in [0:1, 0:37] : (tensor<6x37xf32>) -> tensor<1x37xf32>
  %u1 = stablehlo.slice %u [1:2, 0:37] : (tensor<3x37xf32>) -> tensor<1x37xf32>
  %e0 = stablehlo.add %i0, %u1 : tensor<1x37xf32>
  check.expect_eq %r0, %e0 : tensor<1x37xf32>
  %r5 = stablehlo.slice %r [5:6, 0:37] : (tensor<6x37xf32>) -> tensor<1x37xf32>
  %i5 = stablehlo.slice %in [5:6, 0:37] : (tensor<6x37xf32>) -> tensor<1x37xf32>
  check.expect_eq %r5, %i5 : tensor<1x37xf32>
  func.return
}

// -----

// Rows 0 and 1 of the updates replace rows 4 and 1; row 7 is out of bounds.
func.func @scatter_rows_f32_d129() {
  %in = stablehlo.constant dense<0.0> : tensor<6x129xf32>
  %idx = stablehlo.constant dense<[[4], [1], [7]]> : tensor<3x1xi32>
  %u_i = stablehlo.iota dim = 0 : tensor<3x129xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<3x129xf32>
  %u_k = stablehlo.constant dense<1000.0> : tensor<3x129xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<3x129xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<3x129xf32>
  %u_o = stablehlo.constant dense<1.0> : tensor<3x129xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<3x129xf32>
  %r = "stablehlo.scatter"(%in, %idx, %u) ({
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
  } : (tensor<6x129xf32>, tensor<3x1xi32>, tensor<3x129xf32>) -> tensor<6x129xf32>
  %r4 = stablehlo.slice %r [4:5, 0:129] : (tensor<6x129xf32>) -> tensor<1x129xf32>
  %u0 = stablehlo.slice %u [0:1, 0:129] : (tensor<3x129xf32>) -> tensor<1x129xf32>
  check.expect_eq %r4, %u0 : tensor<1x129xf32>
  %r1 = stablehlo.slice %r [1:2, 0:129] : (tensor<6x129xf32>) -> tensor<1x129xf32>
  %u1 = stablehlo.slice %u [1:2, 0:129] : (tensor<3x129xf32>) -> tensor<1x129xf32>
  check.expect_eq %r1, %u1 : tensor<1x129xf32>
  %r0 = stablehlo.slice %r [0:1, 0:129] : (tensor<6x129xf32>) -> tensor<1x129xf32>
  check.expect_eq_const %r0, dense<0.0> : tensor<1x129xf32>
  %r23 = stablehlo.slice %r [2:4, 0:129] : (tensor<6x129xf32>) -> tensor<2x129xf32>
  check.expect_eq_const %r23, dense<0.0> : tensor<2x129xf32>
  %r5 = stablehlo.slice %r [5:6, 0:129] : (tensor<6x129xf32>) -> tensor<1x129xf32>
  check.expect_eq_const %r5, dense<0.0> : tensor<1x129xf32>
  func.return
}

// -----

// Scatter-add: rows 0 and 2 of the updates both land on row 3.
func.func @scatter_add_rows_f32_d129() {
  %in_i = stablehlo.iota dim = 0 : tensor<6x129xf32>
  %in_j = stablehlo.iota dim = 1 : tensor<6x129xf32>
  %in_k = stablehlo.constant dense<1000.0> : tensor<6x129xf32>
  %in_m = stablehlo.multiply %in_i, %in_k : tensor<6x129xf32>
  %in = stablehlo.add %in_m, %in_j : tensor<6x129xf32>
  %idx = stablehlo.constant dense<[[3], [0], [3]]> : tensor<3x1xi64>
  %u_i = stablehlo.iota dim = 0 : tensor<3x129xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<3x129xf32>
  %u_k = stablehlo.constant dense<1000.0> : tensor<3x129xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<3x129xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<3x129xf32>
  %u_o = stablehlo.constant dense<1.0> : tensor<3x129xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<3x129xf32>
  %r = "stablehlo.scatter"(%in, %idx, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      update_window_dims = [1],
      inserted_window_dims = [0],
      scatter_dims_to_operand_dims = [0],
      index_vector_dim = 1>,
    indices_are_sorted = false,
    unique_indices = false
  } : (tensor<6x129xf32>, tensor<3x1xi64>, tensor<3x129xf32>) -> tensor<6x129xf32>
  %r3 = stablehlo.slice %r [3:4, 0:129] : (tensor<6x129xf32>) -> tensor<1x129xf32>
  %i3 = stablehlo.slice %in [3:4, 0:129] : (tensor<6x129xf32>) -> tensor<1x129xf32>
  %u0 = stablehlo.slice %u [0:1, 0:129] : (tensor<3x129xf32>) -> tensor<1x129xf32>
  %u2 = stablehlo.slice %u [2:3, 0:129] : (tensor<3x129xf32>) -> tensor<1x129xf32>
  %s1 = stablehlo.add %i3, %u0 : tensor<1x129xf32>
  %e3 = stablehlo.add %s1, %u2 : tensor<1x129xf32>
  check.expect_eq %r3, %e3 : tensor<1x129xf32>
  %r0 = stablehlo.slice %r [0:1, 0:129] : (tensor<6x129xf32>) -> tensor<1x129xf32>
  %i0 = stablehlo.slice %in [0:1, 0:129] : (tensor<6x129xf32>) -> tensor<1x129xf32>
  %u1 = stablehlo.slice %u [1:2, 0:129] : (tensor<3x129xf32>) -> tensor<1x129xf32>
  %e0 = stablehlo.add %i0, %u1 : tensor<1x129xf32>
  check.expect_eq %r0, %e0 : tensor<1x129xf32>
  %r5 = stablehlo.slice %r [5:6, 0:129] : (tensor<6x129xf32>) -> tensor<1x129xf32>
  %i5 = stablehlo.slice %in [5:6, 0:129] : (tensor<6x129xf32>) -> tensor<1x129xf32>
  check.expect_eq %r5, %i5 : tensor<1x129xf32>
  func.return
}
