// A dense layer x · wᵀ + b, relu (w stored [out, in] as PyTorch does):
// after -O2 a transpose of w and one output fusion.
func.func @dense(%x: tensor<4x16xf32>, %w: tensor<32x16xf32>, %b: tensor<32xf32>) -> tensor<4x32xf32> {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [1] : (tensor<4x16xf32>, tensor<32x16xf32>) -> tensor<4x32xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<32xf32>) -> tensor<4x32xf32>
  %y = stablehlo.add %d, %bb : tensor<4x32xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<4x32xf32>
  %r = stablehlo.maximum %y, %zero : tensor<4x32xf32>
  func.return %r : tensor<4x32xf32>
}
