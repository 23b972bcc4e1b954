// RUN: zmlc interpret %s

// The 8-bit float types of MLIR's builtin types (LLVM APFloat semantics,
// ml_dtypes' formats): their encodings (through bitcast_convert) and
// convert's rounding (to nearest, ties to even) and special-value rules.
// Every expected encoding is derived by hand from the format: sign,
// exponent field, mantissa field, bias (f8E3M4 bias 3 and f8E4M3 bias 7
// with IEEE inf/NaN; f8E4M3FNUZ bias 8, f8E4M3B11FNUZ bias 11, f8E5M2FNUZ
// bias 16 with 0x80 the only NaN and no -0; f8E8M0FNU: 2^(b-127), 0xFF
// NaN). f4E2M1FN and the f6 types, which the compiled targets refuse, are
// in testdata/lit/types/f4_f6.mlir.

// f8E3M4 (bias 3): 1.0 = 0x30, max 15.5 = 0x6F, inf 0x70, NaN 0x78,
// smallest 2^-6 = 0x01; 15.75 is a tie between 15.5 (odd) and 16 (even,
// beyond max): inf.
func.func @f8E3M4() {
  %x = stablehlo.constant dense<[1.0, 15.5, 0x7F800000, 0x7FC00000, 0.015625, 15.75, -1.0, 15.7]> : tensor<8xf32>
  %f = stablehlo.convert %x : (tensor<8xf32>) -> tensor<8xf8E3M4>
  %b = stablehlo.bitcast_convert %f : (tensor<8xf8E3M4>) -> tensor<8xui8>
  check.expect_eq_const %b, dense<[48, 111, 112, 120, 1, 112, 176, 111]> : tensor<8xui8>
  func.return
}

// -----

// f8E4M3 (bias 7): 1.0 = 0x38, max 240 = 0x77, inf 0x78, NaN 0x7C; 248 is a
// tie between 240 and 256: inf. Smallest subnormal 2^-9 = 0x01.
func.func @f8E4M3() {
  %x = stablehlo.constant dense<[1.0, 240.0, 248.0, 0x7FC00000, 0.001953125, -0.0]> : tensor<6xf32>
  %f = stablehlo.convert %x : (tensor<6xf32>) -> tensor<6xf8E4M3>
  %b = stablehlo.bitcast_convert %f : (tensor<6xf8E4M3>) -> tensor<6xui8>
  check.expect_eq_const %b, dense<[56, 119, 120, 124, 1, 128]> : tensor<6xui8>
  func.return
}

// -----

// The FNUZ types: no -0 (it converts to +0), 0x80 the only NaN, overflow
// and inf convert to NaN. f8E4M3FNUZ: 1.0 = 0x40, 0.5 = 0x38, -1.0 = 0xC0,
// max 240 = 0x7F; f8E4M3B11FNUZ: 1.0 = 0x58, max 30 = 0x7F; f8E5M2FNUZ:
// 1.0 = 0x40, max 57344 = 0x7F.
func.func @fnuz() {
  %x = stablehlo.constant dense<[1.0, 0.5, -1.0, 240.0, -0.0, 0x7FC00000, 0x7F800000, 1000.0]> : tensor<8xf32>
  %a = stablehlo.convert %x : (tensor<8xf32>) -> tensor<8xf8E4M3FNUZ>
  %ba = stablehlo.bitcast_convert %a : (tensor<8xf8E4M3FNUZ>) -> tensor<8xui8>
  check.expect_eq_const %ba, dense<[64, 56, 192, 127, 0, 128, 128, 128]> : tensor<8xui8>
  %y = stablehlo.constant dense<[1.0, 30.0, 32.0, -0.0]> : tensor<4xf32>
  %c = stablehlo.convert %y : (tensor<4xf32>) -> tensor<4xf8E4M3B11FNUZ>
  %bc = stablehlo.bitcast_convert %c : (tensor<4xf8E4M3B11FNUZ>) -> tensor<4xui8>
  check.expect_eq_const %bc, dense<[88, 127, 128, 0]> : tensor<4xui8>
  %z = stablehlo.constant dense<[1.0, 57344.0, 0x7F800000, 7.62939453125E-6]> : tensor<4xf32>
  %d = stablehlo.convert %z : (tensor<4xf32>) -> tensor<4xf8E5M2FNUZ>
  %bd = stablehlo.bitcast_convert %d : (tensor<4xf8E5M2FNUZ>) -> tensor<4xui8>
  check.expect_eq_const %bd, dense<[64, 127, 128, 1]> : tensor<4xui8>
  func.return
}

// -----

// f8E8M0FNU: 2^(b-127). 1.0 = 0x7F, 2 = 0x80, 0.5 = 0x7E, 2^127 = 0xFE;
// 3.0 (1.5·2) rounds up to 4 = 0x81, 2.9 down to 2; 0 and tiny values give
// 2^-127 = 0x00; negatives, inf, NaN and 2^128 give NaN = 0xFF.
func.func @f8E8M0FNU() {
  %x = stablehlo.constant dense<[1.0, 2.0, 0.5, 1.70141183E+38, 3.0, 2.9, 0.0, 1.0E-45, -1.0, 0x7F800000, 0x7FC00000, 3.0E+38]> : tensor<12xf32>
  %f = stablehlo.convert %x : (tensor<12xf32>) -> tensor<12xf8E8M0FNU>
  %b = stablehlo.bitcast_convert %f : (tensor<12xf8E8M0FNU>) -> tensor<12xui8>
  check.expect_eq_const %b, dense<[127, 128, 126, 254, 129, 128, 0, 0, 255, 255, 255, 255]> : tensor<12xui8>
  func.return
}

// -----

// Literals of the new types print and parse as MLIR prints them, and
// arithmetic rounds once per op: 0x80, f8E4M3FNUZ's NaN, stays NaN.
func.func @literals() {
  %n = stablehlo.constant dense<0x80> : tensor<f8E4M3FNUZ>
  %t = stablehlo.add %n, %n : tensor<f8E4M3FNUZ>
  check.expect_eq_const %t, dense<0x80> : tensor<f8E4M3FNUZ>
  func.return
}
