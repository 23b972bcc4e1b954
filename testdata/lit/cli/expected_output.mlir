// --expected_output (iree-run-module's): each result is compared with the
// tensor given (as --input); a match exits 0, a mismatch exits 1 naming the
// result and its first differing element. Floats match within
// |got - want| <= atol + rtol*|want| (f32: rtol 1e-5, atol 1e-8).
// RUN: zmlc %s -o %t.zpkg
// RUN: zmlc run %t.zpkg --input=4xf32=1,-2,3,-4 --expected_output=4xf32=1,2,3,4 | FileCheck %s
// RUN: zmlc interpret %s --entry main --input=4xf32=1,-2,3,-4 --expected_output=4xf32=1,2,3,4 | FileCheck %s
// RUN: zmlc run %t.zpkg --input=4xf32=1,-2,3,-4 --expected_output=4xf32=1.000001,2,3,4 | FileCheck %s
// RUN: not zmlc run %t.zpkg --input=4xf32=1,-2,3,-4 --expected_output=4xf32=1,2,3.001,4 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not zmlc interpret %s --entry main --input=4xf32=1,-2,3,-4 --expected_output=4xf32=1,2,3.001,4 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not zmlc run %t.zpkg --input=4xf32=1,-2,3,-4 --expected_output=4xf64=1,2,3,4 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not zmlc run %t.zpkg --input=4xf32=1,-2,3,-4 --expected_output=4xf32=1 --expected_output=4xf32=1 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not zmlc interpret %s --input=4xf32=1 2>&1 | FileCheck %s --check-prefix=ENTRY
// With --bench the first run's results are checked, then the runs timed.
// RUN: zmlc run %t.zpkg --input=4xf32=1,-2,3,-4 --expected_output=4xf32=1,2,3,4 --bench 2 | FileCheck %s --check-prefix=BENCH
// RUN: not zmlc run %t.zpkg --input=4xf32=1,-2,3,-4 --expected_output=4xf32=1,2,3,5 --bench 2 2>&1 | FileCheck %s --check-prefix=BENCHFAIL
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.abs %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
// CHECK: // @main: 1 result(s) match --expected_output
// MISMATCH: zmlc: error: @main result 0 does not match --expected_output: element [2] is 3.000000e+00, expected 3.001000e+00 (tolerance: rtol 1e-05, atol 1e-08)
// TYPE: zmlc: error: @main result 0 does not match --expected_output: got tensor<4xf32>, expected tensor<4xf64>
// COUNT: zmlc: error: @main has 1 results, --expected_output gives 2
// ENTRY: zmlc: error: --input needs --entry NAME (the function the inputs are for)
// BENCH: // @main: 1 result(s) match --expected_output
// BENCH-NEXT: // bench @main: 2 runs after 1 warm-up
// BENCHFAIL: zmlc: error: @main result 0 does not match --expected_output: element [3] is 4.000000e+00, expected 5.000000e+00
// BENCHFAIL-NOT: bench
