// RUN: zmlc interpret %s

// Gathers of whole rows and 2-d windows whose rows are long enough to reach
// every lowering path of the targets: SIMD lanes (wasm 4, cpu 8 or 16) with
// and without a remainder, unrolled and rolled vector loops (wasm unrolls up
// to 128 f32 elements), and non-f32 rows (scalar loops). The table is
// t[i, j] = i*1000 + j (exact in every type used), so the expected rows are
// a broadcast base plus an iota. Regression: a row of 4 or more f32 made the
// wasm target emit an invalid module (issue 12).
// 5 rows of 4 f32 elements (an embedding lookup); indices 11 and -2
// are clamped to rows 9 and 0.
func.func @gather_rows_f32_d4() {
  %t_i = stablehlo.iota dim = 0 : tensor<10x4xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<10x4xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<10x4xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<10x4xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<10x4xf32>
  %ids = stablehlo.constant dense<[3, 11, 9, -2, 2]> : tensor<5xi32>
  %r = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 4>,
    indices_are_sorted = false
  } : (tensor<10x4xf32>, tensor<5xi32>) -> tensor<5x4xf32>
  %base = stablehlo.constant dense<[3000.0, 9000.0, 9000.0, 0.0, 2000.0]> : tensor<5xf32>
  %b = stablehlo.broadcast_in_dim %base, dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
  %j = stablehlo.iota dim = 1 : tensor<5x4xf32>
  %e = stablehlo.add %b, %j : tensor<5x4xf32>
  check.expect_eq %r, %e : tensor<5x4xf32>
  func.return
}

// -----

// 5 rows of 7 f32 elements (an embedding lookup); indices 11 and -2
// are clamped to rows 9 and 0.
func.func @gather_rows_f32_d7() {
  %t_i = stablehlo.iota dim = 0 : tensor<10x7xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<10x7xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<10x7xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<10x7xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<10x7xf32>
  %ids = stablehlo.constant dense<[3, 11, 9, -2, 2]> : tensor<5xi32>
  %r = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 7>,
    indices_are_sorted = false
  } : (tensor<10x7xf32>, tensor<5xi32>) -> tensor<5x7xf32>
  %base = stablehlo.constant dense<[3000.0, 9000.0, 9000.0, 0.0, 2000.0]> : tensor<5xf32>
  %b = stablehlo.broadcast_in_dim %base, dims = [0] : (tensor<5xf32>) -> tensor<5x7xf32>
  %j = stablehlo.iota dim = 1 : tensor<5x7xf32>
  %e = stablehlo.add %b, %j : tensor<5x7xf32>
  check.expect_eq %r, %e : tensor<5x7xf32>
  func.return
}

// -----

// 5 rows of 8 f32 elements (an embedding lookup); indices 11 and -2
// are clamped to rows 9 and 0.
func.func @gather_rows_f32_d8() {
  %t_i = stablehlo.iota dim = 0 : tensor<10x8xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<10x8xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<10x8xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<10x8xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<10x8xf32>
  %ids = stablehlo.constant dense<[3, 11, 9, -2, 2]> : tensor<5xi32>
  %r = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 8>,
    indices_are_sorted = false
  } : (tensor<10x8xf32>, tensor<5xi32>) -> tensor<5x8xf32>
  %base = stablehlo.constant dense<[3000.0, 9000.0, 9000.0, 0.0, 2000.0]> : tensor<5xf32>
  %b = stablehlo.broadcast_in_dim %base, dims = [0] : (tensor<5xf32>) -> tensor<5x8xf32>
  %j = stablehlo.iota dim = 1 : tensor<5x8xf32>
  %e = stablehlo.add %b, %j : tensor<5x8xf32>
  check.expect_eq %r, %e : tensor<5x8xf32>
  func.return
}

// -----

// 5 rows of 13 f32 elements (an embedding lookup); indices 11 and -2
// are clamped to rows 9 and 0.
func.func @gather_rows_f32_d13() {
  %t_i = stablehlo.iota dim = 0 : tensor<10x13xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<10x13xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<10x13xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<10x13xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<10x13xf32>
  %ids = stablehlo.constant dense<[3, 11, 9, -2, 2]> : tensor<5xi32>
  %r = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 13>,
    indices_are_sorted = false
  } : (tensor<10x13xf32>, tensor<5xi32>) -> tensor<5x13xf32>
  %base = stablehlo.constant dense<[3000.0, 9000.0, 9000.0, 0.0, 2000.0]> : tensor<5xf32>
  %b = stablehlo.broadcast_in_dim %base, dims = [0] : (tensor<5xf32>) -> tensor<5x13xf32>
  %j = stablehlo.iota dim = 1 : tensor<5x13xf32>
  %e = stablehlo.add %b, %j : tensor<5x13xf32>
  check.expect_eq %r, %e : tensor<5x13xf32>
  func.return
}

