// RUN: zmlc interpret %s

// Signed 8-bit addition wraps around (two's complement).
func.func @add_i8_wraparound() {
  %lhs = stablehlo.constant dense<[127, -128, 100, -1, 0]> : tensor<5xi8>
  %rhs = stablehlo.constant dense<[1, -1, 100, 1, -128]> : tensor<5xi8>
  %r = stablehlo.add %lhs, %rhs : tensor<5xi8>
  check.expect_eq_const %r, dense<[-128, 127, -56, 0, -128]> : tensor<5xi8>
  func.return
}

// -----

func.func @add_ui8_wraparound() {
  %lhs = stablehlo.constant dense<[255, 200, 0, 17]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[1, 100, 0, 3]> : tensor<4xui8>
  %r = stablehlo.add %lhs, %rhs : tensor<4xui8>
  check.expect_eq_const %r, dense<[0, 44, 0, 20]> : tensor<4xui8>
  func.return
}

// -----

func.func @add_i64() {
  %lhs = stablehlo.constant dense<[9223372036854775807, -5, 1000000000000]> : tensor<3xi64>
  %rhs = stablehlo.constant dense<[1, 3, 2000000000000]> : tensor<3xi64>
  %r = stablehlo.add %lhs, %rhs : tensor<3xi64>
  check.expect_eq_const %r, dense<[-9223372036854775808, -2, 3000000000000]> : tensor<3xi64>
  func.return
}

// -----

// For booleans add is logical OR.
func.func @add_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %r = stablehlo.add %lhs, %rhs : tensor<4xi1>
  check.expect_eq_const %r, dense<[false, true, true, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @add_f32_special() {
  // inf + -inf = NaN; inf + 1 = inf; NaN + 1 = NaN; 0.5 + 0.25 exact.
  %lhs = stablehlo.constant dense<[0x7F800000, 0x7F800000, 0x7FC00000, 0.5, -1.5]> : tensor<5xf32>
  %rhs = stablehlo.constant dense<[0xFF800000, 1.0, 1.0, 0.25, 1.5]> : tensor<5xf32>
  %r = stablehlo.add %lhs, %rhs : tensor<5xf32>
  check.expect_almost_eq_const %r, dense<[0x7FC00000, 0x7F800000, 0x7FC00000, 0.75, 0.0]> : tensor<5xf32>
  func.return
}

// -----

// -0.0 + -0.0 is -0.0 and -0.0 + 0.0 is +0.0 (IEEE 754, round to nearest);
// checked on the bit patterns.
func.func @add_f32_signed_zero() {
  %lhs = stablehlo.constant dense<[-0.0, -0.0, 0.0]> : tensor<3xf32>
  %rhs = stablehlo.constant dense<[-0.0, 0.0, -0.0]> : tensor<3xf32>
  %r = stablehlo.add %lhs, %rhs : tensor<3xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<3xf32>) -> tensor<3xui32>
  check.expect_eq_const %bits, dense<[2147483648, 0, 0]> : tensor<3xui32>
  func.return
}

// -----

// 1 + 2^-24 is exactly halfway between 1 and 1 + 2^-23 in f32: ties to even
// gives 1. 1 + 3*2^-24 rounds to 1 + 2^-22.
func.func @add_f32_rounding() {
  %lhs = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %rhs = stablehlo.constant dense<[5.96046448E-8, 1.78813934E-7]> : tensor<2xf32>
  %r = stablehlo.add %lhs, %rhs : tensor<2xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<2xf32>) -> tensor<2xi32>
  check.expect_eq_const %bits, dense<[1065353216, 1065353218]> : tensor<2xi32>
  func.return
}

// -----

func.func @add_f16() {
  // 65504 + 32 = 65536 rounds to inf (halfway, ties to even away from the odd 65504).
  %lhs = stablehlo.constant dense<[1.5, 65504.0, -2.0, 0.0009765625]> : tensor<4xf16>
  %rhs = stablehlo.constant dense<[2.25, 32.0, 0.5, 1.0]> : tensor<4xf16>
  %r = stablehlo.add %lhs, %rhs : tensor<4xf16>
  check.expect_eq_const %r, dense<[3.75, 0x7C00, -1.5, 1.0009765625]> : tensor<4xf16>
  func.return
}

// -----

func.func @add_bf16() {
  // bf16 has 8 significand bits: 256 + 1 = 257 is a tie between 256 and 258 -> 256.
  %lhs = stablehlo.constant dense<[256.0, 1.5, -3.0]> : tensor<3xbf16>
  %rhs = stablehlo.constant dense<[1.0, 0.25, 3.0]> : tensor<3xbf16>
  %r = stablehlo.add %lhs, %rhs : tensor<3xbf16>
  check.expect_eq_const %r, dense<[256.0, 1.75, 0.0]> : tensor<3xbf16>
  func.return
}

// -----

func.func @add_f64() {
  %lhs = stablehlo.constant dense<[1.0e300, 0.1, -2.5]> : tensor<3xf64>
  %rhs = stablehlo.constant dense<[1.0e300, 0.2, 2.5]> : tensor<3xf64>
  %r = stablehlo.add %lhs, %rhs : tensor<3xf64>
  check.expect_almost_eq_const %r, dense<[2.0e300, 0.30000000000000004, 0.0]> : tensor<3xf64>
  func.return
}

// -----

func.func @add_complex64() {
  %lhs = stablehlo.constant dense<[(1.0, 2.0), (-1.5, 0.5)]> : tensor<2xcomplex<f32>>
  %rhs = stablehlo.constant dense<[(3.0, -4.0), (1.5, 0.25)]> : tensor<2xcomplex<f32>>
  %r = stablehlo.add %lhs, %rhs : tensor<2xcomplex<f32>>
  check.expect_eq_const %r, dense<[(4.0, -2.0), (0.0, 0.75)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

func.func @add_empty() {
  %lhs = stablehlo.constant dense<> : tensor<0x3xf32>
  %rhs = stablehlo.constant dense<> : tensor<0x3xf32>
  %r = stablehlo.add %lhs, %rhs : tensor<0x3xf32>
  check.expect_eq_const %r, dense<> : tensor<0x3xf32>
  func.return
}

// -----

func.func @add_scalar_i32() {
  %lhs = stablehlo.constant dense<2147483647> : tensor<i32>
  %rhs = stablehlo.constant dense<2147483647> : tensor<i32>
  %r = stablehlo.add %lhs, %rhs : tensor<i32>
  check.expect_eq_const %r, dense<-2> : tensor<i32>
  func.return
}

// -----

func.func @add_ui64_splat() {
  %lhs = stablehlo.constant dense<18446744073709551615> : tensor<2x2xui64>
  %rhs = stablehlo.constant dense<2> : tensor<2x2xui64>
  %r = stablehlo.add %lhs, %rhs : tensor<2x2xui64>
  check.expect_eq_const %r, dense<1> : tensor<2x2xui64>
  func.return
}
