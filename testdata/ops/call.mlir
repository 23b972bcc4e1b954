// RUN: zmlc interpret %s

// func.call of a private function; only the public function is a case.
func.func private @axpy(%a: tensor<f32>, %x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %ab = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<3xf32>
  %ax = stablehlo.multiply %ab, %x : tensor<3xf32>
  %r = stablehlo.add %ax, %y : tensor<3xf32>
  func.return %r : tensor<3xf32>
}

func.func @call_private() {
  %a = stablehlo.constant dense<2.0> : tensor<f32>
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %y = stablehlo.constant dense<[0.5, 0.5, -6.0]> : tensor<3xf32>
  %r = func.call @axpy(%a, %x, %y) : (tensor<f32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  check.expect_eq_const %r, dense<[2.5, 4.5, 0.0]> : tensor<3xf32>
  func.return
}

// -----

// Two results and a call from inside a region.
func.func private @divmod(%a: tensor<i32>, %b: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
  %q = stablehlo.divide %a, %b : tensor<i32>
  %r = stablehlo.remainder %a, %b : tensor<i32>
  func.return %q, %r : tensor<i32>, tensor<i32>
}

func.func @call_two_results_in_if() {
  %p = stablehlo.constant dense<true> : tensor<i1>
  %a = stablehlo.constant dense<-17> : tensor<i32>
  %b = stablehlo.constant dense<5> : tensor<i32>
  %q, %r = "stablehlo.if"(%p) ({
    %q1, %r1 = func.call @divmod(%a, %b) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    stablehlo.return %q1, %r1 : tensor<i32>, tensor<i32>
  }, {
    stablehlo.return %a, %b : tensor<i32>, tensor<i32>
  }) : (tensor<i1>) -> (tensor<i32>, tensor<i32>)
  check.expect_eq_const %q, dense<-3> : tensor<i32>
  check.expect_eq_const %r, dense<-2> : tensor<i32>
  func.return
}
