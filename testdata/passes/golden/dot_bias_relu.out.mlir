// zmlc opt -O2 dot_bias_relu.mlir
// @dense: 1 fusion regions (loop 0, input 0, output 1), 1 other ops
// @dense: buffer plan peak 2560 bytes, unplanned sum 2560 bytes
module {
  func.func @dense(%arg0: tensor<4x16xf32>, %arg1: tensor<32x16xf32>, %arg2: tensor<32xf32>) -> tensor<4x32xf32> attributes {zml.buffer_peak = 2560 : i64, zml.buffer_sum = 2560 : i64} {
    %0 = stablehlo.transpose %arg1, dims = [1, 0] {zml.buffer_offset = array<i64: 0>} : (tensor<32x16xf32>) -> tensor<16x32xf32>
    %1 = "zml.fusion"(%arg0, %0, %arg2) ({
    ^bb0(%arg3: tensor<4x16xf32>, %arg4: tensor<16x32xf32>, %arg5: tensor<32xf32>):
      %2 = stablehlo.dot_general %arg3, %arg4, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x32xf32>) -> tensor<4x32xf32>
      %3 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<32xf32>) -> tensor<4x32xf32>
      %4 = stablehlo.add %2, %3 : tensor<4x32xf32>
      %5 = stablehlo.constant dense<0.000000e+00> : tensor<4x32xf32>
      %6 = stablehlo.maximum %4, %5 : tensor<4x32xf32>
      stablehlo.return %6 : tensor<4x32xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 2048>} : (tensor<4x16xf32>, tensor<16x32xf32>, tensor<32xf32>) -> tensor<4x32xf32>
    return %1 : tensor<4x32xf32>
  }
}
