// RUN: zmlc opt --passes=canonicalize --split-input-file %s | FileCheck %s

// Integer identities: x+0, 0+x, x-0, x*1, x*0, x-x.
// CHECK-LABEL: func.func @int_identities
// CHECK: %[[Z0:.*]] = stablehlo.constant dense<0> : tensor<4xi32>
// CHECK: %[[Z1:.*]] = stablehlo.constant dense<0> : tensor<4xi32>
// CHECK-NOT: stablehlo.add
// CHECK-NOT: stablehlo.subtract
// CHECK-NOT: stablehlo.multiply
// CHECK: return %arg0, %arg0, %arg0, %arg0, %[[Z0]], %[[Z1]]
func.func @int_identities(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %zero = stablehlo.constant dense<0> : tensor<4xi32>
  %one = stablehlo.constant dense<1> : tensor<4xi32>
  %0 = stablehlo.add %x, %zero : tensor<4xi32>
  %1 = stablehlo.add %zero, %x : tensor<4xi32>
  %2 = stablehlo.subtract %x, %zero : tensor<4xi32>
  %3 = stablehlo.multiply %one, %x : tensor<4xi32>
  %4 = stablehlo.multiply %x, %zero : tensor<4xi32>
  %5 = stablehlo.subtract %x, %x : tensor<4xi32>
  func.return %0, %1, %2, %3, %4, %5 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// Non-identities stay: x+1, x*2, x-y.
// CHECK-LABEL: func.func @int_not_identities
// CHECK: stablehlo.add
// CHECK: stablehlo.multiply
// CHECK: stablehlo.subtract
func.func @int_not_identities(%x: tensor<4xi32>, %y: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %one = stablehlo.constant dense<1> : tensor<4xi32>
  %two = stablehlo.constant dense<2> : tensor<4xi32>
  %0 = stablehlo.add %x, %one : tensor<4xi32>
  %1 = stablehlo.multiply %x, %two : tensor<4xi32>
  %2 = stablehlo.subtract %x, %y : tensor<4xi32>
  func.return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// Exact float identities: x + -0.0, x - 0.0, x*1, x/1, -(-x).
// CHECK-LABEL: func.func @float_exact
// CHECK-NOT: stablehlo.add
// CHECK-NOT: stablehlo.subtract
// CHECK-NOT: stablehlo.multiply
// CHECK-NOT: stablehlo.divide
// CHECK-NOT: stablehlo.negate
// CHECK: return %arg0, %arg0, %arg0, %arg0, %arg0
func.func @float_exact(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %nz = stablehlo.constant dense<-0.0> : tensor<4xf32>
  %pz = stablehlo.constant dense<0.0> : tensor<4xf32>
  %one = stablehlo.constant dense<1.0> : tensor<4xf32>
  %0 = stablehlo.add %nz, %x : tensor<4xf32>
  %1 = stablehlo.subtract %x, %pz : tensor<4xf32>
  %2 = stablehlo.multiply %x, %one : tensor<4xf32>
  %3 = stablehlo.divide %x, %one : tensor<4xf32>
  %n = stablehlo.negate %x : tensor<4xf32>
  %4 = stablehlo.negate %n : tensor<4xf32>
  func.return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Float x + 0.0 must stay (-0.0 + 0.0 = +0.0), as must x*0 (NaN, inf,
// sign of zero), x - -0.0 and 1/x.
// CHECK-LABEL: func.func @float_inexact
// CHECK: stablehlo.add %arg0, %{{.*}}
// CHECK: stablehlo.multiply %arg0, %{{.*}}
// CHECK: stablehlo.subtract %arg0, %{{.*}}
// CHECK: stablehlo.divide %{{.*}}, %arg0
func.func @float_inexact(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %pz = stablehlo.constant dense<0.0> : tensor<4xf32>
  %nz = stablehlo.constant dense<-0.0> : tensor<4xf32>
  %one = stablehlo.constant dense<1.0> : tensor<4xf32>
  %0 = stablehlo.add %x, %pz : tensor<4xf32>
  %1 = stablehlo.multiply %x, %pz : tensor<4xf32>
  %2 = stablehlo.subtract %x, %nz : tensor<4xf32>
  %3 = stablehlo.divide %one, %x : tensor<4xf32>
  func.return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// transpose(transpose(x)) composes; back to the identity it disappears.
// CHECK-LABEL: func.func @transposes
// CHECK: %[[T:.*]] = stablehlo.transpose %arg0, dims = [2, 0, 1]
// CHECK-NOT: stablehlo.transpose
// CHECK: return %arg0, %[[T]], %arg0
func.func @transposes(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<2x3x4xf32>) {
  %0 = stablehlo.transpose %x, dims = [1, 0, 2] : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %1 = stablehlo.transpose %0, dims = [1, 0, 2] : (tensor<3x2x4xf32>) -> tensor<2x3x4xf32>
  %2 = stablehlo.transpose %0, dims = [2, 1, 0] : (tensor<3x2x4xf32>) -> tensor<4x2x3xf32>
  %3 = stablehlo.transpose %x, dims = [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  func.return %1, %2, %3 : tensor<2x3x4xf32>, tensor<4x2x3xf32>, tensor<2x3x4xf32>
}

// -----

// reshape(reshape(x)) is one reshape; a same-type reshape is nothing.
// CHECK-LABEL: func.func @reshapes
// CHECK: %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<2x6xf32>) -> tensor<12xf32>
// CHECK-NOT: stablehlo.reshape
// CHECK: return %[[R]], %arg0
func.func @reshapes(%x: tensor<2x6xf32>) -> (tensor<12xf32>, tensor<2x6xf32>) {
  %0 = stablehlo.reshape %x : (tensor<2x6xf32>) -> tensor<3x4xf32>
  %1 = stablehlo.reshape %0 : (tensor<3x4xf32>) -> tensor<12xf32>
  %2 = stablehlo.reshape %0 : (tensor<3x4xf32>) -> tensor<2x6xf32>
  func.return %1, %2 : tensor<12xf32>, tensor<2x6xf32>
}

// -----

// broadcast_in_dim(broadcast_in_dim(x)) composes its dimension maps;
// an identity broadcast is nothing, a same-type transposing one stays.
// CHECK-LABEL: func.func @broadcasts
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<3xf32>) -> tensor<5x4x3xf32>
// CHECK: %[[T:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [1, 0]
// CHECK-NOT: stablehlo.broadcast_in_dim
// CHECK: return %[[B]], %arg1, %[[T]]
func.func @broadcasts(%x: tensor<3xf32>, %y: tensor<2x2xf32>) -> (tensor<5x4x3xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
  %1 = stablehlo.broadcast_in_dim %0, dims = [1, 2] : (tensor<4x3xf32>) -> tensor<5x4x3xf32>
  %2 = stablehlo.broadcast_in_dim %y, dims = [0, 1] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %3 = stablehlo.broadcast_in_dim %y, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return %1, %2, %3 : tensor<5x4x3xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// convert(convert(x)) is one convert when the first is exact
// (f16->f32->f64 = f16->f64, i8->i32->f32 = i8->f32); f32->f16->f32
// rounds and stays; a same-type convert is nothing.
// CHECK-LABEL: func.func @converts
// CHECK: %[[A:.*]] = stablehlo.convert %arg0 : (tensor<4xf16>) -> tensor<4xf64>
// CHECK: %[[B:.*]] = stablehlo.convert %arg1 : (tensor<4xf32>) -> tensor<4xf16>
// CHECK: %[[C:.*]] = stablehlo.convert %[[B]] : (tensor<4xf16>) -> tensor<4xf32>
// CHECK: %[[D:.*]] = stablehlo.convert %arg2 : (tensor<4xi8>) -> tensor<4xf32>
// CHECK-NOT: stablehlo.convert
// CHECK: return %[[A]], %[[C]], %[[D]], %arg1
func.func @converts(%h: tensor<4xf16>, %f: tensor<4xf32>, %i: tensor<4xi8>) -> (tensor<4xf64>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.convert %h : (tensor<4xf16>) -> tensor<4xf32>
  %1 = stablehlo.convert %0 : (tensor<4xf32>) -> tensor<4xf64>
  %2 = stablehlo.convert %f : (tensor<4xf32>) -> tensor<4xf16>
  %3 = stablehlo.convert %2 : (tensor<4xf16>) -> tensor<4xf32>
  %4 = stablehlo.convert %i : (tensor<4xi8>) -> tensor<4xi32>
  %5 = stablehlo.convert %4 : (tensor<4xi32>) -> tensor<4xf32>
  %6 = stablehlo.convert %f : (tensor<4xf32>) -> tensor<4xf32>
  func.return %1, %3, %5, %6 : tensor<4xf64>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// An int->float->int round trip through f16 is not exact for i32 and stays.
// CHECK-LABEL: func.func @convert_inexact_int
// CHECK: stablehlo.convert %arg0 : (tensor<4xi32>) -> tensor<4xf16>
// CHECK: stablehlo.convert %{{.*}} : (tensor<4xf16>) -> tensor<4xi32>
func.func @convert_inexact_int(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.convert %x : (tensor<4xi32>) -> tensor<4xf16>
  %1 = stablehlo.convert %0 : (tensor<4xf16>) -> tensor<4xi32>
  func.return %1 : tensor<4xi32>
}

// -----

// slice(slice(x)) is one slice; a full slice is nothing.
// CHECK-LABEL: func.func @slices
// CHECK: %[[S:.*]] = stablehlo.slice %arg0 [3:8:4] : (tensor<10xf32>) -> tensor<2xf32>
// CHECK-NOT: stablehlo.slice
// CHECK: return %[[S]], %arg0
func.func @slices(%x: tensor<10xf32>) -> (tensor<2xf32>, tensor<10xf32>) {
  %0 = stablehlo.slice %x [1:10:2] : (tensor<10xf32>) -> tensor<5xf32>
  %1 = stablehlo.slice %0 [1:5:2] : (tensor<5xf32>) -> tensor<2xf32>
  %2 = stablehlo.slice %x [0:10] : (tensor<10xf32>) -> tensor<10xf32>
  func.return %1, %2 : tensor<2xf32>, tensor<10xf32>
}

// -----

// A pad of zeros everywhere is nothing; a negative (cropping) pad stays.
// CHECK-LABEL: func.func @pads
// CHECK: %[[P:.*]] = stablehlo.pad %arg0, %arg1, low = [-1], high = [1], interior = [0]
// CHECK: return %arg0, %[[P]]
func.func @pads(%x: tensor<4xf32>, %v: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.pad %x, %v, low = [0], high = [0], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.pad %x, %v, low = [-1], high = [1], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Rules apply inside regions too, and a check keeps its operand.
// CHECK-LABEL: func.func @in_region
// CHECK: stablehlo.reduce
// CHECK-NOT: stablehlo.multiply
// CHECK: check.expect_eq_const
func.func @in_region(%x: tensor<4xi32>, %z: tensor<i32>) {
  %one = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
   reducer(%a: tensor<i32>, %b: tensor<i32>) {
    %m = stablehlo.multiply %a, %one : tensor<i32>
    %s = stablehlo.add %m, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }
  check.expect_eq_const %0, dense<10> : tensor<i32>
  func.return
}

// -----

// Constants fold as MLIR's canonicalizer folds them (the ops' fold hooks):
// (c1 + c2) * c2 becomes one constant, the rules then see x + c; a result
// larger than constant-fold's default max-elements (65536) stays an op.
// CHECK-LABEL: func.func @fold_constants
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<[1.200000e+01, 2.400000e+01]> : tensor<2xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.add %arg0, %[[C]] : tensor<2xf32>
// CHECK-NEXT: return %[[R]]
func.func @fold_constants(%x: tensor<2xf32>) -> tensor<2xf32> {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %c = stablehlo.add %a, %b : tensor<2xf32>
  %d = stablehlo.multiply %c, %b : tensor<2xf32>
  %e = stablehlo.add %x, %d : tensor<2xf32>
  return %e : tensor<2xf32>
}
// CHECK-LABEL: func.func @fold_limit
// CHECK: stablehlo.broadcast_in_dim
// CHECK: stablehlo.add
func.func @fold_limit(%x: tensor<300x300xf32>) -> tensor<300x300xf32> {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %b = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<300x300xf32>
  %e = stablehlo.add %x, %b : tensor<300x300xf32>
  return %e : tensor<300x300xf32>
}
