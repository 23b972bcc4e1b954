module @Reductions {
  func.func @forward(%arg0: tensor<2x3x4xf32> {zml.dims = ["b", "s", "d"]}) -> (tensor<2x3xf32> {zml.dims = ["b", "s"]}, tensor<2x4xf32> {zml.dims = ["b", "d"]}, tensor<2xf32> {zml.dims = ["b"]}, tensor<2x3xf32> {zml.dims = ["b", "s"]}, tensor<2x3xi32> {zml.dims = ["b", "s"]}, tensor<2x4xi32> {zml.dims = ["b", "d"]}) {
    %0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.reduce(%arg0 init: %0) applies stablehlo.maximum across dimensions = [2] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2x3xf32>
    %2 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %3 = stablehlo.reduce(%arg0 init: %2) applies stablehlo.minimum across dimensions = [1] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2x4xf32>
    %4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.reduce(%arg0 init: %4) applies stablehlo.add across dimensions = [1] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2x4xf32>
    %6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%5 init: %6) applies stablehlo.add across dimensions = [1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
    %8 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %10 = stablehlo.divide %7, %9 : tensor<2xf32>
    %11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%arg0 init: %11) applies stablehlo.add across dimensions = [2] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2x3xf32>
    %13 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %15 = stablehlo.divide %12, %14 : tensor<2x3xf32>
    %16 = stablehlo.iota dim = 2 : tensor<2x3x4xi32>
    %17 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %18 = stablehlo.constant dense<0> : tensor<i32>
    %19:2 = stablehlo.reduce(%arg0 init: %17), (%16 init: %18) across dimensions = [2] : (tensor<2x3x4xf32>, tensor<2x3x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %24 = stablehlo.compare  GT, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %25 = stablehlo.compare  EQ, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %26 = stablehlo.compare  LT, %arg2, %arg4,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %27 = stablehlo.and %25, %26 : tensor<i1>
      %28 = stablehlo.or %24, %27 : tensor<i1>
      %29 = stablehlo.select %28, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %30 = stablehlo.select %28, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %29, %30 : tensor<f32>, tensor<i32>
    }
    %20 = stablehlo.iota dim = 1 : tensor<2x3x4xi32>
    %21 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %22 = stablehlo.constant dense<0> : tensor<i32>
    %23:2 = stablehlo.reduce(%arg0 init: %21), (%20 init: %22) across dimensions = [1] : (tensor<2x3x4xf32>, tensor<2x3x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x4xf32>, tensor<2x4xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %24 = stablehlo.compare  LT, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %25 = stablehlo.compare  EQ, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %26 = stablehlo.compare  LT, %arg2, %arg4,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %27 = stablehlo.and %25, %26 : tensor<i1>
      %28 = stablehlo.or %24, %27 : tensor<i1>
      %29 = stablehlo.select %28, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %30 = stablehlo.select %28, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %29, %30 : tensor<f32>, tensor<i32>
    }
    return %1, %3, %10, %15, %19#1, %23#1 : tensor<2x3xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x4xi32>
  }
}
