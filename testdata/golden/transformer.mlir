module @Tiny {
  func.func @forward(%arg0: tensor<16x8xf32> {zml.dims = ["vocab", "d"], zml.param = "embed"}, %arg1: tensor<8xf32> {zml.dims = ["d"], zml.param = "layers.0.norm.weight"}, %arg2: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.0.attn.wq"}, %arg3: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.0.attn.wk"}, %arg4: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.0.attn.wv"}, %arg5: tensor<8xf32> {zml.dims = ["d"], zml.param = "layers.1.norm.weight"}, %arg6: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.1.attn.wq"}, %arg7: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.1.attn.wk"}, %arg8: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.1.attn.wv"}, %arg9: tensor<5xi32> {zml.dims = ["s"]}) -> (tensor<5xi32> {zml.dims = ["s"]}) {
    %0 = "stablehlo.gather"(%arg0, %arg9) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> : (tensor<16x8xf32>, tensor<5xi32>) -> tensor<5x8xf32>
    %1 = stablehlo.multiply %0, %0 : tensor<5x8xf32>
    %2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%1 init: %2) applies stablehlo.add across dimensions = [1] : (tensor<5x8xf32>, tensor<f32>) -> tensor<5xf32>
    %4 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %6 = stablehlo.divide %3, %5 : tensor<5xf32>
    %7 = stablehlo.constant dense<1.000000e-06> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %9 = stablehlo.add %6, %8 : tensor<5xf32>
    %10 = stablehlo.rsqrt %9 : tensor<5xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<5xf32>) -> tensor<5x8xf32>
    %12 = stablehlo.multiply %0, %11 : tensor<5x8xf32>
    %13 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<5x8xf32>
    %14 = stablehlo.multiply %12, %13 : tensor<5x8xf32>
    %15 = stablehlo.dot_general %14, %arg2, contracting_dims = [1] x [1] : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
    %16 = stablehlo.iota dim = 0 : tensor<5xf32>
    %17 = stablehlo.constant dense<[1.000000e+00, 1.000000e-01, 1.000000e-02, 1.000000e-03]> : tensor<4xf32>
    %18 = stablehlo.broadcast_in_dim %16, dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
    %19 = stablehlo.broadcast_in_dim %17, dims = [1] : (tensor<4xf32>) -> tensor<5x4xf32>
    %20 = stablehlo.multiply %18, %19 : tensor<5x4xf32>
    %21 = stablehlo.cosine %20 : tensor<5x4xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<5x4xf32>) -> tensor<5x4xf32>
    %23 = stablehlo.sine %20 : tensor<5x4xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1] : (tensor<5x4xf32>) -> tensor<5x4xf32>
    %25 = stablehlo.slice %15 [0:5, 0:4] : (tensor<5x8xf32>) -> tensor<5x4xf32>
    %26 = stablehlo.slice %15 [0:5, 4:8] : (tensor<5x8xf32>) -> tensor<5x4xf32>
    %27 = stablehlo.multiply %25, %22 : tensor<5x4xf32>
    %28 = stablehlo.multiply %26, %24 : tensor<5x4xf32>
    %29 = stablehlo.subtract %27, %28 : tensor<5x4xf32>
    %30 = stablehlo.multiply %26, %22 : tensor<5x4xf32>
    %31 = stablehlo.multiply %25, %24 : tensor<5x4xf32>
    %32 = stablehlo.add %30, %31 : tensor<5x4xf32>
    %33 = stablehlo.concatenate %29, %32, dim = 1 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
    %34 = stablehlo.dot_general %14, %arg3, contracting_dims = [1] x [1] : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
    %35 = stablehlo.iota dim = 0 : tensor<5xf32>
    %36 = stablehlo.constant dense<[1.000000e+00, 1.000000e-01, 1.000000e-02, 1.000000e-03]> : tensor<4xf32>
    %37 = stablehlo.broadcast_in_dim %35, dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
    %38 = stablehlo.broadcast_in_dim %36, dims = [1] : (tensor<4xf32>) -> tensor<5x4xf32>
    %39 = stablehlo.multiply %37, %38 : tensor<5x4xf32>
    %40 = stablehlo.cosine %39 : tensor<5x4xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1] : (tensor<5x4xf32>) -> tensor<5x4xf32>
    %42 = stablehlo.sine %39 : tensor<5x4xf32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0, 1] : (tensor<5x4xf32>) -> tensor<5x4xf32>
    %44 = stablehlo.slice %34 [0:5, 0:4] : (tensor<5x8xf32>) -> tensor<5x4xf32>
    %45 = stablehlo.slice %34 [0:5, 4:8] : (tensor<5x8xf32>) -> tensor<5x4xf32>
    %46 = stablehlo.multiply %44, %41 : tensor<5x4xf32>
    %47 = stablehlo.multiply %45, %43 : tensor<5x4xf32>
    %48 = stablehlo.subtract %46, %47 : tensor<5x4xf32>
    %49 = stablehlo.multiply %45, %41 : tensor<5x4xf32>
    %50 = stablehlo.multiply %44, %43 : tensor<5x4xf32>
    %51 = stablehlo.add %49, %50 : tensor<5x4xf32>
    %52 = stablehlo.concatenate %48, %51, dim = 1 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
    %53 = stablehlo.dot_general %14, %arg4, contracting_dims = [1] x [1] : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
    %54 = stablehlo.dot_general %33, %52, contracting_dims = [1] x [1] : (tensor<5x8xf32>, tensor<5x8xf32>) -> tensor<5x5xf32>
    %55 = stablehlo.constant dense<2.828427e+00> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %57 = stablehlo.divide %54, %56 : tensor<5x5xf32>
    %58 = stablehlo.iota dim = 0 : tensor<5x5xi32>
    %59 = stablehlo.iota dim = 1 : tensor<5x5xi32>
    %60 = stablehlo.compare  GT, %59, %58,  SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
    %61 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %61, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %63 = stablehlo.select %60, %62, %57 : tensor<5x5xi1>, tensor<5x5xf32>
    %64 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %65 = stablehlo.reduce(%63 init: %64) applies stablehlo.maximum across dimensions = [1] : (tensor<5x5xf32>, tensor<f32>) -> tensor<5xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0] : (tensor<5xf32>) -> tensor<5x5xf32>
    %67 = stablehlo.subtract %63, %66 : tensor<5x5xf32>
    %68 = stablehlo.exponential %67 : tensor<5x5xf32>
    %69 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %70 = stablehlo.reduce(%68 init: %69) applies stablehlo.add across dimensions = [1] : (tensor<5x5xf32>, tensor<f32>) -> tensor<5xf32>
    %71 = stablehlo.broadcast_in_dim %70, dims = [0] : (tensor<5xf32>) -> tensor<5x5xf32>
    %72 = stablehlo.divide %68, %71 : tensor<5x5xf32>
    %73 = stablehlo.dot_general %72, %53, contracting_dims = [1] x [0] : (tensor<5x5xf32>, tensor<5x8xf32>) -> tensor<5x8xf32>
    %74 = stablehlo.add %0, %73 : tensor<5x8xf32>
    %75 = stablehlo.multiply %74, %74 : tensor<5x8xf32>
    %76 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %77 = stablehlo.reduce(%75 init: %76) applies stablehlo.add across dimensions = [1] : (tensor<5x8xf32>, tensor<f32>) -> tensor<5xf32>
    %78 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %78, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %80 = stablehlo.divide %77, %79 : tensor<5xf32>
    %81 = stablehlo.constant dense<1.000000e-06> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %81, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %83 = stablehlo.add %80, %82 : tensor<5xf32>
    %84 = stablehlo.rsqrt %83 : tensor<5xf32>
    %85 = stablehlo.broadcast_in_dim %84, dims = [0] : (tensor<5xf32>) -> tensor<5x8xf32>
    %86 = stablehlo.multiply %74, %85 : tensor<5x8xf32>
    %87 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<8xf32>) -> tensor<5x8xf32>
    %88 = stablehlo.multiply %86, %87 : tensor<5x8xf32>
    %89 = stablehlo.dot_general %88, %arg6, contracting_dims = [1] x [1] : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
    %90 = stablehlo.iota dim = 0 : tensor<5xf32>
    %91 = stablehlo.constant dense<[1.000000e+00, 1.000000e-01, 1.000000e-02, 1.000000e-03]> : tensor<4xf32>
    %92 = stablehlo.broadcast_in_dim %90, dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
    %93 = stablehlo.broadcast_in_dim %91, dims = [1] : (tensor<4xf32>) -> tensor<5x4xf32>
    %94 = stablehlo.multiply %92, %93 : tensor<5x4xf32>
    %95 = stablehlo.cosine %94 : tensor<5x4xf32>
    %96 = stablehlo.broadcast_in_dim %95, dims = [0, 1] : (tensor<5x4xf32>) -> tensor<5x4xf32>
    %97 = stablehlo.sine %94 : tensor<5x4xf32>
    %98 = stablehlo.broadcast_in_dim %97, dims = [0, 1] : (tensor<5x4xf32>) -> tensor<5x4xf32>
    %99 = stablehlo.slice %89 [0:5, 0:4] : (tensor<5x8xf32>) -> tensor<5x4xf32>
    %100 = stablehlo.slice %89 [0:5, 4:8] : (tensor<5x8xf32>) -> tensor<5x4xf32>
    %101 = stablehlo.multiply %99, %96 : tensor<5x4xf32>
    %102 = stablehlo.multiply %100, %98 : tensor<5x4xf32>
    %103 = stablehlo.subtract %101, %102 : tensor<5x4xf32>
    %104 = stablehlo.multiply %100, %96 : tensor<5x4xf32>
    %105 = stablehlo.multiply %99, %98 : tensor<5x4xf32>
    %106 = stablehlo.add %104, %105 : tensor<5x4xf32>
    %107 = stablehlo.concatenate %103, %106, dim = 1 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
    %108 = stablehlo.dot_general %88, %arg7, contracting_dims = [1] x [1] : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
    %109 = stablehlo.iota dim = 0 : tensor<5xf32>
    %110 = stablehlo.constant dense<[1.000000e+00, 1.000000e-01, 1.000000e-02, 1.000000e-03]> : tensor<4xf32>
    %111 = stablehlo.broadcast_in_dim %109, dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
    %112 = stablehlo.broadcast_in_dim %110, dims = [1] : (tensor<4xf32>) -> tensor<5x4xf32>
    %113 = stablehlo.multiply %111, %112 : tensor<5x4xf32>
    %114 = stablehlo.cosine %113 : tensor<5x4xf32>
    %115 = stablehlo.broadcast_in_dim %114, dims = [0, 1] : (tensor<5x4xf32>) -> tensor<5x4xf32>
    %116 = stablehlo.sine %113 : tensor<5x4xf32>
    %117 = stablehlo.broadcast_in_dim %116, dims = [0, 1] : (tensor<5x4xf32>) -> tensor<5x4xf32>
    %118 = stablehlo.slice %108 [0:5, 0:4] : (tensor<5x8xf32>) -> tensor<5x4xf32>
    %119 = stablehlo.slice %108 [0:5, 4:8] : (tensor<5x8xf32>) -> tensor<5x4xf32>
    %120 = stablehlo.multiply %118, %115 : tensor<5x4xf32>
    %121 = stablehlo.multiply %119, %117 : tensor<5x4xf32>
    %122 = stablehlo.subtract %120, %121 : tensor<5x4xf32>
    %123 = stablehlo.multiply %119, %115 : tensor<5x4xf32>
    %124 = stablehlo.multiply %118, %117 : tensor<5x4xf32>
    %125 = stablehlo.add %123, %124 : tensor<5x4xf32>
    %126 = stablehlo.concatenate %122, %125, dim = 1 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
    %127 = stablehlo.dot_general %88, %arg8, contracting_dims = [1] x [1] : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
    %128 = stablehlo.dot_general %107, %126, contracting_dims = [1] x [1] : (tensor<5x8xf32>, tensor<5x8xf32>) -> tensor<5x5xf32>
    %129 = stablehlo.constant dense<2.828427e+00> : tensor<f32>
    %130 = stablehlo.broadcast_in_dim %129, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %131 = stablehlo.divide %128, %130 : tensor<5x5xf32>
    %132 = stablehlo.iota dim = 0 : tensor<5x5xi32>
    %133 = stablehlo.iota dim = 1 : tensor<5x5xi32>
    %134 = stablehlo.compare  GT, %133, %132,  SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
    %135 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %136 = stablehlo.broadcast_in_dim %135, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %137 = stablehlo.select %134, %136, %131 : tensor<5x5xi1>, tensor<5x5xf32>
    %138 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %139 = stablehlo.reduce(%137 init: %138) applies stablehlo.maximum across dimensions = [1] : (tensor<5x5xf32>, tensor<f32>) -> tensor<5xf32>
    %140 = stablehlo.broadcast_in_dim %139, dims = [0] : (tensor<5xf32>) -> tensor<5x5xf32>
    %141 = stablehlo.subtract %137, %140 : tensor<5x5xf32>
    %142 = stablehlo.exponential %141 : tensor<5x5xf32>
    %143 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %144 = stablehlo.reduce(%142 init: %143) applies stablehlo.add across dimensions = [1] : (tensor<5x5xf32>, tensor<f32>) -> tensor<5xf32>
    %145 = stablehlo.broadcast_in_dim %144, dims = [0] : (tensor<5xf32>) -> tensor<5x5xf32>
    %146 = stablehlo.divide %142, %145 : tensor<5x5xf32>
    %147 = stablehlo.dot_general %146, %127, contracting_dims = [1] x [0] : (tensor<5x5xf32>, tensor<5x8xf32>) -> tensor<5x8xf32>
    %148 = stablehlo.add %74, %147 : tensor<5x8xf32>
    %149 = stablehlo.dot_general %148, %arg0, contracting_dims = [1] x [1] : (tensor<5x8xf32>, tensor<16x8xf32>) -> tensor<5x16xf32>
    %150 = stablehlo.iota dim = 1 : tensor<5x16xi32>
    %151 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %152 = stablehlo.constant dense<0> : tensor<i32>
    %153:2 = stablehlo.reduce(%149 init: %151), (%150 init: %152) across dimensions = [1] : (tensor<5x16xf32>, tensor<5x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
     reducer(%arg10: tensor<f32>, %arg12: tensor<f32>) (%arg11: tensor<i32>, %arg13: tensor<i32>)  {
      %154 = stablehlo.compare  GT, %arg10, %arg12,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %155 = stablehlo.compare  EQ, %arg10, %arg12,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %156 = stablehlo.compare  LT, %arg11, %arg13,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %157 = stablehlo.and %155, %156 : tensor<i1>
      %158 = stablehlo.or %154, %157 : tensor<i1>
      %159 = stablehlo.select %158, %arg10, %arg12 : tensor<i1>, tensor<f32>
      %160 = stablehlo.select %158, %arg11, %arg13 : tensor<i1>, tensor<i32>
      stablehlo.return %159, %160 : tensor<f32>, tensor<i32>
    }
    return %153#1 : tensor<5xi32>
  }
}
