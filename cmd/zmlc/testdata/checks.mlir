// Checks in both forms, compiled into a bundle: `zmlc run` must report the
// failing ones exactly as `zmlc interpret` does, and exit 1.
func.func @pass() {
  %0 = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %1 = stablehlo.add %0, %0 : tensor<3xf32>
  check.expect_eq_const %1, dense<[2.0, 4.0, 6.0]> : tensor<3xf32>
  check.expect_almost_eq_const %1, dense<[2.00001, 4.0, 6.0]> : tensor<3xf32>
  %2 = stablehlo.constant dense<[2.0005, 4.0, 6.0]> : tensor<3xf32>
  stablehlo.custom_call @check.expect_almost_eq(%1, %2) : (tensor<3xf32>, tensor<3xf32>) -> ()
  check.expect_close %1, %1, max_ulp_difference = 0 : tensor<3xf32>, tensor<3xf32>
  func.return
}

func.func @fail_dialect() {
  %0 = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %1 = stablehlo.multiply %0, %0 : tensor<2x2xi32>
  check.expect_eq_const %1, dense<[[1, 4], [9, 15]]> : tensor<2x2xi32>
  %2 = stablehlo.constant dense<[0.5, 1.0]> : tensor<2xf32>
  %3 = stablehlo.multiply %2, %2 : tensor<2xf32>
  check.expect_almost_eq_const %3, dense<[0.2499, 1.0]> : tensor<2xf32>
  func.return
}

func.func @fail_custom_call() {
  %0 = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %1 = stablehlo.add %0, %0 : tensor<3xi32>
  %2 = stablehlo.constant dense<[2, 5, 6]> : tensor<3xi32>
  stablehlo.custom_call @check.expect_eq(%1, %2) : (tensor<3xi32>, tensor<3xi32>) -> ()
  %3 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %4 = stablehlo.constant dense<[1.0, 2.01]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_close(%3, %4) : (tensor<2xf32>, tensor<2xf32>) -> ()
  func.return
}
