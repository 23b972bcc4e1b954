// RUN: zmlc interpret %s

// Dynamic slices of long rows (SIMD lanes with and without remainders,
// unrolled and rolled vector loops, scalar non-f32 rows) from the table
// t[i, j] = i*1000 + j; the expected slice is an iota plus the start's
// value (issue 12).
// A 2x4 block at (4, 1), the row start clamped to 3.
func.func @dynamic_slice_f32_2x4() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x7xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x7xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x7xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x7xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x7xf32>
  %i = stablehlo.constant dense<4> : tensor<i32>
  %j = stablehlo.constant dense<1> : tensor<i32>
  %r = stablehlo.dynamic_slice %t, %i, %j, sizes = [2, 4] : (tensor<5x7xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
  %e_i = stablehlo.iota dim = 0 : tensor<2x4xf32>
  %e_j = stablehlo.iota dim = 1 : tensor<2x4xf32>
  %e_k = stablehlo.constant dense<1000.0> : tensor<2x4xf32>
  %e_m = stablehlo.multiply %e_i, %e_k : tensor<2x4xf32>
  %e_s = stablehlo.add %e_m, %e_j : tensor<2x4xf32>
  %e_o = stablehlo.constant dense<3001.0> : tensor<2x4xf32>
  %e = stablehlo.add %e_s, %e_o : tensor<2x4xf32>
  check.expect_eq %r, %e : tensor<2x4xf32>
  func.return
}

// -----

// One row of 4 at (2, 7), the column start clamped to 3.
func.func @dynamic_slice_f32_row4() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x7xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x7xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x7xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x7xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x7xf32>
  %i = stablehlo.constant dense<2> : tensor<i32>
  %j = stablehlo.constant dense<7> : tensor<i32>
  %r = stablehlo.dynamic_slice %t, %i, %j, sizes = [1, 4] : (tensor<5x7xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  %e_i = stablehlo.iota dim = 0 : tensor<1x4xf32>
  %e_j = stablehlo.iota dim = 1 : tensor<1x4xf32>
  %e_k = stablehlo.constant dense<1000.0> : tensor<1x4xf32>
  %e_m = stablehlo.multiply %e_i, %e_k : tensor<1x4xf32>
  %e_s = stablehlo.add %e_m, %e_j : tensor<1x4xf32>
  %e_o = stablehlo.constant dense<2003.0> : tensor<1x4xf32>
  %e = stablehlo.add %e_s, %e_o : tensor<1x4xf32>
  check.expect_eq %r, %e : tensor<1x4xf32>
  func.return
}

// -----

// A 2x7 block at (4, 1), the row start clamped to 3.
func.func @dynamic_slice_f32_2x7() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x10xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x10xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x10xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x10xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x10xf32>
  %i = stablehlo.constant dense<4> : tensor<i32>
  %j = stablehlo.constant dense<1> : tensor<i32>
  %r = stablehlo.dynamic_slice %t, %i, %j, sizes = [2, 7] : (tensor<5x10xf32>, tensor<i32>, tensor<i32>) -> tensor<2x7xf32>
  %e_i = stablehlo.iota dim = 0 : tensor<2x7xf32>
  %e_j = stablehlo.iota dim = 1 : tensor<2x7xf32>
  %e_k = stablehlo.constant dense<1000.0> : tensor<2x7xf32>
  %e_m = stablehlo.multiply %e_i, %e_k : tensor<2x7xf32>
  %e_s = stablehlo.add %e_m, %e_j : tensor<2x7xf32>
  %e_o = stablehlo.constant dense<3001.0> : tensor<2x7xf32>
  %e = stablehlo.add %e_s, %e_o : tensor<2x7xf32>
  check.expect_eq %r, %e : tensor<2x7xf32>
  func.return
}

// -----

