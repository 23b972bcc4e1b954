func.func @argmax(%x: tensor<4xi32>) -> (tensor<i32>, tensor<i32>) {
  %c = stablehlo.constant dense<-2147483648> : tensor<i32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.iota dim = 0 : tensor<4xi32>
  %1:2 = stablehlo.reduce(%x init: %c), (%0 init: %c_0) across dimensions = [0] : (tensor<4xi32>, tensor<4xi32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    reducer(%a: tensor<i32>, %b: tensor<i32>) (%ia: tensor<i32>, %ib: tensor<i32>)  {
    %2 = stablehlo.compare  GT, %a, %b,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.compare  EQ, %a, %b,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.minimum %ia, %ib : tensor<i32>
    %5 = stablehlo.select %2, %ia, %ib : tensor<i1>, tensor<i32>
    %6 = stablehlo.select %3, %4, %5 : tensor<i1>, tensor<i32>
    %7 = stablehlo.maximum %a, %b : tensor<i32>
    stablehlo.return %7, %6 : tensor<i32>, tensor<i32>
  }
  return %1#0, %1#1 : tensor<i32>, tensor<i32>
}

func.func @loop() -> tensor<i64> {
  %c = stablehlo.constant dense<0> : tensor<i64>
  %c_0 = stablehlo.constant dense<10> : tensor<i64>
  %c_1 = stablehlo.constant dense<1> : tensor<i64>
  %0:2 = stablehlo.while(%iterArg = %c, %iterArg_2 = %c) : tensor<i64>, tensor<i64>
    cond {
    %1 = stablehlo.compare  LT, %iterArg, %c_0,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.add %iterArg, %c_1 : tensor<i64>
    %2 = stablehlo.add %iterArg_2, %iterArg : tensor<i64>
    stablehlo.return %1, %2 : tensor<i64>, tensor<i64>
  }
  return %0#1 : tensor<i64>
}

func.func @branches(%p: tensor<i1>, %i: tensor<i32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %x : tensor<3xf32>
  }, {
    %1 = stablehlo.negate %x : tensor<3xf32>
    stablehlo.return %1 : tensor<3xf32>
  }) : (tensor<i1>) -> tensor<3xf32>
  %2 = "stablehlo.case"(%i) ({
    stablehlo.return %0 : tensor<3xf32>
  }, {
    stablehlo.return %x : tensor<3xf32>
  }) : (tensor<i32>) -> tensor<3xf32>
  %3 = "stablehlo.sort"(%2) <{dimension = 0 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %4 = stablehlo.compare  LT, %a, %b,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %4 : tensor<i1>
  }) : (tensor<3xf32>) -> tensor<3xf32>
  %5 = "stablehlo.all_reduce"(%3) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %6 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %6 : tensor<f32>
  }) : (tensor<3xf32>) -> tensor<3xf32>
  return %5 : tensor<3xf32>
}

func.func @gather(%operand: tensor<3x4x2xi32>, %idx: tensor<2x3x2xi64>, %upd: tensor<2x3x2x2xi32>) -> tensor<3x4x2xi32> {
  %0 = "stablehlo.gather"(%operand, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  %1 = "stablehlo.scatter"(%operand, %idx, %upd) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}> ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %2 = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %2 : tensor<i32>
  }) : (tensor<3x4x2xi32>, tensor<2x3x2xi64>, tensor<2x3x2x2xi32>) -> tensor<3x4x2xi32>
  return %1 : tensor<3x4x2xi32>
}
