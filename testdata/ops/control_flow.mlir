// RUN: zmlc interpret %s

// while, if, case.

// 5! by a loop: (i, acc) = (1, 1); while i <= 5: acc *= i, i += 1.
func.func @while_factorial() {
  %one = stablehlo.constant dense<1> : tensor<i64>
  %five = stablehlo.constant dense<5> : tensor<i64>
  %i, %acc = stablehlo.while(%iterI = %one, %iterAcc = %one) : tensor<i64>, tensor<i64>
  cond {
    %c = stablehlo.compare LE, %iterI, %five, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %a = stablehlo.multiply %iterAcc, %iterI : tensor<i64>
    %n = stablehlo.add %iterI, %one : tensor<i64>
    stablehlo.return %n, %a : tensor<i64>, tensor<i64>
  }
  check.expect_eq_const %i, dense<6> : tensor<i64>
  check.expect_eq_const %acc, dense<120> : tensor<i64>
  func.return
}

// -----

// A false condition at the start runs the body zero times.
func.func @while_zero_iterations() {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %r = stablehlo.while(%arg = %x) : tensor<2xf32>
  cond {
    stablehlo.return %f : tensor<i1>
  } do {
    %d = stablehlo.add %arg, %arg : tensor<2xf32>
    stablehlo.return %d : tensor<2xf32>
  }
  check.expect_eq_const %r, dense<[1.0, 2.0]> : tensor<2xf32>
  func.return
}

// -----

// Fibonacci with a tensor carried value and wrapping i8 arithmetic:
// after 12 steps (a, b) = (F12, F13) = (144, 233) -> (-112, -23) in i8.
func.func @while_fibonacci_i8() {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one32 = stablehlo.constant dense<1> : tensor<i32>
  %twelve = stablehlo.constant dense<12> : tensor<i32>
  %init = stablehlo.constant dense<[0, 1]> : tensor<2xi8>
  %n, %ab = stablehlo.while(%k = %zero, %v = %init) : tensor<i32>, tensor<2xi8>
  cond {
    %c = stablehlo.compare LT, %k, %twelve, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %a = stablehlo.slice %v [0:1] : (tensor<2xi8>) -> tensor<1xi8>
    %b = stablehlo.slice %v [1:2] : (tensor<2xi8>) -> tensor<1xi8>
    %s = stablehlo.add %a, %b : tensor<1xi8>
    %next = stablehlo.concatenate %b, %s, dim = 0 : (tensor<1xi8>, tensor<1xi8>) -> tensor<2xi8>
    %k1 = stablehlo.add %k, %one32 : tensor<i32>
    stablehlo.return %k1, %next : tensor<i32>, tensor<2xi8>
  }
  check.expect_eq_const %n, dense<12> : tensor<i32>
  check.expect_eq_const %ab, dense<[-112, -23]> : tensor<2xi8>
  func.return
}

// -----

func.func @if_true_branch() {
  %p = stablehlo.constant dense<true> : tensor<i1>
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.constant dense<[3, 4]> : tensor<2xi32>
  %r = "stablehlo.if"(%p) ({
    %s = stablehlo.add %a, %b : tensor<2xi32>
    stablehlo.return %s : tensor<2xi32>
  }, {
    %d = stablehlo.subtract %a, %b : tensor<2xi32>
    stablehlo.return %d : tensor<2xi32>
  }) : (tensor<i1>) -> tensor<2xi32>
  check.expect_eq_const %r, dense<[4, 6]> : tensor<2xi32>
  func.return
}

// -----

func.func @if_false_branch_two_results() {
  %p = stablehlo.constant dense<false> : tensor<i1>
  %x = stablehlo.constant dense<2.0> : tensor<f32>
  %r0, %r1 = "stablehlo.if"(%p) ({
    stablehlo.return %x, %x : tensor<f32>, tensor<f32>
  }, {
    %n = stablehlo.negate %x : tensor<f32>
    %m = stablehlo.multiply %x, %x : tensor<f32>
    stablehlo.return %n, %m : tensor<f32>, tensor<f32>
  }) : (tensor<i1>) -> (tensor<f32>, tensor<f32>)
  check.expect_eq_const %r0, dense<-2.0> : tensor<f32>
  check.expect_eq_const %r1, dense<4.0> : tensor<f32>
  func.return
}

// -----

func.func @case_in_range() {
  %i = stablehlo.constant dense<1> : tensor<i32>
  %r = "stablehlo.case"(%i) ({
    %c = stablehlo.constant dense<10> : tensor<i64>
    stablehlo.return %c : tensor<i64>
  }, {
    %c = stablehlo.constant dense<11> : tensor<i64>
    stablehlo.return %c : tensor<i64>
  }, {
    %c = stablehlo.constant dense<12> : tensor<i64>
    stablehlo.return %c : tensor<i64>
  }) : (tensor<i32>) -> tensor<i64>
  check.expect_eq_const %r, dense<11> : tensor<i64>
  func.return
}

// -----

// An index outside [0, N) runs the last branch.
func.func @case_out_of_range() {
  %neg = stablehlo.constant dense<-1> : tensor<i32>
  %big = stablehlo.constant dense<7> : tensor<i32>
  %r = "stablehlo.case"(%neg) ({
    %c = stablehlo.constant dense<0.0> : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }, {
    %c = stablehlo.constant dense<1.0> : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  check.expect_eq_const %r, dense<1.0> : tensor<f32>
  %s = "stablehlo.case"(%big) ({
    %c = stablehlo.constant dense<0.0> : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }, {
    %c = stablehlo.constant dense<1.0> : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  check.expect_eq_const %s, dense<1.0> : tensor<f32>
  func.return
}

// -----

// The first branch, capturing a value from the enclosing function.
func.func @case_first_branch_capture() {
  %i = stablehlo.constant dense<0> : tensor<i32>
  %x = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %r = "stablehlo.case"(%i) ({
    %n = stablehlo.not %x : tensor<2xi1>
    stablehlo.return %n : tensor<2xi1>
  }, {
    stablehlo.return %x : tensor<2xi1>
  }) : (tensor<i32>) -> tensor<2xi1>
  check.expect_eq_const %r, dense<[false, true]> : tensor<2xi1>
  func.return
}
