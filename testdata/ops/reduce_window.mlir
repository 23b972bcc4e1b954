// RUN: zmlc interpret %s

func.func @reduce_window_sum_1d() {
  %x = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %zero) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 1>} : (tensor<5xi32>, tensor<i32>) -> tensor<4xi32>
  check.expect_eq_const %r, dense<[3, 5, 7, 9]> : tensor<4xi32>
  func.return
}

// -----

// 2x2 max pooling with stride 2.
func.func @reduce_window_max_pool_2d() {
  %x = stablehlo.constant dense<[[1.0, 5.0, 2.0, 0.0], [3.0, 4.0, -1.0, 6.0], [0.0, 0.0, 7.0, 8.0], [-9.0, 1.0, 9.0, 0x7FC00000]]> : tensor<4x4xf32>
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<2x2xf32>
  // The bottom-right window holds a NaN.
  check.expect_almost_eq_const %r, dense<[[5.0, 6.0], [1.0, 0x7FC00000]]> : tensor<2x2xf32>
  func.return
}

// -----

// Padding is filled with the init value: [-inf 1 2 3 -inf] -> [1, 2, 3, 3].
func.func @reduce_window_padding() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi8>
  %init = stablehlo.constant dense<-128> : tensor<i8>
  %r = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<i8>, %b: tensor<i8>):
    %m = stablehlo.maximum %a, %b : tensor<i8>
    stablehlo.return %m : tensor<i8>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 1>, padding = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<3xi8>, tensor<i8>) -> tensor<4xi8>
  check.expect_eq_const %r, dense<[1, 2, 3, 3]> : tensor<4xi8>
  func.return
}

// -----

// Base dilation 2 inserts init-valued holes: [1 h 2 h 3] with h = 10; window
// of 2 taps with dilation 2 covers (s, s+2); each result also adds the init once:
// [10+1+2, 10+10+10, 10+2+3].
func.func @reduce_window_dilations() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %init = stablehlo.constant dense<10> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 1>, base_dilations = array<i64: 2>, window_dilations = array<i64: 2>} : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %r, dense<[13, 30, 15]> : tensor<3xi32>
  func.return
}

// -----

// Two operands reduced together (sum and product of each window).
func.func @reduce_window_variadic() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %y = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf64>
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1.0> : tensor<f64>
  %s, %p = "stablehlo.reduce_window"(%x, %y, %zero, %one) ({
  ^bb0(%a0: tensor<i64>, %a1: tensor<f64>, %b0: tensor<i64>, %b1: tensor<f64>):
    %t = stablehlo.add %a0, %b0 : tensor<i64>
    %u = stablehlo.multiply %a1, %b1 : tensor<f64>
    stablehlo.return %t, %u : tensor<i64>, tensor<f64>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>} : (tensor<3x2xi64>, tensor<3x2xf64>, tensor<i64>, tensor<f64>) -> (tensor<2x2xi64>, tensor<2x2xf64>)
  check.expect_eq_const %s, dense<[[4, 6], [8, 10]]> : tensor<2x2xi64>
  check.expect_eq_const %p, dense<[[3.0, 8.0], [15.0, 24.0]]> : tensor<2x2xf64>
  func.return
}
