// RUN: zmlc interpret %s

// The max of each window [1 5] [2 7] [4 3] is at 1, 3, 4; the source values
// land there.
func.func @select_and_scatter_max_1d() {
  %operand = stablehlo.constant dense<[1.0, 5.0, 2.0, 7.0, 4.0, 3.0]> : tensor<6xf32>
  %source = stablehlo.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<6xf32>, tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
  check.expect_eq_const %r, dense<[0.0, 10.0, 0.0, 20.0, 30.0, 0.0]> : tensor<6xf32>
  func.return
}

// -----

// Overlapping windows (size 3, stride 1) both select the 9 at index 1; the
// scatter adds both source values there.
func.func @select_and_scatter_overlapping() {
  %operand = stablehlo.constant dense<[1, 9, 2, 3]> : tensor<4xi32>
  %source = stablehlo.constant dense<[5, 6]> : tensor<2xi32>
  %init = stablehlo.constant dense<100> : tensor<i32>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {window_dimensions = array<i64: 3>, window_strides = array<i64: 1>} : (tensor<4xi32>, tensor<2xi32>, tensor<i32>) -> tensor<4xi32>
  // Unselected positions hold the init value; index 1 is 100 + 5 + 6.
  check.expect_eq_const %r, dense<[100, 111, 100, 100]> : tensor<4xi32>
  func.return
}

// -----

// 2x2 windows, stride 2, selecting the minimum with LE.
func.func @select_and_scatter_min_2d() {
  %operand = stablehlo.constant dense<[[4, 2, 9, 8], [3, 5, 7, 1], [0, 6, 4, 4], [2, 2, 3, 5]]> : tensor<4x4xi64>
  %source = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
  %init = stablehlo.constant dense<0> : tensor<i64>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %c = stablehlo.compare LE, %a, %b, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x4xi64>
  // Minima: 2 at (0,1), 1 at (1,3), 0 at (2,0), 3 at (3,2).
  check.expect_eq_const %r, dense<[[0, 1, 0, 0], [0, 0, 0, 2], [3, 0, 0, 0], [0, 0, 4, 0]]> : tensor<4x4xi64>
  func.return
}

// -----

// With padding: the padded windows [pad 1] [2 3] [4 pad] pick 1, 3, 4 (the
// padding is never selected here, whether it counts as absent or as 0).
func.func @select_and_scatter_padding() {
  %operand = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %source = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
  check.expect_eq_const %r, dense<[1.0, 0.0, 2.0, 3.0]> : tensor<4xf32>
  func.return
}