// -----

// 5 rows of 16 f32 elements (an embedding lookup); indices 11 and -2
// are clamped to rows 9 and 0.
func.func @gather_rows_f32_d16() {
  %t_i = stablehlo.iota dim = 0 : tensor<10x16xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<10x16xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<10x16xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<10x16xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<10x16xf32>
  %ids = stablehlo.constant dense<[3, 11, 9, -2, 2]> : tensor<5xi32>
  %r = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 16>,
    indices_are_sorted = false
  } : (tensor<10x16xf32>, tensor<5xi32>) -> tensor<5x16xf32>
  %base = stablehlo.constant dense<[3000.0, 9000.0, 9000.0, 0.0, 2000.0]> : tensor<5xf32>
  %b = stablehlo.broadcast_in_dim %base, dims = [0] : (tensor<5xf32>) -> tensor<5x16xf32>
  %j = stablehlo.iota dim = 1 : tensor<5x16xf32>
  %e = stablehlo.add %b, %j : tensor<5x16xf32>
  check.expect_eq %r, %e : tensor<5x16xf32>
  func.return
}

// -----

// 5 rows of 23 f32 elements (an embedding lookup); indices 11 and -2
// are clamped to rows 9 and 0.
func.func @gather_rows_f32_d23() {
  %t_i = stablehlo.iota dim = 0 : tensor<10x23xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<10x23xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<10x23xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<10x23xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<10x23xf32>
  %ids = stablehlo.constant dense<[3, 11, 9, -2, 2]> : tensor<5xi32>
  %r = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 23>,
    indices_are_sorted = false
  } : (tensor<10x23xf32>, tensor<5xi32>) -> tensor<5x23xf32>
  %base = stablehlo.constant dense<[3000.0, 9000.0, 9000.0, 0.0, 2000.0]> : tensor<5xf32>
  %b = stablehlo.broadcast_in_dim %base, dims = [0] : (tensor<5xf32>) -> tensor<5x23xf32>
  %j = stablehlo.iota dim = 1 : tensor<5x23xf32>
  %e = stablehlo.add %b, %j : tensor<5x23xf32>
  check.expect_eq %r, %e : tensor<5x23xf32>
  func.return
}

// -----

// 5 rows of 32 f32 elements (an embedding lookup); indices 11 and -2
// are clamped to rows 9 and 0.
func.func @gather_rows_f32_d32() {
  %t_i = stablehlo.iota dim = 0 : tensor<10x32xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<10x32xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<10x32xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<10x32xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<10x32xf32>
  %ids = stablehlo.constant dense<[3, 11, 9, -2, 2]> : tensor<5xi32>
  %r = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 32>,
    indices_are_sorted = false
  } : (tensor<10x32xf32>, tensor<5xi32>) -> tensor<5x32xf32>
  %base = stablehlo.constant dense<[3000.0, 9000.0, 9000.0, 0.0, 2000.0]> : tensor<5xf32>
  %b = stablehlo.broadcast_in_dim %base, dims = [0] : (tensor<5xf32>) -> tensor<5x32xf32>
  %j = stablehlo.iota dim = 1 : tensor<5x32xf32>
  %e = stablehlo.add %b, %j : tensor<5x32xf32>
  check.expect_eq %r, %e : tensor<5x32xf32>
  func.return
}

// -----

