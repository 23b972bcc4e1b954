// zmlc opt takes mlir-opt's pass syntax: one flag per registered pass, run
// in command-line order (-canonicalize -cse, options as -inline='public=true'),
// or --pass-pipeline with passes nested under builtin.module and func.func;
// canonicalize folds constants as MLIR's canonicalizer does.
// RUN: zmlc opt -canonicalize -cse %s | FileCheck %s
// RUN: zmlc opt --canonicalize --cse %s | FileCheck %s
// RUN: zmlc opt --pass-pipeline='builtin.module(func.func(canonicalize,cse))' %s | FileCheck %s
// RUN: zmlc opt --pass-pipeline='builtin.module(inline{public=true},func.func(canonicalize))' %s | FileCheck %s
// RUN: zmlc opt -cse -canonicalize --mlir-print-ir-after-all %s 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: not zmlc opt -cse --pass-pipeline='builtin.module(cse)' %s 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not zmlc opt --pass-pipeline='builtin.module(func.func(canonicalize)' %s 2>&1 | FileCheck %s --check-prefix=PAREN
// RUN: not zmlc opt --pass-pipeline='gpu.module(cse)' %s 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not zmlc opt -banana %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: zmlc opt --list-passes | FileCheck %s --check-prefix=LIST
// RUN: zmlc opt --help | FileCheck %s --check-prefix=HELP
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %c = stablehlo.add %a, %b : tensor<2xf32>
  %d = stablehlo.multiply %c, %b : tensor<2xf32>
  %e = stablehlo.add %x, %d : tensor<2xf32>
  return %e : tensor<2xf32>
}
// CHECK-LABEL: func.func @main
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<[1.200000e+01, 2.400000e+01]> : tensor<2xf32>
// CHECK-NEXT: %[[R:.*]] = stablehlo.add %arg0, %[[C]] : tensor<2xf32>
// CHECK-NEXT: return %[[R]] : tensor<2xf32>
// ORDER: IR Dump After CSE (cse)
// ORDER: IR Dump After Canonicalizer (canonicalize)
// BOTH: zmlc: error: give the passes one way: pass flags (-canonicalize -cse), --pass-pipeline or --passes
// PAREN: zmlc: error: pipeline "builtin.module(func.func(canonicalize)": missing ')'
// ANCHOR: zmlc: error: pipeline "gpu.module(cse)": unknown op anchor 'gpu.module'; zmlc nests passes under builtin.module and func.func
// UNKNOWN: zmlc: error: unknown flag '-banana': not a flag nor a registered pass (zmlc opt --list-passes lists them)
// The list is two aligned columns: each summary starts in the same column.
// LIST: {{^  canonicalize                Canonicalize operations$}}
// LIST: {{^  chlo-legalize-to-stablehlo  Legalize the chlo ops}}
// LIST: {{^  cse                         Eliminate common sub-expressions$}}
// HELP: Passes (one flag each; options as --inline='public=true'):
// HELP: {{^  inline  +Inline function calls$}}
