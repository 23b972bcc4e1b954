// A .mlir input that does not verify gives the verifier's diagnostic.
// RUN: not zmlc --emit=mlir %s 2>&1 | FileCheck %s
func.func @f(%arg0: tensor<4xf32>) -> tensor<5xf32> {
  %0 = "stablehlo.add"(%arg0, %arg0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
// CHECK: mlir_error.mlir:4:3: error: 'stablehlo.add' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<5xf32>'
// CHECK-NEXT: %0 = "stablehlo.add"(%arg0, %arg0)
// CHECK-NEXT: {{^ {2}\^$}}
