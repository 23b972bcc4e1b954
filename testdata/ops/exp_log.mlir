// RUN: zmlc interpret %s

// exponential, exponential_minus_one, log, log_plus_one, logistic.

func.func @exponential_f32() {
  %x = stablehlo.constant dense<[0.0, 1.0, -1.0, 0xFF800000, 100.0, 0x7FC00000]> : tensor<6xf32>
  %r = stablehlo.exponential %x : tensor<6xf32>
  // e^100 overflows f32.
  check.expect_almost_eq_const %r, dense<[1.0, 2.71828175, 0.36787945, 0.0, 0x7F800000, 0x7FC00000]> : tensor<6xf32>, tolerance = 1.0e-6
  func.return
}

// -----

func.func @exponential_f64() {
  %x = stablehlo.constant dense<[1.0, 0.5]> : tensor<2xf64>
  %r = stablehlo.exponential %x : tensor<2xf64>
  check.expect_almost_eq_const %r, dense<[2.718281828459045, 1.6487212707001282]> : tensor<2xf64>, tolerance = 1.0e-14
  func.return
}

// -----

func.func @exponential_f16() {
  %x = stablehlo.constant dense<[0.0, 1.0, 12.0]> : tensor<3xf16>
  %r = stablehlo.exponential %x : tensor<3xf16>
  // e = 2.71875 in f16; e^12 = 162755 > 65504 -> inf.
  check.expect_almost_eq_const %r, dense<[1.0, 2.71875, 0x7C00]> : tensor<3xf16>, tolerance = 2.0e-3
  func.return
}

// -----

func.func @exponential_complex64() {
  // e^(0 + i*pi) = -1 + ~0i.
  %x = stablehlo.constant dense<[(0.0, 3.14159274), (1.0, 0.0)]> : tensor<2xcomplex<f32>>
  %r = stablehlo.exponential %x : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(-1.0, 0.0), (2.71828175, 0.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

// expm1 keeps precision near 0 where exp(x) - 1 would lose it.
func.func @exponential_minus_one_f64() {
  %x = stablehlo.constant dense<[1.0e-10, 0.0, 1.0, -0.0]> : tensor<4xf64>
  %r = stablehlo.exponential_minus_one %x : tensor<4xf64>
  %want = stablehlo.constant dense<[1.00000000005e-10, 0.0, 1.718281828459045, -0.0]> : tensor<4xf64>
  check.expect_close %r, %want, max_ulp_difference = 2 : tensor<4xf64>, tensor<4xf64>
  func.return
}

// -----

func.func @exponential_minus_one_f32() {
  %x = stablehlo.constant dense<[1.0e-5, 0xFF800000]> : tensor<2xf32>
  %r = stablehlo.exponential_minus_one %x : tensor<2xf32>
  %want = stablehlo.constant dense<[1.00000498e-05, -1.0]> : tensor<2xf32>
  check.expect_close %r, %want, max_ulp_difference = 2 : tensor<2xf32>, tensor<2xf32>
  func.return
}

// -----

func.func @log_f32() {
  // log(0) = -inf, log(-1) = NaN, log(inf) = inf.
  %x = stablehlo.constant dense<[1.0, 10.0, 0.0, -1.0, 0x7F800000]> : tensor<5xf32>
  %r = stablehlo.log %x : tensor<5xf32>
  check.expect_almost_eq_const %r, dense<[0.0, 2.30258512, 0xFF800000, 0x7FC00000, 0x7F800000]> : tensor<5xf32>, tolerance = 1.0e-6
  func.return
}

// -----

func.func @log_f64() {
  %x = stablehlo.constant dense<[2.0, 0.5]> : tensor<2xf64>
  %r = stablehlo.log %x : tensor<2xf64>
  check.expect_almost_eq_const %r, dense<[0.6931471805599453, -0.6931471805599453]> : tensor<2xf64>, tolerance = 1.0e-15
  func.return
}

// -----

func.func @log_plus_one_f64() {
  // log1p(-1) = -inf; log1p(-2) = NaN.
  %x = stablehlo.constant dense<[1.0e-10, 1.0, -1.0, -2.0]> : tensor<4xf64>
  %r = stablehlo.log_plus_one %x : tensor<4xf64>
  %want = stablehlo.constant dense<[9.9999999995e-11, 0.6931471805599453, 0xFFF0000000000000, 0x7FF8000000000000]> : tensor<4xf64>
  check.expect_close %r, %want, max_ulp_difference = 2 : tensor<4xf64>, tensor<4xf64>
  func.return
}

// -----

func.func @logistic_f32() {
  // logistic(x) = 1 / (1 + e^-x).
  %x = stablehlo.constant dense<[0.0, 1.0, -1.0, 0x7F800000, 0xFF800000]> : tensor<5xf32>
  %r = stablehlo.logistic %x : tensor<5xf32>
  check.expect_almost_eq_const %r, dense<[0.5, 0.731058598, 0.268941432, 1.0, 0.0]> : tensor<5xf32>, tolerance = 1.0e-6
  func.return
}

// -----

// log of f64 subnormals 2^-1074, 2^-1030 and 3 * 2^-1070: k ln 2 (+ ln 3),
// worked out to 20 digits; Go's math.Log on amd64 reads the exponent field
// unnormalised and gives -709.09 for 2^-1074.
func.func @log_f64_subnormal() {
  %x = stablehlo.constant dense<[4.9406564584124654e-324, 8.691694759794e-311, 2.37e-322]> : tensor<3xf64>
  %r = stablehlo.log %x : tensor<3xf64>
  %want = stablehlo.constant dense<[-744.4400719213812, -713.9415959767437, -740.5688709104734]> : tensor<3xf64>
  check.expect_close %r, %want, max_ulp_difference = 1 : tensor<3xf64>, tensor<3xf64>
  func.return
}

// -----

// logistic(x) for x < -708 is e^x/(1+e^x), subnormal, not 0 (1/(1+e^-x)
// overflows e^-x).
func.func @logistic_f64_tail() {
  %x = stablehlo.constant dense<[-720.0, -740.0]> : tensor<2xf64>
  %r = stablehlo.logistic %x : tensor<2xf64>
  %want = stablehlo.constant dense<[2.0322308024e-313, 4.2e-322]> : tensor<2xf64>
  check.expect_close %r, %want, max_ulp_difference = 1 : tensor<2xf64>, tensor<2xf64>
  func.return
}
