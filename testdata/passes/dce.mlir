// RUN: zmlc opt --passes=dce --split-input-file %s | FileCheck %s

// Unused pure ops go, including chains whose only reader was dead.
// CHECK-LABEL: func.func @dead_chain
// CHECK-NOT: stablehlo.multiply
// CHECK-NOT: stablehlo.exponential
// CHECK: return %arg0
func.func @dead_chain(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.exponential %a : tensor<4xf32>
  %1 = stablehlo.multiply %0, %0 : tensor<4xf32>
  func.return %a : tensor<4xf32>
}

// -----

// Checks and custom calls have side effects: they stay, and so do the
// values they read.
// CHECK-LABEL: func.func @effects_stay
// CHECK: %[[X:.*]] = stablehlo.add
// CHECK: check.expect_eq_const %[[X]]
// CHECK: stablehlo.custom_call @foo
func.func @effects_stay(%a: tensor<2xi32>) {
  %0 = stablehlo.add %a, %a : tensor<2xi32>
  check.expect_eq_const %0, dense<[2, 4]> : tensor<2xi32>
  %1 = stablehlo.custom_call @foo(%a) : (tensor<2xi32>) -> tensor<2xi32>
  func.return
}

// -----

// An unused collective is not removed.
// CHECK-LABEL: func.func @collective_stays
// CHECK: stablehlo.all_reduce
func.func @collective_stays(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %a : tensor<4xf32>
}

// -----

// A dead op inside a reduce body goes; the reduce itself stays (read).
// CHECK-LABEL: func.func @dead_in_region
// CHECK: stablehlo.reduce
// CHECK-NOT: stablehlo.multiply
// CHECK: return
func.func @dead_in_region(%a: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.reduce(%a init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%x: tensor<f32>, %y: tensor<f32>) {
    %m = stablehlo.multiply %x, %y : tensor<f32>
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }
  func.return %0 : tensor<f32>
}

// -----

// A case whose branch has a check has effects and stays though unused.
// CHECK-LABEL: func.func @case_with_check
// CHECK: stablehlo.case
func.func @case_with_check(%i: tensor<i32>, %a: tensor<i32>) {
  %0 = "stablehlo.case"(%i) ({
    check.expect_eq_const %a, dense<1> : tensor<i32>
    stablehlo.return %a : tensor<i32>
  }) : (tensor<i32>) -> tensor<i32>
  func.return
}
