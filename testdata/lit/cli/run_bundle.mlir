// zmlc run executes a bundle and prints what the interpreter prints: the
// input comes from `zmlc interpret --output-dir` of @make.
// RUN: zmlc interpret %s --output-dir %t
// RUN: zmlc %s -o %t.zpkg
// RUN: zmlc run %t.zpkg --entry main --input %t/make_0.npy | FileCheck %s
// RUN: zmlc interpret %s --entry main --input %t/make_0.npy | FileCheck %s
// RUN: zmlc run %t.zpkg --entry main --input %t/make_0.npy --output-dir %t/out
// RUN: zmlc interpret %s --entry make --output-dir %t/out | FileCheck %s --check-prefix=MAKE
// RUN: not zmlc run %t.zpkg --input %t/make_0.npy 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: zmlc run %t.zpkg --entry main --input %t/make_0.npy --bench 3 | FileCheck %s --check-prefix=BENCH
func.func @make() -> tensor<2x3xf32> {
  %0 = stablehlo.constant dense<[[1.0, -2.0, 3.0], [-4.0, 5.0, -6.5]]> : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @main(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>) {
  %0 = stablehlo.abs %x : tensor<2x3xf32>
  %1 = stablehlo.constant dense<0.0> : tensor<f32>
  %2 = stablehlo.reduce(%x init: %1) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0, %2 : tensor<2x3xf32>, tensor<3xf32>
}
// CHECK: // @main
// CHECK-NEXT: dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.500000e+00]]> : tensor<2x3xf32>
// CHECK-NEXT: dense<[-3.000000e+00, 3.000000e+00, -3.500000e+00]> : tensor<3xf32>
// CHECK-EMPTY:
// MAKE: // @make
// ENTRY: zmlc: error: the bundle has 2 entry points (make, main): choose one with --entry
// BENCH: // bench @main: 3 runs after 1 warm-up
// BENCH-NEXT: latency: p50 {{[0-9.]+(ms|us)}}  p90 {{[0-9.]+(ms|us)}}  p99 {{[0-9.]+(ms|us)}}  min {{[0-9.]+(ms|us)}}  mean
// BENCH-NEXT: throughput: {{[0-9.]+}} runs/s{{$}}
