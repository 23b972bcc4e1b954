// RUN: zmlc interpret %s

func.func @clamp_i32_elementwise_bounds() {
  %min = stablehlo.constant dense<[5, 10, 15]> : tensor<3xi32>
  %x = stablehlo.constant dense<[3, 13, 23]> : tensor<3xi32>
  %max = stablehlo.constant dense<[10, 15, 20]> : tensor<3xi32>
  %r = stablehlo.clamp %min, %x, %max : tensor<3xi32>
  check.expect_eq_const %r, dense<[5, 13, 20]> : tensor<3xi32>
  func.return
}

// -----

// Scalar bounds apply to every element.
func.func @clamp_f32_scalar_bounds() {
  %min = stablehlo.constant dense<-1.0> : tensor<f32>
  %x = stablehlo.constant dense<[-2.0, -0.5, 0.5, 2.0, 0xFF800000, 0x7FC00000]> : tensor<6xf32>
  %max = stablehlo.constant dense<1.0> : tensor<f32>
  %r = stablehlo.clamp %min, %x, %max : (tensor<f32>, tensor<6xf32>, tensor<f32>) -> tensor<6xf32>
  // NaN stays NaN: minimum(maximum(NaN, -1), 1) = NaN.
  check.expect_almost_eq_const %r, dense<[-1.0, -0.5, 0.5, 1.0, -1.0, 0x7FC00000]> : tensor<6xf32>
  func.return
}

// -----

// With min > max the result is max: minimum(maximum(x, 5), 3) = 3.
func.func @clamp_min_above_max() {
  %min = stablehlo.constant dense<5> : tensor<i8>
  %x = stablehlo.constant dense<[0, 4, 10]> : tensor<3xi8>
  %max = stablehlo.constant dense<3> : tensor<i8>
  %r = stablehlo.clamp %min, %x, %max : (tensor<i8>, tensor<3xi8>, tensor<i8>) -> tensor<3xi8>
  check.expect_eq_const %r, dense<[3, 3, 3]> : tensor<3xi8>
  func.return
}

// -----

func.func @clamp_ui8_bf16() {
  %min = stablehlo.constant dense<10> : tensor<ui8>
  %x = stablehlo.constant dense<[0, 128, 255]> : tensor<3xui8>
  %max = stablehlo.constant dense<200> : tensor<ui8>
  %r = stablehlo.clamp %min, %x, %max : (tensor<ui8>, tensor<3xui8>, tensor<ui8>) -> tensor<3xui8>
  check.expect_eq_const %r, dense<[10, 128, 200]> : tensor<3xui8>
  %bmin = stablehlo.constant dense<[0.0, 0.0]> : tensor<2xbf16>
  %bx = stablehlo.constant dense<[-3.0, 0.5]> : tensor<2xbf16>
  %bmax = stablehlo.constant dense<[1.0, 0.25]> : tensor<2xbf16>
  %s = stablehlo.clamp %bmin, %bx, %bmax : tensor<2xbf16>
  check.expect_eq_const %s, dense<[0.0, 0.25]> : tensor<2xbf16>
  func.return
}
