// RUN: zmlc interpret %s

// Dynamic updates of long rows into the table t[i, j] = i*1000 + j
// (SIMD lanes with and without remainders, unrolled and rolled vector
// loops, scalar non-f32 rows). The expected result is t plus the padded
// difference between the update and the block it replaces (issue 12).
// A 2x4 update at (1, 2).
func.func @dynamic_update_slice_f32_2x4_at_1_2() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x7xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x7xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x7xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x7xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x7xf32>
  %u_i = stablehlo.iota dim = 0 : tensor<2x4xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<2x4xf32>
  %u_k = stablehlo.constant dense<-1000.0> : tensor<2x4xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<2x4xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<2x4xf32>
  %u_o = stablehlo.constant dense<-1.0> : tensor<2x4xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<2x4xf32>
  %i = stablehlo.constant dense<1> : tensor<i64>
  %j = stablehlo.constant dense<2> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %t, %u, %i, %j : (tensor<5x7xf32>, tensor<2x4xf32>, tensor<i64>, tensor<i64>) -> tensor<5x7xf32>
  %old = stablehlo.slice %t [1:3, 2:6] : (tensor<5x7xf32>) -> tensor<2x4xf32>
  %d = stablehlo.subtract %u, %old : tensor<2x4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.pad %d, %zero, low = [1, 2], high = [2, 1], interior = [0, 0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<5x7xf32>
  %e = stablehlo.add %t, %p : tensor<5x7xf32>
  check.expect_eq %r, %e : tensor<5x7xf32>
  func.return
}

// -----

// A 2x4 update at (4, 9), clamped to (3, 3).
func.func @dynamic_update_slice_f32_2x4_at_4_9() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x7xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x7xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x7xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x7xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x7xf32>
  %u_i = stablehlo.iota dim = 0 : tensor<2x4xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<2x4xf32>
  %u_k = stablehlo.constant dense<-1000.0> : tensor<2x4xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<2x4xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<2x4xf32>
  %u_o = stablehlo.constant dense<-1.0> : tensor<2x4xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<2x4xf32>
  %i = stablehlo.constant dense<4> : tensor<i64>
  %j = stablehlo.constant dense<9> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %t, %u, %i, %j : (tensor<5x7xf32>, tensor<2x4xf32>, tensor<i64>, tensor<i64>) -> tensor<5x7xf32>
  %old = stablehlo.slice %t [3:5, 3:7] : (tensor<5x7xf32>) -> tensor<2x4xf32>
  %d = stablehlo.subtract %u, %old : tensor<2x4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.pad %d, %zero, low = [3, 3], high = [0, 0], interior = [0, 0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<5x7xf32>
  %e = stablehlo.add %t, %p : tensor<5x7xf32>
  check.expect_eq %r, %e : tensor<5x7xf32>
  func.return
}

// -----

// A 2x7 update at (1, 2).
func.func @dynamic_update_slice_f32_2x7_at_1_2() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x10xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x10xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x10xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x10xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x10xf32>
  %u_i = stablehlo.iota dim = 0 : tensor<2x7xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<2x7xf32>
  %u_k = stablehlo.constant dense<-1000.0> : tensor<2x7xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<2x7xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<2x7xf32>
  %u_o = stablehlo.constant dense<-1.0> : tensor<2x7xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<2x7xf32>
  %i = stablehlo.constant dense<1> : tensor<i64>
  %j = stablehlo.constant dense<2> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %t, %u, %i, %j : (tensor<5x10xf32>, tensor<2x7xf32>, tensor<i64>, tensor<i64>) -> tensor<5x10xf32>
  %old = stablehlo.slice %t [1:3, 2:9] : (tensor<5x10xf32>) -> tensor<2x7xf32>
  %d = stablehlo.subtract %u, %old : tensor<2x7xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.pad %d, %zero, low = [1, 2], high = [2, 1], interior = [0, 0] : (tensor<2x7xf32>, tensor<f32>) -> tensor<5x10xf32>
  %e = stablehlo.add %t, %p : tensor<5x10xf32>
  check.expect_eq %r, %e : tensor<5x10xf32>
  func.return
}

