// --verify-diagnostics on .mlir: parser and verifier errors, part by part.
// RUN: zmlc --verify-diagnostics %s

func.func @f(%arg0: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{'stablehlo.add' op inferred type(s) 'tensor<4xf32>' are incompatible}}
  %0 = "stablehlo.add"(%arg0, %arg0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @g(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{use of undefined SSA value %1}}
  return %1 : tensor<4xf32>
}