// 5 rows of 37 f32 elements (an embedding lookup); indices 11 and -2
// are clamped to rows 9 and 0.
func.func @gather_rows_f32_d37() {
  %t_i = stablehlo.iota dim = 0 : tensor<10x37xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<10x37xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<10x37xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<10x37xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<10x37xf32>
  %ids = stablehlo.constant dense<[3, 11, 9, -2, 2]> : tensor<5xi32>
  %r = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 37>,
    indices_are_sorted = false
  } : (tensor<10x37xf32>, tensor<5xi32>) -> tensor<5x37xf32>
  %base = stablehlo.constant dense<[3000.0, 9000.0, 9000.0, 0.0, 2000.0]> : tensor<5xf32>
  %b = stablehlo.broadcast_in_dim %base, dims = [0] : (tensor<5xf32>) -> tensor<5x37xf32>
  %j = stablehlo.iota dim = 1 : tensor<5x37xf32>
  %e = stablehlo.add %b, %j : tensor<5x37xf32>
  check.expect_eq %r, %e : tensor<5x37xf32>
  func.return
}

// -----

// 5 rows of 129 f32 elements (an embedding lookup); indices 11 and -2
// are clamped to rows 9 and 0.
func.func @gather_rows_f32_d129() {
  %t_i = stablehlo.iota dim = 0 : tensor<10x129xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<10x129xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<10x129xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<10x129xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<10x129xf32>
  %ids = stablehlo.constant dense<[3, 11, 9, -2, 2]> : tensor<5xi32>
  %r = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 129>,
    indices_are_sorted = false
  } : (tensor<10x129xf32>, tensor<5xi32>) -> tensor<5x129xf32>
  %base = stablehlo.constant dense<[3000.0, 9000.0, 9000.0, 0.0, 2000.0]> : tensor<5xf32>
  %b = stablehlo.broadcast_in_dim %base, dims = [0] : (tensor<5xf32>) -> tensor<5x129xf32>
  %j = stablehlo.iota dim = 1 : tensor<5x129xf32>
  %e = stablehlo.add %b, %j : tensor<5x129xf32>
  check.expect_eq %r, %e : tensor<5x129xf32>
  func.return
}

// -----

// 5 rows of 300 f32 elements (an embedding lookup); indices 11 and -2
// are clamped to rows 9 and 0.
func.func @gather_rows_f32_d300() {
  %t_i = stablehlo.iota dim = 0 : tensor<10x300xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<10x300xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<10x300xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<10x300xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<10x300xf32>
  %ids = stablehlo.constant dense<[3, 11, 9, -2, 2]> : tensor<5xi32>
  %r = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 300>,
    indices_are_sorted = false
  } : (tensor<10x300xf32>, tensor<5xi32>) -> tensor<5x300xf32>
  %base = stablehlo.constant dense<[3000.0, 9000.0, 9000.0, 0.0, 2000.0]> : tensor<5xf32>
  %b = stablehlo.broadcast_in_dim %base, dims = [0] : (tensor<5xf32>) -> tensor<5x300xf32>
  %j = stablehlo.iota dim = 1 : tensor<5x300xf32>
  %e = stablehlo.add %b, %j : tensor<5x300xf32>
  check.expect_eq %r, %e : tensor<5x300xf32>
  func.return
}

// -----

// 5 rows of 33 i32 elements (an embedding lookup); indices 11 and -2
// are clamped to rows 9 and 0.
func.func @gather_rows_i32_d33() {
  %t_i = stablehlo.iota dim = 0 : tensor<10x33xi32>
  %t_j = stablehlo.iota dim = 1 : tensor<10x33xi32>
  %t_k = stablehlo.constant dense<1000> : tensor<10x33xi32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<10x33xi32>
  %t = stablehlo.add %t_m, %t_j : tensor<10x33xi32>
  %ids = stablehlo.constant dense<[3, 11, 9, -2, 2]> : tensor<5xi32>
  %r = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 33>,
    indices_are_sorted = false
  } : (tensor<10x33xi32>, tensor<5xi32>) -> tensor<5x33xi32>
  %base = stablehlo.constant dense<[3000, 9000, 9000, 0, 2000]> : tensor<5xi32>
  %b = stablehlo.broadcast_in_dim %base, dims = [0] : (tensor<5xi32>) -> tensor<5x33xi32>
  %j = stablehlo.iota dim = 1 : tensor<5x33xi32>
  %e = stablehlo.add %b, %j : tensor<5x33xi32>
  check.expect_eq %r, %e : tensor<5x33xi32>
  func.return
}

// -----

