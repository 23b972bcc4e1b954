// RUN: zmlc interpret %s

func.func @negate_i8() {
  %x = stablehlo.constant dense<[-128, 127, 0, -5]> : tensor<4xi8>
  %r = stablehlo.negate %x : tensor<4xi8>
  // -(-128) wraps to -128.
  check.expect_eq_const %r, dense<[-128, -127, 0, 5]> : tensor<4xi8>
  func.return
}

// -----

// Unsigned: bitcast to signed, negate, bitcast back.
func.func @negate_ui8() {
  %x = stablehlo.constant dense<[1, 0, 128, 255]> : tensor<4xui8>
  %r = stablehlo.negate %x : tensor<4xui8>
  check.expect_eq_const %r, dense<[255, 0, 128, 1]> : tensor<4xui8>
  func.return
}

// -----

func.func @negate_f32_bits() {
  %x = stablehlo.constant dense<[0.0, -0.0, 1.0, 0x7F800000]> : tensor<4xf32>
  %r = stablehlo.negate %x : tensor<4xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<4xf32>) -> tensor<4xui32>
  // -0.0 = 0x80000000, +0.0, -1.0 = 0xBF800000, -inf = 0xFF800000.
  check.expect_eq_const %bits, dense<[2147483648, 0, 3212836864, 4286578688]> : tensor<4xui32>
  func.return
}

// -----

func.func @negate_bf16_f64() {
  %x = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xbf16>
  %r = stablehlo.negate %x : tensor<2xbf16>
  check.expect_eq_const %r, dense<[-1.5, 2.0]> : tensor<2xbf16>
  %y = stablehlo.constant dense<[1.0e-300, -0.1]> : tensor<2xf64>
  %s = stablehlo.negate %y : tensor<2xf64>
  check.expect_eq_const %s, dense<[-1.0e-300, 0.1]> : tensor<2xf64>
  func.return
}

// -----

func.func @negate_complex64() {
  %x = stablehlo.constant dense<[(1.0, -2.0)]> : tensor<1xcomplex<f32>>
  %r = stablehlo.negate %x : tensor<1xcomplex<f32>>
  check.expect_eq_const %r, dense<[(-1.0, 2.0)]> : tensor<1xcomplex<f32>>
  func.return
}
