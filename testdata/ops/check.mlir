// RUN: zmlc interpret %s

// The check ops themselves, on values that must pass.

func.func @check_expect_eq_tensors() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  check.expect_eq %a, %b : tensor<2xi32>
  func.return
}

// -----

// Within the tolerance (absolute): |1.0 - 1.00001| <= 1e-4.
func.func @check_expect_almost_eq_tensors() {
  %a = stablehlo.constant dense<[1.0, 0x7FC00000, 0xFF800000]> : tensor<3xf32>
  %b = stablehlo.constant dense<[1.00001, 0x7FC00000, 0xFF800000]> : tensor<3xf32>
  check.expect_almost_eq %a, %b : tensor<3xf32>
  check.expect_almost_eq %a, %b, tolerance = 2.0e-5 : tensor<3xf32>
  func.return
}

// -----

// 1.0 and the next f32 up (0x3F800001) are 1 ULP apart.
func.func @check_expect_close_ulp() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[0x3F800001, 2.0]> : tensor<2xf32>
  check.expect_close %a, %b, max_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>
  func.return
}

// -----

func.func @check_expect_almost_eq_const_complex() {
  %a = stablehlo.constant dense<[(1.0, -1.0)]> : tensor<1xcomplex<f64>>
  check.expect_almost_eq_const %a, dense<[(1.00000001, -0.99999999)]> : tensor<1xcomplex<f64>>
  func.return
}
