// RUN: zmlc interpret %s

// sign(NaN) is NaN.
func.func @sign_f32_nan() {
  %x = stablehlo.constant dense<[0x7FC00000, 1.0, 0x7FC00000, -2.0, 0.0]> : tensor<5xf32>
  %r = stablehlo.sign %x : tensor<5xf32>
  check.expect_almost_eq_const %r, dense<[0x7FC00000, 1.0, 0x7FC00000, -1.0, 0.0]> : tensor<5xf32>
  func.return
}

// -----

func.func @sign_f32_inf_and_tiny() {
  // inf, -inf, smallest subnormal, -1e-30.
  %x = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x00000001, -1.0e-30]> : tensor<4xf32>
  %r = stablehlo.sign %x : tensor<4xf32>
  check.expect_eq_const %r, dense<[1.0, -1.0, 1.0, -1.0]> : tensor<4xf32>
  func.return
}

// -----

// sign(-0.0) is -0.0.
func.func @sign_f64_negative_zero() {
  %x = stablehlo.constant dense<-0.0> : tensor<f64>
  %r = stablehlo.sign %x : tensor<f64>
  %bits = stablehlo.bitcast_convert %r : (tensor<f64>) -> tensor<ui64>
  check.expect_eq_const %bits, dense<9223372036854775808> : tensor<ui64>
  func.return
}

// -----

func.func @sign_i32() {
  %x = stablehlo.constant dense<[-2147483648, -7, 0, 9, 2147483647]> : tensor<5xi32>
  %r = stablehlo.sign %x : tensor<5xi32>
  check.expect_eq_const %r, dense<[-1, -1, 0, 1, 1]> : tensor<5xi32>
  func.return
}

// -----

func.func @sign_f16_bf16() {
  %x = stablehlo.constant dense<[-3.5, 0.25, 0x7E00]> : tensor<3xf16>
  %r = stablehlo.sign %x : tensor<3xf16>
  check.expect_almost_eq_const %r, dense<[-1.0, 1.0, 0x7E00]> : tensor<3xf16>
  %y = stablehlo.constant dense<[-3.5, 100.0]> : tensor<2xbf16>
  %s = stablehlo.sign %y : tensor<2xbf16>
  check.expect_eq_const %s, dense<[-1.0, 1.0]> : tensor<2xbf16>
  func.return
}

// -----

// Complex: x / |x|, and (0, 0) for zero.
func.func @sign_complex64() {
  %x = stablehlo.constant dense<[(3.0, 4.0), (0.0, 0.0), (0.0, -2.0)]> : tensor<3xcomplex<f32>>
  %r = stablehlo.sign %x : tensor<3xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(0.6, 0.8), (0.0, 0.0), (0.0, -1.0)]> : tensor<3xcomplex<f32>>
  func.return
}