// -----

// A 2x7 update at (4, 9), clamped to (3, 3).
func.func @dynamic_update_slice_f32_2x7_at_4_9() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x10xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x10xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x10xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x10xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x10xf32>
  %u_i = stablehlo.iota dim = 0 : tensor<2x7xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<2x7xf32>
  %u_k = stablehlo.constant dense<-1000.0> : tensor<2x7xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<2x7xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<2x7xf32>
  %u_o = stablehlo.constant dense<-1.0> : tensor<2x7xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<2x7xf32>
  %i = stablehlo.constant dense<4> : tensor<i64>
  %j = stablehlo.constant dense<9> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %t, %u, %i, %j : (tensor<5x10xf32>, tensor<2x7xf32>, tensor<i64>, tensor<i64>) -> tensor<5x10xf32>
  %old = stablehlo.slice %t [3:5, 3:10] : (tensor<5x10xf32>) -> tensor<2x7xf32>
  %d = stablehlo.subtract %u, %old : tensor<2x7xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.pad %d, %zero, low = [3, 3], high = [0, 0], interior = [0, 0] : (tensor<2x7xf32>, tensor<f32>) -> tensor<5x10xf32>
  %e = stablehlo.add %t, %p : tensor<5x10xf32>
  check.expect_eq %r, %e : tensor<5x10xf32>
  func.return
}

// -----

// A 2x16 update at (1, 2).
func.func @dynamic_update_slice_f32_2x16_at_1_2() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x19xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x19xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x19xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x19xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x19xf32>
  %u_i = stablehlo.iota dim = 0 : tensor<2x16xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<2x16xf32>
  %u_k = stablehlo.constant dense<-1000.0> : tensor<2x16xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<2x16xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<2x16xf32>
  %u_o = stablehlo.constant dense<-1.0> : tensor<2x16xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<2x16xf32>
  %i = stablehlo.constant dense<1> : tensor<i64>
  %j = stablehlo.constant dense<2> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %t, %u, %i, %j : (tensor<5x19xf32>, tensor<2x16xf32>, tensor<i64>, tensor<i64>) -> tensor<5x19xf32>
  %old = stablehlo.slice %t [1:3, 2:18] : (tensor<5x19xf32>) -> tensor<2x16xf32>
  %d = stablehlo.subtract %u, %old : tensor<2x16xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.pad %d, %zero, low = [1, 2], high = [2, 1], interior = [0, 0] : (tensor<2x16xf32>, tensor<f32>) -> tensor<5x19xf32>
  %e = stablehlo.add %t, %p : tensor<5x19xf32>
  check.expect_eq %r, %e : tensor<5x19xf32>
  func.return
}

// -----

// A 2x16 update at (4, 9), clamped to (3, 3).
func.func @dynamic_update_slice_f32_2x16_at_4_9() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x19xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x19xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x19xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x19xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x19xf32>
  %u_i = stablehlo.iota dim = 0 : tensor<2x16xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<2x16xf32>
  %u_k = stablehlo.constant dense<-1000.0> : tensor<2x16xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<2x16xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<2x16xf32>
  %u_o = stablehlo.constant dense<-1.0> : tensor<2x16xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<2x16xf32>
  %i = stablehlo.constant dense<4> : tensor<i64>
  %j = stablehlo.constant dense<9> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %t, %u, %i, %j : (tensor<5x19xf32>, tensor<2x16xf32>, tensor<i64>, tensor<i64>) -> tensor<5x19xf32>
  %old = stablehlo.slice %t [3:5, 3:19] : (tensor<5x19xf32>) -> tensor<2x16xf32>
  %d = stablehlo.subtract %u, %old : tensor<2x16xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.pad %d, %zero, low = [3, 3], high = [0, 0], interior = [0, 0] : (tensor<2x16xf32>, tensor<f32>) -> tensor<5x19xf32>
  %e = stablehlo.add %t, %p : tensor<5x19xf32>
  check.expect_eq %r, %e : tensor<5x19xf32>
  func.return
}

