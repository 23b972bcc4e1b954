// RUN: zmlc interpret %s

func.func @dot_vector_vector() {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %b = stablehlo.constant dense<[4, -5, 6]> : tensor<3xi64>
  %r = stablehlo.dot %a, %b : (tensor<3xi64>, tensor<3xi64>) -> tensor<i64>
  check.expect_eq_const %r, dense<12> : tensor<i64>
  func.return
}

// -----

func.func @dot_matrix_vector() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %b = stablehlo.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %r = stablehlo.dot %a, %b : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<[-1.5, -2.5, -3.5]> : tensor<3xf32>
  func.return
}

// -----

func.func @dot_matrix_matrix() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %b = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %r = stablehlo.dot %a, %b, precision = [DEFAULT, DEFAULT] : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[19, 22], [43, 50]]> : tensor<2x2xi32>
  func.return
}
