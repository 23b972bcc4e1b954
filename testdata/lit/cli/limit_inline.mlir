// Inlining that would explode (41 functions each calling the previous one
// twice: 2^40 copies) is an error at the call that crosses the inliner's
// stated limit (inline{max-ops=N}, default 1000000 ops per function), not
// an out-of-memory crash; without inlining (-O1) the kernel lowering,
// which lowers each call's body again, stops at the same limit. Nothing is
// written.
// RUN: cp %S/Inputs/calls41.mlir %t.mlir
// RUN: not zmlc %t.mlir -o %t.zpkg 2>&1 | FileCheck %s
// RUN: not zmlc --emit=mlir %t.mlir 2>&1 | FileCheck %s
// RUN: not zmlc opt -inline %t.mlir 2>&1 | FileCheck %s
// RUN: not zmlc opt --inline='max-ops=100' %t.mlir 2>&1 | FileCheck %s --check-prefix=SMALL
// RUN: not zmlc -O1 %t.mlir -o %t.zpkg 2>&1 | FileCheck %s --check-prefix=KERNEL
// RUN: not test -e %t.zpkg
// A small call tree inlines.
// RUN: cp %S/Inputs/calls4.mlir %t.small.mlir
// RUN: zmlc --emit=mlir %t.small.mlir | FileCheck %s --check-prefix=OK
// CHECK: {{.*}}.mlir:{{[0-9]+}}:3: error: inlining @f18 ({{[0-9]+}} ops once inlined) into @f19 would take it past 1000000 ops, the inliner's limit (inline{max-ops=N} raises it; keep the call with -O1, which does not inline) (pass 'inline')
// CHECK-NEXT: %1 = func.call @f18(%0)
// CHECK-NEXT: ^
// SMALL: error: inlining @f{{[0-9]+}} ({{[0-9]+}} ops once inlined) into @f{{[0-9]+}} would take it past 100 ops
// KERNEL: {{.*}}.mlir:{{[0-9]+}}:3: error: kernel lowering: func.call: lowering the calls of this program would take more than 1000000 ops
// OK: func.func @main
// OK-NOT: func.call
