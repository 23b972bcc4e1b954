module @KVCache {
  func.func @step(%arg0: tensor<4x4xf32> {zml.dims = ["kd", "d"], zml.param = "wk"}, %arg1: tensor<4xf32> {zml.dims = ["d"]}, %arg2: tensor<6x4xf32> {zml.dims = ["s", "kd"]}, %arg3: tensor<6x4xf32> {zml.dims = ["s", "kd"]}, %arg4: tensor<i32> {zml.dims = []}) -> (tensor<4xf32> {zml.dims = ["kd"]}, tensor<6x4xf32> {zml.dims = ["s", "kd"]}, tensor<6x4xf32> {zml.dims = ["s", "kd"]}) {
    %0 = stablehlo.dot_general %arg1, %arg0, contracting_dims = [0] x [1] : (tensor<4xf32>, tensor<4x4xf32>) -> tensor<4xf32>
    %1 = stablehlo.reshape %0 : (tensor<4xf32>) -> tensor<1x4xf32>
    %2 = stablehlo.convert %arg4 : (tensor<i32>) -> tensor<i64>
    %3 = stablehlo.constant dense<0> : tensor<i64>
    %4 = stablehlo.dynamic_update_slice %arg2, %1, %2, %3 : (tensor<6x4xf32>, tensor<1x4xf32>, tensor<i64>, tensor<i64>) -> tensor<6x4xf32>
    %5 = stablehlo.reshape %0 : (tensor<4xf32>) -> tensor<1x4xf32>
    %6 = stablehlo.convert %arg4 : (tensor<i32>) -> tensor<i64>
    %7 = stablehlo.constant dense<0> : tensor<i64>
    %8 = stablehlo.dynamic_update_slice %arg3, %5, %6, %7 : (tensor<6x4xf32>, tensor<1x4xf32>, tensor<i64>, tensor<i64>) -> tensor<6x4xf32>
    %9 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<4xf32>) -> tensor<6x4xf32>
    %10 = stablehlo.multiply %4, %9 : tensor<6x4xf32>
    %11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%10 init: %11) applies stablehlo.add across dimensions = [1] : (tensor<6x4xf32>, tensor<f32>) -> tensor<6xf32>
    %13 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %15 = stablehlo.multiply %12, %14 : tensor<6xf32>
    %16 = stablehlo.iota dim = 0 : tensor<6xi32>
    %17 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %18 = stablehlo.compare  LE, %16, %17,  SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %19 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %21 = stablehlo.select %18, %15, %20 : tensor<6xi1>, tensor<6xf32>
    %22 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %23 = stablehlo.reduce(%21 init: %22) applies stablehlo.maximum across dimensions = [0] : (tensor<6xf32>, tensor<f32>) -> tensor<f32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %25 = stablehlo.subtract %21, %24 : tensor<6xf32>
    %26 = stablehlo.exponential %25 : tensor<6xf32>
    %27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.reduce(%26 init: %27) applies stablehlo.add across dimensions = [0] : (tensor<6xf32>, tensor<f32>) -> tensor<f32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %30 = stablehlo.divide %26, %29 : tensor<6xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0] : (tensor<6xf32>) -> tensor<6x4xf32>
    %32 = stablehlo.multiply %8, %31 : tensor<6x4xf32>
    %33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %34 = stablehlo.reduce(%32 init: %33) applies stablehlo.add across dimensions = [0] : (tensor<6x4xf32>, tensor<f32>) -> tensor<4xf32>
    return %34, %4, %8 : tensor<4xf32>, tensor<6x4xf32>, tensor<6x4xf32>
  }
}
