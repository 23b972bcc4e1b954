module @shapes {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<8xf32>, %arg2: tensor<i64>, %arg3: tensor<f32>) -> tensor<3x2xf32> {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [1] : (tensor<6xf32>) -> tensor<2x6xf32>
    %3 = stablehlo.broadcast %arg1, sizes = [2] : (tensor<8xf32>) -> tensor<2x8xf32>
    %4 = stablehlo.slice %arg0 [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>
    %5 = stablehlo.dynamic_slice %arg0, %arg2, %arg2, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<1x2xf32>
    %6 = stablehlo.dynamic_update_slice %arg0, %5, %arg2, %arg2 : (tensor<2x3xf32>, tensor<1x2xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
    %7 = stablehlo.concatenate %6, %arg0, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
    %8 = stablehlo.pad %arg1, %arg3, low = [-1], high = [2], interior = [1] : (tensor<8xf32>, tensor<f32>) -> tensor<16xf32>
    %9 = stablehlo.reverse %arg0, dims = [0, 1] : tensor<2x3xf32>
    %10 = stablehlo.iota dim = 0 : tensor<4xi32>
    %11 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
    %12:2 = stablehlo.optimization_barrier %9, %arg1 : tensor<2x3xf32>, tensor<8xf32>
    %13 = stablehlo.tuple %12#0, %arg2 : tuple<tensor<2x3xf32>, tensor<i64>>
    %14 = stablehlo.get_tuple_element %13[1] : (tuple<tensor<2x3xf32>, tensor<i64>>) -> tensor<i64>
    %15 = stablehlo.partition_id : tensor<ui32>
    %16 = stablehlo.replica_id : tensor<ui32>
    %output_state, %output = stablehlo.rng_bit_generator %arg1, algorithm = THREE_FRY : (tensor<8xf32>) -> (tensor<8xf32>, tensor<2x2xui32>)
    %17 = stablehlo.custom_call @foo(%arg0, %arg2) {backend_config = "", has_side_effect = true} : (tensor<2x3xf32>, tensor<i64>) -> tensor<2xf32>
    %18 = stablehlo.custom_call @"foo-bar"() : () -> tensor<f32>
    return %0 : tensor<3x2xf32>
  }
}
