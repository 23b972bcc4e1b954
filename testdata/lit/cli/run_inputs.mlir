// Inputs as iree-run-module takes them, for zmlc run and zmlc interpret:
// SHAPExTYPE=VALUES (commas, blanks or brackets), a splat (one value), a
// scalar (TYPE=VALUE), raw bytes (=@FILE), @x.npy; --function is --entry.
// RUN: zmlc %s -o %t.zpkg
// RUN: zmlc run %t.zpkg --function=main --input=2x3xf32=1,-2,3,-4,5,-6.5 --input=f32=2 | FileCheck %s
// RUN: zmlc run %t.zpkg --entry main --input='2x3xf32=[1 -2 3][-4 5 -6.5]' --input f32=2 | FileCheck %s
// RUN: zmlc interpret %s --function=main --input=2x3xf32=1,-2,3,-4,5,-6.5 --input=f32=2 | FileCheck %s
// RUN: zmlc run %t.zpkg --entry main --input=2x3xf32=-1 --input=f32=0.5 | FileCheck %s --check-prefix=SPLAT
// --output=@FILE.npy writes a result; the file is an input again (@x.npy).
// RUN: zmlc run %t.zpkg --entry main --input=2x3xf32=1,-2,3,-4,5,-6.5 --input=f32=2 --output=@%t.0.npy --output=@%t.1.npy
// RUN: zmlc interpret %s --entry main --input=@%t.0.npy --input=f32=1 | FileCheck %s --check-prefix=AGAIN
// RUN: zmlc run %t.zpkg --entry main --input=@%t.0.npy --input=f32=1 --output=- | FileCheck %s --check-prefix=DROP
// Bad values are one error naming the flag.
// RUN: not zmlc run %t.zpkg --entry main --input=2x3xf32=1,2 --input=f32=1 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not zmlc run %t.zpkg --entry main --input=2x3xq9=1 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not zmlc run %t.zpkg --entry main --input=2x3xf32=1,2,x,4,5,6 2>&1 | FileCheck %s --check-prefix=VALUE
// RUN: not zmlc interpret %s --entry main --input=@%t.missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not zmlc run %t.zpkg --entry main --input=2x3xf32=1 --input=f32=1 --output=@%t.a.npy --output=@%t.b.npy --output=@%t.c.npy 2>&1 | FileCheck %s --check-prefix=TOOMANY
func.func @main(%x: tensor<2x3xf32>, %s: tensor<f32>) -> (tensor<2x3xf32>, tensor<3xf32>) {
  %0 = stablehlo.abs %x : tensor<2x3xf32>
  %b = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %1 = stablehlo.multiply %0, %b : tensor<2x3xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %2 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %1, %2 : tensor<2x3xf32>, tensor<3xf32>
}
// CHECK: // @main
// CHECK-NEXT: dense<{{\[\[}}2.000000e+00, 4.000000e+00, 6.000000e+00], [8.000000e+00, 1.000000e+01, 1.300000e+01]]> : tensor<2x3xf32>
// CHECK-NEXT: dense<[-3.000000e+00, 3.000000e+00, -3.500000e+00]> : tensor<3xf32>
// SPLAT: dense<5.000000e-01> : tensor<2x3xf32>
// SPLAT-NEXT: dense<-2.000000e+00> : tensor<3xf32>
// AGAIN: dense<{{\[\[}}2.000000e+00, 4.000000e+00, 6.000000e+00], [8.000000e+00, 1.000000e+01, 1.300000e+01]]> : tensor<2x3xf32>
// DROP: // @main
// DROP-NEXT: dense<[1.000000e+01, 1.400000e+01, 1.900000e+01]> : tensor<3xf32>
// DROP-EMPTY:
// COUNT: zmlc: error: --input 2x3xf32=1,2: 2 values for tensor<2x3xf32>, which has 6 elements
// TYPE: zmlc: error: --input 2x3xq9=1: unknown element type "q9"
// VALUE: zmlc: error: --input 2x3xf32=1,2,x,4,5,6: bad f32 value "x"
// MISSING: zmlc: error: --input @{{.*}}missing.npy: no such file or directory
// TOOMANY: zmlc: error: 3 --output flags for 2 results
