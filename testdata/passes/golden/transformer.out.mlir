// zmlc opt -O2 transformer.mlir
// @forward: 15 fusion regions (loop 2, input 5, output 8), 8 other ops
// @forward: buffer plan peak 1536 bytes, unplanned sum 3648 bytes
module @Tiny {
  func.func @forward(%arg0: tensor<16x8xf32> {zml.dims = ["vocab", "d"], zml.param = "embed"}, %arg1: tensor<8xf32> {zml.dims = ["d"], zml.param = "layers.0.norm.weight"}, %arg2: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.0.attn.wq"}, %arg3: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.0.attn.wk"}, %arg4: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.0.attn.wv"}, %arg5: tensor<8xf32> {zml.dims = ["d"], zml.param = "layers.1.norm.weight"}, %arg6: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.1.attn.wq"}, %arg7: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.1.attn.wk"}, %arg8: tensor<8x8xf32> {zml.dims = ["m", "d"], zml.param = "layers.1.attn.wv"}, %arg9: tensor<5xi32> {zml.dims = ["s"]}) -> (tensor<5xi32> {zml.dims = ["s"]}) attributes {zml.buffer_peak = 1536 : i64, zml.buffer_sum = 3648 : i64} {
    %0 = "stablehlo.gather"(%arg0, %arg9) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 8>}> {zml.buffer_offset = array<i64: 0>} : (tensor<16x8xf32>, tensor<5xi32>) -> tensor<5x8xf32>
    %1 = "zml.fusion"(%0, %arg1) ({
    ^bb0(%arg10: tensor<5x8xf32>, %arg11: tensor<8xf32>):
      %24 = stablehlo.multiply %arg10, %arg10 : tensor<5x8xf32>
      %25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %26 = stablehlo.reduce(%24 init: %25) applies stablehlo.add across dimensions = [1] : (tensor<5x8xf32>, tensor<f32>) -> tensor<5xf32>
      %27 = stablehlo.constant dense<8.000000e+00> : tensor<5xf32>
      %28 = stablehlo.divide %26, %27 : tensor<5xf32>
      %29 = stablehlo.constant dense<1.000000e-06> : tensor<5xf32>
      %30 = stablehlo.add %28, %29 : tensor<5xf32>
      %31 = stablehlo.rsqrt %30 : tensor<5xf32>
      %32 = stablehlo.broadcast_in_dim %31, dims = [0] : (tensor<5xf32>) -> tensor<5x8xf32>
      %33 = stablehlo.multiply %arg10, %32 : tensor<5x8xf32>
      %34 = stablehlo.broadcast_in_dim %arg11, dims = [1] : (tensor<8xf32>) -> tensor<5x8xf32>
      %35 = stablehlo.multiply %33, %34 : tensor<5x8xf32>
      stablehlo.return %35 : tensor<5x8xf32>
    }) {kind = "input", zml.buffer_offset = array<i64: 192>} : (tensor<5x8xf32>, tensor<8xf32>) -> tensor<5x8xf32>
    %2 = "zml.fusion"() ({
      %24 = stablehlo.iota dim = 0 : tensor<5xf32>
      %25 = stablehlo.broadcast_in_dim %24, dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
      %26 = stablehlo.constant dense<[[1.000000e+00, 1.000000e-01, 1.000000e-02, 1.000000e-03], [1.000000e+00, 1.000000e-01, 1.000000e-02, 1.000000e-03], [1.000000e+00, 1.000000e-01, 1.000000e-02, 1.000000e-03], [1.000000e+00, 1.000000e-01, 1.000000e-02, 1.000000e-03], [1.000000e+00, 1.000000e-01, 1.000000e-02, 1.000000e-03]]> : tensor<5x4xf32>
      %27 = stablehlo.multiply %25, %26 : tensor<5x4xf32>
      stablehlo.return %27 : tensor<5x4xf32>
    }) {kind = "loop", zml.buffer_offset = array<i64: 384>} : () -> tensor<5x4xf32>
    %3 = stablehlo.cosine %2 {zml.buffer_offset = array<i64: 512>} : tensor<5x4xf32>
    %4 = stablehlo.sine %2 {zml.buffer_offset = array<i64: 384>} : tensor<5x4xf32>
    %5 = "zml.fusion"(%1, %arg2, %3, %4) ({
    ^bb0(%arg10: tensor<5x8xf32>, %arg11: tensor<8x8xf32>, %arg12: tensor<5x4xf32>, %arg13: tensor<5x4xf32>):
      %24 = stablehlo.dot_general %arg10, %arg11, contracting_dims = [1] x [1] : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
      %25 = stablehlo.slice %24 [0:5, 0:4] : (tensor<5x8xf32>) -> tensor<5x4xf32>
      %26 = stablehlo.slice %24 [0:5, 4:8] : (tensor<5x8xf32>) -> tensor<5x4xf32>
      %27 = stablehlo.multiply %25, %arg12 : tensor<5x4xf32>
      %28 = stablehlo.multiply %26, %arg13 : tensor<5x4xf32>
      %29 = stablehlo.subtract %27, %28 : tensor<5x4xf32>
      %30 = stablehlo.multiply %26, %arg12 : tensor<5x4xf32>
      %31 = stablehlo.multiply %25, %arg13 : tensor<5x4xf32>
      %32 = stablehlo.add %30, %31 : tensor<5x4xf32>
      %33 = stablehlo.concatenate %29, %32, dim = 1 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
      stablehlo.return %33 : tensor<5x8xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 640>} : (tensor<5x8xf32>, tensor<8x8xf32>, tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
    %6 = stablehlo.dot_general %1, %arg4, contracting_dims = [1] x [1] {zml.buffer_offset = array<i64: 832>} : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
    %7 = "zml.fusion"(%1, %arg3, %3, %4) ({
    ^bb0(%arg10: tensor<5x8xf32>, %arg11: tensor<8x8xf32>, %arg12: tensor<5x4xf32>, %arg13: tensor<5x4xf32>):
      %24 = stablehlo.dot_general %arg10, %arg11, contracting_dims = [1] x [1] : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
      %25 = stablehlo.slice %24 [0:5, 0:4] : (tensor<5x8xf32>) -> tensor<5x4xf32>
      %26 = stablehlo.slice %24 [0:5, 4:8] : (tensor<5x8xf32>) -> tensor<5x4xf32>
      %27 = stablehlo.multiply %25, %arg12 : tensor<5x4xf32>
      %28 = stablehlo.multiply %26, %arg13 : tensor<5x4xf32>
      %29 = stablehlo.subtract %27, %28 : tensor<5x4xf32>
      %30 = stablehlo.multiply %26, %arg12 : tensor<5x4xf32>
      %31 = stablehlo.multiply %25, %arg13 : tensor<5x4xf32>
      %32 = stablehlo.add %30, %31 : tensor<5x4xf32>
      %33 = stablehlo.concatenate %29, %32, dim = 1 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
      %34 = stablehlo.transpose %33, dims = [1, 0] : (tensor<5x8xf32>) -> tensor<8x5xf32>
      stablehlo.return %34 : tensor<8x5xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 1024>} : (tensor<5x8xf32>, tensor<8x8xf32>, tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<8x5xf32>
    %8 = "zml.fusion"() ({
      %24 = stablehlo.iota dim = 0 : tensor<5x5xi32>
      %25 = stablehlo.iota dim = 1 : tensor<5x5xi32>
      %26 = stablehlo.compare  GT, %25, %24,  SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
      stablehlo.return %26 : tensor<5x5xi1>
    }) {kind = "loop", zml.buffer_offset = array<i64: 192>} : () -> tensor<5x5xi1>
    %9 = "zml.fusion"(%5, %7, %8) ({
    ^bb0(%arg10: tensor<5x8xf32>, %arg11: tensor<8x5xf32>, %arg12: tensor<5x5xi1>):
      %24 = stablehlo.dot_general %arg10, %arg11, contracting_dims = [1] x [0] : (tensor<5x8xf32>, tensor<8x5xf32>) -> tensor<5x5xf32>
      %25 = stablehlo.constant dense<2.828427e+00> : tensor<5x5xf32>
      %26 = stablehlo.divide %24, %25 : tensor<5x5xf32>
      %27 = stablehlo.constant dense<0xFF800000> : tensor<5x5xf32>
      %28 = stablehlo.select %arg12, %27, %26 : tensor<5x5xi1>, tensor<5x5xf32>
      stablehlo.return %28 : tensor<5x5xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 256>} : (tensor<5x8xf32>, tensor<8x5xf32>, tensor<5x5xi1>) -> tensor<5x5xf32>
    %10 = stablehlo.constant {zml.buffer_offset = array<i64: 640>} dense<0xFF800000> : tensor<f32>
    %11 = stablehlo.reduce(%9 init: %10) applies stablehlo.maximum across dimensions = [1] {zml.buffer_offset = array<i64: 704>} : (tensor<5x5xf32>, tensor<f32>) -> tensor<5xf32>
    %12 = "zml.fusion"(%11, %9) ({
    ^bb0(%arg10: tensor<5xf32>, %arg11: tensor<5x5xf32>):
      %24 = stablehlo.broadcast_in_dim %arg10, dims = [0] : (tensor<5xf32>) -> tensor<5x5xf32>
      %25 = stablehlo.subtract %arg11, %24 : tensor<5x5xf32>
      %26 = stablehlo.exponential %25 : tensor<5x5xf32>
      %27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %28 = stablehlo.reduce(%26 init: %27) applies stablehlo.add across dimensions = [1] : (tensor<5x5xf32>, tensor<f32>) -> tensor<5xf32>
      %29 = stablehlo.broadcast_in_dim %28, dims = [0] : (tensor<5xf32>) -> tensor<5x5xf32>
      %30 = stablehlo.divide %26, %29 : tensor<5x5xf32>
      stablehlo.return %30 : tensor<5x5xf32>
    }) {kind = "input", zml.buffer_offset = array<i64: 1024>} : (tensor<5xf32>, tensor<5x5xf32>) -> tensor<5x5xf32>
    %13 = "zml.fusion"(%12, %6, %0) ({
    ^bb0(%arg10: tensor<5x5xf32>, %arg11: tensor<5x8xf32>, %arg12: tensor<5x8xf32>):
      %24 = stablehlo.dot_general %arg10, %arg11, contracting_dims = [1] x [0] : (tensor<5x5xf32>, tensor<5x8xf32>) -> tensor<5x8xf32>
      %25 = stablehlo.add %arg12, %24 : tensor<5x8xf32>
      stablehlo.return %25 : tensor<5x8xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 1152>} : (tensor<5x5xf32>, tensor<5x8xf32>, tensor<5x8xf32>) -> tensor<5x8xf32>
    %14 = "zml.fusion"(%13, %arg5) ({
    ^bb0(%arg10: tensor<5x8xf32>, %arg11: tensor<8xf32>):
      %24 = stablehlo.multiply %arg10, %arg10 : tensor<5x8xf32>
      %25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %26 = stablehlo.reduce(%24 init: %25) applies stablehlo.add across dimensions = [1] : (tensor<5x8xf32>, tensor<f32>) -> tensor<5xf32>
      %27 = stablehlo.constant dense<8.000000e+00> : tensor<5xf32>
      %28 = stablehlo.divide %26, %27 : tensor<5xf32>
      %29 = stablehlo.constant dense<1.000000e-06> : tensor<5xf32>
      %30 = stablehlo.add %28, %29 : tensor<5xf32>
      %31 = stablehlo.rsqrt %30 : tensor<5xf32>
      %32 = stablehlo.broadcast_in_dim %31, dims = [0] : (tensor<5xf32>) -> tensor<5x8xf32>
      %33 = stablehlo.multiply %arg10, %32 : tensor<5x8xf32>
      %34 = stablehlo.broadcast_in_dim %arg11, dims = [1] : (tensor<8xf32>) -> tensor<5x8xf32>
      %35 = stablehlo.multiply %33, %34 : tensor<5x8xf32>
      stablehlo.return %35 : tensor<5x8xf32>
    }) {kind = "input", zml.buffer_offset = array<i64: 0>} : (tensor<5x8xf32>, tensor<8xf32>) -> tensor<5x8xf32>
    %15 = "zml.fusion"(%14, %arg6, %3, %4) ({
    ^bb0(%arg10: tensor<5x8xf32>, %arg11: tensor<8x8xf32>, %arg12: tensor<5x4xf32>, %arg13: tensor<5x4xf32>):
      %24 = stablehlo.dot_general %arg10, %arg11, contracting_dims = [1] x [1] : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
      %25 = stablehlo.slice %24 [0:5, 0:4] : (tensor<5x8xf32>) -> tensor<5x4xf32>
      %26 = stablehlo.slice %24 [0:5, 4:8] : (tensor<5x8xf32>) -> tensor<5x4xf32>
      %27 = stablehlo.multiply %25, %arg12 : tensor<5x4xf32>
      %28 = stablehlo.multiply %26, %arg13 : tensor<5x4xf32>
      %29 = stablehlo.subtract %27, %28 : tensor<5x4xf32>
      %30 = stablehlo.multiply %26, %arg12 : tensor<5x4xf32>
      %31 = stablehlo.multiply %25, %arg13 : tensor<5x4xf32>
      %32 = stablehlo.add %30, %31 : tensor<5x4xf32>
      %33 = stablehlo.concatenate %29, %32, dim = 1 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
      stablehlo.return %33 : tensor<5x8xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 704>} : (tensor<5x8xf32>, tensor<8x8xf32>, tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
    %16 = stablehlo.dot_general %14, %arg8, contracting_dims = [1] x [1] {zml.buffer_offset = array<i64: 896>} : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
    %17 = "zml.fusion"(%14, %arg7, %3, %4) ({
    ^bb0(%arg10: tensor<5x8xf32>, %arg11: tensor<8x8xf32>, %arg12: tensor<5x4xf32>, %arg13: tensor<5x4xf32>):
      %24 = stablehlo.dot_general %arg10, %arg11, contracting_dims = [1] x [1] : (tensor<5x8xf32>, tensor<8x8xf32>) -> tensor<5x8xf32>
      %25 = stablehlo.slice %24 [0:5, 0:4] : (tensor<5x8xf32>) -> tensor<5x4xf32>
      %26 = stablehlo.slice %24 [0:5, 4:8] : (tensor<5x8xf32>) -> tensor<5x4xf32>
      %27 = stablehlo.multiply %25, %arg12 : tensor<5x4xf32>
      %28 = stablehlo.multiply %26, %arg13 : tensor<5x4xf32>
      %29 = stablehlo.subtract %27, %28 : tensor<5x4xf32>
      %30 = stablehlo.multiply %26, %arg12 : tensor<5x4xf32>
      %31 = stablehlo.multiply %25, %arg13 : tensor<5x4xf32>
      %32 = stablehlo.add %30, %31 : tensor<5x4xf32>
      %33 = stablehlo.concatenate %29, %32, dim = 1 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
      %34 = stablehlo.transpose %33, dims = [1, 0] : (tensor<5x8xf32>) -> tensor<8x5xf32>
      stablehlo.return %34 : tensor<8x5xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 1344>} : (tensor<5x8xf32>, tensor<8x8xf32>, tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<8x5xf32>
    %18 = "zml.fusion"(%15, %17, %8) ({
    ^bb0(%arg10: tensor<5x8xf32>, %arg11: tensor<8x5xf32>, %arg12: tensor<5x5xi1>):
      %24 = stablehlo.dot_general %arg10, %arg11, contracting_dims = [1] x [0] : (tensor<5x8xf32>, tensor<8x5xf32>) -> tensor<5x5xf32>
      %25 = stablehlo.constant dense<2.828427e+00> : tensor<5x5xf32>
      %26 = stablehlo.divide %24, %25 : tensor<5x5xf32>
      %27 = stablehlo.constant dense<0xFF800000> : tensor<5x5xf32>
      %28 = stablehlo.select %arg12, %27, %26 : tensor<5x5xi1>, tensor<5x5xf32>
      stablehlo.return %28 : tensor<5x5xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 0>} : (tensor<5x8xf32>, tensor<8x5xf32>, tensor<5x5xi1>) -> tensor<5x5xf32>
    %19 = stablehlo.reduce(%18 init: %10) applies stablehlo.maximum across dimensions = [1] {zml.buffer_offset = array<i64: 128>} : (tensor<5x5xf32>, tensor<f32>) -> tensor<5xf32>
    %20 = "zml.fusion"(%19, %18) ({
    ^bb0(%arg10: tensor<5xf32>, %arg11: tensor<5x5xf32>):
      %24 = stablehlo.broadcast_in_dim %arg10, dims = [0] : (tensor<5xf32>) -> tensor<5x5xf32>
      %25 = stablehlo.subtract %arg11, %24 : tensor<5x5xf32>
      %26 = stablehlo.exponential %25 : tensor<5x5xf32>
      %27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %28 = stablehlo.reduce(%26 init: %27) applies stablehlo.add across dimensions = [1] : (tensor<5x5xf32>, tensor<f32>) -> tensor<5xf32>
      %29 = stablehlo.broadcast_in_dim %28, dims = [0] : (tensor<5xf32>) -> tensor<5x5xf32>
      %30 = stablehlo.divide %26, %29 : tensor<5x5xf32>
      stablehlo.return %30 : tensor<5x5xf32>
    }) {kind = "input", zml.buffer_offset = array<i64: 192>} : (tensor<5xf32>, tensor<5x5xf32>) -> tensor<5x5xf32>
    %21 = "zml.fusion"(%20, %16, %13) ({
    ^bb0(%arg10: tensor<5x5xf32>, %arg11: tensor<5x8xf32>, %arg12: tensor<5x8xf32>):
      %24 = stablehlo.dot_general %arg10, %arg11, contracting_dims = [1] x [0] : (tensor<5x5xf32>, tensor<5x8xf32>) -> tensor<5x8xf32>
      %25 = stablehlo.add %arg12, %24 : tensor<5x8xf32>
      stablehlo.return %25 : tensor<5x8xf32>
    }) {kind = "output", zml.buffer_offset = array<i64: 0>} : (tensor<5x5xf32>, tensor<5x8xf32>, tensor<5x8xf32>) -> tensor<5x8xf32>
    %22 = stablehlo.dot_general %21, %arg0, contracting_dims = [1] x [1] {zml.buffer_offset = array<i64: 192>} : (tensor<5x8xf32>, tensor<16x8xf32>) -> tensor<5x16xf32>
    %23 = "zml.fusion"(%22) ({
    ^bb0(%arg10: tensor<5x16xf32>):
      %24 = stablehlo.iota dim = 1 : tensor<5x16xi32>
      %25 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %26 = stablehlo.constant dense<0> : tensor<i32>
      %27:2 = stablehlo.reduce(%arg10 init: %25), (%24 init: %26) across dimensions = [1] : (tensor<5x16xf32>, tensor<5x16xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
       reducer(%arg11: tensor<f32>, %arg13: tensor<f32>) (%arg12: tensor<i32>, %arg14: tensor<i32>)  {
        %28 = stablehlo.compare  GT, %arg11, %arg13,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %29 = stablehlo.compare  EQ, %arg11, %arg13,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %30 = stablehlo.compare  LT, %arg12, %arg14,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %31 = stablehlo.and %29, %30 : tensor<i1>
        %32 = stablehlo.or %28, %31 : tensor<i1>
        %33 = stablehlo.select %32, %arg11, %arg13 : tensor<i1>, tensor<f32>
        %34 = stablehlo.select %32, %arg12, %arg14 : tensor<i1>, tensor<i32>
        stablehlo.return %33, %34 : tensor<f32>, tensor<i32>
      }
      stablehlo.return %27#1 : tensor<5xi32>
    }) {kind = "input", zml.buffer_offset = array<i64: 0>} : (tensor<5x16xf32>) -> tensor<5xi32>
    return %23 : tensor<5xi32>
  }
}
