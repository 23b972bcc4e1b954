// RUN: zmlc interpret %s

func.func @subtract_i32_wraparound() {
  %lhs = stablehlo.constant dense<[-2147483648, 5, 0, 2147483647]> : tensor<4xi32>
  %rhs = stablehlo.constant dense<[1, 7, -2147483648, -1]> : tensor<4xi32>
  %r = stablehlo.subtract %lhs, %rhs : tensor<4xi32>
  check.expect_eq_const %r, dense<[2147483647, -2, -2147483648, -2147483648]> : tensor<4xi32>
  func.return
}

// -----

func.func @subtract_ui32_wraparound() {
  %lhs = stablehlo.constant dense<[0, 10, 4294967295]> : tensor<3xui32>
  %rhs = stablehlo.constant dense<[1, 3, 4294967295]> : tensor<3xui32>
  %r = stablehlo.subtract %lhs, %rhs : tensor<3xui32>
  check.expect_eq_const %r, dense<[4294967295, 7, 0]> : tensor<3xui32>
  func.return
}

// -----

func.func @subtract_f32() {
  // inf - inf = NaN; x - x = +0.0.
  %lhs = stablehlo.constant dense<[0x7F800000, 2.5, 1.0, -1.0]> : tensor<4xf32>
  %rhs = stablehlo.constant dense<[0x7F800000, 2.5, 0.25, 0xFF800000]> : tensor<4xf32>
  %r = stablehlo.subtract %lhs, %rhs : tensor<4xf32>
  check.expect_almost_eq_const %r, dense<[0x7FC00000, 0.0, 0.75, 0x7F800000]> : tensor<4xf32>
  func.return
}

// -----

func.func @subtract_f16() {
  %lhs = stablehlo.constant dense<[1.0, -65504.0, 0.5]> : tensor<3xf16>
  %rhs = stablehlo.constant dense<[0.5, 65504.0, 0.75]> : tensor<3xf16>
  %r = stablehlo.subtract %lhs, %rhs : tensor<3xf16>
  check.expect_eq_const %r, dense<[0.5, 0xFC00, -0.25]> : tensor<3xf16>
  func.return
}

// -----

func.func @subtract_complex64() {
  %lhs = stablehlo.constant dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>
  %rhs = stablehlo.constant dense<[(0.5, 4.0)]> : tensor<1xcomplex<f32>>
  %r = stablehlo.subtract %lhs, %rhs : tensor<1xcomplex<f32>>
  check.expect_eq_const %r, dense<[(0.5, -2.0)]> : tensor<1xcomplex<f32>>
  func.return
}
