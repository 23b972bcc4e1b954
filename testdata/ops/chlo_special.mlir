// RUN: zmlc interpret %s

// chlo.erfc, lgamma, digamma, polygamma, zeta, bessel_i1e, next_after and
// the inverse and hyperbolic trigonometric functions (ChloOps.td). The
// expected values are closed forms where one exists (lgamma(1/2) = log √π,
// digamma(1) = -γ, zeta(2, 1) = π²/6, ...), otherwise mpmath at 40 digits
// rounded to the type. Poles and domains follow XLA's chlo legalisation.
// The ULP bounds are those of the legalised forms that every compiled
// target runs (docs/IR.md, "chlo ops"); the interpreter itself is within 1
// ULP of the f32 references.

func.func @erfc_f32() {
  %x = stablehlo.constant dense<[0.0, 1.0, -1.0, 3.0, 0.5, -2.5, 9.5, 0x7F800000, 0xFF800000, 0x7FC00000]> : tensor<10xf32>
  %r = chlo.erfc %x : tensor<10xf32> -> tensor<10xf32>
  %w = stablehlo.constant dense<[1.0, 0.15729920705028513, 1.8427007929497149, 2.2090496998585441e-5, 0.47950012218695346, 1.999593047982555, 3.7692144856548799e-41, 0.0, 2.0, 0x7FC00000]> : tensor<10xf32>
  check.expect_close %r, %w, max_ulp_difference = 12 : tensor<10xf32>, tensor<10xf32>
  func.return
}

// -----

func.func @erfc_f64() {
  %x = stablehlo.constant dense<[1.0, -1.0, 3.0, 0.5]> : tensor<4xf64>
  %r = chlo.erfc %x : tensor<4xf64> -> tensor<4xf64>
  %w = stablehlo.constant dense<[0.15729920705028513, 1.8427007929497149, 2.2090496998585441e-5, 0.47950012218695346]> : tensor<4xf64>
  check.expect_close %r, %w, max_ulp_difference = 12 : tensor<4xf64>, tensor<4xf64>
  func.return
}

// -----

// lgamma(1/2) = log √π, lgamma(3) = log 2, lgamma(10) = log 9!,
// lgamma(-1/2) = log 2√π; +inf at the poles and at ±inf.
func.func @lgamma_f32() {
  %x = stablehlo.constant dense<[0.5, 3.0, 10.0, -0.5, -2.5, 100.0, 1.0, 2.0, 0.0, -3.0, 0x7F800000, 0xFF800000]> : tensor<12xf32>
  %r = chlo.lgamma %x : tensor<12xf32> -> tensor<12xf32>
  %w = stablehlo.constant dense<[0.57236494292470009, 0.69314718055994531, 12.80182748008147, 1.2655121234846454, -0.056243716497674051, 359.1342053695754, 0.0, 0.0, 0x7F800000, 0x7F800000, 0x7F800000, 0x7F800000]> : tensor<12xf32>
  check.expect_close %r, %w, max_ulp_difference = 24 : tensor<12xf32>, tensor<12xf32>
  func.return
}

// -----

func.func @lgamma_f64() {
  %x = stablehlo.constant dense<[0.5, 3.0, 10.0, -0.5, 1.0e-3]> : tensor<5xf64>
  %r = chlo.lgamma %x : tensor<5xf64> -> tensor<5xf64>
  %w = stablehlo.constant dense<[0.57236494292470009, 0.69314718055994531, 12.80182748008147, 1.2655121234846454, 6.9071788853838537]> : tensor<5xf64>
  check.expect_close %r, %w, max_ulp_difference = 32 : tensor<5xf64>, tensor<5xf64>
  func.return
}

// -----

// digamma(1) = -γ, digamma(1/2) = -γ - 2 log 2, digamma(2) = 1 - γ,
// digamma(-1/2) = digamma(1/2) + 2; NaN at 0, -1, -2, ... and -inf.
func.func @digamma_f32() {
  %x = stablehlo.constant dense<[1.0, 0.5, 2.0, -0.5, 10.0, -2.5, 100.0, 0.0, -2.0, 0x7F800000, 0xFF800000]> : tensor<11xf32>
  %r = chlo.digamma %x : tensor<11xf32> -> tensor<11xf32>
  %w = stablehlo.constant dense<[-0.57721566490153286, -1.9635100260214235, 0.42278433509846714, 0.036489973978576521, 2.2517525890667211, 1.1031566406452432, 4.6001618527380874, 0x7FC00000, 0x7FC00000, 0x7F800000, 0x7FC00000]> : tensor<11xf32>
  check.expect_close %r, %w, max_ulp_difference = 12 : tensor<11xf32>, tensor<11xf32>
  func.return
}