// One row of 7 at (2, 7), the column start clamped to 3.
func.func @dynamic_slice_f32_row7() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x10xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x10xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x10xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x10xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x10xf32>
  %i = stablehlo.constant dense<2> : tensor<i32>
  %j = stablehlo.constant dense<7> : tensor<i32>
  %r = stablehlo.dynamic_slice %t, %i, %j, sizes = [1, 7] : (tensor<5x10xf32>, tensor<i32>, tensor<i32>) -> tensor<1x7xf32>
  %e_i = stablehlo.iota dim = 0 : tensor<1x7xf32>
  %e_j = stablehlo.iota dim = 1 : tensor<1x7xf32>
  %e_k = stablehlo.constant dense<1000.0> : tensor<1x7xf32>
  %e_m = stablehlo.multiply %e_i, %e_k : tensor<1x7xf32>
  %e_s = stablehlo.add %e_m, %e_j : tensor<1x7xf32>
  %e_o = stablehlo.constant dense<2003.0> : tensor<1x7xf32>
  %e = stablehlo.add %e_s, %e_o : tensor<1x7xf32>
  check.expect_eq %r, %e : tensor<1x7xf32>
  func.return
}

// -----

// A 2x16 block at (4, 1), the row start clamped to 3.
func.func @dynamic_slice_f32_2x16() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x19xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x19xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x19xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x19xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x19xf32>
  %i = stablehlo.constant dense<4> : tensor<i32>
  %j = stablehlo.constant dense<1> : tensor<i32>
  %r = stablehlo.dynamic_slice %t, %i, %j, sizes = [2, 16] : (tensor<5x19xf32>, tensor<i32>, tensor<i32>) -> tensor<2x16xf32>
  %e_i = stablehlo.iota dim = 0 : tensor<2x16xf32>
  %e_j = stablehlo.iota dim = 1 : tensor<2x16xf32>
  %e_k = stablehlo.constant dense<1000.0> : tensor<2x16xf32>
  %e_m = stablehlo.multiply %e_i, %e_k : tensor<2x16xf32>
  %e_s = stablehlo.add %e_m, %e_j : tensor<2x16xf32>
  %e_o = stablehlo.constant dense<3001.0> : tensor<2x16xf32>
  %e = stablehlo.add %e_s, %e_o : tensor<2x16xf32>
  check.expect_eq %r, %e : tensor<2x16xf32>
  func.return
}

// -----

// One row of 16 at (2, 7), the column start clamped to 3.
func.func @dynamic_slice_f32_row16() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x19xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x19xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x19xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x19xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x19xf32>
  %i = stablehlo.constant dense<2> : tensor<i32>
  %j = stablehlo.constant dense<7> : tensor<i32>
  %r = stablehlo.dynamic_slice %t, %i, %j, sizes = [1, 16] : (tensor<5x19xf32>, tensor<i32>, tensor<i32>) -> tensor<1x16xf32>
  %e_i = stablehlo.iota dim = 0 : tensor<1x16xf32>
  %e_j = stablehlo.iota dim = 1 : tensor<1x16xf32>
  %e_k = stablehlo.constant dense<1000.0> : tensor<1x16xf32>
  %e_m = stablehlo.multiply %e_i, %e_k : tensor<1x16xf32>
  %e_s = stablehlo.add %e_m, %e_j : tensor<1x16xf32>
  %e_o = stablehlo.constant dense<2003.0> : tensor<1x16xf32>
  %e = stablehlo.add %e_s, %e_o : tensor<1x16xf32>
  check.expect_eq %r, %e : tensor<1x16xf32>
  func.return
}

// -----

// A 2x37 block at (4, 1), the row start clamped to 3.
func.func @dynamic_slice_f32_2x37() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x40xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x40xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x40xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x40xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x40xf32>
  %i = stablehlo.constant dense<4> : tensor<i32>
  %j = stablehlo.constant dense<1> : tensor<i32>
  %r = stablehlo.dynamic_slice %t, %i, %j, sizes = [2, 37] : (tensor<5x40xf32>, tensor<i32>, tensor<i32>) -> tensor<2x37xf32>
  %e_i = stablehlo.iota dim = 0 : tensor<2x37xf32>
  %e_j = stablehlo.iota dim = 1 : tensor<2x37xf32>
  %e_k = stablehlo.constant dense<1000.0> : tensor<2x37xf32>
  %e_m = stablehlo.multiply %e_i, %e_k : tensor<2x37xf32>
  %e_s = stablehlo.add %e_m, %e_j : tensor<2x37xf32>
  %e_o = stablehlo.constant dense<3001.0> : tensor<2x37xf32>
  %e = stablehlo.add %e_s, %e_o : tensor<2x37xf32>
  check.expect_eq %r, %e : tensor<2x37xf32>
  func.return
}

// -----