// -----

// A 2x37 update at (1, 2).
func.func @dynamic_update_slice_f32_2x37_at_1_2() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x40xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x40xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x40xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x40xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x40xf32>
  %u_i = stablehlo.iota dim = 0 : tensor<2x37xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<2x37xf32>
  %u_k = stablehlo.constant dense<-1000.0> : tensor<2x37xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<2x37xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<2x37xf32>
  %u_o = stablehlo.constant dense<-1.0> : tensor<2x37xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<2x37xf32>
  %i = stablehlo.constant dense<1> : tensor<i64>
  %j = stablehlo.constant dense<2> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %t, %u, %i, %j : (tensor<5x40xf32>, tensor<2x37xf32>, tensor<i64>, tensor<i64>) -> tensor<5x40xf32>
  %old = stablehlo.slice %t [1:3, 2:39] : (tensor<5x40xf32>) -> tensor<2x37xf32>
  %d = stablehlo.subtract %u, %old : tensor<2x37xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.pad %d, %zero, low = [1, 2], high = [2, 1], interior = [0, 0] : (tensor<2x37xf32>, tensor<f32>) -> tensor<5x40xf32>
  %e = stablehlo.add %t, %p : tensor<5x40xf32>
  check.expect_eq %r, %e : tensor<5x40xf32>
  func.return
}

// -----

// A 2x37 update at (4, 9), clamped to (3, 3).
func.func @dynamic_update_slice_f32_2x37_at_4_9() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x40xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x40xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x40xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x40xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x40xf32>
  %u_i = stablehlo.iota dim = 0 : tensor<2x37xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<2x37xf32>
  %u_k = stablehlo.constant dense<-1000.0> : tensor<2x37xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<2x37xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<2x37xf32>
  %u_o = stablehlo.constant dense<-1.0> : tensor<2x37xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<2x37xf32>
  %i = stablehlo.constant dense<4> : tensor<i64>
  %j = stablehlo.constant dense<9> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %t, %u, %i, %j : (tensor<5x40xf32>, tensor<2x37xf32>, tensor<i64>, tensor<i64>) -> tensor<5x40xf32>
  %old = stablehlo.slice %t [3:5, 3:40] : (tensor<5x40xf32>) -> tensor<2x37xf32>
  %d = stablehlo.subtract %u, %old : tensor<2x37xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.pad %d, %zero, low = [3, 3], high = [0, 0], interior = [0, 0] : (tensor<2x37xf32>, tensor<f32>) -> tensor<5x40xf32>
  %e = stablehlo.add %t, %p : tensor<5x40xf32>
  check.expect_eq %r, %e : tensor<5x40xf32>
  func.return
}

// -----

// A 2x129 update at (1, 2).
func.func @dynamic_update_slice_f32_2x129_at_1_2() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x132xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x132xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x132xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x132xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x132xf32>
  %u_i = stablehlo.iota dim = 0 : tensor<2x129xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<2x129xf32>
  %u_k = stablehlo.constant dense<-1000.0> : tensor<2x129xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<2x129xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<2x129xf32>
  %u_o = stablehlo.constant dense<-1.0> : tensor<2x129xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<2x129xf32>
  %i = stablehlo.constant dense<1> : tensor<i64>
  %j = stablehlo.constant dense<2> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %t, %u, %i, %j : (tensor<5x132xf32>, tensor<2x129xf32>, tensor<i64>, tensor<i64>) -> tensor<5x132xf32>
  %old = stablehlo.slice %t [1:3, 2:131] : (tensor<5x132xf32>) -> tensor<2x129xf32>
  %d = stablehlo.subtract %u, %old : tensor<2x129xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.pad %d, %zero, low = [1, 2], high = [2, 1], interior = [0, 0] : (tensor<2x129xf32>, tensor<f32>) -> tensor<5x132xf32>
  %e = stablehlo.add %t, %p : tensor<5x132xf32>
  check.expect_eq %r, %e : tensor<5x132xf32>
  func.return
}

