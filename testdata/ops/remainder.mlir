// RUN: zmlc interpret %s

// The sign of the result follows the dividend: rem(16, -7) = 16 - (-2)(-7) = 2,
// rem(-16, 7) = -16 - (-2)(7) = -2.
func.func @remainder_i32_sign_of_dividend() {
  %lhs = stablehlo.constant dense<[16, -16, 16, -16, 5, 0]> : tensor<6xi32>
  %rhs = stablehlo.constant dense<[-7, 7, 7, -7, 5, 3]> : tensor<6xi32>
  %r = stablehlo.remainder %lhs, %rhs : tensor<6xi32>
  check.expect_eq_const %r, dense<[2, -2, 2, -2, 0, 0]> : tensor<6xi32>
  func.return
}

// -----

func.func @remainder_i8() {
  %lhs = stablehlo.constant dense<[-128, 127, -7]> : tensor<3xi8>
  %rhs = stablehlo.constant dense<[3, -10, 127]> : tensor<3xi8>
  %r = stablehlo.remainder %lhs, %rhs : tensor<3xi8>
  // -128 = -42*3 - 2; 127 = -12*-10 + 7; -7 = 0*127 - 7.
  check.expect_eq_const %r, dense<[-2, 7, -7]> : tensor<3xi8>
  func.return
}

// -----

func.func @remainder_ui32() {
  %lhs = stablehlo.constant dense<[4294967295, 10, 3]> : tensor<3xui32>
  %rhs = stablehlo.constant dense<[10, 4294967295, 3]> : tensor<3xui32>
  %r = stablehlo.remainder %lhs, %rhs : tensor<3xui32>
  check.expect_eq_const %r, dense<[5, 10, 0]> : tensor<3xui32>
  func.return
}

// -----

// Floats: d = lhs / rhs rounded toward zero (fmod), not IEEE remainder.
func.func @remainder_f32() {
  %lhs = stablehlo.constant dense<[5.5, -5.5, 5.5, -5.5, 7.0, 1.0]> : tensor<6xf32>
  %rhs = stablehlo.constant dense<[2.0, 2.0, -2.0, -2.0, 4.0, 0x7F800000]> : tensor<6xf32>
  %r = stablehlo.remainder %lhs, %rhs : tensor<6xf32>
  // IEEE remainder(7, 4) would be -1; fmod gives 3.
  check.expect_eq_const %r, dense<[1.5, -1.5, 1.5, -1.5, 3.0, 1.0]> : tensor<6xf32>
  func.return
}

// -----

func.func @remainder_f64_nan() {
  // x rem 0 = NaN; inf rem x = NaN.
  %lhs = stablehlo.constant dense<[1.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<3xf64>
  %rhs = stablehlo.constant dense<[0.0, 3.0, 1.0]> : tensor<3xf64>
  %r = stablehlo.remainder %lhs, %rhs : tensor<3xf64>
  check.expect_almost_eq_const %r, dense<[0x7FF8000000000000, 0x7FF8000000000000, 0x7FF8000000000000]> : tensor<3xf64>
  func.return
}

// -----

func.func @remainder_f16() {
  %lhs = stablehlo.constant dense<[10.5, -0.75]> : tensor<2xf16>
  %rhs = stablehlo.constant dense<[3.0, 0.5]> : tensor<2xf16>
  %r = stablehlo.remainder %lhs, %rhs : tensor<2xf16>
  check.expect_eq_const %r, dense<[1.5, -0.25]> : tensor<2xf16>
  func.return
}

// -----

// Large quotients: remainder is exact (IEEE fmod). 1e10 = 7 * 1428571428 + 4;
// 50331652 = 2.5 * 20132660 + 2; x - y*trunc(x/y) in f32 gives 0 and 4.
func.func @remainder_f32_large_quotient() {
  %lhs = stablehlo.constant dense<[1.0e10, 50331652.0, -50331652.0]> : tensor<3xf32>
  %rhs = stablehlo.constant dense<[7.0, 2.5, 2.5]> : tensor<3xf32>
  %r = stablehlo.remainder %lhs, %rhs : tensor<3xf32>
  check.expect_eq_const %r, dense<[4.0, 2.0, -2.0]> : tensor<3xf32>
  func.return
}

// -----

// f64: 1e300 rem 3.3e-300 (a quotient of 2^1990) is exact:
// 8.053402202212777e-301.
func.func @remainder_f64_large_quotient() {
  %lhs = stablehlo.constant dense<[1.0e300, 1.0e10]> : tensor<2xf64>
  %rhs = stablehlo.constant dense<[3.3e-300, 7.0]> : tensor<2xf64>
  %r = stablehlo.remainder %lhs, %rhs : tensor<2xf64>
  check.expect_eq_const %r, dense<[8.053402202212777e-301, 4.0]> : tensor<2xf64>
  func.return
}
