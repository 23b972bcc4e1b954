// RUN: zmlc interpret %s

// Signed integers, all six directions on the same pairs:
// (-2,-2) (-1,-2) (0,0) (2,1) (1,2) (-5,3).
func.func @compare_i64_signed() {
  %lhs = stablehlo.constant dense<[-2, -1, 0, 2, 1, -5]> : tensor<6xi64>
  %rhs = stablehlo.constant dense<[-2, -2, 0, 1, 2, 3]> : tensor<6xi64>
  %eq = stablehlo.compare EQ, %lhs, %rhs, SIGNED : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi1>
  %ne = stablehlo.compare NE, %lhs, %rhs, SIGNED : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi1>
  %ge = stablehlo.compare GE, %lhs, %rhs, SIGNED : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi1>
  %gt = stablehlo.compare GT, %lhs, %rhs, SIGNED : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi1>
  %le = stablehlo.compare LE, %lhs, %rhs, SIGNED : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi1>
  %lt = stablehlo.compare LT, %lhs, %rhs, SIGNED : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi1>
  check.expect_eq_const %eq, dense<[true, false, true, false, false, false]> : tensor<6xi1>
  check.expect_eq_const %ne, dense<[false, true, false, true, true, true]> : tensor<6xi1>
  check.expect_eq_const %ge, dense<[true, true, true, true, false, false]> : tensor<6xi1>
  check.expect_eq_const %gt, dense<[false, true, false, true, false, false]> : tensor<6xi1>
  check.expect_eq_const %le, dense<[true, false, true, false, true, true]> : tensor<6xi1>
  check.expect_eq_const %lt, dense<[false, false, false, false, true, true]> : tensor<6xi1>
  func.return
}

// -----

// Without compare_type the integer default is SIGNED.
func.func @compare_i8_default_type() {
  %lhs = stablehlo.constant dense<[-128, 127]> : tensor<2xi8>
  %rhs = stablehlo.constant dense<[127, -128]> : tensor<2xi8>
  %lt = stablehlo.compare LT, %lhs, %rhs : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi1>
  check.expect_eq_const %lt, dense<[true, false]> : tensor<2xi1>
  func.return
}

// -----

// Unsigned: 200 > 100 (as i8 the bits of 200 would be -56).
func.func @compare_ui8_unsigned() {
  %lhs = stablehlo.constant dense<[200, 0, 255, 7]> : tensor<4xui8>
  %rhs = stablehlo.constant dense<[100, 255, 255, 7]> : tensor<4xui8>
  %eq = stablehlo.compare EQ, %lhs, %rhs, UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %ne = stablehlo.compare NE, %lhs, %rhs, UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %ge = stablehlo.compare GE, %lhs, %rhs, UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %gt = stablehlo.compare GT, %lhs, %rhs, UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %le = stablehlo.compare LE, %lhs, %rhs, UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %lt = stablehlo.compare LT, %lhs, %rhs, UNSIGNED : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[false, false, true, true]> : tensor<4xi1>
  check.expect_eq_const %ne, dense<[true, true, false, false]> : tensor<4xi1>
  check.expect_eq_const %ge, dense<[true, false, true, true]> : tensor<4xi1>
  check.expect_eq_const %gt, dense<[true, false, false, false]> : tensor<4xi1>
  check.expect_eq_const %le, dense<[false, true, true, true]> : tensor<4xi1>
  check.expect_eq_const %lt, dense<[false, true, false, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @compare_ui64_unsigned() {
  %lhs = stablehlo.constant dense<[18446744073709551615, 9223372036854775808]> : tensor<2xui64>
  %rhs = stablehlo.constant dense<[1, 9223372036854775807]> : tensor<2xui64>
  %gt = stablehlo.compare GT, %lhs, %rhs, UNSIGNED : (tensor<2xui64>, tensor<2xui64>) -> tensor<2xi1>
  check.expect_eq_const %gt, dense<[true, true]> : tensor<2xi1>
  func.return
}

// -----

// Booleans compare as unsigned: false < true.
func.func @compare_i1_unsigned() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %eq = stablehlo.compare EQ, %lhs, %rhs, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %ne = stablehlo.compare NE, %lhs, %rhs, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %ge = stablehlo.compare GE, %lhs, %rhs, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %gt = stablehlo.compare GT, %lhs, %rhs, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %le = stablehlo.compare LE, %lhs, %rhs, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %lt = stablehlo.compare LT, %lhs, %rhs, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  check.expect_eq_const %eq, dense<[true, false, false, true]> : tensor<4xi1>
  check.expect_eq_const %ne, dense<[false, true, true, false]> : tensor<4xi1>
  check.expect_eq_const %ge, dense<[true, false, true, true]> : tensor<4xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false]> : tensor<4xi1>
  check.expect_eq_const %le, dense<[true, true, false, true]> : tensor<4xi1>
  check.expect_eq_const %lt, dense<[false, true, false, false]> : tensor<4xi1>
  func.return
}

// -----

