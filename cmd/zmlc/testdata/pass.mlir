// Conformance-style program in two parts: every check passes.
func.func @add() -> tensor<3xi32> {
  %0 = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %1 = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi32>
  %2 = stablehlo.add %0, %1 : tensor<3xi32>
  check.expect_eq_const %2, dense<[11, 22, 33]> : tensor<3xi32>
  func.return %2 : tensor<3xi32>
}

// A function with arguments only runs with --entry.
func.func @takes_args(%a: tensor<2xf32>) -> tensor<2xf32> {
  func.return %a : tensor<2xf32>
}

// A private function never runs on its own.
func.func private @helper() -> tensor<i32> {
  %0 = stablehlo.constant dense<7> : tensor<i32>
  func.return %0 : tensor<i32>
}

// -----

func.func @wrap_i8() -> (tensor<2xi8>, tensor<f32>) {
  %0 = stablehlo.constant dense<[12, -128]> : tensor<2xi8>
  %1 = stablehlo.constant dense<[12, -1]> : tensor<2xi8>
  %2 = stablehlo.multiply %0, %1 : tensor<2xi8>
  check.expect_eq_const %2, dense<[-112, -128]> : tensor<2xi8>
  %3 = stablehlo.constant dense<2.5> : tensor<f32>
  func.return %2, %3 : tensor<2xi8>, tensor<f32>
}