// -----

// A 2x129 update at (4, 9), clamped to (3, 3).
func.func @dynamic_update_slice_f32_2x129_at_4_9() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x132xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x132xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x132xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x132xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x132xf32>
  %u_i = stablehlo.iota dim = 0 : tensor<2x129xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<2x129xf32>
  %u_k = stablehlo.constant dense<-1000.0> : tensor<2x129xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<2x129xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<2x129xf32>
  %u_o = stablehlo.constant dense<-1.0> : tensor<2x129xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<2x129xf32>
  %i = stablehlo.constant dense<4> : tensor<i64>
  %j = stablehlo.constant dense<9> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %t, %u, %i, %j : (tensor<5x132xf32>, tensor<2x129xf32>, tensor<i64>, tensor<i64>) -> tensor<5x132xf32>
  %old = stablehlo.slice %t [3:5, 3:132] : (tensor<5x132xf32>) -> tensor<2x129xf32>
  %d = stablehlo.subtract %u, %old : tensor<2x129xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.pad %d, %zero, low = [3, 3], high = [0, 0], interior = [0, 0] : (tensor<2x129xf32>, tensor<f32>) -> tensor<5x132xf32>
  %e = stablehlo.add %t, %p : tensor<5x132xf32>
  check.expect_eq %r, %e : tensor<5x132xf32>
  func.return
}

// -----

// A 2x300 update at (1, 2).
func.func @dynamic_update_slice_f32_2x300_at_1_2() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x303xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x303xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x303xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x303xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x303xf32>
  %u_i = stablehlo.iota dim = 0 : tensor<2x300xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<2x300xf32>
  %u_k = stablehlo.constant dense<-1000.0> : tensor<2x300xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<2x300xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<2x300xf32>
  %u_o = stablehlo.constant dense<-1.0> : tensor<2x300xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<2x300xf32>
  %i = stablehlo.constant dense<1> : tensor<i64>
  %j = stablehlo.constant dense<2> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %t, %u, %i, %j : (tensor<5x303xf32>, tensor<2x300xf32>, tensor<i64>, tensor<i64>) -> tensor<5x303xf32>
  %old = stablehlo.slice %t [1:3, 2:302] : (tensor<5x303xf32>) -> tensor<2x300xf32>
  %d = stablehlo.subtract %u, %old : tensor<2x300xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.pad %d, %zero, low = [1, 2], high = [2, 1], interior = [0, 0] : (tensor<2x300xf32>, tensor<f32>) -> tensor<5x303xf32>
  %e = stablehlo.add %t, %p : tensor<5x303xf32>
  check.expect_eq %r, %e : tensor<5x303xf32>
  func.return
}

// -----

// A 2x300 update at (4, 9), clamped to (3, 3).
func.func @dynamic_update_slice_f32_2x300_at_4_9() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x303xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x303xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x303xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x303xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x303xf32>
  %u_i = stablehlo.iota dim = 0 : tensor<2x300xf32>
  %u_j = stablehlo.iota dim = 1 : tensor<2x300xf32>
  %u_k = stablehlo.constant dense<-1000.0> : tensor<2x300xf32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<2x300xf32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<2x300xf32>
  %u_o = stablehlo.constant dense<-1.0> : tensor<2x300xf32>
  %u = stablehlo.add %u_s, %u_o : tensor<2x300xf32>
  %i = stablehlo.constant dense<4> : tensor<i64>
  %j = stablehlo.constant dense<9> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %t, %u, %i, %j : (tensor<5x303xf32>, tensor<2x300xf32>, tensor<i64>, tensor<i64>) -> tensor<5x303xf32>
  %old = stablehlo.slice %t [3:5, 3:303] : (tensor<5x303xf32>) -> tensor<2x300xf32>
  %d = stablehlo.subtract %u, %old : tensor<2x300xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.pad %d, %zero, low = [3, 3], high = [0, 0], interior = [0, 0] : (tensor<2x300xf32>, tensor<f32>) -> tensor<5x303xf32>
  %e = stablehlo.add %t, %p : tensor<5x303xf32>
  check.expect_eq %r, %e : tensor<5x303xf32>
  func.return
}