// FLOAT: quiet IEEE comparisons. Pairs: (1,1) (1,2) (NaN,1) (NaN,NaN)
// (-0,+0) (inf,-inf).
func.func @compare_f32_float() {
  %lhs = stablehlo.constant dense<[1.0, 1.0, 0x7FC00000, 0x7FC00000, -0.0, 0x7F800000]> : tensor<6xf32>
  %rhs = stablehlo.constant dense<[1.0, 2.0, 1.0, 0x7FC00000, 0.0, 0xFF800000]> : tensor<6xf32>
  %eq = stablehlo.compare EQ, %lhs, %rhs, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  %ne = stablehlo.compare NE, %lhs, %rhs, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  %ge = stablehlo.compare GE, %lhs, %rhs, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  %gt = stablehlo.compare GT, %lhs, %rhs, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  %le = stablehlo.compare LE, %lhs, %rhs, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  %lt = stablehlo.compare LT, %lhs, %rhs, FLOAT : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  check.expect_eq_const %eq, dense<[true, false, false, false, true, false]> : tensor<6xi1>
  check.expect_eq_const %ne, dense<[false, true, true, true, false, true]> : tensor<6xi1>
  check.expect_eq_const %ge, dense<[true, false, false, false, true, true]> : tensor<6xi1>
  check.expect_eq_const %gt, dense<[false, false, false, false, false, true]> : tensor<6xi1>
  check.expect_eq_const %le, dense<[true, true, false, false, true, false]> : tensor<6xi1>
  check.expect_eq_const %lt, dense<[false, true, false, false, false, false]> : tensor<6xi1>
  func.return
}

// -----

func.func @compare_f16_bf16_f64_float() {
  %a = stablehlo.constant dense<[1.0, 0x7E00]> : tensor<2xf16>
  %b = stablehlo.constant dense<[1.0009765625, 0x7E00]> : tensor<2xf16>
  %ra = stablehlo.compare LT, %a, %b, FLOAT : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xi1>
  check.expect_eq_const %ra, dense<[true, false]> : tensor<2xi1>
  %c = stablehlo.constant dense<[2.0, -1.0]> : tensor<2xbf16>
  %d = stablehlo.constant dense<[2.0, 1.0]> : tensor<2xbf16>
  %rc = stablehlo.compare GE, %c, %d, FLOAT : (tensor<2xbf16>, tensor<2xbf16>) -> tensor<2xi1>
  check.expect_eq_const %rc, dense<[true, false]> : tensor<2xi1>
  %e = stablehlo.constant dense<[0.1, 0x7FF8000000000000]> : tensor<2xf64>
  %f = stablehlo.constant dense<[0.1, 0.0]> : tensor<2xf64>
  %re = stablehlo.compare NE, %e, %f : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xi1>
  check.expect_eq_const %re, dense<[false, true]> : tensor<2xi1>
  func.return
}

// -----

// TOTALORDER: -NaN < -inf < -1 < -0.0 < +0.0 < 1 < inf < +NaN.
func.func @compare_f32_totalorder_lt() {
  // Pairs: (-0,+0) (1,NaN) (NaN,inf) (-NaN,-inf) (-inf,-1) (2,1)
  %lhs = stablehlo.constant dense<[-0.0, 1.0, 0x7FC00000, 0xFFC00000, 0xFF800000, 2.0]> : tensor<6xf32>
  %rhs = stablehlo.constant dense<[0.0, 0x7FC00000, 0x7F800000, 0xFF800000, -1.0, 1.0]> : tensor<6xf32>
  %lt = stablehlo.compare LT, %lhs, %rhs, TOTALORDER : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  %gt = stablehlo.compare GT, %lhs, %rhs, TOTALORDER : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  check.expect_eq_const %lt, dense<[true, true, false, true, true, false]> : tensor<6xi1>
  check.expect_eq_const %gt, dense<[false, false, true, false, false, true]> : tensor<6xi1>
  func.return
}

// -----

// TOTALORDER equality on identical bits, as XLA does it: NaN == NaN (same
// bits), -0.0 != +0.0.
func.func @compare_f64_totalorder_eq() {
  %lhs = stablehlo.constant dense<[0x7FF8000000000000, -0.0, 1.5]> : tensor<3xf64>
  %rhs = stablehlo.constant dense<[0x7FF8000000000000, 0.0, 1.5]> : tensor<3xf64>
  %eq = stablehlo.compare EQ, %lhs, %rhs, TOTALORDER : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xi1>
  %ne = stablehlo.compare NE, %lhs, %rhs, TOTALORDER : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xi1>
  %le = stablehlo.compare LE, %lhs, %rhs, TOTALORDER : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xi1>
  %ge = stablehlo.compare GE, %lhs, %rhs, TOTALORDER : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xi1>
  check.expect_eq_const %eq, dense<[true, false, true]> : tensor<3xi1>
  check.expect_eq_const %ne, dense<[false, true, false]> : tensor<3xi1>
  check.expect_eq_const %le, dense<[true, true, true]> : tensor<3xi1>
  check.expect_eq_const %ge, dense<[true, false, true]> : tensor<3xi1>
  func.return
}

// -----

// Complex: lexicographic on (real, imag) with FLOAT.
func.func @compare_complex64() {
  %lhs = stablehlo.constant dense<[(1.0, 2.0), (1.0, 2.0), (0.0, 5.0)]> : tensor<3xcomplex<f32>>
  %rhs = stablehlo.constant dense<[(1.0, 2.0), (1.0, 3.0), (1.0, 0.0)]> : tensor<3xcomplex<f32>>
  %eq = stablehlo.compare EQ, %lhs, %rhs, FLOAT : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xi1>
  %ne = stablehlo.compare NE, %lhs, %rhs, FLOAT : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xi1>
  %lt = stablehlo.compare LT, %lhs, %rhs, FLOAT : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xi1>
  check.expect_eq_const %eq, dense<[true, false, false]> : tensor<3xi1>
  check.expect_eq_const %ne, dense<[false, true, true]> : tensor<3xi1>
  check.expect_eq_const %lt, dense<[false, true, true]> : tensor<3xi1>
  func.return
}

// -----

func.func @compare_empty() {
  %lhs = stablehlo.constant dense<> : tensor<0x3xf32>
  %r = stablehlo.compare EQ, %lhs, %lhs : (tensor<0x3xf32>, tensor<0x3xf32>) -> tensor<0x3xi1>
  check.expect_eq_const %r, dense<> : tensor<0x3xi1>
  func.return
}
