// RUN: zmlc interpret %s

// 1-d valid convolution, kernel [1, 2, 3]:
// out[x] = in[x] + 2 in[x+1] + 3 in[x+2] = [14, 20, 26].
func.func @convolution_1d_valid() {
  %lhs = stablehlo.constant dense<[[[1], [2], [3], [4], [5]]]> : tensor<1x5x1xi32>
  %rhs = stablehlo.constant dense<[[[1]], [[2]], [[3]]]> : tensor<3x1x1xi32>
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x1xi32>, tensor<3x1x1xi32>) -> tensor<1x3x1xi32>
  check.expect_eq_const %r, dense<[[[14], [20], [26]]]> : tensor<1x3x1xi32>
  func.return
}

// -----

// Stride 2 and padding 1 on both sides: padded [0 1 2 3 4 5 0], windows at
// 0, 2, 4: [0+2+6, 2+6+12, 4+10+0].
func.func @convolution_stride_padding() {
  %lhs = stablehlo.constant dense<[[[1.0], [2.0], [3.0], [4.0], [5.0]]]> : tensor<1x5x1xf32>
  %rhs = stablehlo.constant dense<[[[1.0]], [[2.0]], [[3.0]]]> : tensor<3x1x1xf32>
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], pad = [[1, 1]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x1xf32>, tensor<3x1x1xf32>) -> tensor<1x3x1xf32>
  check.expect_eq_const %r, dense<[[[8.0], [20.0], [14.0]]]> : tensor<1x3x1xf32>
  func.return
}

// -----

// Negative padding crops the input: [2 3 4 5] -> [2+6+12, 3+8+15].
func.func @convolution_negative_padding() {
  %lhs = stablehlo.constant dense<[[[1], [2], [3], [4], [5]]]> : tensor<1x5x1xi32>
  %rhs = stablehlo.constant dense<[[[1]], [[2]], [[3]]]> : tensor<3x1x1xi32>
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[-1, 0]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x1xi32>, tensor<3x1x1xi32>) -> tensor<1x2x1xi32>
  check.expect_eq_const %r, dense<[[[20], [26]]]> : tensor<1x2x1xi32>
  func.return
}

// -----

// lhs dilation 2: [1 2 3] becomes [1 0 2 0 3]; kernel [1 2 3] gives
// [1+0+6, 0+4+0, 2+0+9].
func.func @convolution_lhs_dilation() {
  %lhs = stablehlo.constant dense<[[[1], [2], [3]]]> : tensor<1x3x1xi32>
  %rhs = stablehlo.constant dense<[[[1]], [[2]], [[3]]]> : tensor<3x1x1xi32>
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [2], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x1xi32>, tensor<3x1x1xi32>) -> tensor<1x3x1xi32>
  check.expect_eq_const %r, dense<[[[7], [4], [11]]]> : tensor<1x3x1xi32>
  func.return
}

// -----

// rhs dilation 2: the kernel taps are 2 apart (span 5):
// out[x] = in[x] + 2 in[x+2] + 3 in[x+4] = [1+6+15, 2+8+18].
func.func @convolution_rhs_dilation() {
  %lhs = stablehlo.constant dense<[[[1], [2], [3], [4], [5], [6]]]> : tensor<1x6x1xi32>
  %rhs = stablehlo.constant dense<[[[1]], [[2]], [[3]]]> : tensor<3x1x1xi32>
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x1xi32>, tensor<3x1x1xi32>) -> tensor<1x2x1xi32>
  check.expect_eq_const %r, dense<[[[22], [28]]]> : tensor<1x2x1xi32>
  func.return
}

// -----

// feature_group_count = 2: input features {0,1} feed output feature 0,
// {2,3} feed output feature 1. k[0, i, o] = [[10, 100], [20, 200]]:
// out0 = 1*10 + 2*20 = 50; out1 = 3*100 + 4*200 = 1100.
func.func @convolution_feature_groups() {
  %lhs = stablehlo.constant dense<[[[1, 2, 3, 4]]]> : tensor<1x1x4xi32>
  %rhs = stablehlo.constant dense<[[[10, 100], [20, 200]]]> : tensor<1x2x2xi32>
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x1x4xi32>, tensor<1x2x2xi32>) -> tensor<1x1x2xi32>
  check.expect_eq_const %r, dense<[[[50, 1100]]]> : tensor<1x1x2xi32>
  func.return
}

