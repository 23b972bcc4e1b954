// A .npz file gives one input per array: by the entry's input names when
// the arrays are named after them (numpy.savez(f, x=..., y=...); the names
// of the .mlir arguments, %x and %y), else by numpy.savez's positional
// names arr_0, arr_1, ...; other names are an error saying how to name them.
// RUN: zmlc %s -o %t.zpkg
// RUN: zmlc run %t.zpkg --input=@%S/Inputs/xy_named.npz | FileCheck %s
// RUN: zmlc run %t.zpkg --input=@%S/Inputs/xy_positional.npz | FileCheck %s
// RUN: zmlc run %t.zpkg --input=%S/Inputs/xy_positional.npz | FileCheck %s
// RUN: zmlc interpret %s --entry sub --input=@%S/Inputs/xy_positional.npz | FileCheck %s
// RUN: zmlc interpret %s --entry sub --input=@%S/Inputs/xy_named.npz | FileCheck %s
// RUN: not zmlc interpret %s --entry sub --input=@%S/Inputs/xy_other.npz 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: not zmlc run %t.zpkg --input=@%S/Inputs/xy_other.npz 2>&1 | FileCheck %s --check-prefix=ORDER
func.func @sub(%x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.subtract %x, %y : tensor<3xf32>
  return %0 : tensor<3xf32>
}
// CHECK: // @sub
// CHECK-NEXT: dense<[9.000000e+00, 1.900000e+01, 2.900000e+01]> : tensor<3xf32>
// ORDER: zmlc: error: --input @{{.*}}xy_other.npz: cannot tell the order of its arrays a, b: name them arr_0, arr_1, ... (numpy.savez(f, a, b)) or x, y (the entry's inputs)
