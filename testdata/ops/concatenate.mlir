// RUN: zmlc interpret %s

func.func @concatenate_dim0() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %b = stablehlo.constant dense<[[5, 6]]> : tensor<1x2xi32>
  %r = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x2xi32>, tensor<1x2xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %r, dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  func.return
}

// -----

func.func @concatenate_dim1_three_operands() {
  %a = stablehlo.constant dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  %b = stablehlo.constant dense<[[3.0, 4.0], [5.0, 6.0]]> : tensor<2x2xf32>
  %c = stablehlo.constant dense<[[7.0], [8.0]]> : tensor<2x1xf32>
  %r = stablehlo.concatenate %a, %b, %c, dim = 1 : (tensor<2x1xf32>, tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  check.expect_eq_const %r, dense<[[1.0, 3.0, 4.0, 7.0], [2.0, 5.0, 6.0, 8.0]]> : tensor<2x4xf32>
  func.return
}

// -----

// An empty operand contributes nothing.
func.func @concatenate_with_empty() {
  %a = stablehlo.constant dense<> : tensor<0x3xi1>
  %b = stablehlo.constant dense<[[true, false, true]]> : tensor<1x3xi1>
  %r = stablehlo.concatenate %a, %b, %a, dim = 0 : (tensor<0x3xi1>, tensor<1x3xi1>, tensor<0x3xi1>) -> tensor<1x3xi1>
  check.expect_eq_const %r, dense<[[true, false, true]]> : tensor<1x3xi1>
  func.return
}
