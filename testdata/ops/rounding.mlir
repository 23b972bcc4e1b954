// RUN: zmlc interpret %s

// ceil, floor, round_nearest_afz, round_nearest_even.

func.func @ceil_f32() {
  %x = stablehlo.constant dense<[-1.5, -0.5, 0.5, 1.5, 2.0, 0x7F800000]> : tensor<6xf32>
  %r = stablehlo.ceil %x : tensor<6xf32>
  check.expect_eq_const %r, dense<[-1.0, -0.0, 1.0, 2.0, 2.0, 0x7F800000]> : tensor<6xf32>
  func.return
}

// -----

// ceil(-0.5) is -0.0 (IEEE roundToIntegralTowardPositive keeps the sign).
func.func @ceil_f32_negative_zero() {
  %x = stablehlo.constant dense<[-0.5, -0.0]> : tensor<2xf32>
  %r = stablehlo.ceil %x : tensor<2xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<2xf32>) -> tensor<2xui32>
  check.expect_eq_const %bits, dense<[2147483648, 2147483648]> : tensor<2xui32>
  func.return
}

// -----

func.func @floor_f64() {
  %x = stablehlo.constant dense<[-1.5, -0.5, 0.5, 1.5, -2.0, 4503599627370497.0]> : tensor<6xf64>
  %r = stablehlo.floor %x : tensor<6xf64>
  check.expect_eq_const %r, dense<[-2.0, -1.0, 0.0, 1.0, -2.0, 4503599627370497.0]> : tensor<6xf64>
  func.return
}

// -----

func.func @floor_bf16_nan() {
  %x = stablehlo.constant dense<[2.5, 0x7FC0, -0.25]> : tensor<3xbf16>
  %r = stablehlo.floor %x : tensor<3xbf16>
  check.expect_almost_eq_const %r, dense<[2.0, 0x7FC0, -1.0]> : tensor<3xbf16>
  func.return
}

// -----

// Ties away from zero; -0.4 rounds to -0.0 (the sign is kept).
func.func @round_nearest_afz_f32() {
  %x = stablehlo.constant dense<[-2.5, -0.4, 0.5, 1.5, 2.5, 2.49]> : tensor<6xf32>
  %r = stablehlo.round_nearest_afz %x : tensor<6xf32>
  check.expect_eq_const %r, dense<[-3.0, -0.0, 1.0, 2.0, 3.0, 2.0]> : tensor<6xf32>
  func.return
}

// -----

// Ties to even; -0.4 rounds to -0.0.
func.func @round_nearest_even_f32() {
  %x = stablehlo.constant dense<[-2.5, -0.4, 0.5, 1.5, 2.5, 2.51]> : tensor<6xf32>
  %r = stablehlo.round_nearest_even %x : tensor<6xf32>
  check.expect_eq_const %r, dense<[-2.0, -0.0, 0.0, 2.0, 2.0, 3.0]> : tensor<6xf32>
  func.return
}

// -----

func.func @round_nearest_even_f16() {
  %x = stablehlo.constant dense<[3.5, 4.5, -5.5]> : tensor<3xf16>
  %r = stablehlo.round_nearest_even %x : tensor<3xf16>
  check.expect_eq_const %r, dense<[4.0, 4.0, -6.0]> : tensor<3xf16>
  func.return
}
