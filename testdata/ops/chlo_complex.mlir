// RUN: zmlc interpret %s

// The complex forms of chlo.asin, acos, atan, sinh, cosh, asinh, acosh and
// atanh (ChloOps.td). Off the branch cuts the expected values are mpmath's
// at 40 digits; on the cuts they are C99 Annex G's, where the sign of a
// zero imaginary (or real) part picks the side: asin(2 ± 0i) = π/2 ±
// i·acosh 2, acos(2 ± 0i) = 0 ∓ i·acosh 2, atanh(2 ± 0i) = atanh(1/2) ±
// iπ/2, atan(0 + 2i) = π/2 + i·atanh(1/2), asinh(0 + 2i) = acosh 2 +
// iπ/2, acosh(-2 + 0i) = acosh 2 + iπ. The ULP bounds are those of the
// legalised forms (docs/IR.md).

func.func @asin_c64() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-1.5, 2.0), (3.0, -0.5), (-0.25, -4.0)]> : tensor<4xcomplex<f32>>
  %r = chlo.asin %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %w = stablehlo.constant dense<[(0.50160885327550076, 0.28139605624529277), (-0.60651151819975475, 1.6224941488715938), (1.3961498617094474, -1.7789904938267686), (-0.060566274420764386, -2.096493106256753)]> : tensor<4xcomplex<f32>>
  check.expect_close %r, %w, max_ulp_difference = 4 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @asin_c128() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-1.5, 2.0), (3.0, -0.5), (-0.25, -4.0)]> : tensor<4xcomplex<f64>>
  %r = chlo.asin %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %w = stablehlo.constant dense<[(0.50160885327550076, 0.28139605624529277), (-0.60651151819975475, 1.6224941488715938), (1.3961498617094474, -1.7789904938267686), (-0.060566274420764386, -2.096493106256753)]> : tensor<4xcomplex<f64>>
  check.expect_close %r, %w, max_ulp_difference = 4 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
  func.return
}

// -----

func.func @acos_c64() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-1.5, 2.0), (3.0, -0.5), (-0.25, -4.0)]> : tensor<4xcomplex<f32>>
  %r = chlo.acos %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %w = stablehlo.constant dense<[(1.0691874735193959, -0.28139605624529277), (2.1773078449946514, -1.6224941488715938), (0.17464646508544927, 1.7789904938267686), (1.631362601215661, 2.096493106256753)]> : tensor<4xcomplex<f32>>
  check.expect_close %r, %w, max_ulp_difference = 4 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @acos_c128() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-1.5, 2.0), (3.0, -0.5), (-0.25, -4.0)]> : tensor<4xcomplex<f64>>
  %r = chlo.acos %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %w = stablehlo.constant dense<[(1.0691874735193959, -0.28139605624529277), (2.1773078449946514, -1.6224941488715938), (0.17464646508544927, 1.7789904938267686), (1.631362601215661, 2.096493106256753)]> : tensor<4xcomplex<f64>>
  check.expect_close %r, %w, max_ulp_difference = 4 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
  func.return
}

// -----

func.func @atan_c64() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-1.5, 2.0), (3.0, -0.5), (-0.25, -4.0)]> : tensor<4xcomplex<f32>>
  %r = chlo.atan %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %w = stablehlo.constant dense<[(0.48425449032996622, 0.20058661813123432), (-1.3112232696716351, 0.31042828307719576), (1.2563981835871801, -0.048936144281523828), (-1.5542049087116474, -0.2543069212214987)]> : tensor<4xcomplex<f32>>
  check.expect_close %r, %w, max_ulp_difference = 4 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @atan_c128() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-1.5, 2.0), (3.0, -0.5), (-0.25, -4.0)]> : tensor<4xcomplex<f64>>
  %r = chlo.atan %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %w = stablehlo.constant dense<[(0.48425449032996622, 0.20058661813123432), (-1.3112232696716351, 0.31042828307719576), (1.2563981835871801, -0.048936144281523828), (-1.5542049087116474, -0.2543069212214987)]> : tensor<4xcomplex<f64>>
  check.expect_close %r, %w, max_ulp_difference = 4 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
  func.return
}

