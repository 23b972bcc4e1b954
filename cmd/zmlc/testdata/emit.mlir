// Mixed pretty and generic input; --emit prints it back in either syntax.
module @emit_test {
  func.func public @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi1>) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>
    %1 = "stablehlo.multiply"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %2 = stablehlo.compare GT, %1, %arg0, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %3 = stablehlo.constant dense<[1.0, -2.5, 0x7FC00000, 3.0e+10]> : tensor<4xf32>
    %4 = stablehlo.maximum %1, %3 : tensor<4xf32>
    return %4, %2 : tensor<4xf32>, tensor<4xi1>
  }
  func.func private @reduce_sum(%arg0: tensor<2x3xi32>) -> tensor<2xi32> {
    %0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.reduce(%arg0 init: %0) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
    return %1 : tensor<2xi32>
  }
}
