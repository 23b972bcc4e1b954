// RUN: zmlc interpret %s

// Negative low padding removes elements: [[669, -763]] -> [[-763]].
func.func @pad_negative_low() {
  %x = stablehlo.constant dense<[[669, -763]]> : tensor<1x2xi32>
  %p = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.pad %x, %p, low = [0, -1], high = [0, 0], interior = [0, 0] : (tensor<1x2xi32>, tensor<i32>) -> tensor<1x1xi32>
  check.expect_eq_const %r, dense<[[-763]]> : tensor<1x1xi32>
  func.return
}

// -----

func.func @pad_interior_and_edges() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %p = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.pad %x, %p, low = [1], high = [2], interior = [1] : (tensor<3xi64>, tensor<i64>) -> tensor<8xi64>
  check.expect_eq_const %r, dense<[0, 1, 0, 2, 0, 3, 0, 0]> : tensor<8xi64>
  func.return
}

// -----

// Interior padding happens first, then negative edges crop the result:
// [1 9 9 2 9 9 3] cropped by 2 low and 1 high is [9 2 9 9].
func.func @pad_negative_with_interior() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi8>
  %p = stablehlo.constant dense<9> : tensor<i8>
  %r = stablehlo.pad %x, %p, low = [-2], high = [-1], interior = [2] : (tensor<3xi8>, tensor<i8>) -> tensor<4xi8>
  check.expect_eq_const %r, dense<[9, 2, 9, 9]> : tensor<4xi8>
  func.return
}

// -----

func.func @pad_2d_f32() {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %p = stablehlo.constant dense<-1.0> : tensor<f32>
  %r = stablehlo.pad %x, %p, low = [1, 0], high = [0, 1], interior = [0, 1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<3x4xf32>
  check.expect_eq_const %r, dense<[[-1.0, -1.0, -1.0, -1.0], [1.0, -1.0, 2.0, -1.0], [3.0, -1.0, 4.0, -1.0]]> : tensor<3x4xf32>
  func.return
}

// -----

// Negative high padding on both dims.
func.func @pad_negative_high_2d() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xui8>
  %p = stablehlo.constant dense<0> : tensor<ui8>
  %r = stablehlo.pad %x, %p, low = [-1, 1], high = [-1, -2], interior = [0, 0] : (tensor<3x3xui8>, tensor<ui8>) -> tensor<1x2xui8>
  check.expect_eq_const %r, dense<[[0, 4]]> : tensor<1x2xui8>
  func.return
}

// -----

func.func @pad_empty_operand() {
  %x = stablehlo.constant dense<> : tensor<0x3xf32>
  %p = stablehlo.constant dense<0.5> : tensor<f32>
  %r = stablehlo.pad %x, %p, low = [1, 0], high = [0, 0], interior = [3, 0] : (tensor<0x3xf32>, tensor<f32>) -> tensor<1x3xf32>
  check.expect_eq_const %r, dense<[[0.5, 0.5, 0.5]]> : tensor<1x3xf32>
  func.return
}
