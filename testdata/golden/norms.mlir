module @Norms {
  func.func @forward(%arg0: tensor<4xf32> {zml.dims = ["d"], zml.param = "ln.weight"}, %arg1: tensor<4xf32> {zml.dims = ["d"], zml.param = "ln.bias"}, %arg2: tensor<4xf32> {zml.dims = ["d"], zml.param = "rms.weight"}, %arg3: tensor<3x4xf32> {zml.dims = ["s", "d"]}) -> (tensor<3x4xf32> {zml.dims = ["s", "d"]}, tensor<3x4xf32> {zml.dims = ["s", "d"]}, tensor<3x4xf32> {zml.dims = ["s", "d"]}, tensor<3x4xf32> {zml.dims = ["s", "d"]}, tensor<3xf32> {zml.dims = ["s"]}, tensor<f32> {zml.dims = []}, tensor<3xi32> {zml.dims = ["s"]}) {
    %0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%arg3 init: %0) applies stablehlo.add across dimensions = [1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
    %2 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %4 = stablehlo.divide %1, %3 : tensor<3xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<3xf32>) -> tensor<3x4xf32>
    %6 = stablehlo.subtract %arg3, %5 : tensor<3x4xf32>
    %7 = stablehlo.multiply %6, %6 : tensor<3x4xf32>
    %8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%7 init: %8) applies stablehlo.add across dimensions = [1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
    %10 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %12 = stablehlo.divide %9, %11 : tensor<3xf32>
    %13 = stablehlo.constant dense<1.000000e-05> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %15 = stablehlo.add %12, %14 : tensor<3xf32>
    %16 = stablehlo.rsqrt %15 : tensor<3xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0] : (tensor<3xf32>) -> tensor<3x4xf32>
    %18 = stablehlo.multiply %6, %17 : tensor<3x4xf32>
    %19 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
    %20 = stablehlo.multiply %18, %19 : tensor<3x4xf32>
    %21 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
    %22 = stablehlo.add %20, %21 : tensor<3x4xf32>
    %23 = stablehlo.multiply %arg3, %arg3 : tensor<3x4xf32>
    %24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.reduce(%23 init: %24) applies stablehlo.add across dimensions = [1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
    %26 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %28 = stablehlo.divide %25, %27 : tensor<3xf32>
    %29 = stablehlo.constant dense<1.000000e-06> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %31 = stablehlo.add %28, %30 : tensor<3xf32>
    %32 = stablehlo.rsqrt %31 : tensor<3xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0] : (tensor<3xf32>) -> tensor<3x4xf32>
    %34 = stablehlo.multiply %arg3, %33 : tensor<3x4xf32>
    %35 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
    %36 = stablehlo.multiply %34, %35 : tensor<3x4xf32>
    %37 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %38 = stablehlo.reduce(%arg3 init: %37) applies stablehlo.maximum across dimensions = [1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [0] : (tensor<3xf32>) -> tensor<3x4xf32>
    %40 = stablehlo.subtract %arg3, %39 : tensor<3x4xf32>
    %41 = stablehlo.exponential %40 : tensor<3x4xf32>
    %42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %43 = stablehlo.reduce(%41 init: %42) applies stablehlo.add across dimensions = [1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
    %44 = stablehlo.broadcast_in_dim %43, dims = [0] : (tensor<3xf32>) -> tensor<3x4xf32>
    %45 = stablehlo.divide %41, %44 : tensor<3x4xf32>
    %46 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %47 = stablehlo.reduce(%arg3 init: %46) applies stablehlo.maximum across dimensions = [1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [0] : (tensor<3xf32>) -> tensor<3x4xf32>
    %49 = stablehlo.subtract %arg3, %48 : tensor<3x4xf32>
    %50 = stablehlo.exponential %49 : tensor<3x4xf32>
    %51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %52 = stablehlo.reduce(%50 init: %51) applies stablehlo.add across dimensions = [1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0] : (tensor<3xf32>) -> tensor<3x4xf32>
    %54 = stablehlo.log %53 : tensor<3x4xf32>
    %55 = stablehlo.subtract %49, %54 : tensor<3x4xf32>
    %56 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %57 = stablehlo.reduce(%arg3 init: %56) applies stablehlo.add across dimensions = [1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
    %58 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %58, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %60 = stablehlo.divide %57, %59 : tensor<3xf32>
    %61 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %62 = stablehlo.reduce(%arg3 init: %61) applies stablehlo.add across dimensions = [0, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<f32>
    %63 = stablehlo.iota dim = 1 : tensor<3x4xi32>
    %64 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %65 = stablehlo.constant dense<0> : tensor<i32>
    %66:2 = stablehlo.reduce(%arg3 init: %64), (%63 init: %65) across dimensions = [1] : (tensor<3x4xf32>, tensor<3x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
     reducer(%arg4: tensor<f32>, %arg6: tensor<f32>) (%arg5: tensor<i32>, %arg7: tensor<i32>)  {
      %67 = stablehlo.compare  GT, %arg4, %arg6,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %68 = stablehlo.compare  EQ, %arg4, %arg6,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %69 = stablehlo.compare  LT, %arg5, %arg7,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %70 = stablehlo.and %68, %69 : tensor<i1>
      %71 = stablehlo.or %67, %70 : tensor<i1>
      %72 = stablehlo.select %71, %arg4, %arg6 : tensor<i1>, tensor<f32>
      %73 = stablehlo.select %71, %arg5, %arg7 : tensor<i1>, tensor<i32>
      stablehlo.return %72, %73 : tensor<f32>, tensor<i32>
    }
    return %22, %36, %45, %55, %60, %62, %66#1 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3xf32>, tensor<f32>, tensor<3xi32>
  }
}
