// RUN: zmlc interpret %s

// argmax as a two-operand reduce over (values, iota indices): keep the larger
// value, and on a tie the lower index. On [3, 7, 7, 1] the answer is index 1.
func.func @reduce_argmax_tie_lower_index() {
  %values = stablehlo.constant dense<[3.0, 7.0, 7.0, 1.0]> : tensor<4xf32>
  %indices = stablehlo.iota dim = 0 : tensor<4xi32>
  %vinit = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %iinit = stablehlo.constant dense<0> : tensor<i32>
  %rv, %ri = stablehlo.reduce(%values init: %vinit), (%indices init: %iinit) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
    reducer(%av: tensor<f32>, %bv: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %gt = stablehlo.compare GT, %av, %bv, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %av, %bv, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %lower = stablehlo.compare LT, %ai, %bi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lower : tensor<i1>
    %keep = stablehlo.or %gt, %tie : tensor<i1>
    %v = stablehlo.select %keep, %av, %bv : tensor<i1>, tensor<f32>
    %i = stablehlo.select %keep, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %i : tensor<f32>, tensor<i32>
  }
  check.expect_eq_const %ri, dense<1> : tensor<i32>
  check.expect_eq_const %rv, dense<7.0> : tensor<f32>
  func.return
}

// -----

// Row-wise argmax of a matrix (reduce dimension 1).
func.func @reduce_argmax_rows() {
  %values = stablehlo.constant dense<[[1, 9, 9], [5, 2, 5], [-1, -3, -2]]> : tensor<3x3xi32>
  %indices = stablehlo.iota dim = 1 : tensor<3x3xi32>
  %vinit = stablehlo.constant dense<-2147483648> : tensor<i32>
  %iinit = stablehlo.constant dense<0> : tensor<i32>
  %rv, %ri = stablehlo.reduce(%values init: %vinit), (%indices init: %iinit) across dimensions = [1] : (tensor<3x3xi32>, tensor<3x3xi32>, tensor<i32>, tensor<i32>) -> (tensor<3xi32>, tensor<3xi32>)
    reducer(%av: tensor<i32>, %bv: tensor<i32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %gt = stablehlo.compare GT, %av, %bv, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %av, %bv, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %lower = stablehlo.compare LT, %ai, %bi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lower : tensor<i1>
    %keep = stablehlo.or %gt, %tie : tensor<i1>
    %v = stablehlo.select %keep, %av, %bv : tensor<i1>, tensor<i32>
    %i = stablehlo.select %keep, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %i : tensor<i32>, tensor<i32>
  }
  check.expect_eq_const %rv, dense<[9, 5, -1]> : tensor<3xi32>
  check.expect_eq_const %ri, dense<[1, 0, 0]> : tensor<3xi32>
  func.return
}

// -----

func.func @reduce_sum_dim1() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %r, dense<[6, 15]> : tensor<2xi32>
  func.return
}

// -----

// The init value takes part in the reduction.
func.func @reduce_sum_all_dims_with_init() {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %init = stablehlo.constant dense<0.5> : tensor<f32>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x2xf32>, tensor<f32>) -> tensor<f32>
  check.expect_eq_const %r, dense<10.5> : tensor<f32>
  func.return
}

// -----

func.func @reduce_dim0_of_3d() {
  %x = stablehlo.constant dense<[[[1, 2], [3, 4]], [[10, 20], [30, 40]]]> : tensor<2x2x2xi64>
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %r = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0, 2] : (tensor<2x2x2xi64>, tensor<i64>) -> tensor<2xi64>
  // j = 0: 1+2+10+20; j = 1: 3+4+30+40.
  check.expect_eq_const %r, dense<[33, 77]> : tensor<2xi64>
  func.return
}

// -----

// Reducing an empty dimension gives the init value.
func.func @reduce_empty_dim() {
  %x = stablehlo.constant dense<> : tensor<0x3xf32>
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.maximum across dimensions = [0] : (tensor<0x3xf32>, tensor<f32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<0xFF800000> : tensor<3xf32>
  func.return
}

// -----

// maximum propagates NaN through the reduction.
func.func @reduce_max_nan() {
  %x = stablehlo.constant dense<[[1.0, 0x7FC00000, 3.0], [1.0, 2.0, 3.0]]> : tensor<2x3xf32>
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  check.expect_almost_eq_const %r, dense<[0x7FC00000, 3.0]> : tensor<2xf32>
  func.return
}

// -----

func.func @reduce_and_i1() {
  %x = stablehlo.constant dense<[[true, true], [true, false]]> : tensor<2x2xi1>
  %init = stablehlo.constant dense<true> : tensor<i1>
  %r = stablehlo.reduce(%x init: %init) applies stablehlo.and across dimensions = [1] : (tensor<2x2xi1>, tensor<i1>) -> tensor<2xi1>
  check.expect_eq_const %r, dense<[true, false]> : tensor<2xi1>
  func.return
}

// -----

// The body in generic form, multiplying ui8 with wraparound: 4*8*16 = 512 -> 0.
func.func @reduce_generic_multiply_ui8() {
  %x = stablehlo.constant dense<[[4, 8, 16], [1, 2, 3]]> : tensor<2x3xui8>
  %one = stablehlo.constant dense<1> : tensor<ui8>
  %r = "stablehlo.reduce"(%x, %one) ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %m = stablehlo.multiply %a, %b : tensor<ui8>
    stablehlo.return %m : tensor<ui8>
  }) {dimensions = array<i64: 1>} : (tensor<2x3xui8>, tensor<ui8>) -> tensor<2xui8>
  check.expect_eq_const %r, dense<[0, 6]> : tensor<2xui8>
  func.return
}

// -----

// A long f32 sum: 10^6 copies of 0.1 (0.100000001490116 in f32) sum to
// 100000.0015, 100000 in f32. The spec leaves the order open; a left fold
// is 958 off (100958.3), a tree of height log n within a few ulp.
func.func @reduce_sum_long_f32() {
  %c = stablehlo.constant dense<0.1> : tensor<f32>
  %x = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<1000000xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<1000000xf32>, tensor<f32>) -> tensor<f32>
  %want = stablehlo.constant dense<100000.0> : tensor<f32>
  check.expect_close %s, %want, max_ulp_difference = 16 : tensor<f32>, tensor<f32>
  func.return
}
