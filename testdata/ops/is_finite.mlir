// RUN: zmlc interpret %s

func.func @is_finite_f32() {
  %x = stablehlo.constant dense<[0.0, -1.0, 0x7F800000, 0xFF800000, 0x7FC00000, 3.4028235e38, 0x00000001]> : tensor<7xf32>
  %r = stablehlo.is_finite %x : (tensor<7xf32>) -> tensor<7xi1>
  check.expect_eq_const %r, dense<[true, true, false, false, false, true, true]> : tensor<7xi1>
  func.return
}

// -----

func.func @is_finite_f16_bf16_f64() {
  %a = stablehlo.constant dense<[65504.0, 0x7C00, 0x7E00]> : tensor<3xf16>
  %ra = stablehlo.is_finite %a : (tensor<3xf16>) -> tensor<3xi1>
  check.expect_eq_const %ra, dense<[true, false, false]> : tensor<3xi1>
  %b = stablehlo.constant dense<[1.0, 0xFF80]> : tensor<2xbf16>
  %rb = stablehlo.is_finite %b : (tensor<2xbf16>) -> tensor<2xi1>
  check.expect_eq_const %rb, dense<[true, false]> : tensor<2xi1>
  %c = stablehlo.constant dense<[1.0e308, 0x7FF8000000000000]> : tensor<2xf64>
  %rc = stablehlo.is_finite %c : (tensor<2xf64>) -> tensor<2xi1>
  check.expect_eq_const %rc, dense<[true, false]> : tensor<2xi1>
  func.return
}
