// RUN: zmlc interpret %s

// sine, cosine, tan, tanh, atan2.

func.func @sine_f32() {
  %x = stablehlo.constant dense<[0.0, 1.0, -1.0, 1.57079637, 0x7F800000]> : tensor<5xf32>
  %r = stablehlo.sine %x : tensor<5xf32>
  // sin(inf) = NaN.
  check.expect_almost_eq_const %r, dense<[0.0, 0.841470957, -0.841470957, 1.0, 0x7FC00000]> : tensor<5xf32>, tolerance = 1.0e-6
  func.return
}

// -----

func.func @sine_f64_negative_zero() {
  %x = stablehlo.constant dense<-0.0> : tensor<f64>
  %r = stablehlo.sine %x : tensor<f64>
  %bits = stablehlo.bitcast_convert %r : (tensor<f64>) -> tensor<ui64>
  check.expect_eq_const %bits, dense<9223372036854775808> : tensor<ui64>
  func.return
}

// -----

func.func @cosine_f32() {
  %x = stablehlo.constant dense<[0.0, 1.0, -1.0, 3.14159274, 0xFF800000]> : tensor<5xf32>
  %r = stablehlo.cosine %x : tensor<5xf32>
  check.expect_almost_eq_const %r, dense<[1.0, 0.540302277, 0.540302277, -1.0, 0x7FC00000]> : tensor<5xf32>, tolerance = 1.0e-6
  func.return
}

// -----

func.func @cosine_f64() {
  %x = stablehlo.constant dense<[0.5, 2.0]> : tensor<2xf64>
  %r = stablehlo.cosine %x : tensor<2xf64>
  check.expect_almost_eq_const %r, dense<[0.8775825618903728, -0.4161468365471424]> : tensor<2xf64>, tolerance = 1.0e-15
  func.return
}

// -----

func.func @sine_f16_bf16() {
  %x = stablehlo.constant dense<[0.5, -0.5]> : tensor<2xf16>
  %r = stablehlo.sine %x : tensor<2xf16>
  check.expect_almost_eq_const %r, dense<[0.4794, -0.4794]> : tensor<2xf16>, tolerance = 1.0e-3
  %y = stablehlo.constant dense<[0.5, 2.0]> : tensor<2xbf16>
  %s = stablehlo.cosine %y : tensor<2xbf16>
  check.expect_almost_eq_const %s, dense<[0.8775, -0.416]> : tensor<2xbf16>, tolerance = 5.0e-3
  func.return
}

// -----

func.func @tan_f32() {
  %x = stablehlo.constant dense<[0.0, 1.0, -0.5, 0x7FC00000]> : tensor<4xf32>
  %r = stablehlo.tan %x : tensor<4xf32>
  check.expect_almost_eq_const %r, dense<[0.0, 1.55740774, -0.546302497, 0x7FC00000]> : tensor<4xf32>, tolerance = 1.0e-6
  func.return
}

// -----

func.func @tan_f64() {
  %x = stablehlo.constant dense<[0.7853981633974483]> : tensor<1xf64>
  %r = stablehlo.tan %x : tensor<1xf64>
  check.expect_almost_eq_const %r, dense<[1.0]> : tensor<1xf64>, tolerance = 1.0e-15
  func.return
}

// -----

func.func @tanh_f32() {
  %x = stablehlo.constant dense<[0.0, 1.0, -1.0, 20.0, 0xFF800000]> : tensor<5xf32>
  %r = stablehlo.tanh %x : tensor<5xf32>
  check.expect_almost_eq_const %r, dense<[0.0, 0.761594176, -0.761594176, 1.0, -1.0]> : tensor<5xf32>, tolerance = 1.0e-6
  func.return
}

// -----

func.func @tanh_f64() {
  %x = stablehlo.constant dense<[0.5]> : tensor<1xf64>
  %r = stablehlo.tanh %x : tensor<1xf64>
  check.expect_almost_eq_const %r, dense<[0.46211715726000974]> : tensor<1xf64>, tolerance = 1.0e-15
  func.return
}

// -----

// atan2(y, x): the quadrant follows both signs; atan2(+-0, -1) = +-pi.
func.func @atan2_f64() {
  %y = stablehlo.constant dense<[1.0, 0.0, -0.0, 1.0, -1.0, 0.0, 1.0]> : tensor<7xf64>
  %x = stablehlo.constant dense<[1.0, -1.0, -1.0, 0.0, -1.0, 0.0, 2.0]> : tensor<7xf64>
  %r = stablehlo.atan2 %y, %x : tensor<7xf64>
  check.expect_almost_eq_const %r, dense<[0.7853981633974483, 3.141592653589793, -3.141592653589793, 1.5707963267948966, -2.356194490192345, 0.0, 0.4636476090008061]> : tensor<7xf64>, tolerance = 1.0e-15
  func.return
}

// -----

func.func @atan2_f32_nan_inf() {
  %y = stablehlo.constant dense<[0x7FC00000, 0x7F800000, 1.0]> : tensor<3xf32>
  %x = stablehlo.constant dense<[1.0, 0x7F800000, 0x7F800000]> : tensor<3xf32>
  %r = stablehlo.atan2 %y, %x : tensor<3xf32>
  // atan2(inf, inf) = pi/4; atan2(1, inf) = 0.
  check.expect_almost_eq_const %r, dense<[0x7FC00000, 0.785398185, 0.0]> : tensor<3xf32>, tolerance = 1.0e-6
  func.return
}

// -----

// Large arguments: sine, cosine and tan reduce over the whole range
// (values worked out with 400-bit arithmetic and rounded to the type).
func.func @trig_f32_large() {
  %x = stablehlo.constant dense<[1048576.0, 1048577.0, 1.0e10, 3.0e38]> : tensor<4xf32>
  %s = stablehlo.sine %x : tensor<4xf32>
  %c = stablehlo.cosine %x : tensor<4xf32>
  %ws = stablehlo.constant dense<[0.33049315214157104, 0.9727535843849182, -0.48750603199005127, 0.8749048709869385]> : tensor<4xf32>
  %wc = stablehlo.constant dense<[0.943808376789093, 0.23184145987033844, 0.8731196522712708, -0.4842947721481323]> : tensor<4xf32>
  check.expect_close %s, %ws, max_ulp_difference = 1 : tensor<4xf32>, tensor<4xf32>
  check.expect_close %c, %wc, max_ulp_difference = 1 : tensor<4xf32>, tensor<4xf32>
  func.return
}

// -----

func.func @trig_f64_large() {
  %x = stablehlo.constant dense<[1.0e20, 1.0e300, 1.0e22, 123456789.123]> : tensor<4xf64>
  %s = stablehlo.sine %x : tensor<4xf64>
  %t = stablehlo.tan %x : tensor<4xf64>
  %ws = stablehlo.constant dense<[-0.6452512852657808, -0.8178819121159085, -0.8522008497671888, 0.9998429395520451]> : tensor<4xf64>
  %wt = stablehlo.constant dense<[-0.8446024630198843, 1.4214488238747245, -1.6287782256068988, 56.41575748635018]> : tensor<4xf64>
  check.expect_close %s, %ws, max_ulp_difference = 1 : tensor<4xf64>, tensor<4xf64>
  check.expect_close %t, %wt, max_ulp_difference = 2 : tensor<4xf64>, tensor<4xf64>
  func.return
}
