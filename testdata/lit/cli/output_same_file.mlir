// -o naming the input file is refused, as gcc refuses it, and the input is
// left as it was (compared byte for byte); through another path or a link
// too. `zmlc opt` may write its input in place, as mlir-opt may.
// RUN: cp %s %t.mlir
// RUN: not zmlc -O0 --emit=mlir %t.mlir -o %t.mlir 2>&1 | FileCheck %s
// RUN: cmp %s %t.mlir
// RUN: not zmlc %t.mlir -o %t.mlir 2>&1 | FileCheck %s
// RUN: cmp %s %t.mlir
// RUN: ln -sf %t.mlir %t.link.mlir
// RUN: not zmlc --emit=mlir %t.mlir -o %t.link.mlir 2>&1 | FileCheck %s
// RUN: cmp %s %t.mlir
// RUN: zmlc opt --canonicalize %t.mlir -o %t.mlir
// RUN: FileCheck %s --check-prefix=OPT --input-file=%t.mlir
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.abs %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}
// CHECK: zmlc: error: input file '{{.*}}.mlir' is the same as output file
// CHECK-EMPTY:
// OPT: stablehlo.abs %arg0
