// RUN: zmlc opt --passes=inline --split-input-file %s | FileCheck %s
// RUN: zmlc opt --passes=inline{public=true} --split-input-file %s | FileCheck %s --check-prefix=PUBLIC

// A private callee is inlined and then erased; its arguments are the
// call's operands and its results replace the call's.
// CHECK-LABEL: func.func @main
// CHECK-NOT: call
// CHECK: %[[A:.*]] = stablehlo.add %arg0, %arg1
// CHECK: %[[M:.*]] = stablehlo.multiply %[[A]], %arg0
// CHECK: return %[[M]]
// CHECK-NOT: func.func private @helper
// PUBLIC-LABEL: func.func @main
// PUBLIC-NOT: func.func private @helper
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @helper(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
func.func private @helper(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %y : tensor<4xf32>
  %1 = stablehlo.multiply %0, %x : tensor<4xf32>
  func.return %1 : tensor<4xf32>
}

// -----

// Public callees stay called unless public=true; they are never erased.
// CHECK-LABEL: func.func @caller
// CHECK: call @pub
// CHECK-LABEL: func.func @pub
// PUBLIC-LABEL: func.func @caller
// PUBLIC-NOT: call
// PUBLIC: stablehlo.negate %arg0
// PUBLIC-LABEL: func.func @pub
func.func @caller(%a: tensor<i32>) -> tensor<i32> {
  %0 = func.call @pub(%a) : (tensor<i32>) -> tensor<i32>
  func.return %0 : tensor<i32>
}
func.func @pub(%x: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.negate %x : tensor<i32>
  func.return %0 : tensor<i32>
}

// -----

// Nested calls inline completely; a call inside a region is inlined there.
// CHECK-LABEL: func.func @nested
// CHECK-NOT: call
// CHECK: stablehlo.reduce
// CHECK: stablehlo.abs
// CHECK: stablehlo.add
// CHECK: stablehlo.return
// CHECK-NOT: func.func private
func.func @nested(%a: tensor<4xi32>, %z: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.reduce(%a init: %z) across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
   reducer(%x: tensor<i32>, %y: tensor<i32>) {
    %s = func.call @outer(%x, %y) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    stablehlo.return %s : tensor<i32>
  }
  func.return %0 : tensor<i32>
}
func.func private @outer(%x: tensor<i32>, %y: tensor<i32>) -> tensor<i32> {
  %0 = func.call @inner(%x) : (tensor<i32>) -> tensor<i32>
  %1 = stablehlo.add %0, %y : tensor<i32>
  func.return %1 : tensor<i32>
}
func.func private @inner(%x: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.abs %x : tensor<i32>
  func.return %0 : tensor<i32>
}

// -----

// Recursive functions are not inlined (and stay while called).
// CHECK-LABEL: func.func @rec_main
// CHECK: call @rec
// CHECK: func.func private @rec
// CHECK: call @rec
func.func @rec_main(%a: tensor<i32>) -> tensor<i32> {
  %0 = func.call @rec(%a) : (tensor<i32>) -> tensor<i32>
  func.return %0 : tensor<i32>
}
func.func private @rec(%x: tensor<i32>) -> tensor<i32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %p = stablehlo.compare GT, %x, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %r = "stablehlo.if"(%p) ({
    %one = stablehlo.constant dense<1> : tensor<i32>
    %d = stablehlo.subtract %x, %one : tensor<i32>
    %c = func.call @rec(%d) : (tensor<i32>) -> tensor<i32>
    stablehlo.return %c : tensor<i32>
  }, {
    stablehlo.return %x : tensor<i32>
  }) : (tensor<i1>) -> tensor<i32>
  func.return %r : tensor<i32>
}

// -----

// An unused private function goes even without calls; a check in an
// inlined callee is kept (it is copied, not dropped).
// CHECK-LABEL: func.func @uses_check
// CHECK: check.expect_eq_const %arg0
// CHECK-NOT: func.func private
func.func @uses_check(%a: tensor<i32>) {
  func.call @checker(%a) : (tensor<i32>) -> ()
  func.return
}
func.func private @checker(%x: tensor<i32>) {
  check.expect_eq_const %x, dense<3> : tensor<i32>
  func.return
}
func.func private @unused(%x: tensor<i32>) -> tensor<i32> {
  func.return %x : tensor<i32>
}
