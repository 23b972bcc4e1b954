// The second check expects a wrong value: zmlc interpret must fail.
func.func @right() {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = stablehlo.add %0, %0 : tensor<2xi32>
  check.expect_eq_const %1, dense<[2, 4]> : tensor<2xi32>
  func.return
}

func.func @wrong() {
  %0 = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %1 = stablehlo.add %0, %0 : tensor<3xi32>
  check.expect_eq_const %1, dense<[2, 5, 7]> : tensor<3xi32>
  func.return
}
