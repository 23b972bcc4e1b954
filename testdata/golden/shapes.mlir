module @Shapes {
  func.func @forward(%arg0: tensor<4x6xf32> {zml.dims = ["a", "b"]}) -> (tensor<6x4xf32> {zml.dims = ["b", "a"]}, tensor<4x12xf32> {zml.dims = ["a", "b"]}, tensor<4x3xf32> {zml.dims = ["a", "b"]}, tensor<6xf32> {zml.dims = ["b"]}, tensor<2x2xf32> {zml.dims = ["a", "b"]}, tensor<24xf32> {zml.dims = ["f"]}) {
    %0 = stablehlo.slice %arg0 [0:4, 0:3] : (tensor<4x6xf32>) -> tensor<4x3xf32>
    %1 = stablehlo.slice %arg0 [0:4, 3:6] : (tensor<4x6xf32>) -> tensor<4x3xf32>
    %2 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
    %3 = stablehlo.concatenate %arg0, %arg0, dim = 1 : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x12xf32>
    %4 = stablehlo.slice %arg0 [1:2, 0:6] : (tensor<4x6xf32>) -> tensor<1x6xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x6xf32>) -> tensor<6xf32>
    %6 = stablehlo.slice %arg0 [1:3, 0:6:3] : (tensor<4x6xf32>) -> tensor<2x2xf32>
    %7 = stablehlo.reshape %arg0 : (tensor<4x6xf32>) -> tensor<24xf32>
    return %2, %3, %1, %5, %6, %7 : tensor<6x4xf32>, tensor<4x12xf32>, tensor<4x3xf32>, tensor<6xf32>, tensor<2x2xf32>, tensor<24xf32>
  }
}
