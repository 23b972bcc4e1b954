// RUN: zmlc opt --passes=normalize-layouts --split-input-file %s | FileCheck %s

// Batch dimension in the middle, two contracting dimensions: transposes to
// (batch, free, contracting) / (batch, contracting, free), reshapes to
// [B, M, K] x [B, K, N], and a reshape of the result back.
// CHECK-LABEL: func.func @dot_batch_middle
// CHECK: stablehlo.transpose %arg0, dims = [1, 0, 2, 3] : (tensor<3x2x4x5xf32>) -> tensor<2x3x4x5xf32>
// CHECK: stablehlo.reshape {{.*}} -> tensor<2x3x20xf32>
// CHECK: stablehlo.transpose %arg1, dims = [0, 2, 3, 1]
// CHECK: stablehlo.reshape {{.*}} -> tensor<2x20x6xf32>
// CHECK: stablehlo.dot_general {{.*}}, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x20xf32>, tensor<2x20x6xf32>) -> tensor<2x3x6xf32>
// CHECK-NOT: stablehlo.reshape
// CHECK: return
func.func @dot_batch_middle(%x: tensor<3x2x4x5xf32>, %y: tensor<2x6x4x5xf32>) -> tensor<2x3x6xf32> {
  %r = stablehlo.dot_general %x, %y, batching_dims = [1] x [0], contracting_dims = [2, 3] x [2, 3] : (tensor<3x2x4x5xf32>, tensor<2x6x4x5xf32>) -> tensor<2x3x6xf32>
  func.return %r : tensor<2x3x6xf32>
}

// -----

// A matrix product contracting the rhs's last dimension (x · wᵀ) gets a
// transpose of a computed rhs to [K, N].
// CHECK-LABEL: func.func @dot_rhs_transposed
// CHECK: %[[W:.*]] = stablehlo.negate %arg1
// CHECK: %[[T:.*]] = stablehlo.transpose %[[W]], dims = [1, 0] : (tensor<4x3xf32>) -> tensor<3x4xf32>
// CHECK: stablehlo.dot_general %arg0, %[[T]], contracting_dims = [1] x [0]
func.func @dot_rhs_transposed(%x: tensor<2x3xf32>, %v: tensor<4x3xf32>) -> tensor<2x4xf32> {
  %w = stablehlo.negate %v : tensor<4x3xf32>
  %r = stablehlo.dot_general %x, %w, contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  func.return %r : tensor<2x4xf32>
}

// -----

// A weight (function argument) that needs no reshape keeps its [N, K]
// layout: no transpose, the dimension numbers name it; a weight that needs
// a reshape is still transposed.
// CHECK-LABEL: func.func @dot_weight_kept
// CHECK-NOT: stablehlo.transpose
// CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
// CHECK: stablehlo.transpose %arg2, dims = [2, 0, 1]
// CHECK: stablehlo.reshape {{.*}} -> tensor<3x20xf32>
// CHECK: stablehlo.dot_general %arg0, {{.*}}, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x20xf32>) -> tensor<2x20xf32>
func.func @dot_weight_kept(%x: tensor<2x3xf32>, %w: tensor<4x3xf32>, %u: tensor<4x5x3xf32>) -> (tensor<2x4xf32>, tensor<2x4x5xf32>) {
  %r = stablehlo.dot_general %x, %w, contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  %s = stablehlo.dot_general %x, %u, contracting_dims = [1] x [2] : (tensor<2x3xf32>, tensor<4x5x3xf32>) -> tensor<2x4x5xf32>
  func.return %r, %s : tensor<2x4xf32>, tensor<2x4x5xf32>
}

// -----

// Negative: canonical matrix and batched products are left alone.
// CHECK-LABEL: func.func @dot_canonical
// CHECK-NOT: stablehlo.transpose
// CHECK-NOT: stablehlo.reshape
// CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0]
// CHECK: stablehlo.dot_general %arg2, %arg3, batching_dims = [0] x [0], contracting_dims = [2] x [1]
func.func @dot_canonical(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>, %a: tensor<5x2x3xi32>, %b: tensor<5x3x4xi32>) -> (tensor<2x4xf32>, tensor<5x2x4xi32>) {
  %r = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %s = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<5x2x3xi32>, tensor<5x3x4xi32>) -> tensor<5x2x4xi32>
  func.return %r, %s : tensor<2x4xf32>, tensor<5x2x4xi32>
}

// -----

// Matrix-vector: the missing N becomes a dimension of size 1.
// CHECK-LABEL: func.func @dot_matvec
// CHECK: stablehlo.reshape %arg1 : (tensor<3xi32>) -> tensor<3x1xi32>
// CHECK: stablehlo.dot_general {{.*}} -> tensor<2x1xi32>
// CHECK: stablehlo.reshape {{.*}} -> tensor<2xi32>
func.func @dot_matvec(%x: tensor<2x3xi32>, %v: tensor<3xi32>) -> tensor<2xi32> {
  %r = stablehlo.dot %x, %v : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2xi32>
  func.return %r : tensor<2xi32>
}

// -----

// NCHW / OIHW / NCHW convolution of computed operands becomes NHWC / HWIO
// / NHWC between transposes.
// CHECK-LABEL: func.func @conv_nchw
// CHECK: stablehlo.transpose %{{.*}}, dims = [0, 2, 3, 1] : (tensor<1x2x5x5xf32>) -> tensor<1x5x5x2xf32>
// CHECK: stablehlo.transpose %{{.*}}, dims = [2, 3, 1, 0] : (tensor<3x2x3x3xf32>) -> tensor<3x3x2x3xf32>
// CHECK: stablehlo.convolution({{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]{{.*}} -> tensor<1x3x3x3xf32>
// CHECK: stablehlo.transpose {{.*}}, dims = [0, 3, 1, 2] : (tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
func.func @conv_nchw(%a: tensor<1x2x5x5xf32>, %b: tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %x = stablehlo.negate %a : tensor<1x2x5x5xf32>
  %w = stablehlo.negate %b : tensor<3x2x3x3xf32>
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32>
  func.return %r : tensor<1x3x3x3xf32>
}

// -----

// A kernel that is a function argument keeps its OIHW layout (the
// dimension numbers name it); the computed input is transposed to NHWC and
// the result back.
// CHECK-LABEL: func.func @conv_weight_kept
// CHECK: %[[X:.*]] = stablehlo.transpose %{{.*}}, dims = [0, 2, 3, 1] : (tensor<1x2x5x5xf32>) -> tensor<1x5x5x2xf32>
// CHECK-NOT: stablehlo.transpose %arg1
// CHECK: stablehlo.convolution(%[[X]], %arg1) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f]{{.*}} -> tensor<1x3x3x3xf32>
// CHECK: stablehlo.transpose {{.*}}, dims = [0, 3, 1, 2] : (tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
func.func @conv_weight_kept(%a: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %x = stablehlo.negate %a : tensor<1x2x5x5xf32>
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x3x3xf32>
  func.return %r : tensor<1x3x3x3xf32>
}

// -----

// Negative: an NHWC / HWIO convolution is left alone.
// CHECK-LABEL: func.func @conv_nhwc
// CHECK-NOT: stablehlo.transpose
// CHECK: stablehlo.convolution(%arg0, %arg1)
func.func @conv_nhwc(%x: tensor<1x5x5x2xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<1x3x3x4xf32> {
  %r = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x5x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x3x3x4xf32>
  func.return %r : tensor<1x3x3x4xf32>
}
