// RUN: zmlc interpret %s

// Collectives on one process (replica groups of one): each returns its
// operand, reshaped as the op's type rules require.

func.func @all_reduce_single() {
  %x = stablehlo.constant dense<[1.0, -2.0, 3.5, 0x7F800000]> : tensor<4xf32>
  %r = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<4xf32>) -> tensor<4xf32>
  check.expect_eq_const %r, dense<[1.0, -2.0, 3.5, 0x7F800000]> : tensor<4xf32>
  func.return
}

// -----

func.func @all_reduce_variadic_single() {
  %x = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %y = stablehlo.constant dense<[[3, 4]]> : tensor<1x2xi64>
  %rx, %ry = "stablehlo.all_reduce"(%x, %y) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %m = stablehlo.maximum %a, %b : tensor<i64>
    stablehlo.return %m : tensor<i64>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2xi64>, tensor<1x2xi64>) -> (tensor<2xi64>, tensor<1x2xi64>)
  check.expect_eq_const %rx, dense<[1, 2]> : tensor<2xi64>
  check.expect_eq_const %ry, dense<[[3, 4]]> : tensor<1x2xi64>
  func.return
}

// -----

func.func @all_gather_single() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %r = "stablehlo.all_gather"(%x) {
    all_gather_dim = 1 : i64,
    replica_groups = dense<[[0]]> : tensor<1x1xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  func.return
}

// -----

func.func @reduce_scatter_single() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0]]> : tensor<1x4xf32>
  %r = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {
    scatter_dimension = 1 : i64,
    replica_groups = dense<[[0]]> : tensor<1x1xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<1x4xf32>) -> tensor<1x4xf32>
  check.expect_eq_const %r, dense<[[1.0, 2.0, 3.0, 4.0]]> : tensor<1x4xf32>
  func.return
}

// -----

func.func @all_to_all_single() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui8>
  %r = "stablehlo.all_to_all"(%x) {
    split_dimension = 1 : i64,
    concat_dimension = 0 : i64,
    split_count = 1 : i64,
    replica_groups = dense<[[0]]> : tensor<1x1xi64>
  } : (tensor<2x3xui8>) -> tensor<2x3xui8>
  check.expect_eq_const %r, dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xui8>
  func.return
}

// -----

func.func @collective_permute_self() {
  %x = stablehlo.constant dense<[[1.5, 2.5]]> : tensor<1x2xf64>
  %r = "stablehlo.collective_permute"(%x) {
    source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
  } : (tensor<1x2xf64>) -> tensor<1x2xf64>
  check.expect_eq_const %r, dense<[[1.5, 2.5]]> : tensor<1x2xf64>
  func.return
}
