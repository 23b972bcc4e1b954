module @ConvPool {
  func.func @forward(%arg0: tensor<4x1x3x3xf32> {zml.dims = ["o", "", "", ""], zml.param = "conv.weight"}, %arg1: tensor<4xf32> {zml.dims = ["o"], zml.param = "conv.bias"}, %arg2: tensor<4xf32> {zml.dims = ["o"], zml.param = "bn.scale"}, %arg3: tensor<4xf32> {zml.dims = ["o"], zml.param = "bn.offset"}, %arg4: tensor<4xf32> {zml.dims = ["o"], zml.param = "bn.mean"}, %arg5: tensor<4xf32> {zml.dims = ["o"], zml.param = "bn.var"}, %arg6: tensor<4x1x2xf32> {zml.dims = ["", "", ""], zml.param = "dw.weight"}, %arg7: tensor<2x2x8x8xf32> {zml.dims = ["n", "c", "h", "w"]}, %arg8: tensor<2x4x9xf32> {zml.dims = ["n", "ch", "l"]}) -> (tensor<2x4x4x4xf32> {zml.dims = ["n", "o", "h", "w"]}, tensor<2x4x4x4xf32> {zml.dims = ["n", "o", "h", "w"]}, tensor<2x4x4xf32> {zml.dims = ["n", "ch", "l"]}) {
    %0 = stablehlo.convolution(%arg7, %arg0) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x2x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<2x4x8x8xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<4xf32>) -> tensor<2x4x8x8xf32>
    %2 = stablehlo.add %0, %1 : tensor<2x4x8x8xf32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<4xf32>) -> tensor<2x4x8x8xf32>
    %4 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<4xf32>) -> tensor<2x4x8x8xf32>
    %5 = stablehlo.broadcast_in_dim %arg4, dims = [1] : (tensor<4xf32>) -> tensor<2x4x8x8xf32>
    %6 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<4xf32>) -> tensor<2x4x8x8xf32>
    %7 = stablehlo.constant dense<1.000000e-05> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<f32>) -> tensor<2x4x8x8xf32>
    %9 = stablehlo.add %6, %8 : tensor<2x4x8x8xf32>
    %10 = stablehlo.subtract %2, %5 : tensor<2x4x8x8xf32>
    %11 = stablehlo.rsqrt %9 : tensor<2x4x8x8xf32>
    %12 = stablehlo.multiply %10, %11 : tensor<2x4x8x8xf32>
    %13 = stablehlo.multiply %12, %3 : tensor<2x4x8x8xf32>
    %14 = stablehlo.add %13, %4 : tensor<2x4x8x8xf32>
    %15 = stablehlo.convolution(%arg8, %arg6) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [2], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<2x4x9xf32>, tensor<4x1x2xf32>) -> tensor<2x4x4xf32>
    %16 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %17 = "stablehlo.reduce_window"(%14, %16) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg9: tensor<f32>, %arg10: tensor<f32>):
      %23 = stablehlo.maximum %arg9, %arg10 : tensor<f32>
      stablehlo.return %23 : tensor<f32>
    }) : (tensor<2x4x8x8xf32>, tensor<f32>) -> tensor<2x4x4x4xf32>
    %18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = "stablehlo.reduce_window"(%14, %18) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg9: tensor<f32>, %arg10: tensor<f32>):
      %23 = stablehlo.add %arg9, %arg10 : tensor<f32>
      stablehlo.return %23 : tensor<f32>
    }) : (tensor<2x4x8x8xf32>, tensor<f32>) -> tensor<2x4x4x4xf32>
    %20 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [] : (tensor<f32>) -> tensor<2x4x4x4xf32>
    %22 = stablehlo.divide %19, %21 : tensor<2x4x4x4xf32>
    return %17, %22, %15 : tensor<2x4x4x4xf32>, tensor<2x4x4x4xf32>, tensor<2x4x4xf32>
  }
}
