// RUN: zmlc interpret %s

// reshape keeps the row-major element order.
func.func @reshape_2x3_to_3x2() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %r = stablehlo.reshape %x : (tensor<2x3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  func.return
}

// -----

func.func @reshape_scalar_and_back() {
  %x = stablehlo.constant dense<[7.5]> : tensor<1xf32>
  %s = stablehlo.reshape %x : (tensor<1xf32>) -> tensor<f32>
  check.expect_eq_const %s, dense<7.5> : tensor<f32>
  %t = stablehlo.reshape %s : (tensor<f32>) -> tensor<1x1x1xf32>
  check.expect_eq_const %t, dense<[[[7.5]]]> : tensor<1x1x1xf32>
  func.return
}

// -----

func.func @reshape_rank3() {
  %x = stablehlo.iota dim = 0 : tensor<8xui8>
  %r = stablehlo.reshape %x : (tensor<8xui8>) -> tensor<2x2x2xui8>
  check.expect_eq_const %r, dense<[[[0, 1], [2, 3]], [[4, 5], [6, 7]]]> : tensor<2x2x2xui8>
  func.return
}

// -----

func.func @reshape_empty() {
  %x = stablehlo.constant dense<> : tensor<0x3xf32>
  %r = stablehlo.reshape %x : (tensor<0x3xf32>) -> tensor<3x0xf32>
  check.expect_eq_const %r, dense<> : tensor<3x0xf32>
  func.return
}
