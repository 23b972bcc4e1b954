// RUN: zmlc interpret %s

// IEEE-754 minimum propagates NaN.
func.func @minimum_f64_nan() {
  %lhs = stablehlo.constant dense<[3.0, 0x7FF8000000000000, 1.0, 0x7FF0000000000000]> : tensor<4xf64>
  %rhs = stablehlo.constant dense<[0x7FF8000000000000, 3.0, 2.0, 1.0e308]> : tensor<4xf64>
  %r = stablehlo.minimum %lhs, %rhs : tensor<4xf64>
  check.expect_almost_eq_const %r, dense<[0x7FF8000000000000, 0x7FF8000000000000, 1.0, 1.0e308]> : tensor<4xf64>
  func.return
}

// -----

// IEEE-754 minimum orders -0.0 below +0.0.
func.func @minimum_f32_signed_zero() {
  %lhs = stablehlo.constant dense<[-0.0, 0.0, 0.0]> : tensor<3xf32>
  %rhs = stablehlo.constant dense<[0.0, -0.0, 0.0]> : tensor<3xf32>
  %r = stablehlo.minimum %lhs, %rhs : tensor<3xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<3xf32>) -> tensor<3xui32>
  check.expect_eq_const %bits, dense<[2147483648, 2147483648, 0]> : tensor<3xui32>
  func.return
}

// -----

func.func @minimum_i32() {
  %lhs = stablehlo.constant dense<[-2147483648, 2147483647, -1, 5]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[2147483647, -2147483648, 1, 5]> : tensor<4xi32>
  %r = stablehlo.minimum %lhs, %rhs : tensor<4xi32>
  check.expect_eq_const %r, dense<[-2147483648, -2147483648, -1, 5]> : tensor<4xi32>
  func.return
}

// -----

func.func @minimum_ui64() {
  %lhs = stablehlo.constant dense<[18446744073709551615, 1]> : tensor<2xui64>
  %rhs = stablehlo.constant dense<[9223372036854775808, 2]> : tensor<2xui64>
  %r = stablehlo.minimum %lhs, %rhs : tensor<2xui64>
  check.expect_eq_const %r, dense<[9223372036854775808, 1]> : tensor<2xui64>
  func.return
}

// -----

// For booleans minimum is logical AND.
func.func @minimum_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %r = stablehlo.minimum %lhs, %rhs : tensor<4xi1>
  check.expect_eq_const %r, dense<[false, false, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @minimum_f16() {
  %lhs = stablehlo.constant dense<[1.5, 0xFC00, 0x7E00]> : tensor<3xf16>
  %rhs = stablehlo.constant dense<[-1.5, 0.0, 1.0]> : tensor<3xf16>
  %r = stablehlo.minimum %lhs, %rhs : tensor<3xf16>
  check.expect_almost_eq_const %r, dense<[-1.5, 0xFC00, 0x7E00]> : tensor<3xf16>
  func.return
}

// -----

func.func @minimum_complex64() {
  %lhs = stablehlo.constant dense<[(1.0, 5.0), (2.0, 1.0)]> : tensor<2xcomplex<f32>>
  %rhs = stablehlo.constant dense<[(1.0, 6.0), (1.0, 9.0)]> : tensor<2xcomplex<f32>>
  %r = stablehlo.minimum %lhs, %rhs : tensor<2xcomplex<f32>>
  check.expect_eq_const %r, dense<[(1.0, 5.0), (1.0, 9.0)]> : tensor<2xcomplex<f32>>
  func.return
}
