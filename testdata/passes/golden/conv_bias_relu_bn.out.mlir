// zmlc opt -O2 conv_bias_relu_bn.mlir
// @conv_block: 1 fusion regions (loop 0, input 0, output 1), 0 other ops
// @conv_block: buffer plan peak 576 bytes, unplanned sum 576 bytes
module {
  func.func @conv_block(%arg0: tensor<1x3x8x8xf32>, %arg1: tensor<4x3x3x3xf32>, %arg2: tensor<4xf32>, %arg3: tensor<4xf32>, %arg4: tensor<4xf32>, %arg5: tensor<4xf32>, %arg6: tensor<4xf32>) -> tensor<1x4x6x6xf32> attributes {zml.buffer_peak = 576 : i64, zml.buffer_sum = 576 : i64} {
    %0 = "zml.fusion"(%arg0, %arg1, %arg2, %arg4, %arg5, %arg3, %arg6) ({
    ^bb0(%arg7: tensor<1x3x8x8xf32>, %arg8: tensor<4x3x3x3xf32>, %arg9: tensor<4xf32>, %arg10: tensor<4xf32>, %arg11: tensor<4xf32>, %arg12: tensor<4xf32>, %arg13: tensor<4xf32>):
      %1 = stablehlo.convolution(%arg7, %arg8) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x6x6x4xf32>
      %2 = stablehlo.transpose %1, dims = [0, 3, 1, 2] : (tensor<1x6x6x4xf32>) -> tensor<1x4x6x6xf32>
      %3 = stablehlo.broadcast_in_dim %arg9, dims = [1] : (tensor<4xf32>) -> tensor<1x4x6x6xf32>
      %4 = stablehlo.add %2, %3 : tensor<1x4x6x6xf32>
      %5 = stablehlo.constant dense<0.000000e+00> : tensor<1x4x6x6xf32>
      %6 = stablehlo.maximum %4, %5 : tensor<1x4x6x6xf32>
      %7 = stablehlo.constant dense<1.000000e-05> : tensor<4xf32>
      %8 = stablehlo.add %arg10, %7 : tensor<4xf32>
      %9 = stablehlo.rsqrt %8 : tensor<4xf32>
      %10 = stablehlo.multiply %arg11, %9 : tensor<4xf32>
      %11 = stablehlo.broadcast_in_dim %arg12, dims = [1] : (tensor<4xf32>) -> tensor<1x4x6x6xf32>
      %12 = stablehlo.broadcast_in_dim %10, dims = [1] : (tensor<4xf32>) -> tensor<1x4x6x6xf32>
      %13 = stablehlo.broadcast_in_dim %arg13, dims = [1] : (tensor<4xf32>) -> tensor<1x4x6x6xf32>
      %14 = stablehlo.subtract %6, %11 : tensor<1x4x6x6xf32>
      %15 = stablehlo.multiply %14, %12 : tensor<1x4x6x6xf32>
      %16 = stablehlo.add %15, %13 : tensor<1x4x6x6xf32>
      stablehlo.return %16 : tensor<1x4x6x6xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 0>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
    return %0 : tensor<1x4x6x6xf32>
  }
}
