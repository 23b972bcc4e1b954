// RUN: zmlc interpret %s

func.func @reverse_dim0() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %r = stablehlo.reverse %x, dims = [0] : tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[5, 6], [3, 4], [1, 2]]> : tensor<3x2xi32>
  func.return
}

// -----

func.func @reverse_both_dims() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %r = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[6.0, 5.0, 4.0], [3.0, 2.0, 1.0]]> : tensor<2x3xf32>
  func.return
}

// -----

func.func @reverse_none_and_empty() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xui8>
  %r = stablehlo.reverse %x, dims = [] : tensor<3xui8>
  check.expect_eq_const %r, dense<[1, 2, 3]> : tensor<3xui8>
  %e = stablehlo.constant dense<> : tensor<0x3xf32>
  %s = stablehlo.reverse %e, dims = [1] : tensor<0x3xf32>
  check.expect_eq_const %s, dense<> : tensor<0x3xf32>
  func.return
}
