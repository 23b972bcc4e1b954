// RUN: zmlc interpret %s

// IEEE-754 maximum propagates NaN.
func.func @maximum_f64_nan() {
  %lhs = stablehlo.constant dense<[0x7FF8000000000000, 3.0, 1.0, 0xFFF0000000000000]> : tensor<4xf64>
  %rhs = stablehlo.constant dense<[3.0, 0x7FF8000000000000, 2.0, -1.0e308]> : tensor<4xf64>
  %r = stablehlo.maximum %lhs, %rhs : tensor<4xf64>
  check.expect_almost_eq_const %r, dense<[0x7FF8000000000000, 0x7FF8000000000000, 2.0, -1.0e308]> : tensor<4xf64>
  func.return
}

// -----

// IEEE-754 maximum orders -0.0 below +0.0.
func.func @maximum_f32_signed_zero() {
  %lhs = stablehlo.constant dense<[-0.0, 0.0, -0.0]> : tensor<3xf32>
  %rhs = stablehlo.constant dense<[0.0, -0.0, -0.0]> : tensor<3xf32>
  %r = stablehlo.maximum %lhs, %rhs : tensor<3xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<3xf32>) -> tensor<3xui32>
  check.expect_eq_const %bits, dense<[0, 0, 2147483648]> : tensor<3xui32>
  func.return
}

// -----

func.func @maximum_i8() {
  %lhs = stablehlo.constant dense<[-128, 127, -1, 0]> : tensor<4xi8>
  %rhs = stablehlo.constant dense<[-127, 126, 1, 0]> : tensor<4xi8>
  %r = stablehlo.maximum %lhs, %rhs : tensor<4xi8>
  check.expect_eq_const %r, dense<[-127, 127, 1, 0]> : tensor<4xi8>
  func.return
}

// -----

// Unsigned comparison: 200 > 100 (it would be -56 < 100 as i8).
func.func @maximum_ui8() {
  %lhs = stablehlo.constant dense<[200, 0]> : tensor<2xui8>
  %rhs = stablehlo.constant dense<[100, 255]> : tensor<2xui8>
  %r = stablehlo.maximum %lhs, %rhs : tensor<2xui8>
  check.expect_eq_const %r, dense<[200, 255]> : tensor<2xui8>
  func.return
}

// -----

// For booleans maximum is logical OR.
func.func @maximum_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %r = stablehlo.maximum %lhs, %rhs : tensor<4xi1>
  check.expect_eq_const %r, dense<[false, true, true, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @maximum_bf16() {
  %lhs = stablehlo.constant dense<[1.5, 0xFF80, -2.0]> : tensor<3xbf16>
  %rhs = stablehlo.constant dense<[-1.5, 0.0, 0x7F80]> : tensor<3xbf16>
  %r = stablehlo.maximum %lhs, %rhs : tensor<3xbf16>
  check.expect_eq_const %r, dense<[1.5, 0.0, 0x7F80]> : tensor<3xbf16>
  func.return
}

// -----

// Complex: lexicographic on (real, imag).
func.func @maximum_complex64() {
  %lhs = stablehlo.constant dense<[(1.0, 5.0), (2.0, 1.0)]> : tensor<2xcomplex<f32>>
  %rhs = stablehlo.constant dense<[(1.0, 6.0), (1.0, 9.0)]> : tensor<2xcomplex<f32>>
  %r = stablehlo.maximum %lhs, %rhs : tensor<2xcomplex<f32>>
  check.expect_eq_const %r, dense<[(1.0, 6.0), (2.0, 1.0)]> : tensor<2xcomplex<f32>>
  func.return
}
