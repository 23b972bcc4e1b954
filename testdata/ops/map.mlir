// RUN: zmlc interpret %s

// map applies its computation to each element: x * y + 1.
func.func @map_binary() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %y = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %r = "stablehlo.map"(%x, %y) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %one = stablehlo.constant dense<1> : tensor<i32>
    %m = stablehlo.multiply %a, %b : tensor<i32>
    %s = stablehlo.add %m, %one : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %r, dense<[[6, 13], [22, 33]]> : tensor<2x2xi32>
  func.return
}

// -----

// A unary map whose result type differs from the operand's.
func.func @map_unary_to_i1() {
  %x = stablehlo.constant dense<[-1.0, 0.0, 2.0]> : tensor<3xf32>
  %r = "stablehlo.map"(%x) ({
  ^bb0(%a: tensor<f32>):
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %c = stablehlo.compare GT, %a, %z, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>) -> tensor<3xi1>
  check.expect_eq_const %r, dense<[false, false, true]> : tensor<3xi1>
  func.return
}

// -----

func.func @map_empty() {
  %x = stablehlo.constant dense<> : tensor<0x3xf32>
  %r = "stablehlo.map"(%x) ({
  ^bb0(%a: tensor<f32>):
    %n = stablehlo.negate %a : tensor<f32>
    stablehlo.return %n : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<0x3xf32>) -> tensor<0x3xf32>
  check.expect_eq_const %r, dense<> : tensor<0x3xf32>
  func.return
}