// One row of 37 at (2, 7), the column start clamped to 3.
func.func @dynamic_slice_f32_row37() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x40xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x40xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x40xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x40xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x40xf32>
  %i = stablehlo.constant dense<2> : tensor<i32>
  %j = stablehlo.constant dense<7> : tensor<i32>
  %r = stablehlo.dynamic_slice %t, %i, %j, sizes = [1, 37] : (tensor<5x40xf32>, tensor<i32>, tensor<i32>) -> tensor<1x37xf32>
  %e_i = stablehlo.iota dim = 0 : tensor<1x37xf32>
  %e_j = stablehlo.iota dim = 1 : tensor<1x37xf32>
  %e_k = stablehlo.constant dense<1000.0> : tensor<1x37xf32>
  %e_m = stablehlo.multiply %e_i, %e_k : tensor<1x37xf32>
  %e_s = stablehlo.add %e_m, %e_j : tensor<1x37xf32>
  %e_o = stablehlo.constant dense<2003.0> : tensor<1x37xf32>
  %e = stablehlo.add %e_s, %e_o : tensor<1x37xf32>
  check.expect_eq %r, %e : tensor<1x37xf32>
  func.return
}

// -----

// A 2x129 block at (4, 1), the row start clamped to 3.
func.func @dynamic_slice_f32_2x129() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x132xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x132xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x132xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x132xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x132xf32>
  %i = stablehlo.constant dense<4> : tensor<i32>
  %j = stablehlo.constant dense<1> : tensor<i32>
  %r = stablehlo.dynamic_slice %t, %i, %j, sizes = [2, 129] : (tensor<5x132xf32>, tensor<i32>, tensor<i32>) -> tensor<2x129xf32>
  %e_i = stablehlo.iota dim = 0 : tensor<2x129xf32>
  %e_j = stablehlo.iota dim = 1 : tensor<2x129xf32>
  %e_k = stablehlo.constant dense<1000.0> : tensor<2x129xf32>
  %e_m = stablehlo.multiply %e_i, %e_k : tensor<2x129xf32>
  %e_s = stablehlo.add %e_m, %e_j : tensor<2x129xf32>
  %e_o = stablehlo.constant dense<3001.0> : tensor<2x129xf32>
  %e = stablehlo.add %e_s, %e_o : tensor<2x129xf32>
  check.expect_eq %r, %e : tensor<2x129xf32>
  func.return
}

// -----

// One row of 129 at (2, 7), the column start clamped to 3.
func.func @dynamic_slice_f32_row129() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x132xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x132xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x132xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x132xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x132xf32>
  %i = stablehlo.constant dense<2> : tensor<i32>
  %j = stablehlo.constant dense<7> : tensor<i32>
  %r = stablehlo.dynamic_slice %t, %i, %j, sizes = [1, 129] : (tensor<5x132xf32>, tensor<i32>, tensor<i32>) -> tensor<1x129xf32>
  %e_i = stablehlo.iota dim = 0 : tensor<1x129xf32>
  %e_j = stablehlo.iota dim = 1 : tensor<1x129xf32>
  %e_k = stablehlo.constant dense<1000.0> : tensor<1x129xf32>
  %e_m = stablehlo.multiply %e_i, %e_k : tensor<1x129xf32>
  %e_s = stablehlo.add %e_m, %e_j : tensor<1x129xf32>
  %e_o = stablehlo.constant dense<2003.0> : tensor<1x129xf32>
  %e = stablehlo.add %e_s, %e_o : tensor<1x129xf32>
  check.expect_eq %r, %e : tensor<1x129xf32>
  func.return
}

// -----

// A 2x300 block at (4, 1), the row start clamped to 3.
func.func @dynamic_slice_f32_2x300() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x303xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x303xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x303xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x303xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x303xf32>
  %i = stablehlo.constant dense<4> : tensor<i32>
  %j = stablehlo.constant dense<1> : tensor<i32>
  %r = stablehlo.dynamic_slice %t, %i, %j, sizes = [2, 300] : (tensor<5x303xf32>, tensor<i32>, tensor<i32>) -> tensor<2x300xf32>
  %e_i = stablehlo.iota dim = 0 : tensor<2x300xf32>
  %e_j = stablehlo.iota dim = 1 : tensor<2x300xf32>
  %e_k = stablehlo.constant dense<1000.0> : tensor<2x300xf32>
  %e_m = stablehlo.multiply %e_i, %e_k : tensor<2x300xf32>
  %e_s = stablehlo.add %e_m, %e_j : tensor<2x300xf32>
  %e_o = stablehlo.constant dense<3001.0> : tensor<2x300xf32>
  %e = stablehlo.add %e_s, %e_o : tensor<2x300xf32>
  check.expect_eq %r, %e : tensor<2x300xf32>
  func.return
}

