// RUN: zmlc interpret %s

func.func @dynamic_slice_in_range() {
  %x = stablehlo.constant dense<[[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]> : tensor<3x4xi32>
  %i = stablehlo.constant dense<1> : tensor<i64>
  %j = stablehlo.constant dense<2> : tensor<i64>
  %r = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<3x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[12, 13], [22, 23]]> : tensor<2x2xi32>
  func.return
}

// -----

// Start indices are clamped to [0, dim - size]: (5, -3) -> (1, 0).
func.func @dynamic_slice_clamped() {
  %x = stablehlo.constant dense<[[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]> : tensor<3x4xi32>
  %i = stablehlo.constant dense<5> : tensor<i32>
  %j = stablehlo.constant dense<-3> : tensor<i32>
  %r = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 3] : (tensor<3x4xi32>, tensor<i32>, tensor<i32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[10, 11, 12], [20, 21, 22]]> : tensor<2x3xi32>
  func.return
}

// -----

// An unsigned index larger than any signed range is clamped too.
func.func @dynamic_slice_ui32_index() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %i = stablehlo.constant dense<4294967295> : tensor<ui32>
  %r = stablehlo.dynamic_slice %x, %i, sizes = [2] : (tensor<4xf32>, tensor<ui32>) -> tensor<2xf32>
  check.expect_eq_const %r, dense<[3.0, 4.0]> : tensor<2xf32>
  func.return
}
