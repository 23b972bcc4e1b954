// RUN: zmlc interpret %s

func.func @get_dimension_size_static() {
  %x = stablehlo.constant dense<0.0> : tensor<2x3xf32>
  %d0 = stablehlo.get_dimension_size %x, dim = 0 : (tensor<2x3xf32>) -> tensor<i32>
  %d1 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  check.expect_eq_const %d0, dense<2> : tensor<i32>
  check.expect_eq_const %d1, dense<3> : tensor<i32>
  func.return
}

// -----

func.func @get_dimension_size_empty() {
  %x = stablehlo.constant dense<> : tensor<0x3xi8>
  %d = stablehlo.get_dimension_size %x, dim = 0 : (tensor<0x3xi8>) -> tensor<i32>
  check.expect_eq_const %d, dense<0> : tensor<i32>
  func.return
}
