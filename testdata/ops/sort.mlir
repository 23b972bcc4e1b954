// RUN: zmlc interpret %s

func.func @sort_ascending_f32() {
  %x = stablehlo.constant dense<[3.0, -1.0, 2.5, 0.0, -7.5]> : tensor<5xf32>
  %r = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = false} : (tensor<5xf32>) -> tensor<5xf32>
  check.expect_eq_const %r, dense<[-7.5, -1.0, 0.0, 2.5, 3.0]> : tensor<5xf32>
  func.return
}

// -----

// A stable sort on keys carries the values along and keeps equal keys in
// their original order.
func.func @sort_stable_key_value() {
  %keys = stablehlo.constant dense<[2, 1, 2, 1, 0]> : tensor<5xi32>
  %vals = stablehlo.constant dense<[10, 20, 30, 40, 50]> : tensor<5xi64>
  %rk, %rv = "stablehlo.sort"(%keys, %vals) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %va: tensor<i64>, %vb: tensor<i64>):
    %c = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<5xi32>, tensor<5xi64>) -> (tensor<5xi32>, tensor<5xi64>)
  check.expect_eq_const %rk, dense<[0, 1, 1, 2, 2]> : tensor<5xi32>
  check.expect_eq_const %rv, dense<[50, 20, 40, 10, 30]> : tensor<5xi64>
  func.return
}

// -----

// Descending along dimension 0 of a matrix (each column sorted on its own).
func.func @sort_descending_dim0() {
  %x = stablehlo.constant dense<[[1, 9, 5], [7, 2, 5], [4, 8, 6]]> : tensor<3x3xui8>
  %r = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %c = stablehlo.compare GT, %a, %b, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<3x3xui8>) -> tensor<3x3xui8>
  check.expect_eq_const %r, dense<[[7, 9, 6], [4, 8, 5], [1, 2, 5]]> : tensor<3x3xui8>
  func.return
}

// -----

// dimension = -1 is the last dimension: each row sorted.
func.func @sort_negative_dimension() {
  %x = stablehlo.constant dense<[[3, 1, 2], [-1, -3, -2]]> : tensor<2x3xi16>
  %r = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<i16>, %b: tensor<i16>):
    %c = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i16>, tensor<i16>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = -1 : i64, is_stable = true} : (tensor<2x3xi16>) -> tensor<2x3xi16>
  check.expect_eq_const %r, dense<[[1, 2, 3], [-3, -2, -1]]> : tensor<2x3xi16>
  func.return
}

// -----

// TOTALORDER puts -0.0 before +0.0 and NaN last.
func.func @sort_totalorder_nan_and_zeros() {
  %x = stablehlo.constant dense<[0x7FC00000, 1.0, 0.0, -0.0, 0xFF800000]> : tensor<5xf32>
  %r = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<5xf32>) -> tensor<5xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<5xf32>) -> tensor<5xui32>
  // -inf 0xFF800000, -0.0 0x80000000, +0.0, 1.0 0x3F800000, NaN 0x7FC00000.
  check.expect_eq_const %bits, dense<[4286578688, 2147483648, 0, 1065353216, 2143289344]> : tensor<5xui32>
  func.return
}

// -----

func.func @sort_empty() {
  %x = stablehlo.constant dense<> : tensor<0x3xf32>
  %r = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = false} : (tensor<0x3xf32>) -> tensor<0x3xf32>
  check.expect_eq_const %r, dense<> : tensor<0x3xf32>
  func.return
}
