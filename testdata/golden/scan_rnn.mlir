module @ScanRNN {
  func.func @forward(%arg0: tensor<3x3xf32> {zml.dims = ["out", "hid"], zml.param = "w_hh"}, %arg1: tensor<2x4x3xf32> {zml.dims = ["b", "t", "hid"]}) -> (tensor<4x2x3xf32> {zml.dims = ["t", "b", "hid"]}, tensor<2x3xf32> {zml.dims = ["b", "hid"]}) {
    %0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<4x2x3xf32>
    %4 = stablehlo.constant dense<0> : tensor<i64>
    %5:3 = stablehlo.while(%iterArg = %4, %iterArg_0 = %1, %iterArg_1 = %3) : tensor<i64>, tensor<2x3xf32>, tensor<4x2x3xf32>
    cond {
      %6 = stablehlo.constant dense<4> : tensor<i64>
      %7 = stablehlo.compare  LT, %iterArg, %6,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %6 = stablehlo.dot_general %iterArg_0, %arg0, contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
      %7 = stablehlo.constant dense<0> : tensor<i64>
      %8 = stablehlo.constant dense<0> : tensor<i64>
      %9 = stablehlo.dynamic_slice %arg1, %7, %iterArg, %8, sizes = [2, 1, 3] : (tensor<2x4x3xf32>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<2x1x3xf32>
      %10 = stablehlo.reshape %9 : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
      %11 = stablehlo.add %6, %10 : tensor<2x3xf32>
      %12 = stablehlo.tanh %11 : tensor<2x3xf32>
      %13 = stablehlo.constant dense<0> : tensor<i64>
      %14 = stablehlo.reshape %12 : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
      %15 = stablehlo.dynamic_update_slice %iterArg_1, %14, %iterArg, %13, %13 : (tensor<4x2x3xf32>, tensor<1x2x3xf32>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<4x2x3xf32>
      %16 = stablehlo.constant dense<1> : tensor<i64>
      %17 = stablehlo.add %iterArg, %16 : tensor<i64>
      stablehlo.return %17, %12, %15 : tensor<i64>, tensor<2x3xf32>, tensor<4x2x3xf32>
    }
    return %5#2, %5#1 : tensor<4x2x3xf32>, tensor<2x3xf32>
  }
}