// 5 rows of 19 f16 elements (an embedding lookup); indices 11 and -2
// are clamped to rows 5 and 0.
func.func @gather_rows_f16_d19() {
  %t_i = stablehlo.iota dim = 0 : tensor<6x19xf16>
  %t_j = stablehlo.iota dim = 1 : tensor<6x19xf16>
  %t_k = stablehlo.constant dense<64.0> : tensor<6x19xf16>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<6x19xf16>
  %t = stablehlo.add %t_m, %t_j : tensor<6x19xf16>
  %ids = stablehlo.constant dense<[3, 11, 5, -2, 2]> : tensor<5xi32>
  %r = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 19>,
    indices_are_sorted = false
  } : (tensor<6x19xf16>, tensor<5xi32>) -> tensor<5x19xf16>
  %base = stablehlo.constant dense<[192.0, 320.0, 320.0, 0.0, 128.0]> : tensor<5xf16>
  %b = stablehlo.broadcast_in_dim %base, dims = [0] : (tensor<5xf16>) -> tensor<5x19xf16>
  %j = stablehlo.iota dim = 1 : tensor<5x19xf16>
  %e = stablehlo.add %b, %j : tensor<5x19xf16>
  check.expect_eq %r, %e : tensor<5x19xf16>
  func.return
}

// -----

// 5 rows of 20 i8 elements (an embedding lookup); indices 11 and -2
// are clamped to rows 5 and 0.
func.func @gather_rows_i8_d20() {
  %t_i = stablehlo.iota dim = 0 : tensor<6x20xi8>
  %t_j = stablehlo.iota dim = 1 : tensor<6x20xi8>
  %t_k = stablehlo.constant dense<20> : tensor<6x20xi8>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<6x20xi8>
  %t = stablehlo.add %t_m, %t_j : tensor<6x20xi8>
  %ids = stablehlo.constant dense<[3, 11, 5, -2, 2]> : tensor<5xi32>
  %r = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 20>,
    indices_are_sorted = false
  } : (tensor<6x20xi8>, tensor<5xi32>) -> tensor<5x20xi8>
  %base = stablehlo.constant dense<[60, 100, 100, 0, 40]> : tensor<5xi8>
  %b = stablehlo.broadcast_in_dim %base, dims = [0] : (tensor<5xi8>) -> tensor<5x20xi8>
  %j = stablehlo.iota dim = 1 : tensor<5x20xi8>
  %e = stablehlo.add %b, %j : tensor<5x20xi8>
  check.expect_eq %r, %e : tensor<5x20xi8>
  func.return
}

// -----

// 5 rows of 17 f32 elements (an embedding lookup); indices 11 and -2
// are clamped to rows 9 and 0.
func.func @gather_rows_f32_d17() {
  %t_i = stablehlo.iota dim = 0 : tensor<10x17xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<10x17xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<10x17xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<10x17xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<10x17xf32>
  %ids = stablehlo.constant dense<[3, 11, 9, -2, 2]> : tensor<5xi64>
  %r = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 17>,
    indices_are_sorted = false
  } : (tensor<10x17xf32>, tensor<5xi64>) -> tensor<5x17xf32>
  %base = stablehlo.constant dense<[3000.0, 9000.0, 9000.0, 0.0, 2000.0]> : tensor<5xf32>
  %b = stablehlo.broadcast_in_dim %base, dims = [0] : (tensor<5xf32>) -> tensor<5x17xf32>
  %j = stablehlo.iota dim = 1 : tensor<5x17xf32>
  %e = stablehlo.add %b, %j : tensor<5x17xf32>
  check.expect_eq %r, %e : tensor<5x17xf32>
  func.return
}

// -----

// 2x37 windows at 2-d start indices (row, column) of a 10x50 table; the
// window at (9, 20) is clamped to (8, 13).
func.func @gather_windows_f32_2x37() {
  %t_i = stablehlo.iota dim = 0 : tensor<10x50xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<10x50xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<10x50xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<10x50xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<10x50xf32>
  %ids = stablehlo.constant dense<[[1, 0], [4, 5], [9, 20]]> : tensor<3x2xi32>
  %r = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1, 2],
      start_index_map = [0, 1],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 2, 37>,
    indices_are_sorted = false
  } : (tensor<10x50xf32>, tensor<3x2xi32>) -> tensor<3x2x37xf32>
  %base = stablehlo.constant dense<[1000.0, 4005.0, 8013.0]> : tensor<3xf32>
  %b = stablehlo.broadcast_in_dim %base, dims = [0] : (tensor<3xf32>) -> tensor<3x2x37xf32>
  %i = stablehlo.iota dim = 1 : tensor<3x2x37xf32>
  %k = stablehlo.constant dense<1000.0> : tensor<3x2x37xf32>
  %ik = stablehlo.multiply %i, %k : tensor<3x2x37xf32>
  %j = stablehlo.iota dim = 2 : tensor<3x2x37xf32>
  %s = stablehlo.add %b, %ik : tensor<3x2x37xf32>
  %e = stablehlo.add %s, %j : tensor<3x2x37xf32>
  check.expect_eq %r, %e : tensor<3x2x37xf32>
  func.return
}

