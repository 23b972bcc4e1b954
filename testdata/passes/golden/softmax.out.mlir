// zmlc opt -O2 softmax.mlir
// @softmax: 1 fusion regions (loop 0, input 1, output 0), 1 other ops
// @softmax: buffer plan peak 4224 bytes, unplanned sum 4224 bytes
module {
  func.func @softmax(%arg0: tensor<8x128xf32>) -> tensor<8x128xf32> attributes {zml.buffer_peak = 4224 : i64, zml.buffer_sum = 4224 : i64} {
    %0 = stablehlo.constant {zml.buffer_offset = array<i64: 0>} dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.reduce(%arg0 init: %0) applies stablehlo.maximum across dimensions = [1] {zml.buffer_offset = array<i64: 64>} : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
    %2 = "zml.fusion"(%1, %arg0) ({
    ^bb0(%arg1: tensor<8xf32>, %arg2: tensor<8x128xf32>):
      %3 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<8xf32>) -> tensor<8x128xf32>
      %4 = stablehlo.subtract %arg2, %3 : tensor<8x128xf32>
      %5 = stablehlo.exponential %4 : tensor<8x128xf32>
      %6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %7 = stablehlo.reduce(%5 init: %6) applies stablehlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
      %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<8xf32>) -> tensor<8x128xf32>
      %9 = stablehlo.divide %5, %8 : tensor<8x128xf32>
      stablehlo.return %9 : tensor<8x128xf32>
    }) {kind = "input", zml.buffer_offset = array<i64: 128>} : (tensor<8xf32>, tensor<8x128xf32>) -> tensor<8x128xf32>
    return %2 : tensor<8x128xf32>
  }
}
