// RUN: zmlc interpret %s

// Integer division discards the fractional part (rounds toward zero).
func.func @divide_i32() {
  %lhs = stablehlo.constant dense<[7, -7, 7, -7, 0, 100]> : tensor<6xi32>
  %rhs = stablehlo.constant dense<[2, 2, -2, -2, 5, 7]> : tensor<6xi32>
  %r = stablehlo.divide %lhs, %rhs : tensor<6xi32>
  check.expect_eq_const %r, dense<[3, -3, -3, 3, 0, 14]> : tensor<6xi32>
  func.return
}

// -----

func.func @divide_ui8() {
  %lhs = stablehlo.constant dense<[255, 7, 200]> : tensor<3xui8>
  %rhs = stablehlo.constant dense<[16, 8, 3]> : tensor<3xui8>
  %r = stablehlo.divide %lhs, %rhs : tensor<3xui8>
  check.expect_eq_const %r, dense<[15, 0, 66]> : tensor<3xui8>
  func.return
}

// -----

func.func @divide_f32_special() {
  // 1/0 = inf, -1/0 = -inf, 0/0 = NaN, 1/-0 = -inf, 1/3 rounded.
  %lhs = stablehlo.constant dense<[1.0, -1.0, 0.0, 1.0, 1.0]> : tensor<5xf32>
  %rhs = stablehlo.constant dense<[0.0, 0.0, 0.0, -0.0, 4.0]> : tensor<5xf32>
  %r = stablehlo.divide %lhs, %rhs : tensor<5xf32>
  check.expect_almost_eq_const %r, dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0xFF800000, 0.25]> : tensor<5xf32>
  func.return
}

// -----

func.func @divide_f64() {
  %lhs = stablehlo.constant dense<[1.0, 10.0]> : tensor<2xf64>
  %rhs = stablehlo.constant dense<[3.0, -4.0]> : tensor<2xf64>
  %r = stablehlo.divide %lhs, %rhs : tensor<2xf64>
  %want = stablehlo.constant dense<[0.33333333333333331, -2.5]> : tensor<2xf64>
  check.expect_close %r, %want, max_ulp_difference = 0 : tensor<2xf64>, tensor<2xf64>
  func.return
}

// -----

func.func @divide_complex64() {
  // (-5 + 10i) / (3 + 4i) = 1 + 2i.
  %lhs = stablehlo.constant dense<[(-5.0, 10.0)]> : tensor<1xcomplex<f32>>
  %rhs = stablehlo.constant dense<[(3.0, 4.0)]> : tensor<1xcomplex<f32>>
  %r = stablehlo.divide %lhs, %rhs : tensor<1xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>
  func.return
}
