// RUN: zmlc interpret %s

// Inexact float conversions round to nearest, ties to even (what XLA does;
// the spec leaves it open).
//
// f32 0.4999 (0x3EFFF2E5 = 0.49990001320838928) to f16: in [0.25, 0.5) f16
// values are spaced 2^-12, so the neighbours are 0.499755859375 and 0.5 with
// midpoint 0.4998779296875; 0.4999 is above it and rounds to 0.5.
// 65520 is the midpoint of 65504 (the largest f16, odd mantissa 0x3FF) and
// 65536 (= 2^16, even, beyond the range): ties to even gives +inf (0x7C00).
// 1.0e-8 is below 2^-25, half the smallest subnormal 2^-24, so it is 0.
func.func @convert_f32_to_f16_rounding() {
  %x = stablehlo.constant dense<[0.4999, 65520.0, 1.0e-8, 65519.0, -65520.0, 3.0e-8]> : tensor<6xf32>
  %r = stablehlo.convert %x : (tensor<6xf32>) -> tensor<6xf16>
  %bits = stablehlo.bitcast_convert %r : (tensor<6xf16>) -> tensor<6xui16>
  // 0.5 = 0x3800; +inf = 0x7C00; +0 = 0x0000; 65519 < 65520 -> 65504 = 0x7BFF;
  // -inf = 0xFC00; 3e-8 > 2^-25 -> smallest subnormal 0x0001.
  check.expect_eq_const %bits, dense<[14336, 31744, 0, 31743, 64512, 1]> : tensor<6xui16>
  func.return
}

// -----

func.func @convert_f32_to_f16_values() {
  %x = stablehlo.constant dense<[0.4999, 65520.0, 1.0e-8]> : tensor<3xf32>
  %r = stablehlo.convert %x : (tensor<3xf32>) -> tensor<3xf16>
  check.expect_eq_const %r, dense<[0.5, 0x7C00, 0.0]> : tensor<3xf16>
  func.return
}

// -----

// f32 -> bf16 keeps the top 16 bits, rounding the rest to nearest even:
// 1 + 2^-8 is a tie between 1 and 1 + 2^-7 -> 1; 1 + 3*2^-8 -> 1 + 2^-6.
func.func @convert_f32_to_bf16() {
  %x = stablehlo.constant dense<[1.00390625, 1.01171875, 3.0e38, 3.4e38, 0x7FC00000]> : tensor<5xf32>
  %r = stablehlo.convert %x : (tensor<5xf32>) -> tensor<5xbf16>
  %bits = stablehlo.bitcast_convert %r : (tensor<5xbf16>) -> tensor<5xui16>
  // 1.0 = 0x3F80; 1.015625 = 0x3F82; 3.0e38 (0x7F61B1E6) -> 0x7F62;
  // 3.4e38 (0x7F7FC99E) rounds up past the largest bf16 0x7F7F -> inf 0x7F80.
  check.expect_eq_const %bits, dense<[16256, 16258, 32610, 32640, 32704]> : tensor<5xui16>
  func.return
}

// -----

// f64 -> f32 ties to even: 1 + 2^-24 -> 1; 1 + 3*2^-24 -> 1 + 2^-22.
func.func @convert_f64_to_f32() {
  %x = stablehlo.constant dense<[1.0000000596046448, 1.0000001788139343, 1.0e39, -1.0e-50, 0.1]> : tensor<5xf64>
  %r = stablehlo.convert %x : (tensor<5xf64>) -> tensor<5xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<5xf32>) -> tensor<5xui32>
  // 1.0 = 0x3F800000; 0x3F800002; inf 0x7F800000; -0.0 0x80000000; 0x3DCCCCCD.
  check.expect_eq_const %bits, dense<[1065353216, 1065353218, 2139095040, 2147483648, 1036831949]> : tensor<5xui32>
  func.return
}

// -----

// Widening float conversions are exact.
func.func @convert_f16_to_f64() {
  %x = stablehlo.constant dense<[0.5, 65504.0, 5.96046448e-08, 0xFC00, -0.0]> : tensor<5xf16>
  %r = stablehlo.convert %x : (tensor<5xf16>) -> tensor<5xf64>
  check.expect_eq_const %r, dense<[0.5, 65504.0, 5.9604644775390625e-08, 0xFFF0000000000000, -0.0]> : tensor<5xf64>
  func.return
}

// -----

// Float to integer truncates toward zero.
func.func @convert_f32_to_i32() {
  %x = stablehlo.constant dense<[1.9, -1.9, 0.5, -0.5, 2147483520.0, -2147483648.0]> : tensor<6xf32>
  %r = stablehlo.convert %x : (tensor<6xf32>) -> tensor<6xi32>
  check.expect_eq_const %r, dense<[1, -1, 0, 0, 2147483520, -2147483648]> : tensor<6xi32>
  func.return
}

// -----

func.func @convert_f64_to_ui8() {
  %x = stablehlo.constant dense<[255.9, 0.7, 128.0]> : tensor<3xf64>
  %r = stablehlo.convert %x : (tensor<3xf64>) -> tensor<3xui8>
  check.expect_eq_const %r, dense<[255, 0, 128]> : tensor<3xui8>
  func.return
}

// -----

// Integer to float: 16777217 is not an f32; it is a tie between 16777216
// and 16777218 and goes to the even 16777216.
func.func @convert_i32_to_f32() {
  %x = stablehlo.constant dense<[16777217, 16777219, -7, 2147483647]> : tensor<4xi32>
  %r = stablehlo.convert %x : (tensor<4xi32>) -> tensor<4xf32>
  check.expect_eq_const %r, dense<[16777216.0, 16777220.0, -7.0, 2147483648.0]> : tensor<4xf32>
  func.return
}

