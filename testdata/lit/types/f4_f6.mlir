// f4E2M1FN, f6E2M3FN and f6E3M2FN (OCP MX, finite only) on the interpreter:
// encodings (bitcast_convert to ui4 for f4) and convert's rounding, derived
// by hand from the formats (f4E2M1FN: S.EE.M bias 1; f6E2M3FN: S.EE.MMM bias
// 1; f6E3M2FN: S.EEE.MM bias 3). The compiled targets refuse these types.
// RUN: zmlc interpret %s

// f4E2M1FN holds 0, 0.5, 1, 1.5, 2, 3, 4, 6 (codes 0..7) and their
// negatives (8..15). Ties go to the even code: 0.25 -> 0, 0.75 -> 1, 2.5 ->
// 2, 5 -> 4. It has no inf or NaN: overflow and inf saturate to ±6, NaN
// gives +0 (APFloat's rule).
func.func @f4E2M1FN() {
  %x = stablehlo.constant dense<[0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -6.0, 0.25, 0.75, 2.5, 5.0, 7.0, 100.0, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<20xf32>
  %f = stablehlo.convert %x : (tensor<20xf32>) -> tensor<20xf4E2M1FN>
  %b = stablehlo.bitcast_convert %f : (tensor<20xf4E2M1FN>) -> tensor<20xui4>
  check.expect_eq_const %b, dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 0, 2, 4, 6, 7, 7, 7, 15, 0]> : tensor<20xui4>
  %y = stablehlo.convert %f : (tensor<20xf4E2M1FN>) -> tensor<20xf32>
  check.expect_eq_const %y, dense<[0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -6.0, 0.0, 1.0, 2.0, 4.0, 6.0, 6.0, 6.0, -6.0, 0.0]> : tensor<20xf32>
  func.return
}

// -----


// f6E2M3FN: subnormals m/8, max 7.5 (S.11.111); f6E3M2FN: smallest
// 2^-4 = 0.0625 (code 1), 1.0 = S.011.00, max 28 (S.111.11). Both saturate.
func.func @f6() {
  %x = stablehlo.constant dense<[0.125, 1.0, 7.5, 7.75, 0xFF800000, 0.0625, 1.125]> : tensor<7xf32>
  %a = stablehlo.convert %x : (tensor<7xf32>) -> tensor<7xf6E2M3FN>
  %ya = stablehlo.convert %a : (tensor<7xf6E2M3FN>) -> tensor<7xf32>
  check.expect_eq_const %ya, dense<[0.125, 1.0, 7.5, 7.5, -7.5, 0.0, 1.125]> : tensor<7xf32>
  %z = stablehlo.constant dense<[0.0625, 1.0, 28.0, 30.0, 1.125, 0.03125, 1.375]> : tensor<7xf32>
  %c = stablehlo.convert %z : (tensor<7xf32>) -> tensor<7xf6E3M2FN>
  %yc = stablehlo.convert %c : (tensor<7xf6E3M2FN>) -> tensor<7xf32>
  check.expect_eq_const %yc, dense<[0.0625, 1.0, 28.0, 28.0, 1.0, 0.0, 1.5]> : tensor<7xf32>
  func.return
}

// -----

// Arithmetic rounds once per op: 1.5 + 1.5 = 3 in f4E2M1FN, 3 + 3 = 6.
func.func @f4_literals() {
  %a = stablehlo.constant dense<[1.5, 3.0]> : tensor<2xf4E2M1FN>
  %s = stablehlo.add %a, %a : tensor<2xf4E2M1FN>
  check.expect_eq_const %s, dense<[3.0, 6.0]> : tensor<2xf4E2M1FN>
  func.return
}
