// RUN: zmlc opt --passes=constant-fold --split-input-file %s | FileCheck %s

// A chain of constant ops folds to one constant; inputs left unread go.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<[6, 10]> : tensor<2xi32>
// CHECK-NEXT: return %[[C]]
func.func @chain() -> tensor<2xi32> {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %0 = stablehlo.add %a, %b : tensor<2xi32>
  %1 = stablehlo.add %0, %a : tensor<2xi32>
  %2 = stablehlo.add %1, %a : tensor<2xi32>
  func.return %2 : tensor<2xi32>
}

// -----

// minimum and maximum propagate NaN (the spec), as the interpreter does.
// CHECK-LABEL: func.func @min_max_nan
// CHECK: stablehlo.constant dense<[0x7FC00000, 1.000000e+00]> : tensor<2xf32>
// CHECK: stablehlo.constant dense<[0x7FC00000, 2.000000e+00]> : tensor<2xf32>
// CHECK-NOT: stablehlo.minimum
// CHECK-NOT: stablehlo.maximum
func.func @min_max_nan() -> (tensor<2xf32>, tensor<2xf32>) {
  %a = stablehlo.constant dense<[0x7FC00000, 1.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = stablehlo.minimum %a, %b : tensor<2xf32>
  %1 = stablehlo.maximum %b, %a : tensor<2xf32>
  func.return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// Integers wrap around; i8 x*x can be negative.
// CHECK-LABEL: func.func @wraparound
// CHECK: stablehlo.constant dense<[-128, 127]> : tensor<2xi8>
// CHECK: stablehlo.constant dense<[16, -112]> : tensor<2xi8>
func.func @wraparound() -> (tensor<2xi8>, tensor<2xi8>) {
  %a = stablehlo.constant dense<[127, -128]> : tensor<2xi8>
  %one = stablehlo.constant dense<[1, -1]> : tensor<2xi8>
  %0 = stablehlo.add %a, %one : tensor<2xi8>
  %x = stablehlo.constant dense<[100, 12]> : tensor<2xi8>
  %1 = stablehlo.multiply %x, %x : tensor<2xi8>
  func.return %0, %1 : tensor<2xi8>, tensor<2xi8>
}

// -----

// Negative padding crops; interior padding inserts.
// CHECK-LABEL: func.func @pad_negative
// CHECK: stablehlo.constant dense<[2, 0, 3, 0, 4, 9]> : tensor<6xi32>
func.func @pad_negative() -> tensor<6xi32> {
  %a = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.pad %a, %z, low = [-1], high = [0], interior = [1] : (tensor<4xi32>, tensor<i32>) -> tensor<6xi32>
  %n = stablehlo.constant dense<9> : tensor<i32>
  %1 = stablehlo.pad %0, %n, low = [0], high = [1], interior = [0] : (tensor<6xi32>, tensor<i32>) -> tensor<7xi32>
  %2 = stablehlo.slice %1 [1:7] : (tensor<7xi32>) -> tensor<6xi32>
  func.return %2 : tensor<6xi32>
}

// -----

// f16 arithmetic rounds to f16 (11-bit significand, spacing 2 at 2048):
// 2048 + 1 = 2048 and 2048 + 3 = 2052, ties to even.
// CHECK-LABEL: func.func @f16_rounding
// CHECK: stablehlo.constant dense<[2.048000e+03, 2.052000e+03]> : tensor<2xf16>
func.func @f16_rounding() -> tensor<2xf16> {
  %a = stablehlo.constant dense<[2048.0, 2048.0]> : tensor<2xf16>
  %b = stablehlo.constant dense<[1.0, 3.0]> : tensor<2xf16>
  %0 = stablehlo.add %a, %b : tensor<2xf16>
  func.return %0 : tensor<2xf16>
}

// -----

// Ops with a non-constant operand do not fold; checks never fold.
// CHECK-LABEL: func.func @not_constant
// CHECK: stablehlo.add %arg0
// CHECK: check.expect_eq_const
func.func @not_constant(%x: tensor<2xi32>) -> tensor<2xi32> {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %0 = stablehlo.add %x, %a : tensor<2xi32>
  check.expect_eq_const %a, dense<[1, 2]> : tensor<2xi32>
  func.return %0 : tensor<2xi32>
}

// -----

// replica_id depends on the process and iota has no operand: not folded.
// A reduce of constants folds.
// CHECK-LABEL: func.func @no_operands
// CHECK: stablehlo.replica_id
// CHECK: stablehlo.iota
// CHECK: stablehlo.constant dense<6> : tensor<i32>
// CHECK-NOT: stablehlo.reduce
func.func @no_operands() -> (tensor<ui32>, tensor<3xi32>, tensor<i32>) {
  %0 = stablehlo.replica_id : tensor<ui32>
  %1 = stablehlo.iota dim = 0 : tensor<3xi32>
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %2 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0] : (tensor<3xi32>, tensor<i32>) -> tensor<i32>
  func.return %0, %1, %2 : tensor<ui32>, tensor<3xi32>, tensor<i32>
}

// -----

// A collective over constants is not folded.
// CHECK-LABEL: func.func @collective
// CHECK: stablehlo.all_reduce
func.func @collective() -> tensor<2xf32> {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = "stablehlo.all_reduce"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

// Results over the size limit (65536 elements) are not materialised.
// CHECK-LABEL: func.func @too_big
// CHECK: stablehlo.broadcast_in_dim
func.func @too_big() -> tensor<512x512xf32> {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<512x512xf32>
  func.return %0 : tensor<512x512xf32>
}

// -----

// A while loop is never folded (it might not terminate).
// CHECK-LABEL: func.func @loop
// CHECK: stablehlo.while
func.func @loop() -> tensor<i32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.while(%i = %c) : tensor<i32>
   cond {
    %ten = stablehlo.constant dense<10> : tensor<i32>
    %p = stablehlo.compare LT, %i, %ten : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %n : tensor<i32>
  }
  func.return %0 : tensor<i32>
}