// -----

// A 2x33 update at (1, 2).
func.func @dynamic_update_slice_i32_2x33_at_1_2() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x36xi32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x36xi32>
  %t_k = stablehlo.constant dense<1000> : tensor<5x36xi32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x36xi32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x36xi32>
  %u_i = stablehlo.iota dim = 0 : tensor<2x33xi32>
  %u_j = stablehlo.iota dim = 1 : tensor<2x33xi32>
  %u_k = stablehlo.constant dense<-1000> : tensor<2x33xi32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<2x33xi32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<2x33xi32>
  %u_o = stablehlo.constant dense<-1> : tensor<2x33xi32>
  %u = stablehlo.add %u_s, %u_o : tensor<2x33xi32>
  %i = stablehlo.constant dense<1> : tensor<i64>
  %j = stablehlo.constant dense<2> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %t, %u, %i, %j : (tensor<5x36xi32>, tensor<2x33xi32>, tensor<i64>, tensor<i64>) -> tensor<5x36xi32>
  %old = stablehlo.slice %t [1:3, 2:35] : (tensor<5x36xi32>) -> tensor<2x33xi32>
  %d = stablehlo.subtract %u, %old : tensor<2x33xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %p = stablehlo.pad %d, %zero, low = [1, 2], high = [2, 1], interior = [0, 0] : (tensor<2x33xi32>, tensor<i32>) -> tensor<5x36xi32>
  %e = stablehlo.add %t, %p : tensor<5x36xi32>
  check.expect_eq %r, %e : tensor<5x36xi32>
  func.return
}

// -----

// A 2x33 update at (4, 9), clamped to (3, 3).
func.func @dynamic_update_slice_i32_2x33_at_4_9() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x36xi32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x36xi32>
  %t_k = stablehlo.constant dense<1000> : tensor<5x36xi32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x36xi32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x36xi32>
  %u_i = stablehlo.iota dim = 0 : tensor<2x33xi32>
  %u_j = stablehlo.iota dim = 1 : tensor<2x33xi32>
  %u_k = stablehlo.constant dense<-1000> : tensor<2x33xi32>
  %u_m = stablehlo.multiply %u_i, %u_k : tensor<2x33xi32>
  %u_s = stablehlo.add %u_m, %u_j : tensor<2x33xi32>
  %u_o = stablehlo.constant dense<-1> : tensor<2x33xi32>
  %u = stablehlo.add %u_s, %u_o : tensor<2x33xi32>
  %i = stablehlo.constant dense<4> : tensor<i64>
  %j = stablehlo.constant dense<9> : tensor<i64>
  %r = stablehlo.dynamic_update_slice %t, %u, %i, %j : (tensor<5x36xi32>, tensor<2x33xi32>, tensor<i64>, tensor<i64>) -> tensor<5x36xi32>
  %old = stablehlo.slice %t [3:5, 3:36] : (tensor<5x36xi32>) -> tensor<2x33xi32>
  %d = stablehlo.subtract %u, %old : tensor<2x33xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %p = stablehlo.pad %d, %zero, low = [3, 3], high = [0, 0], interior = [0, 0] : (tensor<2x33xi32>, tensor<i32>) -> tensor<5x36xi32>
  %e = stablehlo.add %t, %p : tensor<5x36xi32>
  check.expect_eq %r, %e : tensor<5x36xi32>
  func.return
}
