// RUN: zmlc opt --passes=cse --split-input-file %s | FileCheck %s

// Two identical adds merge; the reader then reads the first twice.
// CHECK-LABEL: func.func @merge
// CHECK: %[[A:.*]] = stablehlo.add %arg0, %arg1
// CHECK-NOT: stablehlo.add %arg0, %arg1
// CHECK: stablehlo.multiply %[[A]], %[[A]]
func.func @merge(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  %1 = stablehlo.add %a, %b : tensor<4xf32>
  %2 = stablehlo.multiply %0, %1 : tensor<4xf32>
  func.return %2 : tensor<4xf32>
}

// -----

// Commutative operands in either order merge; a subtract does not.
// CHECK-LABEL: func.func @commutative
// CHECK: %[[A:.*]] = stablehlo.add %arg0, %arg1
// CHECK: %[[S:.*]] = stablehlo.subtract %arg0, %arg1
// CHECK: %[[T:.*]] = stablehlo.subtract %arg1, %arg0
// CHECK: stablehlo.multiply %[[A]], %[[A]]
// CHECK: stablehlo.multiply %[[S]], %[[T]]
func.func @commutative(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %0 = stablehlo.add %a, %b : tensor<4xi32>
  %1 = stablehlo.add %b, %a : tensor<4xi32>
  %2 = stablehlo.subtract %a, %b : tensor<4xi32>
  %3 = stablehlo.subtract %b, %a : tensor<4xi32>
  %4 = stablehlo.multiply %0, %1 : tensor<4xi32>
  %5 = stablehlo.multiply %2, %3 : tensor<4xi32>
  func.return %4, %5 : tensor<4xi32>, tensor<4xi32>
}

// -----

// Identical constants merge; different attributes keep ops apart.
// CHECK-LABEL: func.func @constants_and_attrs
// CHECK-COUNT-1: stablehlo.constant dense<1.000000e+00>
// CHECK: stablehlo.transpose %arg0, dims = [1, 0]
// CHECK-NOT: stablehlo.transpose %arg0, dims = [1, 0]
// CHECK: stablehlo.reverse
// CHECK: stablehlo.reverse
func.func @constants_and_attrs(%a: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %c0 = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %c1 = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %t0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %t1 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %r0 = stablehlo.reverse %a, dims = [0] : tensor<2x2xf32>
  %r1 = stablehlo.reverse %a, dims = [1] : tensor<2x2xf32>
  func.return %c0, %c1, %t0, %t1, %r0, %r1 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// Collectives are never merged: each all_reduce is a separate exchange.
// CHECK-LABEL: func.func @collectives_not_merged
// CHECK: stablehlo.all_reduce
// CHECK: stablehlo.all_reduce
func.func @collectives_not_merged(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Custom calls (side effects) are never merged.
// CHECK-LABEL: func.func @custom_calls_not_merged
// CHECK-COUNT-2: stablehlo.custom_call @f
func.func @custom_calls_not_merged(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.custom_call @f(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.custom_call @f(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Reduces with structurally equal bodies merge; different bodies do not.
// CHECK-LABEL: func.func @regions
// CHECK: %[[R0:.*]] = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add
// CHECK: %[[R2:.*]] = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.maximum
// CHECK-NOT: stablehlo.reduce
// CHECK: return %[[R0]], %[[R0]], %[[R2]]
func.func @regions(%a: tensor<4xf32>, %z: tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<f32>) {
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %1 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %2 = stablehlo.reduce(%a init: %z) applies stablehlo.maximum across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  func.return %0, %1, %2 : tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// An op inside a region reuses an equal op of the enclosing block; an op
// of a region is not visible after the region (it does not dominate).
// CHECK-LABEL: func.func @scopes
// CHECK: %[[N:.*]] = stablehlo.negate %arg1
// CHECK: stablehlo.reduce
// CHECK-NOT: stablehlo.negate
// CHECK: stablehlo.exponential %arg1
// CHECK: stablehlo.add %{{.*}}, %[[N]]
// CHECK: stablehlo.return
// CHECK: stablehlo.exponential %arg1
func.func @scopes(%a: tensor<4xf32>, %z: tensor<f32>) -> (tensor<f32>, tensor<f32>, tensor<f32>) {
  %n = stablehlo.negate %z : tensor<f32>
  %0 = stablehlo.reduce(%a init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%x: tensor<f32>, %y: tensor<f32>) {
    %n2 = stablehlo.negate %z : tensor<f32>
    %e = stablehlo.exponential %z : tensor<f32>
    %s = stablehlo.add %x, %n2 : tensor<f32>
    %t = stablehlo.add %s, %e : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }
  %e2 = stablehlo.exponential %z : tensor<f32>
  func.return %0, %n, %e2 : tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// Calls of a function with a check are not merged; calls of a pure one are.
// CHECK-LABEL: func.func @calls
// CHECK: call @pure
// CHECK-NOT: call @pure
// CHECK: call @effect
// CHECK: call @effect
func.func @calls(%a: tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) {
  %0 = func.call @pure(%a) : (tensor<i32>) -> tensor<i32>
  %1 = func.call @pure(%a) : (tensor<i32>) -> tensor<i32>
  %2 = func.call @effect(%a) : (tensor<i32>) -> tensor<i32>
  %3 = func.call @effect(%a) : (tensor<i32>) -> tensor<i32>
  func.return %0, %1, %2, %3 : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>
}
func.func private @pure(%a: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.add %a, %a : tensor<i32>
  func.return %0 : tensor<i32>
}
func.func private @effect(%a: tensor<i32>) -> tensor<i32> {
  check.expect_eq_const %a, dense<1> : tensor<i32>
  func.return %a : tensor<i32>
}
