// A convolution (NCHW input, OIHW kernel, as PyTorch exports it) followed
// by a bias, relu and an inference batch norm: after -O2 one output fusion.
func.func @conv_block(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %bias: tensor<4xf32>,
                      %mean: tensor<4xf32>, %var: tensor<4xf32>, %gamma: tensor<4xf32>, %beta: tensor<4xf32>) -> tensor<1x4x6x6xf32> {
  %c = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  %bb = stablehlo.broadcast_in_dim %bias, dims = [1] : (tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %y = stablehlo.add %c, %bb : tensor<1x4x6x6xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<1x4x6x6xf32>
  %r = stablehlo.maximum %y, %zero : tensor<1x4x6x6xf32>
  %eps = stablehlo.constant dense<1.0e-5> : tensor<4xf32>
  %ve = stablehlo.add %var, %eps : tensor<4xf32>
  %inv = stablehlo.rsqrt %ve : tensor<4xf32>
  %scale = stablehlo.multiply %gamma, %inv : tensor<4xf32>
  %mb = stablehlo.broadcast_in_dim %mean, dims = [1] : (tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %sb = stablehlo.broadcast_in_dim %scale, dims = [1] : (tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %betab = stablehlo.broadcast_in_dim %beta, dims = [1] : (tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %centered = stablehlo.subtract %r, %mb : tensor<1x4x6x6xf32>
  %scaled = stablehlo.multiply %centered, %sb : tensor<1x4x6x6xf32>
  %out = stablehlo.add %scaled, %betab : tensor<1x4x6x6xf32>
  func.return %out : tensor<1x4x6x6xf32>
}
