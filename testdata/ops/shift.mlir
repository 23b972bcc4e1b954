// RUN: zmlc interpret %s

// shift_left, shift_right_arithmetic, shift_right_logical. Shift amounts of
// the bit width or more (the spec is silent) give what XLA gives: 0 for the
// left and logical shifts, the sign fill for the arithmetic shift.

func.func @shift_left_i32() {
  %lhs = stablehlo.constant dense<[1, 1, -1, 3, 5]> : tensor<5xi32>
  %rhs = stablehlo.constant dense<[0, 31, 4, 30, 2]> : tensor<5xi32>
  %r = stablehlo.shift_left %lhs, %rhs : tensor<5xi32>
  // 3 << 30 = 0xC0000000 = -1073741824.
  check.expect_eq_const %r, dense<[1, -2147483648, -16, -1073741824, 20]> : tensor<5xi32>
  func.return
}

// -----

func.func @shift_left_ui8() {
  %lhs = stablehlo.constant dense<[255, 1, 3]> : tensor<3xui8>
  %rhs = stablehlo.constant dense<[1, 7, 7]> : tensor<3xui8>
  %r = stablehlo.shift_left %lhs, %rhs : tensor<3xui8>
  check.expect_eq_const %r, dense<[254, 128, 128]> : tensor<3xui8>
  func.return
}

// -----

func.func @shift_left_overwide() {
  %lhs = stablehlo.constant dense<[1, -1, 7]> : tensor<3xi32>
  %rhs = stablehlo.constant dense<[32, 33, -1]> : tensor<3xi32>
  %r = stablehlo.shift_left %lhs, %rhs : tensor<3xi32>
  check.expect_eq_const %r, dense<[0, 0, 0]> : tensor<3xi32>
  func.return
}

// -----

func.func @shift_right_arithmetic_i32() {
  %lhs = stablehlo.constant dense<[-8, 8, -1, -2147483648, 7]> : tensor<5xi32>
  %rhs = stablehlo.constant dense<[1, 2, 5, 31, 1]> : tensor<5xi32>
  %r = stablehlo.shift_right_arithmetic %lhs, %rhs : tensor<5xi32>
  check.expect_eq_const %r, dense<[-4, 2, -1, -1, 3]> : tensor<5xi32>
  func.return
}

// -----

// On an unsigned type the arithmetic shift still fills with the top bit.
func.func @shift_right_arithmetic_ui8() {
  %lhs = stablehlo.constant dense<[128, 64]> : tensor<2xui8>
  %rhs = stablehlo.constant dense<[2, 2]> : tensor<2xui8>
  %r = stablehlo.shift_right_arithmetic %lhs, %rhs : tensor<2xui8>
  check.expect_eq_const %r, dense<[224, 16]> : tensor<2xui8>
  func.return
}

// -----

func.func @shift_right_arithmetic_overwide() {
  %lhs = stablehlo.constant dense<[-5, 5]> : tensor<2xi8>
  %rhs = stablehlo.constant dense<[8, 100]> : tensor<2xi8>
  %r = stablehlo.shift_right_arithmetic %lhs, %rhs : tensor<2xi8>
  check.expect_eq_const %r, dense<[-1, 0]> : tensor<2xi8>
  func.return
}

// -----

func.func @shift_right_logical_i32() {
  %lhs = stablehlo.constant dense<[-8, 8, -1, -2147483648]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[28, 2, 31, 31]> : tensor<4xi32>
  %r = stablehlo.shift_right_logical %lhs, %rhs : tensor<4xi32>
  // 0xFFFFFFF8 >> 28 = 15.
  check.expect_eq_const %r, dense<[15, 2, 1, 1]> : tensor<4xi32>
  func.return
}

// -----

func.func @shift_right_logical_overwide() {
  %lhs = stablehlo.constant dense<[-1, 255]> : tensor<2xi64>
  %rhs = stablehlo.constant dense<[64, 65]> : tensor<2xi64>
  %r = stablehlo.shift_right_logical %lhs, %rhs : tensor<2xi64>
  check.expect_eq_const %r, dense<[0, 0]> : tensor<2xi64>
  func.return
}
