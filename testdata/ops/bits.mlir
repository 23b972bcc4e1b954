// RUN: zmlc interpret %s

// popcnt and count_leading_zeros.

func.func @popcnt_i8() {
  %x = stablehlo.constant dense<[0, 1, -1, 127, -128, 85]> : tensor<6xi8>
  %r = stablehlo.popcnt %x : tensor<6xi8>
  check.expect_eq_const %r, dense<[0, 1, 8, 7, 1, 4]> : tensor<6xi8>
  func.return
}

// -----

func.func @popcnt_i64() {
  %x = stablehlo.constant dense<[-1, 4294967295, -9223372036854775808]> : tensor<3xi64>
  %r = stablehlo.popcnt %x : tensor<3xi64>
  check.expect_eq_const %r, dense<[64, 32, 1]> : tensor<3xi64>
  func.return
}

// -----

func.func @popcnt_ui16() {
  %x = stablehlo.constant dense<[65535, 4096]> : tensor<2xui16>
  %r = stablehlo.popcnt %x : tensor<2xui16>
  check.expect_eq_const %r, dense<[16, 1]> : tensor<2xui16>
  func.return
}

// -----

func.func @count_leading_zeros_i32() {
  %x = stablehlo.constant dense<[0, 1, -1, 2147483647, 65536]> : tensor<5xi32>
  %r = stablehlo.count_leading_zeros %x : tensor<5xi32>
  check.expect_eq_const %r, dense<[32, 31, 0, 1, 15]> : tensor<5xi32>
  func.return
}

// -----

func.func @count_leading_zeros_ui8() {
  %x = stablehlo.constant dense<[0, 1, 128, 15]> : tensor<4xui8>
  %r = stablehlo.count_leading_zeros %x : tensor<4xui8>
  check.expect_eq_const %r, dense<[8, 7, 0, 4]> : tensor<4xui8>
  func.return
}

// -----

func.func @count_leading_zeros_i64() {
  %x = stablehlo.constant dense<[0, 1, -9223372036854775808]> : tensor<3xi64>
  %r = stablehlo.count_leading_zeros %x : tensor<3xi64>
  check.expect_eq_const %r, dense<[64, 63, 0]> : tensor<3xi64>
  func.return
}