// -----

// The interpreter's f64 digamma has absolute errors of a few 1e-16 (the
// recurrence to x ≥ 10 and log x there round), large in ULPs of values
// near digamma's zeros (digamma(-0.5) = 0.0365).
func.func @digamma_f64() {
  %x = stablehlo.constant dense<[1.0, 0.5, 2.0, -0.5, 10.0, -2.5]> : tensor<6xf64>
  %r = chlo.digamma %x : tensor<6xf64> -> tensor<6xf64>
  check.expect_almost_eq_const %r, dense<[-0.57721566490153286, -1.9635100260214235, 0.42278433509846714, 0.036489973978576521, 2.2517525890667211, 1.1031566406452432]> : tensor<6xf64>, tolerance = 4.0e-15
  func.return
}

// -----

// polygamma(1, 1) = π²/6, polygamma(1, 1/2) = π²/2, polygamma(2, 1) =
// -2ζ(3), polygamma(3, 1) = π⁴/15, polygamma(0, 1) = -γ; NaN for n not a
// natural number.
func.func @polygamma_f32() {
  %n = stablehlo.constant dense<[1.0, 1.0, 2.0, 3.0, 1.0, 2.0, 0.0, 0.5, -1.0]> : tensor<9xf32>
  %x = stablehlo.constant dense<[1.0, 0.5, 1.0, 1.0, 10.0, 3.5, 1.0, 1.0, 1.0]> : tensor<9xf32>
  %r = chlo.polygamma %n, %x : tensor<9xf32>, tensor<9xf32> -> tensor<9xf32>
  %w = stablehlo.constant dense<[1.6449340668482264, 4.9348022005446793, -2.4041138063191886, 6.4939394022668291, 0.10516633568168575, -0.1082040516417274, -0.57721566490153286, 0x7FC00000, 0x7FC00000]> : tensor<9xf32>
  check.expect_close %r, %w, max_ulp_difference = 24 : tensor<9xf32>, tensor<9xf32>
  func.return
}

// -----

func.func @polygamma_f64() {
  %n = stablehlo.constant dense<[1.0, 2.0, 3.0, 2.0]> : tensor<4xf64>
  %x = stablehlo.constant dense<[0.5, 1.0, 1.0, 3.5]> : tensor<4xf64>
  %r = chlo.polygamma %n, %x : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  %w = stablehlo.constant dense<[4.9348022005446793, -2.4041138063191886, 6.4939394022668291, -0.1082040516417274]> : tensor<4xf64>
  check.expect_close %r, %w, max_ulp_difference = 24 : tensor<4xf64>, tensor<4xf64>
  func.return
}

// -----

// zeta(2, 1) = π²/6, zeta(4, 1) = π⁴/90, zeta(2, 2) = π²/6 - 1, zeta(3, 1)
// = ζ(3), zeta(2, 1/2) = 3ζ(2); +inf at x = 1 and at q = 0, -1, ... for
// even x, NaN for odd x there, for x < 1 and for q < 0 with x not an
// integer.
func.func @zeta_f32() {
  %x = stablehlo.constant dense<[2.0, 4.0, 2.0, 3.0, 2.0, 1.5, 12.0, 1.0, 0.5, 2.0, 3.0, 2.5]> : tensor<12xf32>
  %q = stablehlo.constant dense<[1.0, 1.0, 2.0, 1.0, 0.5, 3.0, 2.0, 1.0, 1.0, 0.0, -1.0, -0.5]> : tensor<12xf32>
  %r = chlo.zeta %x, %q : tensor<12xf32>, tensor<12xf32> -> tensor<12xf32>
  %w = stablehlo.constant dense<[1.6449340668482264, 1.0823232337111382, 0.64493406684822644, 1.2020569031595943, 4.9348022005446793, 1.2588219580922146, 0.0002460865533080483, 0x7F800000, 0x7FC00000, 0x7F800000, 0x7FC00000, 0x7FC00000]> : tensor<12xf32>
  check.expect_close %r, %w, max_ulp_difference = 24 : tensor<12xf32>, tensor<12xf32>
  func.return
}

// -----

