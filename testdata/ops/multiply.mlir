// RUN: zmlc interpret %s

// 12 * 12 = 144 wraps to 144 - 256 = -112; -128 * -1 = 128 wraps to -128.
func.func @multiply_i8_wraparound() {
  %lhs = stablehlo.constant dense<[12, -128, 16, -3, 127]> : tensor<5xi8>
  %rhs = stablehlo.constant dense<[12, -1, 16, 5, 127]> : tensor<5xi8>
  %r = stablehlo.multiply %lhs, %rhs : tensor<5xi8>
  check.expect_eq_const %r, dense<[-112, -128, 0, -15, 1]> : tensor<5xi8>
  func.return
}

// -----

func.func @multiply_ui16() {
  %lhs = stablehlo.constant dense<[256, 65535, 300]> : tensor<3xui16>
  %rhs = stablehlo.constant dense<[256, 2, 200]> : tensor<3xui16>
  %r = stablehlo.multiply %lhs, %rhs : tensor<3xui16>
  // 65536 -> 0; 131070 - 65536 = 65534; 60000.
  check.expect_eq_const %r, dense<[0, 65534, 60000]> : tensor<3xui16>
  func.return
}

// -----

// For booleans multiply is logical AND.
func.func @multiply_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %r = stablehlo.multiply %lhs, %rhs : tensor<4xi1>
  check.expect_eq_const %r, dense<[false, false, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @multiply_f32_special() {
  // 0 * inf = NaN; -0.0 * 5 = -0.0 (checked as a value here); -2 * inf = -inf.
  %lhs = stablehlo.constant dense<[0.0, -2.0, 1.5, 3.0e38]> : tensor<4xf32>
  %rhs = stablehlo.constant dense<[0x7F800000, 0x7F800000, -4.0, 10.0]> : tensor<4xf32>
  %r = stablehlo.multiply %lhs, %rhs : tensor<4xf32>
  check.expect_almost_eq_const %r, dense<[0x7FC00000, 0xFF800000, -6.0, 0x7F800000]> : tensor<4xf32>
  func.return
}

// -----

func.func @multiply_f64_sign_of_zero() {
  %lhs = stablehlo.constant dense<[-0.0, 0.0, -0.0]> : tensor<3xf64>
  %rhs = stablehlo.constant dense<[5.0, -5.0, -5.0]> : tensor<3xf64>
  %r = stablehlo.multiply %lhs, %rhs : tensor<3xf64>
  %bits = stablehlo.bitcast_convert %r : (tensor<3xf64>) -> tensor<3xui64>
  check.expect_eq_const %bits, dense<[9223372036854775808, 9223372036854775808, 0]> : tensor<3xui64>
  func.return
}

// -----

func.func @multiply_bf16() {
  %lhs = stablehlo.constant dense<[1.5, -2.0, 0.5]> : tensor<3xbf16>
  %rhs = stablehlo.constant dense<[1.5, 3.0, 0.5]> : tensor<3xbf16>
  %r = stablehlo.multiply %lhs, %rhs : tensor<3xbf16>
  check.expect_eq_const %r, dense<[2.25, -6.0, 0.25]> : tensor<3xbf16>
  func.return
}

// -----

func.func @multiply_complex128() {
  // (1+2i)(3+4i) = 3 + 4i + 6i - 8 = -5 + 10i; (0+1i)(0+1i) = -1.
  %lhs = stablehlo.constant dense<[(1.0, 2.0), (0.0, 1.0)]> : tensor<2xcomplex<f64>>
  %rhs = stablehlo.constant dense<[(3.0, 4.0), (0.0, 1.0)]> : tensor<2xcomplex<f64>>
  %r = stablehlo.multiply %lhs, %rhs : tensor<2xcomplex<f64>>
  check.expect_eq_const %r, dense<[(-5.0, 10.0), (-1.0, 0.0)]> : tensor<2xcomplex<f64>>
  func.return
}
