module @MnistCNN {
  func.func @forward(%arg0: tensor<8x1x3x3xf32> {zml.dims = ["c1", "", "", ""], zml.param = "conv1.weight"}, %arg1: tensor<8xf32> {zml.dims = ["c1"], zml.param = "conv1.bias"}, %arg2: tensor<16x8x3x3xf32> {zml.dims = ["c2", "c1", "", ""], zml.param = "conv2.weight"}, %arg3: tensor<16xf32> {zml.dims = ["c2"], zml.param = "conv2.bias"}, %arg4: tensor<24x16x3x3xf32> {zml.dims = ["c3", "c2", "", ""], zml.param = "conv3.weight"}, %arg5: tensor<24xf32> {zml.dims = ["c3"], zml.param = "conv3.bias"}, %arg6: tensor<24xf32> {zml.dims = ["c3"], zml.param = "norm1.weight"}, %arg7: tensor<24xf32> {zml.dims = ["c3"], zml.param = "norm1.bias"}, %arg8: tensor<24xf32> {zml.dims = ["c3"], zml.param = "norm1.running_mean"}, %arg9: tensor<24xf32> {zml.dims = ["c3"], zml.param = "norm1.running_var"}, %arg10: tensor<32x11616xf32> {zml.dims = ["hid", "feat"], zml.param = "fc1.weight"}, %arg11: tensor<32xf32> {zml.dims = ["hid"], zml.param = "fc1.bias"}, %arg12: tensor<10x32xf32> {zml.dims = ["cls", "hid"], zml.param = "fc2.weight"}, %arg13: tensor<10xf32> {zml.dims = ["cls"], zml.param = "fc2.bias"}, %arg14: tensor<10xf32> {zml.dims = ["cls"], zml.param = "norm2.weight"}, %arg15: tensor<10xf32> {zml.dims = ["cls"], zml.param = "norm2.bias"}, %arg16: tensor<10xf32> {zml.dims = ["cls"], zml.param = "norm2.running_mean"}, %arg17: tensor<10xf32> {zml.dims = ["cls"], zml.param = "norm2.running_var"}, %arg18: tensor<2x28x28xui8> {zml.dims = ["b", "", ""]}) -> (tensor<2x10xf32> {zml.dims = ["b", "cls"]}) attributes {zml.buffer_peak = 216192 : i64, zml.buffer_sum = 216832 : i64} {
    %0 = "zml.fusion"(%arg18) ({
    ^bb0(%arg19: tensor<2x28x28xui8>):
      %9 = stablehlo.convert %arg19 : (tensor<2x28x28xui8>) -> tensor<2x28x28xf32>
      %10 = stablehlo.constant dense<2.550000e+02> : tensor<2x28x28xf32>
      %11 = stablehlo.divide %9, %10 : tensor<2x28x28xf32>
      %12 = stablehlo.constant dense<1.307000e-01> : tensor<2x28x28xf32>
      %13 = stablehlo.subtract %11, %12 : tensor<2x28x28xf32>
      %14 = stablehlo.constant dense<3.081000e-01> : tensor<2x28x28xf32>
      %15 = stablehlo.divide %13, %14 : tensor<2x28x28xf32>
      %16 = stablehlo.reshape %15 : (tensor<2x28x28xf32>) -> tensor<2x1x28x28xf32>
      %17 = stablehlo.transpose %16, dims = [0, 2, 3, 1] : (tensor<2x1x28x28xf32>) -> tensor<2x28x28x1xf32>
      stablehlo.return %17 : tensor<2x28x28x1xf32>
    }) {kind = "loop", zml.buffer_offset = array<i64: 0>} : (tensor<2x28x28xui8>) -> tensor<2x28x28x1xf32>
    %1 = "zml.fusion"(%0, %arg0, %arg1) ({
    ^bb0(%arg19: tensor<2x28x28x1xf32>, %arg20: tensor<8x1x3x3xf32>, %arg21: tensor<8xf32>):
      %9 = stablehlo.convolution(%arg19, %arg20) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x28x28x1xf32>, tensor<8x1x3x3xf32>) -> tensor<2x26x26x8xf32>
      %10 = stablehlo.transpose %9, dims = [0, 3, 1, 2] : (tensor<2x26x26x8xf32>) -> tensor<2x8x26x26xf32>
      %11 = stablehlo.broadcast_in_dim %arg21, dims = [1] : (tensor<8xf32>) -> tensor<2x8x26x26xf32>
      %12 = stablehlo.add %10, %11 : tensor<2x8x26x26xf32>
      %13 = stablehlo.constant dense<0.000000e+00> : tensor<2x8x26x26xf32>
      %14 = stablehlo.maximum %12, %13 : tensor<2x8x26x26xf32>
      %15 = stablehlo.transpose %14, dims = [0, 2, 3, 1] : (tensor<2x8x26x26xf32>) -> tensor<2x26x26x8xf32>
      stablehlo.return %15 : tensor<2x26x26x8xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 6272>} : (tensor<2x28x28x1xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>) -> tensor<2x26x26x8xf32>
    %2 = "zml.fusion"(%1, %arg2, %arg3) ({
    ^bb0(%arg19: tensor<2x26x26x8xf32>, %arg20: tensor<16x8x3x3xf32>, %arg21: tensor<16xf32>):
      %9 = stablehlo.convolution(%arg19, %arg20) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x26x26x8xf32>, tensor<16x8x3x3xf32>) -> tensor<2x24x24x16xf32>
      %10 = stablehlo.transpose %9, dims = [0, 3, 1, 2] : (tensor<2x24x24x16xf32>) -> tensor<2x16x24x24xf32>
      %11 = stablehlo.broadcast_in_dim %arg21, dims = [1] : (tensor<16xf32>) -> tensor<2x16x24x24xf32>
      %12 = stablehlo.add %10, %11 : tensor<2x16x24x24xf32>
      %13 = stablehlo.constant dense<0.000000e+00> : tensor<2x16x24x24xf32>
      %14 = stablehlo.maximum %12, %13 : tensor<2x16x24x24xf32>
      %15 = stablehlo.transpose %14, dims = [0, 2, 3, 1] : (tensor<2x16x24x24xf32>) -> tensor<2x24x24x16xf32>
      stablehlo.return %15 : tensor<2x24x24x16xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 49536>} : (tensor<2x26x26x8xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>) -> tensor<2x24x24x16xf32>
    %3 = "zml.fusion"(%2, %arg4, %arg5, %arg6, %arg7, %arg8, %arg9) ({
    ^bb0(%arg19: tensor<2x24x24x16xf32>, %arg20: tensor<24x16x3x3xf32>, %arg21: tensor<24xf32>, %arg22: tensor<24xf32>, %arg23: tensor<24xf32>, %arg24: tensor<24xf32>, %arg25: tensor<24xf32>):
      %9 = stablehlo.convolution(%arg19, %arg20) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x24x24x16xf32>, tensor<24x16x3x3xf32>) -> tensor<2x22x22x24xf32>
      %10 = stablehlo.transpose %9, dims = [0, 3, 1, 2] : (tensor<2x22x22x24xf32>) -> tensor<2x24x22x22xf32>
      %11 = stablehlo.broadcast_in_dim %arg21, dims = [1] : (tensor<24xf32>) -> tensor<2x24x22x22xf32>
      %12 = stablehlo.add %10, %11 : tensor<2x24x22x22xf32>
      %13 = stablehlo.constant dense<0.000000e+00> : tensor<2x24x22x22xf32>
      %14 = stablehlo.maximum %12, %13 : tensor<2x24x22x22xf32>
      %15 = stablehlo.broadcast_in_dim %arg22, dims = [1] : (tensor<24xf32>) -> tensor<2x24x22x22xf32>
      %16 = stablehlo.broadcast_in_dim %arg23, dims = [1] : (tensor<24xf32>) -> tensor<2x24x22x22xf32>
      %17 = stablehlo.broadcast_in_dim %arg24, dims = [1] : (tensor<24xf32>) -> tensor<2x24x22x22xf32>
      %18 = stablehlo.broadcast_in_dim %arg25, dims = [1] : (tensor<24xf32>) -> tensor<2x24x22x22xf32>
      %19 = stablehlo.constant dense<1.000000e-05> : tensor<2x24x22x22xf32>
      %20 = stablehlo.add %18, %19 : tensor<2x24x22x22xf32>
      %21 = stablehlo.subtract %14, %17 : tensor<2x24x22x22xf32>
      %22 = stablehlo.rsqrt %20 : tensor<2x24x22x22xf32>
      %23 = stablehlo.multiply %21, %22 : tensor<2x24x22x22xf32>
      %24 = stablehlo.multiply %23, %15 : tensor<2x24x22x22xf32>
      %25 = stablehlo.add %24, %16 : tensor<2x24x22x22xf32>
      %26 = stablehlo.reshape %25 : (tensor<2x24x22x22xf32>) -> tensor<2x11616xf32>
      stablehlo.return %26 : tensor<2x11616xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 123264>} : (tensor<2x24x24x16xf32>, tensor<24x16x3x3xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>) -> tensor<2x11616xf32>
    %4 = "zml.fusion"(%3, %arg10, %arg11) ({
    ^bb0(%arg19: tensor<2x11616xf32>, %arg20: tensor<32x11616xf32>, %arg21: tensor<32xf32>):
      %9 = stablehlo.dot_general %arg19, %arg20, contracting_dims = [1] x [1] : (tensor<2x11616xf32>, tensor<32x11616xf32>) -> tensor<2x32xf32>
      %10 = stablehlo.broadcast_in_dim %arg21, dims = [1] : (tensor<32xf32>) -> tensor<2x32xf32>
      %11 = stablehlo.add %9, %10 : tensor<2x32xf32>
      %12 = stablehlo.constant dense<0.000000e+00> : tensor<2x32xf32>
      %13 = stablehlo.maximum %11, %12 : tensor<2x32xf32>
      stablehlo.return %13 : tensor<2x32xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 0>} : (tensor<2x11616xf32>, tensor<32x11616xf32>, tensor<32xf32>) -> tensor<2x32xf32>
    %5 = "zml.fusion"(%4, %arg12, %arg13, %arg14, %arg15, %arg16, %arg17) ({
    ^bb0(%arg19: tensor<2x32xf32>, %arg20: tensor<10x32xf32>, %arg21: tensor<10xf32>, %arg22: tensor<10xf32>, %arg23: tensor<10xf32>, %arg24: tensor<10xf32>, %arg25: tensor<10xf32>):
      %9 = stablehlo.dot_general %arg19, %arg20, contracting_dims = [1] x [1] : (tensor<2x32xf32>, tensor<10x32xf32>) -> tensor<2x10xf32>
      %10 = stablehlo.broadcast_in_dim %arg21, dims = [1] : (tensor<10xf32>) -> tensor<2x10xf32>
      %11 = stablehlo.add %9, %10 : tensor<2x10xf32>
      %12 = stablehlo.broadcast_in_dim %arg22, dims = [1] : (tensor<10xf32>) -> tensor<2x10xf32>
      %13 = stablehlo.broadcast_in_dim %arg23, dims = [1] : (tensor<10xf32>) -> tensor<2x10xf32>
      %14 = stablehlo.broadcast_in_dim %arg24, dims = [1] : (tensor<10xf32>) -> tensor<2x10xf32>
      %15 = stablehlo.broadcast_in_dim %arg25, dims = [1] : (tensor<10xf32>) -> tensor<2x10xf32>
      %16 = stablehlo.constant dense<1.000000e-05> : tensor<2x10xf32>
      %17 = stablehlo.add %15, %16 : tensor<2x10xf32>
      %18 = stablehlo.subtract %11, %14 : tensor<2x10xf32>
      %19 = stablehlo.rsqrt %17 : tensor<2x10xf32>
      %20 = stablehlo.multiply %18, %19 : tensor<2x10xf32>
      %21 = stablehlo.multiply %20, %12 : tensor<2x10xf32>
      %22 = stablehlo.add %21, %13 : tensor<2x10xf32>
      stablehlo.return %22 : tensor<2x10xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 256>} : (tensor<2x32xf32>, tensor<10x32xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>, tensor<10xf32>) -> tensor<2x10xf32>
    %6 = stablehlo.constant {zml.buffer_offset = array<i64: 0>} dense<0xFF800000> : tensor<f32>
    %7 = stablehlo.reduce(%5 init: %6) applies stablehlo.maximum across dimensions = [1] {zml.buffer_offset = array<i64: 64>} : (tensor<2x10xf32>, tensor<f32>) -> tensor<2xf32>
    %8 = "zml.fusion"(%7, %5) ({
    ^bb0(%arg19: tensor<2xf32>, %arg20: tensor<2x10xf32>):
      %9 = stablehlo.broadcast_in_dim %arg19, dims = [0] : (tensor<2xf32>) -> tensor<2x10xf32>
      %10 = stablehlo.subtract %arg20, %9 : tensor<2x10xf32>
      %11 = stablehlo.exponential %10 : tensor<2x10xf32>
      %12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %13 = stablehlo.reduce(%11 init: %12) applies stablehlo.add across dimensions = [1] : (tensor<2x10xf32>, tensor<f32>) -> tensor<2xf32>
      %14 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<2xf32>) -> tensor<2x10xf32>
      %15 = stablehlo.log %14 : tensor<2x10xf32>
      %16 = stablehlo.subtract %10, %15 : tensor<2x10xf32>
      stablehlo.return %16 : tensor<2x10xf32>
    }) {kind = "input", zml.buffer_offset = array<i64: 128>} : (tensor<2xf32>, tensor<2x10xf32>) -> tensor<2x10xf32>
    return %8 : tensor<2x10xf32>
  }
}
