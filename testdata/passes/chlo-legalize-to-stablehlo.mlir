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

// erfc f32: 1 - x·T(x²) below 1, Cephes' P/R in 1/x² with e^-x² split as
// e^-h²·e^-(x-h)(x+h), h = x with the low 12 significand bits cleared.
// CHECK-LABEL: func.func @erfc_f32
// CHECK-NOT: chlo.erfc
// CHECK: stablehlo.bitcast_convert {{.*}} : (tensor<4xf32>) -> tensor<4xi32>
// CHECK: stablehlo.constant dense<-4096> : tensor<i32>
// CHECK: stablehlo.and
// CHECK: stablehlo.exponential
// CHECK: stablehlo.exponential
// CHECK: return
func.func @erfc_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = chlo.erfc %x : tensor<4xf32> -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// -----

// erfc f64: Cephes' T/U, P/Q and R/S; h keeps 26 significand bits.
// CHECK-LABEL: func.func @erfc_f64
// CHECK: stablehlo.constant dense<-134217728> : tensor<i64>
// CHECK-NOT: chlo.erfc
func.func @erfc_f64(%x: tensor<3xf64>) -> tensor<3xf64> {
  %r = chlo.erfc %x : tensor<3xf64> -> tensor<3xf64>
  func.return %r : tensor<3xf64>
}

// -----

// lgamma and digamma of bf16 go through f32: the Lanczos sum (g = 7) and
// the reflection through sine; digamma's poles give NaN.
// CHECK-LABEL: func.func @gamma_bf16
// CHECK: stablehlo.convert %arg0 : (tensor<2xbf16>) -> tensor<2xf32>
// CHECK: stablehlo.constant dense<1.000000e+00> : tensor<f32>
// CHECK: stablehlo.log_plus_one
// CHECK: stablehlo.sine
// CHECK: stablehlo.convert {{.*}} : (tensor<2xf32>) -> tensor<2xbf16>
// CHECK: stablehlo.convert %arg0 : (tensor<2xbf16>) -> tensor<2xf32>
// CHECK: stablehlo.cosine
// CHECK: stablehlo.constant dense<0x7FC00000> : tensor<f32>
// CHECK: stablehlo.convert {{.*}} : (tensor<2xf32>) -> tensor<2xbf16>
// CHECK-NOT: chlo.
func.func @gamma_bf16(%x: tensor<2xbf16>) -> (tensor<2xbf16>, tensor<2xbf16>) {
  %l = chlo.lgamma %x : tensor<2xbf16> -> tensor<2xbf16>
  %d = chlo.digamma %x : tensor<2xbf16> -> tensor<2xbf16>
  func.return %l, %d : tensor<2xbf16>, tensor<2xbf16>
}

// -----

// zeta: nine powers of the series and the Euler–Maclaurin tail; polygamma
// builds on lgamma, zeta and digamma (no chlo op is left).
// CHECK-LABEL: func.func @zeta_polygamma
// CHECK-COUNT-11: stablehlo.power
// CHECK: stablehlo.remainder
// CHECK-NOT: chlo.
// CHECK: return
func.func @zeta_polygamma(%x: tensor<4xf32>, %q: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %z = chlo.zeta %x, %q : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %p = chlo.polygamma %x, %q : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  func.return %z, %p : tensor<4xf32>, tensor<4xf32>
}

// -----

// bessel_i1e f32: Cephes' Chebyshev series, the last A coefficient is
// 2.52587186443633654823e-1.
// CHECK-LABEL: func.func @bessel_i1e
// CHECK: stablehlo.constant dense<2.525872e-01> : tensor<f32>
// CHECK: stablehlo.sqrt
// CHECK: stablehlo.sign
// CHECK-NOT: chlo.bessel_i1e
func.func @bessel_i1e(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = chlo.bessel_i1e %x : tensor<4xf32> -> tensor<4xf32>
  func.return %r : tensor<4xf32>
}

// -----

// next_after steps the bit pattern in the type itself (f16 here).
// CHECK-LABEL: func.func @next_after_f16
// CHECK: stablehlo.bitcast_convert %arg0 : (tensor<4xf16>) -> tensor<4xi16>
// CHECK: stablehlo.constant dense<32767> : tensor<i16>
// CHECK: stablehlo.add
// CHECK: stablehlo.bitcast_convert {{.*}} : (tensor<4xi16>) -> tensor<4xf16>
// CHECK-NOT: chlo.next_after
func.func @next_after_f16(%x: tensor<4xf16>, %y: tensor<4xf16>) -> tensor<4xf16> {
  %r = chlo.next_after %x, %y : tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
  func.return %r : tensor<4xf16>
}

// -----

// The inverse trigonometric functions go through atan2.
// CHECK-LABEL: func.func @inverse_trig
// CHECK: stablehlo.sqrt
// CHECK: stablehlo.atan2
// CHECK: stablehlo.atan2
// CHECK: stablehlo.atan2
// CHECK-NOT: chlo.
func.func @inverse_trig(%x: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %s = chlo.asin %x : tensor<4xf64> -> tensor<4xf64>
  %c = chlo.acos %x : tensor<4xf64> -> tensor<4xf64>
  %t = chlo.atan %x : tensor<4xf64> -> tensor<4xf64>
  func.return %s, %c, %t : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}

// -----

// sinh uses expm1 below 1; sinh and cosh use e^(|x|/2)² past log(max).
// The inverse hyperbolic functions use log1p.
// CHECK-LABEL: func.func @hyperbolic
// CHECK: stablehlo.exponential_minus_one
// CHECK: stablehlo.constant dense<8.872284e+01> : tensor<f32>
// CHECK: stablehlo.log_plus_one
// CHECK: stablehlo.log_plus_one
// CHECK: stablehlo.log_plus_one
// CHECK-NOT: chlo.
func.func @hyperbolic(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %s = chlo.sinh %x : tensor<4xf32> -> tensor<4xf32>
  %c = chlo.cosh %x : tensor<4xf32> -> tensor<4xf32>
  %as = chlo.asinh %x : tensor<4xf32> -> tensor<4xf32>
  %ac = chlo.acosh %x : tensor<4xf32> -> tensor<4xf32>
  %at = chlo.atanh %x : tensor<4xf32> -> tensor<4xf32>
  func.return %s, %c, %as, %ac, %at : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
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