// -----

// Gathered rows (5x32) times a 32x24 matrix: the product's tiled and
// micro-tiled lowering reads rows picked at run time. All values are
// integers below 2^24, so the sums are exact in any order.
func.func @gather_rows_dot_f32() {
  %t_i = stablehlo.iota dim = 0 : tensor<10x32xf32>
  %t_j = stablehlo.iota dim = 1 : tensor<10x32xf32>
  %t_k = stablehlo.constant dense<1000.0> : tensor<10x32xf32>
  %t_m = stablehlo.multiply %t_i, %t_k : tensor<10x32xf32>
  %t = stablehlo.add %t_m, %t_j : tensor<10x32xf32>
  %ids = stablehlo.constant dense<[3, 1, 9, 0, 2]> : tensor<5xi32>
  %g = "stablehlo.gather"(%t, %ids) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [1],
      collapsed_slice_dims = [0],
      start_index_map = [0],
      index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 32>,
    indices_are_sorted = false
  } : (tensor<10x32xf32>, tensor<5xi32>) -> tensor<5x32xf32>
  %w = stablehlo.constant dense<[[-3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0], [-2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0], [-1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0], [0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0], [1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0], [2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0], [3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0], [-3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0], [-2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0], [-1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0], [0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0], [1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0], [2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0], [3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0], [-3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0], [-2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0], [-1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0], [0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0], [1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0], [2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0], [3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0], [-3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0], [-2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0], [-1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0], [0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0], [1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0], [2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0], [3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0], [-3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0], [-2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0], [-1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0], [0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0, -1.0, 1.0, 3.0, -2.0, 0.0, 2.0, -3.0]]> : tensor<32x24xf32>
  %r = stablehlo.dot_general %g, %w, contracting_dims = [1] x [0] : (tensor<5x32xf32>, tensor<32x24xf32>) -> tensor<5x24xf32>
  check.expect_eq_const %r, dense<[[-18060.0, 6036.0, 9027.0, -9066.0, -6026.0, 18126.0, -37.0, -18060.0, 6036.0, 9027.0, -9066.0, -6026.0, 18126.0, -37.0, -18060.0, 6036.0, 9027.0, -9066.0, -6026.0, 18126.0, -37.0, -18060.0, 6036.0, 9027.0], [-6060.0, 2036.0, 3027.0, -3066.0, -2026.0, 6126.0, -37.0, -6060.0, 2036.0, 3027.0, -3066.0, -2026.0, 6126.0, -37.0, -6060.0, 2036.0, 3027.0, -3066.0, -2026.0, 6126.0, -37.0, -6060.0, 2036.0, 3027.0], [-54060.0, 18036.0, 27027.0, -27066.0, -18026.0, 54126.0, -37.0, -54060.0, 18036.0, 27027.0, -27066.0, -18026.0, 54126.0, -37.0, -54060.0, 18036.0, 27027.0, -27066.0, -18026.0, 54126.0, -37.0, -54060.0, 18036.0, 27027.0], [-60.0, 36.0, 27.0, -66.0, -26.0, 126.0, -37.0, -60.0, 36.0, 27.0, -66.0, -26.0, 126.0, -37.0, -60.0, 36.0, 27.0, -66.0, -26.0, 126.0, -37.0, -60.0, 36.0, 27.0], [-12060.0, 4036.0, 6027.0, -6066.0, -4026.0, 12126.0, -37.0, -12060.0, 4036.0, 6027.0, -6066.0, -4026.0, 12126.0, -37.0, -12060.0, 4036.0, 6027.0, -6066.0, -4026.0, 12126.0, -37.0, -12060.0, 4036.0, 6027.0]]> : tensor<5x24xf32>
  func.return
}
