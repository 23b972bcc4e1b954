module @Linalg {
  func.func @forward(%arg0: tensor<5x4xf32> {zml.dims = ["o", "i"], zml.param = "w"}, %arg1: tensor<2x3x4xf32> {zml.dims = ["b", "t", "i"]}, %arg2: tensor<2x3x4xf32> {zml.dims = ["b", "t", "i"]}) -> (tensor<2x3x5xf32> {zml.dims = ["b", "t", "o"]}, tensor<2x3x3xf32> {zml.dims = ["b", "t", "u"]}, tensor<2x3x3xf32> {zml.dims = ["b", "t", "v"]}) {
    %0 = stablehlo.dot_general %arg1, %arg0, contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<5x4xf32>) -> tensor<2x3x5xf32>
    %1 = stablehlo.dot_general %arg1, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x3xf32>
    %2 = stablehlo.transpose %arg2, dims = [0, 2, 1] : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
    %3 = stablehlo.dot_general %arg1, %2, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x3xf32>) -> tensor<2x3x3xf32>
    %4 = stablehlo.reshape %3 : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
    return %0, %1, %4 : tensor<2x3x5xf32>, tensor<2x3x3xf32>, tensor<2x3x3xf32>
  }
}
