// RUN: zmlc opt --passes=chlo-legalize-to-stablehlo --split-input-file %s | FileCheck %s

// erf f32: clamp to [-4, 4], x*alpha(x^2)/beta(x^2), clamp to [-1, 1].
// CHECK-LABEL: func.func @erf_f32
// CHECK-NOT: chlo.erf
// CHECK: stablehlo.clamp
// CHECK: stablehlo.multiply
// CHECK: stablehlo.divide
// CHECK: stablehlo.clamp
// CHECK: return
func.func @erf_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = chlo.erf %x : tensor<4xf32> -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// -----

// erf f16 is computed in f32 and converted back.
// CHECK-LABEL: func.func @erf_f16
// CHECK: stablehlo.convert %arg0 : (tensor<3xf16>) -> tensor<3xf32>
// CHECK: stablehlo.convert {{.*}} : (tensor<3xf32>) -> tensor<3xf16>
// CHECK-NOT: chlo.erf
func.func @erf_f16(%x: tensor<3xf16>) -> tensor<3xf16> {
  %r = chlo.erf %x : tensor<3xf16> -> tensor<3xf16>
  func.return %r : tensor<3xf16>
}

// -----

// erf f64: Cephes, selecting between erf and 1 - erfc on |x| < 1.
// CHECK-LABEL: func.func @erf_f64
// CHECK: stablehlo.exponential
// CHECK: stablehlo.compare LT
// CHECK: stablehlo.select
// CHECK-NOT: chlo.erf
func.func @erf_f64(%x: tensor<2x2xf64>) -> tensor<2x2xf64> {
  %r = chlo.erf %x : tensor<2x2xf64> -> tensor<2x2xf64>
  func.return %r : tensor<2x2xf64>
}

// -----

// erf_inv: w = -log1p(-x*x), then Giles' polynomials.
// CHECK-LABEL: func.func @erf_inv
// CHECK: stablehlo.log_plus_one
// CHECK: stablehlo.sqrt
// CHECK-NOT: chlo.erf_inv
func.func @erf_inv(%x: tensor<5xf32>, %y: tensor<f64>) -> (tensor<5xf32>, tensor<f64>) {
  %r = chlo.erf_inv %x : tensor<5xf32> -> tensor<5xf32>
  %s = chlo.erf_inv %y : tensor<f64> -> tensor<f64>
  func.return %r, %s : tensor<5xf32>, tensor<f64>
}

// -----

// tan is sine / cosine (in f64 for f32).
// CHECK-LABEL: func.func @tan
// CHECK: stablehlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xf64>
// CHECK: stablehlo.sine
// CHECK: stablehlo.cosine
// CHECK: stablehlo.divide
// CHECK-NOT: chlo.tan
func.func @tan(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = chlo.tan %x : tensor<4xf32> -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// -----

// top_k: a stable descending sort of (x, iota) along the last dimension,
// then slices.
// CHECK-LABEL: func.func @top_k
// CHECK: stablehlo.iota dim = 1 : tensor<2x5xi32>
// CHECK: "stablehlo.sort"{{.*}}is_stable = true
// CHECK: stablehlo.compare GT, {{.*}} TOTALORDER
// CHECK: stablehlo.slice {{.*}} [0:2, 0:3]
// CHECK: stablehlo.slice {{.*}} [0:2, 0:3]
// CHECK-NOT: chlo.top_k
func.func @top_k(%x: tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x5xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  func.return %v, %i : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

// Negative: StableHLO ops (stablehlo.tan included) are left alone.
// CHECK-LABEL: func.func @no_chlo
// CHECK-NEXT: stablehlo.tan %arg0
// CHECK-NEXT: stablehlo.add
// CHECK-NEXT: return
func.func @no_chlo(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t = stablehlo.tan %x : tensor<4xf32>
  %r = stablehlo.add %t, %x : tensor<4xf32>
  func.return %r : tensor<4xf32>
}