// -----

// batch_group_count = 2: batch 0 meets output feature 0 (weight 10), batch 1
// output feature 1 (weight 100); one result batch.
func.func @convolution_batch_groups() {
  %lhs = stablehlo.constant dense<[[[1.0], [2.0]], [[3.0], [4.0]]]> : tensor<2x2x1xf32>
  %rhs = stablehlo.constant dense<[[[10.0, 100.0]]]> : tensor<1x1x2xf32>
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 2 : i64, feature_group_count = 1 : i64} : (tensor<2x2x1xf32>, tensor<1x1x2xf32>) -> tensor<1x2x2xf32>
  check.expect_eq_const %r, dense<[[[10.0, 300.0], [20.0, 400.0]]]> : tensor<1x2x2xf32>
  func.return
}

// -----

// 2-d, NCHW input and OIHW kernel: 3x3 image, 2x2 kernel [[1,2],[3,4]].
func.func @convolution_2d_nchw() {
  %lhs = stablehlo.constant dense<[[[[1, 2, 3], [4, 5, 6], [7, 8, 9]]]]> : tensor<1x1x3x3xi64>
  %rhs = stablehlo.constant dense<[[[[1, 2], [3, 4]]]]> : tensor<1x1x2x2xi64>
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x3x3xi64>, tensor<1x1x2x2xi64>) -> tensor<1x1x2x2xi64>
  // (0,0): 1+4+12+20; (0,1): 2+6+15+24; (1,0): 4+10+21+32; (1,1): 5+12+24+36.
  check.expect_eq_const %r, dense<[[[[37, 47], [67, 77]]]]> : tensor<1x1x2x2xi64>
  func.return
}

// -----

// 2-d NHWC / HWIO with two input and two output channels, stride 2 in both
// dims and padding [1, 0] x [0, 1]. Input channel c at (y, x) is
// 10c + 3y + x + 1; the 1x1 kernel mixes channels: o0 = c0 + c1, o1 = c0 - c1.
func.func @convolution_2d_nhwc_channels() {
  %lhs = stablehlo.constant dense<[[[[1.0, 11.0], [2.0, 12.0], [3.0, 13.0]], [[4.0, 14.0], [5.0, 15.0], [6.0, 16.0]], [[7.0, 17.0], [8.0, 18.0], [9.0, 19.0]]]]> : tensor<1x3x3x2xf32>
  %rhs = stablehlo.constant dense<[[[[1.0, 1.0], [1.0, -1.0]]]]> : tensor<1x1x2x2xf32>
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 0], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x3x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x2x2x2xf32>
  // Padded rows: [pad, r0, r1, r2] -> picked rows 0 (pad) and 2 (r1);
  // padded cols: [c0, c1, c2, pad] -> picked cols 0 (c0) and 2 (c2).
  // (0, *) is padding: 0; (1, 0) = input (1, 0) = (4, 14); (1, 1) = (6, 16).
  check.expect_eq_const %r, dense<[[[[0.0, 0.0], [0.0, 0.0]], [[18.0, -10.0], [22.0, -10.0]]]]> : tensor<1x2x2x2xf32>
  func.return
}

// -----

// An unusual layout: input [b, 0, f], kernel [o, 0, i], output [0, b, f].
// Kernel o0 = [1, 1], o1 = [1, -1] over two taps.
func.func @convolution_permuted_layouts() {
  %lhs = stablehlo.constant dense<[[[1], [2], [3]]]> : tensor<1x3x1xi32>
  %rhs = stablehlo.constant dense<[[[1], [1]], [[1], [-1]]]> : tensor<2x2x1xi32>
  %r = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, f]x[o, 0, i]->[0, b, f], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x1xi32>, tensor<2x2x1xi32>) -> tensor<2x1x2xi32>
  // x = 0: (1+2, 1-2); x = 1: (2+3, 2-3).
  check.expect_eq_const %r, dense<[[[3, -1]], [[5, -1]]]> : tensor<2x1x2xi32>
  func.return
}
