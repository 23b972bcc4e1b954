// RUN: zmlc interpret %s

// reduce_precision to f16's format (5 exponent, 10 mantissa bits), kept in
// f32: the same rounding as a convert to f16 and back, ties to even.
func.func @reduce_precision_e5m10() {
  // 1 + 2^-11 ties to 1; 1 + 3*2^-11 goes to 1 + 2^-9; 0.4999 -> 0.5;
  // 65520 -> inf (tie with 2^16, beyond the range); NaN stays NaN.
  %x = stablehlo.constant dense<[1.00048828125, 1.00146484375, 0.4999, 65520.0, -3.0, 0x7FC00000]> : tensor<6xf32>
  %r = stablehlo.reduce_precision %x, format = e5m10 : tensor<6xf32>
  check.expect_almost_eq_const %r, dense<[1.0, 1.001953125, 0.5, 0x7F800000, -3.0, 0x7FC00000]> : tensor<6xf32>, tolerance = 0.0
  func.return
}

// -----

// bf16's format: 8 exponent bits, 7 mantissa bits.
func.func @reduce_precision_e8m7() {
  %x = stablehlo.constant dense<[257.0, 259.0, 0.1, 3.4e38]> : tensor<4xf64>
  %r = stablehlo.reduce_precision %x, format = e8m7 : tensor<4xf64>
  // 257 ties to 256; 259 ties to 260 (even); 0.1 = 1.1001100|1100... * 2^-4
  // rounds up to 1.1001101 * 2^-4 = 0.10009765625; 3.4e38 is past the
  // largest 8-bit-significand value with an 8-bit exponent: inf.
  check.expect_eq_const %r, dense<[256.0, 260.0, 0.10009765625, 0x7FF0000000000000]> : tensor<4xf64>
  func.return
}
