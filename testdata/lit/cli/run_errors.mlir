// zmlc run reports a file that is not a bundle, a missing one and usage
// errors in one line each.
// RUN: not zmlc run %s 2>&1 | FileCheck %s --check-prefix=NOTBUNDLE
// RUN: not zmlc run %t.nope.zpkg 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not zmlc run 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: not zmlc run --bench=-2 %s 2>&1 | FileCheck %s --check-prefix=BENCH
// RUN: zmlc run --help | FileCheck %s --check-prefix=HELP
func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  return %arg0 : tensor<4xf32>
}
// NOTBUNDLE: zmlc: error: {{.*}}run_errors.mlir: bad bundle: {{.*}}
// NOTBUNDLE-EMPTY:
// MISSING: zmlc: error: cannot read "{{.*}}.nope.zpkg": no such file or directory
// USAGE: zmlc: error: no bundle file
// USAGE-NEXT: Run 'zmlc run --help' for usage.
// BENCH: zmlc: error: invalid --bench -2: want a number of runs, at least 1
// HELP: zmlc run [flags] BUNDLE
// HELP: --weights LOCATION
// HELP: --bench N
