module @Loops {
  func.func @forward(%arg0: tensor<4xf32> {zml.dims = ["d"]}) -> (tensor<4xf32> {zml.dims = ["d"]}, tensor<f32> {zml.dims = []}) {
    %0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.constant dense<0> : tensor<i64>
    %2:3 = stablehlo.while(%iterArg = %1, %iterArg_0 = %arg0, %iterArg_1 = %0) : tensor<i64>, tensor<4xf32>, tensor<f32>
    cond {
      %4 = stablehlo.constant dense<8> : tensor<i64>
      %5 = stablehlo.compare  LT, %iterArg, %4,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %5 : tensor<i1>
    } do {
      %4 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %6 = stablehlo.multiply %iterArg_0, %5 : tensor<4xf32>
      %7 = stablehlo.add %6, %arg0 : tensor<4xf32>
      %8 = stablehlo.convert %iterArg : (tensor<i64>) -> tensor<f32>
      %9 = stablehlo.add %iterArg_1, %8 : tensor<f32>
      %10 = stablehlo.constant dense<1> : tensor<i64>
      %11 = stablehlo.add %iterArg, %10 : tensor<i64>
      stablehlo.return %11, %7, %9 : tensor<i64>, tensor<4xf32>, tensor<f32>
    }
    %3 = stablehlo.while(%iterArg = %2#2) : tensor<f32>
    cond {
      %4 = stablehlo.constant dense<1.000000e+02> : tensor<f32>
      %5 = stablehlo.compare  LT, %iterArg, %4,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %5 : tensor<i1>
    } do {
      %4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %5 = stablehlo.multiply %iterArg, %4 : tensor<f32>
      stablehlo.return %5 : tensor<f32>
    }
    return %2#1, %3 : tensor<4xf32>, tensor<f32>
  }
}
