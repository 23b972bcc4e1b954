// RUN: zmlc interpret %s

func.func @dynamic_update_slice_in_range() {
  %x = stablehlo.constant dense<[[1, 1, 1], [1, 1, 1], [1, 1, 1]]> : tensor<3x3xi32>
  %u = stablehlo.constant dense<[[7, 8], [9, 10]]> : tensor<2x2xi32>
  %i = stablehlo.constant dense<1> : tensor<i64>
  %j = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<3x3xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<3x3xi32>
  check.expect_eq_const %r, dense<[[1, 1, 1], [7, 8, 1], [9, 10, 1]]> : tensor<3x3xi32>
  func.return
}

// -----

// Start indices are clamped to [0, dim - update size]: (2, 9) -> (1, 1).
func.func @dynamic_update_slice_clamped() {
  %x = stablehlo.constant dense<0.0> : tensor<3x3xf32>
  %u = stablehlo.constant dense<[[1.5, 2.5], [3.5, 4.5]]> : tensor<2x2xf32>
  %i = stablehlo.constant dense<2> : tensor<i32>
  %j = stablehlo.constant dense<9> : tensor<i32>
  %r = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<3x3xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<3x3xf32>
  check.expect_eq_const %r, dense<[[0.0, 0.0, 0.0], [0.0, 1.5, 2.5], [0.0, 3.5, 4.5]]> : tensor<3x3xf32>
  func.return
}

// -----

func.func @dynamic_update_slice_negative_start() {
  %x = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi8>
  %u = stablehlo.constant dense<[-1, -2]> : tensor<2xi8>
  %i = stablehlo.constant dense<-5> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xi8>, tensor<2xi8>, tensor<i64>) -> tensor<4xi8>
  check.expect_eq_const %r, dense<[-1, -2, 3, 4]> : tensor<4xi8>
  func.return
}
