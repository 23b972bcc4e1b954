// An unknown element type is a positioned error, not a crash; the narrow
// float types of MLIR's builtin types parse.
// RUN: not zmlc interpret %s 2>&1 | FileCheck %s
// CHECK: unknown_element_type.mlir:6:27: error: unknown or unsupported type 'f8E4M3FNUZZ'
// CHECK-NOT: panic
func.func @f(%a: tensor<2xf8E4M3FNUZZ>, %b: tensor<2xf4E2M1FN>, %c: tensor<2xf8E8M0FNU>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