// -----

func.func @sinh_c64() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-1.5, 2.0), (3.0, -0.5), (-0.25, -4.0)]> : tensor<4xcomplex<f32>>
  %r = chlo.sinh %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %w = stablehlo.constant dense<[(0.50489571438799502, 0.27897912835026152), (0.88609290936253142, 2.1390400099806767), (8.7915123434937133, -4.8266942748108207), (0.16511842943323698, 0.78057600768214641)]> : tensor<4xcomplex<f32>>
  check.expect_close %r, %w, max_ulp_difference = 4 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @sinh_c128() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-1.5, 2.0), (3.0, -0.5), (-0.25, -4.0)]> : tensor<4xcomplex<f64>>
  %r = chlo.sinh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %w = stablehlo.constant dense<[(0.50489571438799502, 0.27897912835026152), (0.88609290936253142, 2.1390400099806767), (8.7915123434937133, -4.8266942748108207), (0.16511842943323698, 0.78057600768214641)]> : tensor<4xcomplex<f64>>
  check.expect_close %r, %w, max_ulp_difference = 4 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
  func.return
}

// -----

func.func @cosh_c64() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-1.5, 2.0), (3.0, -0.5), (-0.25, -4.0)]> : tensor<4xcomplex<f32>>
  %r = chlo.cosh %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %w = stablehlo.constant dense<[(1.0925708047319177, 0.12892104172809825), (-0.97894781964655776, -1.9361483295105072), (8.8352046065009945, -4.8028250827430333), (-0.67417659321144642, -0.19117763170593868)]> : tensor<4xcomplex<f32>>
  check.expect_close %r, %w, max_ulp_difference = 4 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @cosh_c128() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-1.5, 2.0), (3.0, -0.5), (-0.25, -4.0)]> : tensor<4xcomplex<f64>>
  %r = chlo.cosh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %w = stablehlo.constant dense<[(1.0925708047319177, 0.12892104172809825), (-0.97894781964655776, -1.9361483295105072), (8.8352046065009945, -4.8028250827430333), (-0.67417659321144642, -0.19117763170593868)]> : tensor<4xcomplex<f64>>
  check.expect_close %r, %w, max_ulp_difference = 4 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
  func.return
}

// -----

func.func @asinh_c64() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-1.5, 2.0), (3.0, -0.5), (-0.25, -4.0)]> : tensor<4xcomplex<f32>>
  %r = chlo.asinh %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %w = stablehlo.constant dense<[(0.49267568342077062, 0.2243284526346675), (-1.6004100552346136, 0.88776514618390509), (1.8301947623375087, -0.15700459478894231), (-2.0655835152052974, -1.506344919991575)]> : tensor<4xcomplex<f32>>
  check.expect_close %r, %w, max_ulp_difference = 4 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @asinh_c128() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-1.5, 2.0), (3.0, -0.5), (-0.25, -4.0)]> : tensor<4xcomplex<f64>>
  %r = chlo.asinh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %w = stablehlo.constant dense<[(0.49267568342077062, 0.2243284526346675), (-1.6004100552346136, 0.88776514618390509), (1.8301947623375087, -0.15700459478894231), (-2.0655835152052974, -1.506344919991575)]> : tensor<4xcomplex<f64>>
  check.expect_close %r, %w, max_ulp_difference = 4 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
  func.return
}

// -----

func.func @acosh_c64() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-1.5, 2.0), (3.0, -0.5), (-0.25, -4.0)]> : tensor<4xcomplex<f32>>
  %r = chlo.acosh %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %w = stablehlo.constant dense<[(0.28139605624529277, 1.0691874735193959), (1.6224941488715938, 2.1773078449946514), (1.7789904938267686, -0.17464646508544927), (2.096493106256753, -1.631362601215661)]> : tensor<4xcomplex<f32>>
  check.expect_close %r, %w, max_ulp_difference = 4 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @acosh_c128() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-1.5, 2.0), (3.0, -0.5), (-0.25, -4.0)]> : tensor<4xcomplex<f64>>
  %r = chlo.acosh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %w = stablehlo.constant dense<[(0.28139605624529277, 1.0691874735193959), (1.6224941488715938, 2.1773078449946514), (1.7789904938267686, -0.17464646508544927), (2.096493106256753, -1.631362601215661)]> : tensor<4xcomplex<f64>>
  check.expect_close %r, %w, max_ulp_difference = 4 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
  func.return
}

