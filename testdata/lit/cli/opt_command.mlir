// zmlc opt runs the passes named by --passes, as mlir-opt.
// RUN: zmlc opt --passes=cse,dce %s | FileCheck %s
// RUN: not zmlc opt --passes=nope %s 2>&1 | FileCheck %s --check-prefix=BAD
func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.exponential %arg0 : tensor<4xf32>
  %1 = stablehlo.exponential %arg0 : tensor<4xf32>
  %2 = stablehlo.add %0, %1 : tensor<4xf32>
  %3 = stablehlo.negate %arg0 : tensor<4xf32>
  return %2 : tensor<4xf32>
}
// CHECK-LABEL: func.func @f
// CHECK: %[[E:.*]] = stablehlo.exponential %arg0
// CHECK-NEXT: stablehlo.add %[[E]], %[[E]]
// CHECK-NOT: stablehlo.negate
// BAD: zmlc: error: pipeline "nope": 'nope' does not refer to a registered pass; known passes: {{.*}}cse, dce
// BAD-NEXT: Run 'zmlc opt --help' for usage.
