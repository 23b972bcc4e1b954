// Part 0 does not verify; part 1 still runs, and the exit status is 1.
func.func @broken() -> tensor<2xi32> {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = "stablehlo.negate"(%0) : (tensor<2xi32>) -> tensor<2xf32>
  func.return %0 : tensor<2xi32>
}

// -----

func.func @fine() -> tensor<2xi32> {
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %1 = stablehlo.negate %0 : tensor<2xi32>
  func.return %1 : tensor<2xi32>
}