func.func @zeta_f64() {
  %x = stablehlo.constant dense<[2.0, 4.0, 3.0, 1.5, 12.0]> : tensor<5xf64>
  %q = stablehlo.constant dense<[1.0, 1.0, 1.0, 3.0, 2.0]> : tensor<5xf64>
  %r = chlo.zeta %x, %q : tensor<5xf64>, tensor<5xf64> -> tensor<5xf64>
  %w = stablehlo.constant dense<[1.6449340668482264, 1.0823232337111382, 1.2020569031595943, 1.2588219580922146, 0.0002460865533080483]> : tensor<5xf64>
  check.expect_close %r, %w, max_ulp_difference = 32 : tensor<5xf64>, tensor<5xf64>
  func.return
}

// -----

// bessel_i1e(x) = e^-|x| I1(x) is odd: I1(1) = Σ (1/2)^(2k+1)/(k!(k+1)!).
func.func @bessel_i1e_f32() {
  %x = stablehlo.constant dense<[1.0, -1.0, 2.0, 0.25, 10.0, 50.0, 0.0, 0x7F800000, 0xFF800000]> : tensor<9xf32>
  %r = chlo.bessel_i1e %x : tensor<9xf32> -> tensor<9xf32>
  %w = stablehlo.constant dense<[0.20791041534970845, -0.20791041534970845, 0.21526928924893766, 0.098112628697368247, 0.12126268138445552, 0.0559931238928954, 0.0, 0.0, -0.0]> : tensor<9xf32>
  check.expect_close %r, %w, max_ulp_difference = 12 : tensor<9xf32>, tensor<9xf32>
  func.return
}

// -----

func.func @bessel_i1e_f64() {
  %x = stablehlo.constant dense<[1.0, 2.0, 0.25, 10.0, 50.0]> : tensor<5xf64>
  %r = chlo.bessel_i1e %x : tensor<5xf64> -> tensor<5xf64>
  %w = stablehlo.constant dense<[0.20791041534970845, 0.21526928924893766, 0.098112628697368247, 0.12126268138445552, 0.0559931238928954]> : tensor<5xf64>
  check.expect_close %r, %w, max_ulp_difference = 16 : tensor<5xf64>, tensor<5xf64>
  func.return
}

// -----

// The next f32 after 1 towards 2 is 1 + 2^-23 (0x3F800001), towards 0 is
// 1 - 2^-24 (0x3F7FFFFF); from 0 the smallest subnormal with y's sign;
// from the largest finite towards inf, inf; x = y gives y (-0 for 0, -0).
func.func @next_after_f32() {
  %x = stablehlo.constant dense<[1.0, 1.0, 0.0, 0.0, 0x7F7FFFFF, 0.0, -1.0, 0x7FC00000, 2.0]> : tensor<9xf32>
  %y = stablehlo.constant dense<[2.0, 0.0, 1.0, -1.0, 0x7F800000, -0.0, -5.0, 1.0, 2.0]> : tensor<9xf32>
  %r = chlo.next_after %x, %y : tensor<9xf32>, tensor<9xf32> -> tensor<9xf32>
  check.expect_eq_const %r, dense<[0x3F800001, 0x3F7FFFFF, 0x00000001, 0x80000001, 0x7F800000, -0.0, 0xBF800001, 0x7FC00000, 2.0]> : tensor<9xf32>
  func.return
}

// -----

func.func @next_after_f16_bf16() {
  %x = stablehlo.constant dense<[1.0, 65504.0]> : tensor<2xf16>
  %y = stablehlo.constant dense<[0.0, 0x7C00]> : tensor<2xf16>
  %r = chlo.next_after %x, %y : tensor<2xf16>, tensor<2xf16> -> tensor<2xf16>
  check.expect_eq_const %r, dense<[0x3BFF, 0x7C00]> : tensor<2xf16>
  %a = stablehlo.constant dense<[1.0]> : tensor<1xbf16>
  %b = stablehlo.constant dense<[2.0]> : tensor<1xbf16>
  %s = chlo.next_after %a, %b : tensor<1xbf16>, tensor<1xbf16> -> tensor<1xbf16>
  check.expect_eq_const %s, dense<[0x3F81]> : tensor<1xbf16>
  func.return
}

// -----

