// RUN: zmlc interpret %s

// Constants checked through their bits, so the literal parser and the
// check op cannot agree on a wrong value by accident.

func.func @constant_f32_bits() {
  %c = stablehlo.constant dense<[1.0, -2.0, 0.5, 0x7F800000, -0.0, 1.401298464e-45]> : tensor<6xf32>
  %bits = stablehlo.bitcast_convert %c : (tensor<6xf32>) -> tensor<6xi32>
  // 1.0 = 0x3F800000, -2.0 = 0xC0000000, 0.5 = 0x3F000000, inf = 0x7F800000,
  // -0.0 = 0x80000000, smallest subnormal = 1.
  check.expect_eq_const %bits, dense<[1065353216, -1073741824, 1056964608, 2139095040, -2147483648, 1]> : tensor<6xi32>
  func.return
}

// -----

// A float literal that is not exactly representable rounds to nearest:
// 0.1 in f32 is 0x3DCCCCCD.
func.func @constant_f32_rounding() {
  %c = stablehlo.constant dense<0.1> : tensor<f32>
  %bits = stablehlo.bitcast_convert %c : (tensor<f32>) -> tensor<i32>
  check.expect_eq_const %bits, dense<1036831949> : tensor<i32>
  func.return
}

// -----

func.func @constant_f16_bf16_bits() {
  %h = stablehlo.constant dense<[1.0, -2.0, 65504.0, 0x7C00, 5.96046448e-08]> : tensor<5xf16>
  %hb = stablehlo.bitcast_convert %h : (tensor<5xf16>) -> tensor<5xui16>
  // 0x3C00 0xC000 0x7BFF 0x7C00 0x0001.
  check.expect_eq_const %hb, dense<[15360, 49152, 31743, 31744, 1]> : tensor<5xui16>
  %b = stablehlo.constant dense<[1.0, -2.0, 0x7F80]> : tensor<3xbf16>
  %bb = stablehlo.bitcast_convert %b : (tensor<3xbf16>) -> tensor<3xui16>
  // 0x3F80 0xC000 0x7F80.
  check.expect_eq_const %bb, dense<[16256, 49152, 32640]> : tensor<3xui16>
  func.return
}

// -----

// A splat fills every element.
func.func @constant_splat() {
  %c = stablehlo.constant dense<7> : tensor<2x3xi16>
  check.expect_eq_const %c, dense<[[7, 7, 7], [7, 7, 7]]> : tensor<2x3xi16>
  func.return
}

// -----

// A hex string literal is the raw little-endian bytes of the elements.
func.func @constant_hex_string() {
  %c = stablehlo.constant dense<"0x0100000002000000FFFFFFFF"> : tensor<3xi32>
  check.expect_eq_const %c, dense<[1, 2, -1]> : tensor<3xi32>
  func.return
}

// -----

func.func @constant_integer_types() {
  %a = stablehlo.constant dense<[-2, 1]> : tensor<2xi2>
  %b = stablehlo.constant dense<[-8, 7]> : tensor<2xi4>
  %c = stablehlo.constant dense<[3, 15]> : tensor<2xui4>
  %d = stablehlo.constant dense<[0, 3]> : tensor<2xui2>
  %ra = stablehlo.add %a, %a : tensor<2xi2>
  %rb = stablehlo.add %b, %b : tensor<2xi4>
  %rc = stablehlo.add %c, %c : tensor<2xui4>
  %rd = stablehlo.add %d, %d : tensor<2xui2>
  // i2: -2 + -2 = -4 -> 0; 1 + 1 = 2 -> -2. i4: -16 -> 0; 14 -> -2.
  // ui4: 6; 30 -> 14. ui2: 0; 6 -> 2.
  check.expect_eq_const %ra, dense<[0, -2]> : tensor<2xi2>
  check.expect_eq_const %rb, dense<[0, -2]> : tensor<2xi4>
  check.expect_eq_const %rc, dense<[6, 14]> : tensor<2xui4>
  check.expect_eq_const %rd, dense<[0, 2]> : tensor<2xui2>
  func.return
}

// -----

func.func @constant_nested_and_scalar() {
  %c = stablehlo.constant dense<[[[1, 2]], [[3, 4]], [[5, 6]]]> : tensor<3x1x2xi64>
  %r = stablehlo.reshape %c : (tensor<3x1x2xi64>) -> tensor<6xi64>
  check.expect_eq_const %r, dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi64>
  %s = stablehlo.constant dense<true> : tensor<i1>
  check.expect_eq_const %s, dense<true> : tensor<i1>
  func.return
}

// -----

func.func @constant_f64_extremes() {
  %c = stablehlo.constant dense<[1.7976931348623157e308, 4.9406564584124654e-324, -0.0]> : tensor<3xf64>
  %bits = stablehlo.bitcast_convert %c : (tensor<3xf64>) -> tensor<3xui64>
  // 0x7FEFFFFFFFFFFFFF, 1, 0x8000000000000000.
  check.expect_eq_const %bits, dense<[9218868437227405311, 1, 9223372036854775808]> : tensor<3xui64>
  func.return
}

// -----

func.func @constant_f8() {
  %a = stablehlo.constant dense<[1.0, -2.0, 448.0]> : tensor<3xf8E4M3FN>
  %ab = stablehlo.bitcast_convert %a : (tensor<3xf8E4M3FN>) -> tensor<3xui8>
  // E4M3FN (bias 7): 1.0 = 0x38, -2.0 = 0xC0, 448 = 0x7E (largest finite).
  check.expect_eq_const %ab, dense<[56, 192, 126]> : tensor<3xui8>
  %b = stablehlo.constant dense<[1.0, 57344.0, 0x7C]> : tensor<3xf8E5M2>
  %bb = stablehlo.bitcast_convert %b : (tensor<3xf8E5M2>) -> tensor<3xui8>
  // E5M2 (bias 15): 1.0 = 0x3C, 57344 = 0x7B (largest finite), inf = 0x7C.
  check.expect_eq_const %bb, dense<[60, 123, 124]> : tensor<3xui8>
  func.return
}

// -----

func.func @constant_empty() {
  %c = stablehlo.constant dense<> : tensor<0x3xf32>
  %d = stablehlo.constant dense<> : tensor<2x0xi8>
  check.expect_eq_const %c, dense<> : tensor<0x3xf32>
  check.expect_eq_const %d, dense<> : tensor<2x0xi8>
  func.return
}
