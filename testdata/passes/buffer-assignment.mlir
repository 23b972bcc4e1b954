// RUN: zmlc opt --passes=buffer-assignment --split-input-file %s | FileCheck %s

// A chain of elementwise ops whose inputs die there runs in place: every
// value shares offset 0; the peak is one buffer, the sum three.
// CHECK-LABEL: func.func @in_place
// CHECK-SAME: zml.buffer_peak = 64 : i64, zml.buffer_sum = 192 : i64
// CHECK: stablehlo.exponential %arg0 {zml.buffer_offset = array<i64: 0>}
// CHECK: stablehlo.negate %{{.*}} {zml.buffer_offset = array<i64: 0>}
// CHECK: stablehlo.abs %{{.*}} {zml.buffer_offset = array<i64: 0>}
func.func @in_place(%x: tensor<16xf32>) -> tensor<16xf32> {
  %a = stablehlo.exponential %x : tensor<16xf32>
  %b = stablehlo.negate %a : tensor<16xf32>
  %c = stablehlo.abs %b : tensor<16xf32>
  func.return %c : tensor<16xf32>
}

// -----

// Negative: a value still read later is not overwritten; a dead buffer
// (%a after %c) is reused by a later value of its size.
// CHECK-LABEL: func.func @live_across
// CHECK-SAME: zml.buffer_peak = 128 : i64, zml.buffer_sum = 256 : i64
// CHECK: %[[A:.*]] = stablehlo.exponential %arg0 {zml.buffer_offset = array<i64: 0>}
// CHECK: stablehlo.negate %[[A]] {zml.buffer_offset = array<i64: 64>}
// CHECK: stablehlo.add {{.*}} {zml.buffer_offset = array<i64: 0>}
// CHECK: stablehlo.abs {{.*}} {zml.buffer_offset = array<i64: 0>}
func.func @live_across(%x: tensor<16xf32>) -> tensor<16xf32> {
  %a = stablehlo.exponential %x : tensor<16xf32>
  %b = stablehlo.negate %a : tensor<16xf32>
  %c = stablehlo.add %a, %b : tensor<16xf32>
  %d = stablehlo.abs %c : tensor<16xf32>
  func.return %d : tensor<16xf32>
}

// -----

// Negative: a non-elementwise op (transpose) never writes over its
// operand, and function inputs are never overwritten.
// CHECK-LABEL: func.func @no_in_place
// CHECK: stablehlo.negate %arg0 {zml.buffer_offset = array<i64: 0>}
// CHECK: stablehlo.transpose {{.*}} {zml.buffer_offset = array<i64: 64>}
func.func @no_in_place(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %n = stablehlo.negate %x : tensor<4x4xf32>
  %t = stablehlo.transpose %n, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
  func.return %t : tensor<4x4xf32>
}
