// RUN: zmlc interpret %s

func.func @select_i32() {
  %pred = stablehlo.constant dense<[[true, false, true], [false, false, true]]> : tensor<2x3xi1>
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %b = stablehlo.constant dense<[[-1, -2, -3], [-4, -5, -6]]> : tensor<2x3xi32>
  %r = stablehlo.select %pred, %a, %b : tensor<2x3xi1>, tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[1, -2, 3], [-4, -5, 6]]> : tensor<2x3xi32>
  func.return
}

// -----

// A scalar predicate selects whole tensors.
func.func @select_scalar_pred_f32() {
  %pred = stablehlo.constant dense<false> : tensor<i1>
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[0x7FC00000, -0.5]> : tensor<2xf32>
  %r = stablehlo.select %pred, %a, %b : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  check.expect_almost_eq_const %r, dense<[0x7FC00000, -0.5]> : tensor<2xf32>
  func.return
}

// -----

func.func @select_i1_and_complex() {
  %pred = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %a = stablehlo.constant dense<[false, false]> : tensor<2xi1>
  %b = stablehlo.constant dense<[true, true]> : tensor<2xi1>
  %r = stablehlo.select %pred, %a, %b : tensor<2xi1>, tensor<2xi1>
  check.expect_eq_const %r, dense<[false, true]> : tensor<2xi1>
  %c = stablehlo.constant dense<[(1.0, 1.0), (2.0, 2.0)]> : tensor<2xcomplex<f64>>
  %d = stablehlo.constant dense<[(3.0, 3.0), (4.0, 4.0)]> : tensor<2xcomplex<f64>>
  %s = stablehlo.select %pred, %c, %d : tensor<2xi1>, tensor<2xcomplex<f64>>
  check.expect_eq_const %s, dense<[(1.0, 1.0), (4.0, 4.0)]> : tensor<2xcomplex<f64>>
  func.return
}

// -----

func.func @select_empty() {
  %pred = stablehlo.constant dense<> : tensor<0x3xi1>
  %a = stablehlo.constant dense<> : tensor<0x3xf32>
  %r = stablehlo.select %pred, %a, %a : tensor<0x3xi1>, tensor<0x3xf32>
  check.expect_eq_const %r, dense<> : tensor<0x3xf32>
  func.return
}
