// RUN: zmlc interpret %s

// chlo.erf, chlo.erf_inv, chlo.tan, chlo.top_k.

func.func @erf_f32() {
  %x = stablehlo.constant dense<[0.0, 0.5, -2.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<6xf32>
  %r = chlo.erf %x : tensor<6xf32> -> tensor<6xf32>
  check.expect_almost_eq_const %r, dense<[0.0, 0.520499885, -0.995322287, 1.0, -1.0, 0x7FC00000]> : tensor<6xf32>, tolerance = 1.0e-6
  func.return
}

// -----

func.func @erf_f64() {
  %x = stablehlo.constant dense<[1.0, 0.1, -0.5]> : tensor<3xf64>
  %r = chlo.erf %x : tensor<3xf64> -> tensor<3xf64>
  check.expect_almost_eq_const %r, dense<[0.8427007929497149, 0.1124629160182849, -0.5204998778130465]> : tensor<3xf64>, tolerance = 1.0e-14
  func.return
}

// -----

func.func @erf_f16() {
  %x = stablehlo.constant dense<[0.5, 3.0]> : tensor<2xf16>
  %r = chlo.erf %x : tensor<2xf16> -> tensor<2xf16>
  // erf(3) = 0.99997791 rounds to 1.0 in f16.
  check.expect_almost_eq_const %r, dense<[0.5205, 1.0]> : tensor<2xf16>, tolerance = 1.0e-3
  func.return
}

// -----

// erf_inv: erf_inv(+-1) = +-inf; outside [-1, 1] it is NaN.
func.func @erf_inv_f32() {
  %x = stablehlo.constant dense<[0.0, 0.5, 0.9, -0.25, 1.0, -1.0, 2.0]> : tensor<7xf32>
  %r = chlo.erf_inv %x : tensor<7xf32> -> tensor<7xf32>
  check.expect_almost_eq_const %r, dense<[0.0, 0.476936281, 1.16308713, -0.225312054, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<7xf32>, tolerance = 1.0e-5
  func.return
}

// -----

func.func @erf_inv_f64() {
  %x = stablehlo.constant dense<[0.5, -0.9]> : tensor<2xf64>
  %r = chlo.erf_inv %x : tensor<2xf64> -> tensor<2xf64>
  check.expect_almost_eq_const %r, dense<[0.4769362762044698, -1.1630871536766738]> : tensor<2xf64>, tolerance = 1.0e-12
  func.return
}

// -----

func.func @chlo_tan() {
  %x = stablehlo.constant dense<[0.0, 1.0, -1.0, 0x7F800000]> : tensor<4xf32>
  %r = chlo.tan %x : tensor<4xf32> -> tensor<4xf32>
  check.expect_almost_eq_const %r, dense<[0.0, 1.55740774, -1.55740774, 0x7FC00000]> : tensor<4xf32>, tolerance = 1.0e-6
  %y = stablehlo.constant dense<0.7853981633974483> : tensor<f64>
  %s = chlo.tan %y : tensor<f64> -> tensor<f64>
  check.expect_almost_eq_const %s, dense<1.0> : tensor<f64>, tolerance = 1.0e-15
  func.return
}

// -----

// The k largest along the last dimension, in descending order; equal values
// keep their index order.
func.func @top_k_1d() {
  %x = stablehlo.constant dense<[1.0, 3.0, 3.0, 2.0, 5.0]> : tensor<5xf32>
  %v, %i = chlo.top_k(%x, k = 3) : tensor<5xf32> -> (tensor<3xf32>, tensor<3xi32>)
  check.expect_eq_const %v, dense<[5.0, 3.0, 3.0]> : tensor<3xf32>
  check.expect_eq_const %i, dense<[4, 1, 2]> : tensor<3xi32>
  func.return
}

// -----

func.func @top_k_2d_rows() {
  %x = stablehlo.constant dense<[[1, 4, 2], [9, 0, 9], [-5, -7, -6]]> : tensor<3x3xi32>
  %v, %i = chlo.top_k(%x, k = 2) : tensor<3x3xi32> -> (tensor<3x2xi32>, tensor<3x2xi32>)
  check.expect_eq_const %v, dense<[[4, 2], [9, 9], [-5, -6]]> : tensor<3x2xi32>
  check.expect_eq_const %i, dense<[[1, 2], [0, 2], [0, 2]]> : tensor<3x2xi32>
  func.return
}

// -----

func.func @top_k_all_ui8() {
  %x = stablehlo.constant dense<[200, 7, 255]> : tensor<3xui8>
  %v, %i = chlo.top_k(%x, k = 3) : tensor<3xui8> -> (tensor<3xui8>, tensor<3xi32>)
  check.expect_eq_const %v, dense<[255, 200, 7]> : tensor<3xui8>
  check.expect_eq_const %i, dense<[2, 0, 1]> : tensor<3xi32>
  func.return
}

// -----

// The erf-based GELU x (1 + erf(x/√2)) / 2 keeps its negative tail: at
// x = -5.5, erf(-3.8890872) = -0.99999996 (exact), -0.99999994 in f32, so
// GELU is -5.5/2 * 5.9604645e-8 = -1.6391277e-07 in f32, not -0.
func.func @gelu_erf_negative_tail_f32() {
  %x = stablehlo.constant dense<[-5.5, -4.5]> : tensor<2xf32>
  %s = stablehlo.constant dense<0.707106769> : tensor<2xf32>
  %h = stablehlo.constant dense<0.5> : tensor<2xf32>
  %one = stablehlo.constant dense<1.0> : tensor<2xf32>
  %xs = stablehlo.multiply %x, %s : tensor<2xf32>
  %e = chlo.erf %xs : tensor<2xf32> -> tensor<2xf32>
  %p = stablehlo.add %one, %e : tensor<2xf32>
  %xh = stablehlo.multiply %x, %h : tensor<2xf32>
  %g = stablehlo.multiply %xh, %p : tensor<2xf32>
  %want = stablehlo.constant dense<[-1.6391277e-07, -1.5288591e-05]> : tensor<2xf32>
  check.expect_close %g, %want, max_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>
  func.return
}