// -----

// One row of 300 at (2, 7), the column start clamped to 3.
func.func @dynamic_slice_f32_row300() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x303xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x303xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<5x303xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x303xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x303xf32>
  %i = stablehlo.constant dense<2> : tensor<i32>
  %j = stablehlo.constant dense<7> : tensor<i32>
  %r = stablehlo.dynamic_slice %t, %i, %j, sizes = [1, 300] : (tensor<5x303xf32>, tensor<i32>, tensor<i32>) -> tensor<1x300xf32>
  %e_i = stablehlo.iota dim = 0 : tensor<1x300xf32>
  %e_j = stablehlo.iota dim = 1 : tensor<1x300xf32>
  %e_k = stablehlo.constant dense<1000.0> : tensor<1x300xf32>
  %e_m = stablehlo.multiply %e_i, %e_k : tensor<1x300xf32>
  %e_s = stablehlo.add %e_m, %e_j : tensor<1x300xf32>
  %e_o = stablehlo.constant dense<2003.0> : tensor<1x300xf32>
  %e = stablehlo.add %e_s, %e_o : tensor<1x300xf32>
  check.expect_eq %r, %e : tensor<1x300xf32>
  func.return
}

// -----

// A 2x33 block at (4, 1), the row start clamped to 3.
func.func @dynamic_slice_i32_2x33() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x36xi32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x36xi32>
  %t_k = stablehlo.constant dense<1000> : tensor<5x36xi32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x36xi32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x36xi32>
  %i = stablehlo.constant dense<4> : tensor<i32>
  %j = stablehlo.constant dense<1> : tensor<i32>
  %r = stablehlo.dynamic_slice %t, %i, %j, sizes = [2, 33] : (tensor<5x36xi32>, tensor<i32>, tensor<i32>) -> tensor<2x33xi32>
  %e_i = stablehlo.iota dim = 0 : tensor<2x33xi32>
  %e_j = stablehlo.iota dim = 1 : tensor<2x33xi32>
  %e_k = stablehlo.constant dense<1000> : tensor<2x33xi32>
  %e_m = stablehlo.multiply %e_i, %e_k : tensor<2x33xi32>
  %e_s = stablehlo.add %e_m, %e_j : tensor<2x33xi32>
  %e_o = stablehlo.constant dense<3001> : tensor<2x33xi32>
  %e = stablehlo.add %e_s, %e_o : tensor<2x33xi32>
  check.expect_eq %r, %e : tensor<2x33xi32>
  func.return
}

// -----

// One row of 33 at (2, 7), the column start clamped to 3.
func.func @dynamic_slice_i32_row33() {
  %t_i = stablehlo.iota dim = 0 : tensor<5x36xi32>
  %t_j = stablehlo.iota dim = 1 : tensor<5x36xi32>
  %t_k = stablehlo.constant dense<1000> : tensor<5x36xi32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<5x36xi32>
  %t = stablehlo.add %t_m, %t_j : tensor<5x36xi32>
  %i = stablehlo.constant dense<2> : tensor<i32>
  %j = stablehlo.constant dense<7> : tensor<i32>
  %r = stablehlo.dynamic_slice %t, %i, %j, sizes = [1, 33] : (tensor<5x36xi32>, tensor<i32>, tensor<i32>) -> tensor<1x33xi32>
  %e_i = stablehlo.iota dim = 0 : tensor<1x33xi32>
  %e_j = stablehlo.iota dim = 1 : tensor<1x33xi32>
  %e_k = stablehlo.constant dense<1000> : tensor<1x33xi32>
  %e_m = stablehlo.multiply %e_i, %e_k : tensor<1x33xi32>
  %e_s = stablehlo.add %e_m, %e_j : tensor<1x33xi32>
  %e_o = stablehlo.constant dense<2003> : tensor<1x33xi32>
  %e = stablehlo.add %e_s, %e_o : tensor<1x33xi32>
  check.expect_eq %r, %e : tensor<1x33xi32>
  func.return
}
