// zmlc opt -O2 dot_bias_relu.mlir
// @dense: 1 fusion regions (loop 0, input 0, output 1), 0 other ops
// @dense: buffer plan peak 512 bytes, unplanned sum 512 bytes
module {
  func.func @dense(%arg0: tensor<4x16xf32>, %arg1: tensor<32x16xf32>, %arg2: tensor<32xf32>) -> tensor<4x32xf32> attributes {zml.buffer_peak = 512 : i64, zml.buffer_sum = 512 : i64} {
    %0 = "zml.fusion"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg3: tensor<4x16xf32>, %arg4: tensor<32x16xf32>, %arg5: tensor<32xf32>):
      %1 = stablehlo.dot_general %arg3, %arg4, contracting_dims = [1] x [1] : (tensor<4x16xf32>, tensor<32x16xf32>) -> tensor<4x32xf32>
      %2 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<32xf32>) -> tensor<4x32xf32>
      %3 = stablehlo.add %1, %2 : tensor<4x32xf32>
      %4 = stablehlo.constant dense<0.000000e+00> : tensor<4x32xf32>
      %5 = stablehlo.maximum %3, %4 : tensor<4x32xf32>
      stablehlo.return %5 : tensor<4x32xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 0>} : (tensor<4x16xf32>, tensor<32x16xf32>, tensor<32xf32>) -> tensor<4x32xf32>
    return %0 : tensor<4x32xf32>
  }
}
