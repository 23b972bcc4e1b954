// RUN: zmlc interpret %s

func.func @bitcast_convert_f32_to_i32() {
  %x = stablehlo.constant dense<[1.0, -2.0, 0x7FC00000]> : tensor<3xf32>
  %r = stablehlo.bitcast_convert %x : (tensor<3xf32>) -> tensor<3xi32>
  check.expect_eq_const %r, dense<[1065353216, -1073741824, 2143289344]> : tensor<3xi32>
  func.return
}

// -----

func.func @bitcast_convert_i64_to_f64() {
  %x = stablehlo.constant dense<[4607182418800017408, -4611686018427387904, 9218868437227405312]> : tensor<3xi64>
  %r = stablehlo.bitcast_convert %x : (tensor<3xi64>) -> tensor<3xf64>
  // 0x3FF0000000000000 = 1.0; 0xC000000000000000 = -2.0; 0x7FF0000000000000 = inf.
  check.expect_eq_const %r, dense<[1.0, -2.0, 0x7FF0000000000000]> : tensor<3xf64>
  func.return
}

// -----

func.func @bitcast_convert_ui16_to_f16_bf16() {
  %x = stablehlo.constant dense<[15360, 49152, 31744]> : tensor<3xui16>
  %h = stablehlo.bitcast_convert %x : (tensor<3xui16>) -> tensor<3xf16>
  check.expect_eq_const %h, dense<[1.0, -2.0, 0x7C00]> : tensor<3xf16>
  %y = stablehlo.constant dense<[16256, 16448]> : tensor<2xui16>
  %b = stablehlo.bitcast_convert %y : (tensor<2xui16>) -> tensor<2xbf16>
  // 0x3F80 = 1.0; 0x4040 = 3.0.
  check.expect_eq_const %b, dense<[1.0, 3.0]> : tensor<2xbf16>
  func.return
}

// -----

func.func @bitcast_convert_i8_ui8() {
  %x = stablehlo.constant dense<[-1, -128, 127]> : tensor<3xi8>
  %r = stablehlo.bitcast_convert %x : (tensor<3xi8>) -> tensor<3xui8>
  check.expect_eq_const %r, dense<[255, 128, 127]> : tensor<3xui8>
  func.return
}

// -----

// To a narrower type a new minor dimension holds the pieces, in the
// little-endian memory order XLA uses: 0x00020001 -> [0x0001, 0x0002].
func.func @bitcast_convert_narrowing() {
  %x = stablehlo.constant dense<[131073, -1]> : tensor<2xi32>
  %r = stablehlo.bitcast_convert %x : (tensor<2xi32>) -> tensor<2x2xi16>
  check.expect_eq_const %r, dense<[[1, 2], [-1, -1]]> : tensor<2x2xi16>
  func.return
}

// -----

// To a wider type the minor dimension is consumed.
func.func @bitcast_convert_widening() {
  %x = stablehlo.constant dense<[[0, 0, 128, 63], [0, 0, 0, 128]]> : tensor<2x4xui8>
  %r = stablehlo.bitcast_convert %x : (tensor<2x4xui8>) -> tensor<2xf32>
  // bytes 00 00 80 3F = 0x3F800000 = 1.0; 00 00 00 80 = -0.0.
  check.expect_eq_const %r, dense<[1.0, -0.0]> : tensor<2xf32>
  func.return
}