// -----

func.func @convert_ui64_to_f64_and_bf16() {
  %x = stablehlo.constant dense<[18446744073709551615, 3]> : tensor<2xui64>
  %r = stablehlo.convert %x : (tensor<2xui64>) -> tensor<2xf64>
  check.expect_eq_const %r, dense<[18446744073709551616.0, 3.0]> : tensor<2xf64>
  %y = stablehlo.constant dense<[257, -514, 129]> : tensor<3xi16>
  %s = stablehlo.convert %y : (tensor<3xi16>) -> tensor<3xbf16>
  // bf16 has 8 significant bits: 257 ties to 256 (even); -514 (spacing 4)
  // ties to -512; 129 is exact.
  check.expect_eq_const %s, dense<[256.0, -512.0, 129.0]> : tensor<3xbf16>
  func.return
}

// -----

// Integer narrowing wraps (two's complement, as XLA); widening sign- or
// zero-extends according to the source type.
func.func @convert_integer_widths() {
  %x = stablehlo.constant dense<[300, -129, 255, -1]> : tensor<4xi32>
  %r = stablehlo.convert %x : (tensor<4xi32>) -> tensor<4xi8>
  check.expect_eq_const %r, dense<[44, 127, -1, -1]> : tensor<4xi8>
  %u = stablehlo.constant dense<[200, 255]> : tensor<2xui8>
  %ui = stablehlo.convert %u : (tensor<2xui8>) -> tensor<2xi32>
  check.expect_eq_const %ui, dense<[200, 255]> : tensor<2xi32>
  %s = stablehlo.constant dense<[-56, -1]> : tensor<2xi8>
  %su = stablehlo.convert %s : (tensor<2xi8>) -> tensor<2xui32>
  check.expect_eq_const %su, dense<[4294967240, 4294967295]> : tensor<2xui32>
  %v = stablehlo.convert %u : (tensor<2xui8>) -> tensor<2xi8>
  check.expect_eq_const %v, dense<[-56, -1]> : tensor<2xi8>
  func.return
}

// -----

// To bool: zero is false, anything else (NaN included) is true.
func.func @convert_to_i1() {
  %x = stablehlo.constant dense<[0, 1, -1, 256]> : tensor<4xi32>
  %r = stablehlo.convert %x : (tensor<4xi32>) -> tensor<4xi1>
  check.expect_eq_const %r, dense<[false, true, true, true]> : tensor<4xi1>
  %f = stablehlo.constant dense<[0.0, -0.0, 0.5, 0x7FC00000]> : tensor<4xf32>
  %g = stablehlo.convert %f : (tensor<4xf32>) -> tensor<4xi1>
  check.expect_eq_const %g, dense<[false, false, true, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @convert_from_i1() {
  %x = stablehlo.constant dense<[false, true]> : tensor<2xi1>
  %a = stablehlo.convert %x : (tensor<2xi1>) -> tensor<2xf32>
  check.expect_eq_const %a, dense<[0.0, 1.0]> : tensor<2xf32>
  %b = stablehlo.convert %x : (tensor<2xi1>) -> tensor<2xi32>
  check.expect_eq_const %b, dense<[0, 1]> : tensor<2xi32>
  %c = stablehlo.convert %x : (tensor<2xi1>) -> tensor<2xui8>
  check.expect_eq_const %c, dense<[0, 1]> : tensor<2xui8>
  func.return
}

// -----

// Complex: to a real type the imaginary part is dropped; from a real type
// the imaginary part is zero.
func.func @convert_complex() {
  %x = stablehlo.constant dense<[(1.5, 2.0), (-3.0, 4.0)]> : tensor<2xcomplex<f32>>
  %a = stablehlo.convert %x : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  check.expect_eq_const %a, dense<[1.5, -3.0]> : tensor<2xf32>
  %b = stablehlo.convert %x : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f64>>
  check.expect_eq_const %b, dense<[(1.5, 2.0), (-3.0, 4.0)]> : tensor<2xcomplex<f64>>
  %i = stablehlo.constant dense<[-1, 7]> : tensor<2xi64>
  %c = stablehlo.convert %i : (tensor<2xi64>) -> tensor<2xcomplex<f64>>
  check.expect_eq_const %c, dense<[(-1.0, 0.0), (7.0, 0.0)]> : tensor<2xcomplex<f64>>
  func.return
}

// -----

func.func @convert_f32_to_f8() {
  %x = stablehlo.constant dense<[1.0, 1.0625, 1.1875, 500.0]> : tensor<4xf32>
  %r = stablehlo.convert %x : (tensor<4xf32>) -> tensor<4xf8E4M3FN>
  %bits = stablehlo.bitcast_convert %r : (tensor<4xf8E4M3FN>) -> tensor<4xui8>
  // Spacing at 1 is 1/8: 1.0625 ties to 1.0 (0x38); 1.1875 ties to 1.25 (0x3A);
  // 500 is beyond 448 and E4M3FN has no inf: NaN (0x7F).
  check.expect_eq_const %bits, dense<[56, 56, 58, 127]> : tensor<4xui8>
  func.return
}

// -----

func.func @convert_empty() {
  %x = stablehlo.constant dense<> : tensor<0x3xf32>
  %r = stablehlo.convert %x : (tensor<0x3xf32>) -> tensor<0x3xi32>
  check.expect_eq_const %r, dense<> : tensor<0x3xi32>
  func.return
}
