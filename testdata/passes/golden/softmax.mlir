// Softmax over the last dimension: after -O2 the max reduction and one
// input fusion (subtract, exp, sum, divide).
func.func @softmax(%x: tensor<8x128xf32>) -> tensor<8x128xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<8xf32>) -> tensor<8x128xf32>
  %d = stablehlo.subtract %x, %mb : tensor<8x128xf32>
  %e = stablehlo.exponential %d : tensor<8x128xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<8xf32>) -> tensor<8x128xf32>
  %r = stablehlo.divide %e, %sb : tensor<8x128xf32>
  func.return %r : tensor<8x128xf32>
}
