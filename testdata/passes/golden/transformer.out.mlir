// zmlc opt -O2 transformer.mlir
// @forward: 15 fusion regions (loop 2, input 5, output 8), 15 other ops
// @forward: buffer plan peak 1792 bytes, unplanned sum 5696 bytes
module @Tiny {
  func.func @forward(%arg0: tensor<16x8xf32> {zml.dims = ["vocab", "d"], zml.param = "embed"}, %arg1: tensor<8xf32> {zml.dims = ["d"], zml.param = "layers.0.norm.weight"}, %arg2: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.0.attn.wq"}, %arg3: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.0.attn.wk"}, %arg4: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.0.attn.wv"}, %arg5: tensor<8xf32> {zml.dims = ["d"], zml.param = "layers.1.norm.weight"}, %arg6: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.1.attn.wq"}, %arg7: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.1.attn.wk"}, %arg8: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.1.attn.wv"}, %arg9: tensor<5xi32> {zml.dims = ["s"]}) -> (tensor<5xi32> {zml.dims = ["s"]}) attributes {zml.buffer_peak = 1792 : i64, zml.buffer_sum = 5696 : i64} {
    %0 = "stablehlo.gather"(%arg0, %arg9) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> {zml.buffer_offset = array<i64: 0>} : (tensor<16x8xf32>, tensor<5xi32>) -> tensor<5x8xf32>
    %1 = "zml.fusion"(%0, %arg1) ({
    ^bb0(%arg10: tensor<5x8xf32>, %arg11: tensor<8xf32>):
      %31 = stablehlo.multiply %arg10, %arg10 : tensor<5x8xf32>
      %32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %33 = stablehlo.reduce(%31 init: %32) applies stablehlo.add across dimensions = [1] : (tensor<5x8xf32>, tensor<f32>) -> tensor<5xf32>
      %34 = stablehlo.constant dense<8.000000e+00> : tensor<5xf32>
      %35 = stablehlo.divide %33, %34 : tensor<5xf32>
      %36 = stablehlo.constant dense<1.000000e-06> : tensor<5xf32>
      %37 = stablehlo.add %35, %36 : tensor<5xf32>
      %38 = stablehlo.rsqrt %37 : tensor<5xf32>
      %39 = stablehlo.broadcast_in_dim %38, dims = [0] : (tensor<5xf32>) -> tensor<5x8xf32>
      %40 = stablehlo.multiply %arg10, %39 : tensor<5x8xf32>
      %41 = stablehlo.broadcast_in_dim %arg11, dims = [1] : (tensor<8xf32>) -> tensor<5x8xf32>
      %42 = stablehlo.multiply %40, %41 : tensor<5x8xf32>
      stablehlo.return %42 : tensor<5x8xf32>
    }) {kind = "input", zml.buffer_offset = array<i64: 192>} : (tensor<5x8xf32>, tensor<8xf32>) -> tensor<5x8xf32>
    %2 = stablehlo.transpose %arg2, dims = [1, 0] {zml.buffer_offset = array<i64: 384>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %3 = "zml.fusion"() ({
      %31 = stablehlo.iota dim = 0 : tensor<5xf32>
      %32 = stablehlo.broadcast_in_dim %31, dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
      %33 = stablehlo.constant dense<[[1.000000e+00, 1.000000e-01, 1.000000e-02, 1.000000e-03], [1.000000e+00, 1.000000e-01, 1.000000e-02, 1.000000e-03], [1.000000e+00, 1.000000e-01, 1.000000e-02, 1.000000e-03], [1.000000e+00, 1.000000e-01, 1.000000e-02, 1.000000e-03], [1.000000e+00, 1.000000e-01, 1.000000e-02, 1.000000e-03]]> : tensor<5x4xf32>
      %34 = stablehlo.multiply %32, %33 : tensor<5x4xf32>
      stablehlo.return %34 : tensor<5x4xf32>
    }) {kind = "loop", zml.buffer_offset = array<i64: 640>} : () -> tensor<5x4xf32>
    %4 = stablehlo.cosine %3 {zml.buffer_offset = array<i64: 768>} : tensor<5x4xf32>
    %5 = stablehlo.sine %3 {zml.buffer_offset = array<i64: 640>} : tensor<5x4xf32>
    %6 = "zml.fusion"(%1, %2, %4, %5) ({
    ^bb0(%arg10: tensor<5x8xf32>, %arg11: tensor<8x8xf32>, %arg12: tensor<5x4xf32>, %arg13: tensor<5x4xf32>):
      %31 = stablehlo.dot_general %arg10, %arg11, contracting_dims = [1] x [0] : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
      %32 = stablehlo.slice %31 [0:5, 0:4] : (tensor<5x8xf32>) -> tensor<5x4xf32>
      %33 = stablehlo.slice %31 [0:5, 4:8] : (tensor<5x8xf32>) -> tensor<5x4xf32>
      %34 = stablehlo.multiply %32, %arg12 : tensor<5x4xf32>
      %35 = stablehlo.multiply %33, %arg13 : tensor<5x4xf32>
      %36 = stablehlo.subtract %34, %35 : tensor<5x4xf32>
      %37 = stablehlo.multiply %33, %arg12 : tensor<5x4xf32>
      %38 = stablehlo.multiply %32, %arg13 : tensor<5x4xf32>
      %39 = stablehlo.add %37, %38 : tensor<5x4xf32>
      %40 = stablehlo.concatenate %36, %39, dim = 1 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
      stablehlo.return %40 : tensor<5x8xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 896>} : (tensor<5x8xf32>, tensor<8x8xf32>, tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
    %7 = stablehlo.transpose %arg3, dims = [1, 0] {zml.buffer_offset = array<i64: 384>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %8 = stablehlo.transpose %arg4, dims = [1, 0] {zml.buffer_offset = array<i64: 1088>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %9 = stablehlo.dot_general %1, %8, contracting_dims = [1] x [0] {zml.buffer_offset = array<i64: 1344>} : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
    %10 = "zml.fusion"(%1, %7, %4, %5) ({
    ^bb0(%arg10: tensor<5x8xf32>, %arg11: tensor<8x8xf32>, %arg12: tensor<5x4xf32>, %arg13: tensor<5x4xf32>):
      %31 = stablehlo.dot_general %arg10, %arg11, contracting_dims = [1] x [0] : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
      %32 = stablehlo.slice %31 [0:5, 0:4] : (tensor<5x8xf32>) -> tensor<5x4xf32>
      %33 = stablehlo.slice %31 [0:5, 4:8] : (tensor<5x8xf32>) -> tensor<5x4xf32>
      %34 = stablehlo.multiply %32, %arg12 : tensor<5x4xf32>
      %35 = stablehlo.multiply %33, %arg13 : tensor<5x4xf32>
      %36 = stablehlo.subtract %34, %35 : tensor<5x4xf32>
      %37 = stablehlo.multiply %33, %arg12 : tensor<5x4xf32>
      %38 = stablehlo.multiply %32, %arg13 : tensor<5x4xf32>
      %39 = stablehlo.add %37, %38 : tensor<5x4xf32>
      %40 = stablehlo.concatenate %36, %39, dim = 1 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
      %41 = stablehlo.transpose %40, dims = [1, 0] : (tensor<5x8xf32>) -> tensor<8x5xf32>
      stablehlo.return %41 : tensor<8x5xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 1088>} : (tensor<5x8xf32>, tensor<8x8xf32>, tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<8x5xf32>
    %11 = "zml.fusion"() ({
      %31 = stablehlo.iota dim = 0 : tensor<5x5xi32>
      %32 = stablehlo.iota dim = 1 : tensor<5x5xi32>
      %33 = stablehlo.compare  GT, %32, %31,  SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
      stablehlo.return %33 : tensor<5x5xi1>
    }) {kind = "loop", zml.buffer_offset = array<i64: 192>} : () -> tensor<5x5xi1>
    %12 = "zml.fusion"(%6, %10, %11) ({
    ^bb0(%arg10: tensor<5x8xf32>, %arg11: tensor<8x5xf32>, %arg12: tensor<5x5xi1>):
      %31 = stablehlo.dot_general %arg10, %arg11, contracting_dims = [1] x [0] : (tensor<5x8xf32>, tensor<8x5xf32>) -> tensor<5x5xf32>
      %32 = stablehlo.constant dense<2.828427e+00> : tensor<5x5xf32>
      %33 = stablehlo.divide %31, %32 : tensor<5x5xf32>
      %34 = stablehlo.constant dense<0xFF800000> : tensor<5x5xf32>
      %35 = stablehlo.select %arg12, %34, %33 : tensor<5x5xi1>, tensor<5x5xf32>
      stablehlo.return %35 : tensor<5x5xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 256>} : (tensor<5x8xf32>, tensor<8x5xf32>, tensor<5x5xi1>) -> tensor<5x5xf32>
    %13 = stablehlo.constant {zml.buffer_offset = array<i64: 384>} dense<0xFF800000> : tensor<f32>
    %14 = stablehlo.reduce(%12 init: %13) applies stablehlo.maximum across dimensions = [1] {zml.buffer_offset = array<i64: 448>} : (tensor<5x5xf32>, tensor<f32>) -> tensor<5xf32>
    %15 = "zml.fusion"(%14, %12) ({
    ^bb0(%arg10: tensor<5xf32>, %arg11: tensor<5x5xf32>):
      %31 = stablehlo.broadcast_in_dim %arg10, dims = [0] : (tensor<5xf32>) -> tensor<5x5xf32>
      %32 = stablehlo.subtract %arg11, %31 : tensor<5x5xf32>
      %33 = stablehlo.exponential %32 : tensor<5x5xf32>
      %34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %35 = stablehlo.reduce(%33 init: %34) applies stablehlo.add across dimensions = [1] : (tensor<5x5xf32>, tensor<f32>) -> tensor<5xf32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [0] : (tensor<5xf32>) -> tensor<5x5xf32>
      %37 = stablehlo.divide %33, %36 : tensor<5x5xf32>
      stablehlo.return %37 : tensor<5x5xf32>
    }) {kind = "input", zml.buffer_offset = array<i64: 512>} : (tensor<5xf32>, tensor<5x5xf32>) -> tensor<5x5xf32>
    %16 = "zml.fusion"(%15, %9, %0) ({
    ^bb0(%arg10: tensor<5x5xf32>, %arg11: tensor<5x8xf32>, %arg12: tensor<5x8xf32>):
      %31 = stablehlo.dot_general %arg10, %arg11, contracting_dims = [1] x [0] : (tensor<5x5xf32>, tensor<5x8xf32>) -> tensor<5x8xf32>
      %32 = stablehlo.add %arg12, %31 : tensor<5x8xf32>
      stablehlo.return %32 : tensor<5x8xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 896>} : (tensor<5x5xf32>, tensor<5x8xf32>, tensor<5x8xf32>) -> tensor<5x8xf32>
    %17 = "zml.fusion"(%16, %arg5) ({
    ^bb0(%arg10: tensor<5x8xf32>, %arg11: tensor<8xf32>):
      %31 = stablehlo.multiply %arg10, %arg10 : tensor<5x8xf32>
      %32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %33 = stablehlo.reduce(%31 init: %32) applies stablehlo.add across dimensions = [1] : (tensor<5x8xf32>, tensor<f32>) -> tensor<5xf32>
      %34 = stablehlo.constant dense<8.000000e+00> : tensor<5xf32>
      %35 = stablehlo.divide %33, %34 : tensor<5xf32>
      %36 = stablehlo.constant dense<1.000000e-06> : tensor<5xf32>
      %37 = stablehlo.add %35, %36 : tensor<5xf32>
      %38 = stablehlo.rsqrt %37 : tensor<5xf32>
      %39 = stablehlo.broadcast_in_dim %38, dims = [0] : (tensor<5xf32>) -> tensor<5x8xf32>
      %40 = stablehlo.multiply %arg10, %39 : tensor<5x8xf32>
      %41 = stablehlo.broadcast_in_dim %arg11, dims = [1] : (tensor<8xf32>) -> tensor<5x8xf32>
      %42 = stablehlo.multiply %40, %41 : tensor<5x8xf32>
      stablehlo.return %42 : tensor<5x8xf32>
    }) {kind = "input", zml.buffer_offset = array<i64: 0>} : (tensor<5x8xf32>, tensor<8xf32>) -> tensor<5x8xf32>
    %18 = stablehlo.transpose %arg6, dims = [1, 0] {zml.buffer_offset = array<i64: 1088>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %19 = "zml.fusion"(%17, %18, %4, %5) ({
    ^bb0(%arg10: tensor<5x8xf32>, %arg11: tensor<8x8xf32>, %arg12: tensor<5x4xf32>, %arg13: tensor<5x4xf32>):
      %31 = stablehlo.dot_general %arg10, %arg11, contracting_dims = [1] x [0] : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
      %32 = stablehlo.slice %31 [0:5, 0:4] : (tensor<5x8xf32>) -> tensor<5x4xf32>
      %33 = stablehlo.slice %31 [0:5, 4:8] : (tensor<5x8xf32>) -> tensor<5x4xf32>
      %34 = stablehlo.multiply %32, %arg12 : tensor<5x4xf32>
      %35 = stablehlo.multiply %33, %arg13 : tensor<5x4xf32>
      %36 = stablehlo.subtract %34, %35 : tensor<5x4xf32>
      %37 = stablehlo.multiply %33, %arg12 : tensor<5x4xf32>
      %38 = stablehlo.multiply %32, %arg13 : tensor<5x4xf32>
      %39 = stablehlo.add %37, %38 : tensor<5x4xf32>
      %40 = stablehlo.concatenate %36, %39, dim = 1 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
      stablehlo.return %40 : tensor<5x8xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 448>} : (tensor<5x8xf32>, tensor<8x8xf32>, tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
    %20 = stablehlo.transpose %arg7, dims = [1, 0] {zml.buffer_offset = array<i64: 1088>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %21 = stablehlo.transpose %arg8, dims = [1, 0] {zml.buffer_offset = array<i64: 1344>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %22 = stablehlo.dot_general %17, %21, contracting_dims = [1] x [0] {zml.buffer_offset = array<i64: 1600>} : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
    %23 = "zml.fusion"(%17, %20, %4, %5) ({
    ^bb0(%arg10: tensor<5x8xf32>, %arg11: tensor<8x8xf32>, %arg12: tensor<5x4xf32>, %arg13: tensor<5x4xf32>):
      %31 = stablehlo.dot_general %arg10, %arg11, contracting_dims = [1] x [0] : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
      %32 = stablehlo.slice %31 [0:5, 0:4] : (tensor<5x8xf32>) -> tensor<5x4xf32>
      %33 = stablehlo.slice %31 [0:5, 4:8] : (tensor<5x8xf32>) -> tensor<5x4xf32>
      %34 = stablehlo.multiply %32, %arg12 : tensor<5x4xf32>
      %35 = stablehlo.multiply %33, %arg13 : tensor<5x4xf32>
      %36 = stablehlo.subtract %34, %35 : tensor<5x4xf32>
      %37 = stablehlo.multiply %33, %arg12 : tensor<5x4xf32>
      %38 = stablehlo.multiply %32, %arg13 : tensor<5x4xf32>
      %39 = stablehlo.add %37, %38 : tensor<5x4xf32>
      %40 = stablehlo.concatenate %36, %39, dim = 1 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
      %41 = stablehlo.transpose %40, dims = [1, 0] : (tensor<5x8xf32>) -> tensor<8x5xf32>
      stablehlo.return %41 : tensor<8x5xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 1344>} : (tensor<5x8xf32>, tensor<8x8xf32>, tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<8x5xf32>
    %24 = "zml.fusion"(%19, %23, %11) ({
    ^bb0(%arg10: tensor<5x8xf32>, %arg11: tensor<8x5xf32>, %arg12: tensor<5x5xi1>):
      %31 = stablehlo.dot_general %arg10, %arg11, contracting_dims = [1] x [0] : (tensor<5x8xf32>, tensor<8x5xf32>) -> tensor<5x5xf32>
      %32 = stablehlo.constant dense<2.828427e+00> : tensor<5x5xf32>
      %33 = stablehlo.divide %31, %32 : tensor<5x5xf32>
      %34 = stablehlo.constant dense<0xFF800000> : tensor<5x5xf32>
      %35 = stablehlo.select %arg12, %34, %33 : tensor<5x5xi1>, tensor<5x5xf32>
      stablehlo.return %35 : tensor<5x5xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 0>} : (tensor<5x8xf32>, tensor<8x5xf32>, tensor<5x5xi1>) -> tensor<5x5xf32>
    %25 = stablehlo.reduce(%24 init: %13) applies stablehlo.maximum across dimensions = [1] {zml.buffer_offset = array<i64: 128>} : (tensor<5x5xf32>, tensor<f32>) -> tensor<5xf32>
    %26 = "zml.fusion"(%25, %24) ({
    ^bb0(%arg10: tensor<5xf32>, %arg11: tensor<5x5xf32>):
      %31 = stablehlo.broadcast_in_dim %arg10, dims = [0] : (tensor<5xf32>) -> tensor<5x5xf32>
      %32 = stablehlo.subtract %arg11, %31 : tensor<5x5xf32>
      %33 = stablehlo.exponential %32 : tensor<5x5xf32>
      %34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %35 = stablehlo.reduce(%33 init: %34) applies stablehlo.add across dimensions = [1] : (tensor<5x5xf32>, tensor<f32>) -> tensor<5xf32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [0] : (tensor<5xf32>) -> tensor<5x5xf32>
      %37 = stablehlo.divide %33, %36 : tensor<5x5xf32>
      stablehlo.return %37 : tensor<5x5xf32>
    }) {kind = "input", zml.buffer_offset = array<i64: 192>} : (tensor<5xf32>, tensor<5x5xf32>) -> tensor<5x5xf32>
    %27 = "zml.fusion"(%26, %22, %16) ({
    ^bb0(%arg10: tensor<5x5xf32>, %arg11: tensor<5x8xf32>, %arg12: tensor<5x8xf32>):
      %31 = stablehlo.dot_general %arg10, %arg11, contracting_dims = [1] x [0] : (tensor<5x5xf32>, tensor<5x8xf32>) -> tensor<5x8xf32>
      %32 = stablehlo.add %arg12, %31 : tensor<5x8xf32>
      stablehlo.return %32 : tensor<5x8xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 0>} : (tensor<5x5xf32>, tensor<5x8xf32>, tensor<5x8xf32>) -> tensor<5x8xf32>
    %28 = stablehlo.transpose %arg0, dims = [1, 0] {zml.buffer_offset = array<i64: 192>} : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %29 = stablehlo.dot_general %27, %28, contracting_dims = [1] x [0] {zml.buffer_offset = array<i64: 704>} : (tensor<5x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
    %30 = "zml.fusion"(%29) ({
    ^bb0(%arg10: tensor<5x16xf32>):
      %31 = stablehlo.iota dim = 1 : tensor<5x16xi32>
      %32 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %33 = stablehlo.constant dense<0> : tensor<i32>
      %34:2 = stablehlo.reduce(%arg10 init: %32), (%31 init: %33) across dimensions = [1] : (tensor<5x16xf32>, tensor<5x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
       reducer(%arg11: tensor<f32>, %arg13: tensor<f32>) (%arg12: tensor<i32>, %arg14: tensor<i32>)  {
        %35 = stablehlo.compare  GT, %arg11, %arg13,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %36 = stablehlo.compare  EQ, %arg11, %arg13,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %37 = stablehlo.compare  LT, %arg12, %arg14,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %38 = stablehlo.and %36, %37 : tensor<i1>
        %39 = stablehlo.or %35, %38 : tensor<i1>
        %40 = stablehlo.select %39, %arg11, %arg13 : tensor<i1>, tensor<f32>
        %41 = stablehlo.select %39, %arg12, %arg14 : tensor<i1>, tensor<i32>
        stablehlo.return %40, %41 : tensor<f32>, tensor<i32>
      }
      stablehlo.return %34#1 : tensor<5xi32>
    }) {kind = "input", zml.buffer_offset = array<i64: 0>} : (tensor<5x16xf32>) -> tensor<5xi32>
    return %30 : tensor<5xi32>
  }
}