// The f32 inputs are f32 values (0.9 is 0.89999997615814209), and so are
// the references' arguments.
func.func @inverse_trig_f32() {
  %x = stablehlo.constant dense<[0.5, -1.0, 1.0, 0.9, 2.0]> : tensor<5xf32>
  %s = chlo.asin %x : tensor<5xf32> -> tensor<5xf32>
  %ws = stablehlo.constant dense<[0.52359877559829887, -1.5707963267948966, 1.5707963267948966, 1.119769460301664, 0x7FC00000]> : tensor<5xf32>
  check.expect_close %s, %ws, max_ulp_difference = 4 : tensor<5xf32>, tensor<5xf32>
  %c = chlo.acos %x : tensor<5xf32> -> tensor<5xf32>
  %wc = stablehlo.constant dense<[1.0471975511965977, 3.1415926535897932, 0.0, 0.45102686649323264, 0x7FC00000]> : tensor<5xf32>
  check.expect_close %c, %wc, max_ulp_difference = 4 : tensor<5xf32>, tensor<5xf32>
  %y = stablehlo.constant dense<[1.0, -3.0, 1000.0, 0x7F800000]> : tensor<4xf32>
  %t = chlo.atan %y : tensor<4xf32> -> tensor<4xf32>
  %wt = stablehlo.constant dense<[0.78539816339744831, -1.2490457723982544, 1.5697963271282298, 1.5707963267948966]> : tensor<4xf32>
  check.expect_close %t, %wt, max_ulp_difference = 4 : tensor<4xf32>, tensor<4xf32>
  func.return
}

// -----

func.func @hyperbolic_f32() {
  %x = stablehlo.constant dense<[1.0, -0.5, 10.0, 1.0e-3, 0x7F800000, 0xFF800000]> : tensor<6xf32>
  %s = chlo.sinh %x : tensor<6xf32> -> tensor<6xf32>
  %ws = stablehlo.constant dense<[1.1752011936438015, -0.52109530549374736, 11013.232874703393, 0.0010000002141641501, 0x7F800000, 0xFF800000]> : tensor<6xf32>
  check.expect_close %s, %ws, max_ulp_difference = 4 : tensor<6xf32>, tensor<6xf32>
  %c = chlo.cosh %x : tensor<6xf32> -> tensor<6xf32>
  %wc = stablehlo.constant dense<[1.5430806348152438, 1.1276259652063808, 11013.232920103323, 1.0000005000000892, 0x7F800000, 0x7F800000]> : tensor<6xf32>
  check.expect_close %c, %wc, max_ulp_difference = 4 : tensor<6xf32>, tensor<6xf32>
  func.return
}

// -----

// sinh and cosh of f64 past 709.78, where e^x overflows and they do not:
// sinh(710) = 1.1169973830808555e308.
func.func @hyperbolic_f64_large() {
  %x = stablehlo.constant dense<[710.0, -710.0]> : tensor<2xf64>
  %s = chlo.sinh %x : tensor<2xf64> -> tensor<2xf64>
  %c = chlo.cosh %x : tensor<2xf64> -> tensor<2xf64>
  %ws = stablehlo.constant dense<[1.1169973830808555e308, -1.1169973830808555e308]> : tensor<2xf64>
  %wc = stablehlo.constant dense<[1.1169973830808555e308, 1.1169973830808555e308]> : tensor<2xf64>
  check.expect_close %s, %ws, max_ulp_difference = 4 : tensor<2xf64>, tensor<2xf64>
  check.expect_close %c, %wc, max_ulp_difference = 4 : tensor<2xf64>, tensor<2xf64>
  func.return
}

// -----

func.func @inverse_hyperbolic_f64() {
  %x = stablehlo.constant dense<[1.0, -0.5, 1.0e5]> : tensor<3xf64>
  %s = chlo.asinh %x : tensor<3xf64> -> tensor<3xf64>
  %ws = stablehlo.constant dense<[0.88137358701954303, -0.48121182505960345, 12.206072645555174]> : tensor<3xf64>
  check.expect_close %s, %ws, max_ulp_difference = 4 : tensor<3xf64>, tensor<3xf64>
  %y = stablehlo.constant dense<[1.0, 2.0, 1.0e5, 0.5]> : tensor<4xf64>
  %c = chlo.acosh %y : tensor<4xf64> -> tensor<4xf64>
  %wc = stablehlo.constant dense<[0.0, 1.3169578969248167, 12.206072645505174, 0x7FF8000000000000]> : tensor<4xf64>
  check.expect_close %c, %wc, max_ulp_difference = 4 : tensor<4xf64>, tensor<4xf64>
  %z = stablehlo.constant dense<[0.5, -0.9, 0.0, 1.0, 2.0]> : tensor<5xf64>
  %t = chlo.atanh %z : tensor<5xf64> -> tensor<5xf64>
  %wt = stablehlo.constant dense<[0.54930614433405485, -1.4722194895832203, 0.0, 0x7FF0000000000000, 0x7FF8000000000000]> : tensor<5xf64>
  check.expect_close %t, %wt, max_ulp_difference = 4 : tensor<5xf64>, tensor<5xf64>
  func.return
}
