module @Activations {
  func.func @forward(%arg0: tensor<2x3xf32> {zml.dims = ["b", "d"]}) -> (tensor<2x3xf32> {zml.dims = ["b", "d"]}, tensor<2x3xf32> {zml.dims = ["b", "d"]}, tensor<2x3xf32> {zml.dims = ["b", "d"]}, tensor<2x3xf32> {zml.dims = ["b", "d"]}, tensor<2x3xf32> {zml.dims = ["b", "d"]}, tensor<2x3xf32> {zml.dims = ["b", "d"]}) {
    %0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %2 = stablehlo.maximum %arg0, %1 : tensor<2x3xf32>
    %3 = stablehlo.constant dense<7.0710677e-01> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %5 = stablehlo.multiply %arg0, %4 : tensor<2x3xf32>
    %6 = chlo.erf %5 : tensor<2x3xf32> -> tensor<2x3xf32>
    %7 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %9 = stablehlo.multiply %arg0, %8 : tensor<2x3xf32>
    %10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %12 = stablehlo.add %6, %11 : tensor<2x3xf32>
    %13 = stablehlo.multiply %9, %12 : tensor<2x3xf32>
    %14 = stablehlo.multiply %arg0, %arg0 : tensor<2x3xf32>
    %15 = stablehlo.multiply %14, %arg0 : tensor<2x3xf32>
    %16 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %18 = stablehlo.multiply %15, %17 : tensor<2x3xf32>
    %19 = stablehlo.add %arg0, %18 : tensor<2x3xf32>
    %20 = stablehlo.constant dense<7.978846e-01> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %22 = stablehlo.multiply %19, %21 : tensor<2x3xf32>
    %23 = stablehlo.tanh %22 : tensor<2x3xf32>
    %24 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %26 = stablehlo.multiply %arg0, %25 : tensor<2x3xf32>
    %27 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %29 = stablehlo.add %23, %28 : tensor<2x3xf32>
    %30 = stablehlo.multiply %26, %29 : tensor<2x3xf32>
    %31 = stablehlo.logistic %arg0 : tensor<2x3xf32>
    %32 = stablehlo.multiply %arg0, %31 : tensor<2x3xf32>
    %33 = stablehlo.logistic %arg0 : tensor<2x3xf32>
    %34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %36 = stablehlo.compare  GT, %arg0, %35,  FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
    %37 = stablehlo.exponential %arg0 : tensor<2x3xf32>
    %38 = stablehlo.negate %arg0 : tensor<2x3xf32>
    %39 = stablehlo.select %36, %37, %38 : tensor<2x3xi1>, tensor<2x3xf32>
    return %2, %13, %30, %32, %33, %39 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
  }
}