// -----

func.func @atanh_c64() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-1.5, 2.0), (3.0, -0.5), (-0.25, -4.0)]> : tensor<4xcomplex<f32>>
  %r = chlo.atanh %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %w = stablehlo.constant dense<[(0.50037000005253102, 0.31439814320771648), (-0.22008968066202293, 1.2452579660726567), (0.33529348145985526, -1.5104844925048453), (-0.014656210836880889, -1.3266799176095635)]> : tensor<4xcomplex<f32>>
  check.expect_close %r, %w, max_ulp_difference = 4 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @atanh_c128() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-1.5, 2.0), (3.0, -0.5), (-0.25, -4.0)]> : tensor<4xcomplex<f64>>
  %r = chlo.atanh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %w = stablehlo.constant dense<[(0.50037000005253102, 0.31439814320771648), (-0.22008968066202293, 1.2452579660726567), (0.33529348145985526, -1.5104844925048453), (-0.014656210836880889, -1.3266799176095635)]> : tensor<4xcomplex<f64>>
  check.expect_close %r, %w, max_ulp_difference = 4 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
  func.return
}

// -----

// The branch cuts, side chosen by the sign of zero.
func.func @branch_cuts() {
  %z = stablehlo.constant dense<[(2.0, 0.0), (2.0, -0.0)]> : tensor<2xcomplex<f64>>
  %s = chlo.asin %z : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  %w1 = stablehlo.constant dense<[(1.5707963267948966, 1.3169578969248167), (1.5707963267948966, -1.3169578969248167)]> : tensor<2xcomplex<f64>>
  check.expect_close %s, %w1, max_ulp_difference = 4 : tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>
  %c = chlo.acos %z : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  %w2 = stablehlo.constant dense<[(0.0, -1.3169578969248167), (0.0, 1.3169578969248167)]> : tensor<2xcomplex<f64>>
  check.expect_close %c, %w2, max_ulp_difference = 4 : tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>
  %t = chlo.atanh %z : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  %w3 = stablehlo.constant dense<[(0.54930614433405485, 1.5707963267948966), (0.54930614433405485, -1.5707963267948966)]> : tensor<2xcomplex<f64>>
  check.expect_close %t, %w3, max_ulp_difference = 4 : tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>
  %i = stablehlo.constant dense<[(0.0, 2.0)]> : tensor<1xcomplex<f64>>
  %a = chlo.atan %i : tensor<1xcomplex<f64>> -> tensor<1xcomplex<f64>>
  %w4 = stablehlo.constant dense<[(1.5707963267948966, 0.54930614433405485)]> : tensor<1xcomplex<f64>>
  check.expect_close %a, %w4, max_ulp_difference = 4 : tensor<1xcomplex<f64>>, tensor<1xcomplex<f64>>
  %h = chlo.asinh %i : tensor<1xcomplex<f64>> -> tensor<1xcomplex<f64>>
  %w5 = stablehlo.constant dense<[(1.3169578969248167, 1.5707963267948966)]> : tensor<1xcomplex<f64>>
  check.expect_close %h, %w5, max_ulp_difference = 4 : tensor<1xcomplex<f64>>, tensor<1xcomplex<f64>>
  %m = stablehlo.constant dense<[(-2.0, 0.0)]> : tensor<1xcomplex<f64>>
  %k = chlo.acosh %m : tensor<1xcomplex<f64>> -> tensor<1xcomplex<f64>>
  %w6 = stablehlo.constant dense<[(1.3169578969248167, 3.1415926535897932)]> : tensor<1xcomplex<f64>>
  check.expect_close %k, %w6, max_ulp_difference = 4 : tensor<1xcomplex<f64>>, tensor<1xcomplex<f64>>
  func.return
}
