// RUN: zmlc interpret %s

// and, or, xor, not: logical on i1, bitwise on integers.

func.func @and_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %r = stablehlo.and %lhs, %rhs : tensor<4xi1>
  check.expect_eq_const %r, dense<[false, false, false, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @and_i32() {
  %lhs = stablehlo.constant dense<[12, -1, -2147483648, 255]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[10, 7, -1, -256]> : tensor<4xi32>
  %r = stablehlo.and %lhs, %rhs : tensor<4xi32>
  check.expect_eq_const %r, dense<[8, 7, -2147483648, 0]> : tensor<4xi32>
  func.return
}

// -----

func.func @or_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %r = stablehlo.or %lhs, %rhs : tensor<4xi1>
  check.expect_eq_const %r, dense<[false, true, true, true]> : tensor<4xi1>
  func.return
}

// -----

func.func @or_ui8() {
  %lhs = stablehlo.constant dense<[12, 128, 0]> : tensor<3xui8>
  %rhs = stablehlo.constant dense<[10, 127, 0]> : tensor<3xui8>
  %r = stablehlo.or %lhs, %rhs : tensor<3xui8>
  check.expect_eq_const %r, dense<[14, 255, 0]> : tensor<3xui8>
  func.return
}

// -----

func.func @xor_i1() {
  %lhs = stablehlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %rhs = stablehlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %r = stablehlo.xor %lhs, %rhs : tensor<4xi1>
  check.expect_eq_const %r, dense<[false, true, true, false]> : tensor<4xi1>
  func.return
}

// -----

func.func @xor_i16() {
  %lhs = stablehlo.constant dense<[12, -1, 21845]> : tensor<3xi16>
  %rhs = stablehlo.constant dense<[10, 1, -21846]> : tensor<3xi16>
  %r = stablehlo.xor %lhs, %rhs : tensor<3xi16>
  // 0x5555 ^ 0xAAAA = 0xFFFF = -1.
  check.expect_eq_const %r, dense<[6, -2, -1]> : tensor<3xi16>
  func.return
}

// -----

func.func @not_i1() {
  %x = stablehlo.constant dense<[false, true]> : tensor<2xi1>
  %r = stablehlo.not %x : tensor<2xi1>
  check.expect_eq_const %r, dense<[true, false]> : tensor<2xi1>
  func.return
}

// -----

func.func @not_i8() {
  %x = stablehlo.constant dense<[0, -1, 127, -128, 5]> : tensor<5xi8>
  %r = stablehlo.not %x : tensor<5xi8>
  check.expect_eq_const %r, dense<[-1, 0, -128, 127, -6]> : tensor<5xi8>
  func.return
}

// -----

func.func @not_ui32() {
  %x = stablehlo.constant dense<[0, 4294967295, 1]> : tensor<3xui32>
  %r = stablehlo.not %x : tensor<3xui32>
  check.expect_eq_const %r, dense<[4294967295, 0, 4294967294]> : tensor<3xui32>
  func.return
}
