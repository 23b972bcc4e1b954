// RUN: zmlc interpret %s

func.func @abs_i8() {
  %x = stablehlo.constant dense<[-112, 112, 0, -1, 127]> : tensor<5xi8>
  %r = stablehlo.abs %x : tensor<5xi8>
  check.expect_eq_const %r, dense<[112, 112, 0, 1, 127]> : tensor<5xi8>
  func.return
}

// -----

// |-128| = 128 does not fit in i8 and wraps to -128 (two's complement).
func.func @abs_i8_min() {
  %x = stablehlo.constant dense<-128> : tensor<i8>
  %r = stablehlo.abs %x : tensor<i8>
  check.expect_eq_const %r, dense<-128> : tensor<i8>
  func.return
}

// -----

func.func @abs_i64() {
  %x = stablehlo.constant dense<[-9223372036854775807, 5]> : tensor<2xi64>
  %r = stablehlo.abs %x : tensor<2xi64>
  check.expect_eq_const %r, dense<[9223372036854775807, 5]> : tensor<2xi64>
  func.return
}

// -----

// abs clears the sign bit: -0.0 -> +0.0, -inf -> inf, -NaN -> NaN.
func.func @abs_f32_bits() {
  %x = stablehlo.constant dense<[-0.0, 0xFF800000, -2.5, 0xFFC00000]> : tensor<4xf32>
  %r = stablehlo.abs %x : tensor<4xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<4xf32>) -> tensor<4xui32>
  // 2.5 = 0x40200000 = 1075838976; NaN 0x7FC00000 = 2143289344.
  check.expect_eq_const %bits, dense<[0, 2139095040, 1075838976, 2143289344]> : tensor<4xui32>
  func.return
}

// -----

func.func @abs_f16_bf16() {
  %x = stablehlo.constant dense<[-1.5, 0.0, -65504.0]> : tensor<3xf16>
  %r = stablehlo.abs %x : tensor<3xf16>
  check.expect_eq_const %r, dense<[1.5, 0.0, 65504.0]> : tensor<3xf16>
  %y = stablehlo.constant dense<[-3.0e38, 2.0]> : tensor<2xbf16>
  %s = stablehlo.abs %y : tensor<2xbf16>
  check.expect_eq_const %s, dense<[3.0e38, 2.0]> : tensor<2xbf16>
  func.return
}

// -----

// The modulus of a complex number has the real element type.
func.func @abs_complex64() {
  %x = stablehlo.constant dense<[(3.0, 4.0), (-5.0, 12.0), (0.0, -2.0)]> : tensor<3xcomplex<f32>>
  %r = stablehlo.abs %x : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  check.expect_almost_eq_const %r, dense<[5.0, 13.0, 2.0]> : tensor<3xf32>
  func.return
}

// -----

func.func @abs_empty() {
  %x = stablehlo.constant dense<> : tensor<0x3xi32>
  %r = stablehlo.abs %x : tensor<0x3xi32>
  check.expect_eq_const %r, dense<> : tensor<0x3xi32>
  func.return
}
