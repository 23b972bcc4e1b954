// RUN: zmlc interpret %s

// sqrt, rsqrt, cbrt.

func.func @sqrt_f32() {
  %x = stablehlo.constant dense<[4.0, 2.0, 0.0, -1.0, 0x7F800000, 0.25]> : tensor<6xf32>
  %r = stablehlo.sqrt %x : tensor<6xf32>
  // sqrt is correctly rounded in IEEE-754: sqrt(2) = 1.41421354 in f32 exactly.
  %want = stablehlo.constant dense<[2.0, 1.41421354, 0.0, 0x7FC00000, 0x7F800000, 0.5]> : tensor<6xf32>
  check.expect_close %r, %want, max_ulp_difference = 0 : tensor<6xf32>, tensor<6xf32>
  func.return
}

// -----

// sqrt(-0.0) = -0.0.
func.func @sqrt_negative_zero() {
  %x = stablehlo.constant dense<-0.0> : tensor<f32>
  %r = stablehlo.sqrt %x : tensor<f32>
  %bits = stablehlo.bitcast_convert %r : (tensor<f32>) -> tensor<ui32>
  check.expect_eq_const %bits, dense<2147483648> : tensor<ui32>
  func.return
}

// -----

func.func @sqrt_f64_f16() {
  %x = stablehlo.constant dense<[2.0, 1.0e-300]> : tensor<2xf64>
  %r = stablehlo.sqrt %x : tensor<2xf64>
  %want = stablehlo.constant dense<[1.4142135623730951, 1.0e-150]> : tensor<2xf64>
  check.expect_close %r, %want, max_ulp_difference = 0 : tensor<2xf64>, tensor<2xf64>
  %y = stablehlo.constant dense<[9.0, 6.25]> : tensor<2xf16>
  %s = stablehlo.sqrt %y : tensor<2xf16>
  check.expect_eq_const %s, dense<[3.0, 2.5]> : tensor<2xf16>
  func.return
}

// -----

func.func @sqrt_complex64() {
  // sqrt(-4) = 2i; sqrt(3 + 4i) = 2 + i.
  %x = stablehlo.constant dense<[(-4.0, 0.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
  %r = stablehlo.sqrt %x : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(0.0, 2.0), (2.0, 1.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

func.func @rsqrt_f32() {
  // rsqrt(0) = inf, rsqrt(-1) = NaN, rsqrt(inf) = 0.
  %x = stablehlo.constant dense<[4.0, 0.25, 2.0, 0.0, -1.0, 0x7F800000]> : tensor<6xf32>
  %r = stablehlo.rsqrt %x : tensor<6xf32>
  check.expect_almost_eq_const %r, dense<[0.5, 2.0, 0.707106769, 0x7F800000, 0x7FC00000, 0.0]> : tensor<6xf32>, tolerance = 1.0e-6
  func.return
}

// -----

func.func @rsqrt_f64() {
  %x = stablehlo.constant dense<[3.0]> : tensor<1xf64>
  %r = stablehlo.rsqrt %x : tensor<1xf64>
  check.expect_almost_eq_const %r, dense<[0.5773502691896258]> : tensor<1xf64>, tolerance = 1.0e-15
  func.return
}

// -----

func.func @cbrt_f32() {
  %x = stablehlo.constant dense<[8.0, -27.0, 0.0, 2.0, 0xFF800000]> : tensor<5xf32>
  %r = stablehlo.cbrt %x : tensor<5xf32>
  check.expect_almost_eq_const %r, dense<[2.0, -3.0, 0.0, 1.25992107, 0xFF800000]> : tensor<5xf32>, tolerance = 1.0e-6
  func.return
}

// -----

func.func @cbrt_f64() {
  %x = stablehlo.constant dense<[1.0e-300, -0.001]> : tensor<2xf64>
  %r = stablehlo.cbrt %x : tensor<2xf64>
  %want = stablehlo.constant dense<[1.0e-100, -0.1]> : tensor<2xf64>
  check.expect_close %r, %want, max_ulp_difference = 2 : tensor<2xf64>, tensor<2xf64>
  func.return
}
