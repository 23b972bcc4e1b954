// RUN: zmlc interpret %s

func.func @power_i32() {
  %lhs = stablehlo.constant dense<[2, -2, 3, 0, 7, -1, 2, 2]> : tensor<8xi32>
  %rhs = stablehlo.constant dense<[10, 3, 4, 0, 1, 5, 31, 32]> : tensor<8xi32>
  %r = stablehlo.power %lhs, %rhs : tensor<8xi32>
  // 2^31 and 2^32 wrap to -2^31 and 0.
  check.expect_eq_const %r, dense<[1024, -8, 81, 1, 7, -1, -2147483648, 0]> : tensor<8xi32>
  func.return
}

// -----

func.func @power_ui8() {
  %lhs = stablehlo.constant dense<[2, 3, 16]> : tensor<3xui8>
  %rhs = stablehlo.constant dense<[7, 5, 2]> : tensor<3xui8>
  %r = stablehlo.power %lhs, %rhs : tensor<3xui8>
  // 3^5 = 243; 16^2 = 256 wraps to 0.
  check.expect_eq_const %r, dense<[128, 243, 0]> : tensor<3xui8>
  func.return
}

// -----

// IEEE-754 pow: pow(x, 0) = 1 even for NaN; pow(1, NaN) = 1;
// pow(-8, 1/3) = NaN (negative base, non-integer exponent); pow(0, -1) = inf.
func.func @power_f32() {
  %lhs = stablehlo.constant dense<[2.0, 0x7FC00000, 1.0, -8.0, 0.0, -2.0, 4.0]> : tensor<7xf32>
  %rhs = stablehlo.constant dense<[3.0, 0.0, 0x7FC00000, 0.333333343, -1.0, 3.0, 0.5]> : tensor<7xf32>
  %r = stablehlo.power %lhs, %rhs : tensor<7xf32>
  check.expect_almost_eq_const %r, dense<[8.0, 1.0, 1.0, 0x7FC00000, 0x7F800000, -8.0, 2.0]> : tensor<7xf32>
  func.return
}

// -----

func.func @power_f64() {
  %lhs = stablehlo.constant dense<[2.0, 10.0]> : tensor<2xf64>
  %rhs = stablehlo.constant dense<[0.5, -2.0]> : tensor<2xf64>
  %r = stablehlo.power %lhs, %rhs : tensor<2xf64>
  check.expect_almost_eq_const %r, dense<[1.4142135623730951, 0.01]> : tensor<2xf64>
  func.return
}

// -----

// Exact powers stay exact: 2^50, 10^10, 2^120, 10^22 (each representable
// in f64), and (2^-1006)^0.25 = 2^-251.5, where exp(y log x) in f64 loses
// |y log x| ulps; 705.35...^99.75... worked out with 60-digit arithmetic.
func.func @power_f64_exact() {
  %lhs = stablehlo.constant dense<[2.0, 10.0, 2.0, 10.0, 1.4582244039112795e-303, 705.3509817694093]> : tensor<6xf64>
  %rhs = stablehlo.constant dense<[50.0, 10.0, 120.0, 22.0, 0.25, 99.75342833651632]> : tensor<6xf64>
  %r = stablehlo.power %lhs, %rhs : tensor<6xf64>
  %want = stablehlo.constant dense<[1125899906842624.0, 1.0e10, 1.329227995784916e+36, 1.0e22, 1.9541418716087393e-76, 1.3746479536586404e+284]> : tensor<6xf64>
  check.expect_close %r, %want, max_ulp_difference = 1 : tensor<6xf64>, tensor<6xf64>
  func.return
}

// -----

// f32 exact powers: 2^50, 10^10, 2^120, 3^20 rounded to f32.
func.func @power_f32_exact() {
  %lhs = stablehlo.constant dense<[2.0, 10.0, 2.0, 3.0]> : tensor<4xf32>
  %rhs = stablehlo.constant dense<[50.0, 10.0, 120.0, 20.0]> : tensor<4xf32>
  %r = stablehlo.power %lhs, %rhs : tensor<4xf32>
  %want = stablehlo.constant dense<[1125899906842624.0, 1.0e10, 1.329227995784916e+36, 3486784401.0]> : tensor<4xf32>
  check.expect_close %r, %want, max_ulp_difference = 1 : tensor<4xf32>, tensor<4xf32>
  func.return
}
