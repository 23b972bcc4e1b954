// RUN: zmlc interpret %s

func.func @transpose_2d() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
  func.return
}

// -----

// Result dimension k is operand dimension permutation[k].
func.func @transpose_3d() {
  %x = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]]> : tensor<2x3x2xf32>
  %r = stablehlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x2xf32>) -> tensor<2x2x3xf32>
  // result[a, b, c] = x[b, c, a].
  check.expect_eq_const %r, dense<[[[1.0, 3.0, 5.0], [7.0, 9.0, 11.0]], [[2.0, 4.0, 6.0], [8.0, 10.0, 12.0]]]> : tensor<2x2x3xf32>
  func.return
}

// -----

func.func @transpose_identity_and_empty() {
  %x = stablehlo.constant dense<[[true, false]]> : tensor<1x2xi1>
  %r = stablehlo.transpose %x, dims = [0, 1] : (tensor<1x2xi1>) -> tensor<1x2xi1>
  check.expect_eq_const %r, dense<[[true, false]]> : tensor<1x2xi1>
  %e = stablehlo.constant dense<> : tensor<0x3xf32>
  %t = stablehlo.transpose %e, dims = [1, 0] : (tensor<0x3xf32>) -> tensor<3x0xf32>
  check.expect_eq_const %t, dense<> : tensor<3x0xf32>
  func.return
}
