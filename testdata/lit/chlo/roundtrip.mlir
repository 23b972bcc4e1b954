// The chlo ops of issue 12 print and parse in ChloOps.td's pretty form and
// in the generic form, and print(parse(text)) is a fixed point.
// RUN: zmlc opt --passes= %s | FileCheck %s
// RUN: zmlc opt --passes= --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: zmlc opt --passes= --mlir-print-op-generic %s | zmlc opt --passes= - | FileCheck %s

// CHECK-LABEL: func.func @special
// CHECK: chlo.erfc %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK: chlo.lgamma %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK: chlo.digamma %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK: chlo.bessel_i1e %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK: chlo.polygamma %arg0, %arg1 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK: chlo.zeta %arg0, %arg1 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK: chlo.next_after %arg0, %arg1 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// GENERIC: "chlo.polygamma"(%arg0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// GENERIC: "chlo.zeta"(%arg0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// GENERIC: "chlo.next_after"(%arg0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
func.func @special(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %a = chlo.erfc %x : tensor<4xf32> -> tensor<4xf32>
  %b = chlo.lgamma %x : tensor<4xf32> -> tensor<4xf32>
  %c = chlo.digamma %x : tensor<4xf32> -> tensor<4xf32>
  %d = chlo.bessel_i1e %x : tensor<4xf32> -> tensor<4xf32>
  %e = chlo.polygamma %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %f = chlo.zeta %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %g = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %a, %b, %c, %d, %e, %f, %g : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @trig
// CHECK: chlo.asin %arg0 : tensor<2xf64> -> tensor<2xf64>
// CHECK: chlo.acos
// CHECK: chlo.atan
// CHECK: chlo.sinh
// CHECK: chlo.cosh
// CHECK: chlo.asinh
// CHECK: chlo.acosh
// CHECK: chlo.atanh %arg0 : tensor<2xf64> -> tensor<2xf64>
// GENERIC: "chlo.atanh"(%arg0) : (tensor<2xf64>) -> tensor<2xf64>
func.func @trig(%x: tensor<2xf64>) -> (tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) {
  %a = chlo.asin %x : tensor<2xf64> -> tensor<2xf64>
  %b = chlo.acos %x : tensor<2xf64> -> tensor<2xf64>
  %c = chlo.atan %x : tensor<2xf64> -> tensor<2xf64>
  %d = chlo.sinh %x : tensor<2xf64> -> tensor<2xf64>
  %e = chlo.cosh %x : tensor<2xf64> -> tensor<2xf64>
  %f = chlo.asinh %x : tensor<2xf64> -> tensor<2xf64>
  %g = chlo.acosh %x : tensor<2xf64> -> tensor<2xf64>
  %h = chlo.atanh %x : tensor<2xf64> -> tensor<2xf64>
  return %a, %b, %c, %d, %e, %f, %g, %h : tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>
}
