// zmlc run abbreviates a result of more than 1000 elements as NumPy prints
// it (the first and last 3 entries of each axis around `...`);
// --print-full prints every element, as zmlc interpret always does (it is
// the drop-in for stablehlo-translate --interpret).
// RUN: zmlc %s -o %t.zpkg
// RUN: zmlc run %t.zpkg --input f32=0.5 | FileCheck %s
// RUN: zmlc run %t.zpkg --input f32=0.5 --print-full | FileCheck %s --check-prefix=FULL
// RUN: zmlc interpret %s --entry main --input f32=0.5 | FileCheck %s --check-prefix=FULL
func.func @main(%x: tensor<f32>) -> (tensor<40x50xf32>, tensor<10x100xf32>) {
  %0 = stablehlo.iota dim = 1 : tensor<40x50xf32>
  %1 = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<40x50xf32>
  %2 = stablehlo.add %0, %1 : tensor<40x50xf32>
  %3 = stablehlo.iota dim = 1 : tensor<10x100xf32>
  return %2, %3 : tensor<40x50xf32>, tensor<10x100xf32>
}
// CHECK: // @main
// CHECK-NEXT: dense<{{\[\[}}5.000000e-01, 1.500000e+00, 2.500000e+00, ..., 4.750000e+01, 4.850000e+01, 4.950000e+01], [5.000000e-01,
// CHECK-SAME: 4.950000e+01], ..., [5.000000e-01, 1.500000e+00, 2.500000e+00, ..., 4.750000e+01, 4.850000e+01, 4.950000e+01], [5.000000e-01,
// CHECK-SAME: 4.950000e+01]]> : tensor<40x50xf32>
// 1000 elements are not more than the threshold: printed in full.
// CHECK-NEXT: dense<{{\[\[}}0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, {{.*}}9.900000e+01]]> : tensor<10x100xf32>
// CHECK-NOT: ...
// FULL: // @main
// FULL-NEXT: dense<{{\[\[}}5.000000e-01, 1.500000e+00, 2.500000e+00, 3.500000e+00, {{.*}}, 4.950000e+01]]> : tensor<40x50xf32>
// FULL-NOT: ...
