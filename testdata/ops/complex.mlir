// RUN: zmlc interpret %s

// complex, real, imag.

func.func @complex_f32() {
  %re = stablehlo.constant dense<[1.0, -2.5, 0.0]> : tensor<3xf32>
  %im = stablehlo.constant dense<[2.0, 0.0, -1.0]> : tensor<3xf32>
  %r = stablehlo.complex %re, %im : tensor<3xcomplex<f32>>
  check.expect_eq_const %r, dense<[(1.0, 2.0), (-2.5, 0.0), (0.0, -1.0)]> : tensor<3xcomplex<f32>>
  func.return
}

// -----

func.func @complex_f64() {
  %re = stablehlo.constant dense<[1.0e300]> : tensor<1xf64>
  %im = stablehlo.constant dense<[-1.0e-300]> : tensor<1xf64>
  %r = stablehlo.complex %re, %im : tensor<1xcomplex<f64>>
  check.expect_eq_const %r, dense<[(1.0e300, -1.0e-300)]> : tensor<1xcomplex<f64>>
  func.return
}

// -----

func.func @real_imag_complex64() {
  %x = stablehlo.constant dense<[(1.0, 2.0), (-3.0, -4.0)]> : tensor<2xcomplex<f32>>
  %re = stablehlo.real %x : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %im = stablehlo.imag %x : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  check.expect_eq_const %re, dense<[1.0, -3.0]> : tensor<2xf32>
  check.expect_eq_const %im, dense<[2.0, -4.0]> : tensor<2xf32>
  func.return
}

// -----

// On a float operand real is the identity and imag is zero.
func.func @real_imag_f32() {
  %x = stablehlo.constant dense<[1.5, -0.5]> : tensor<2xf32>
  %re = stablehlo.real %x : tensor<2xf32>
  %im = stablehlo.imag %x : tensor<2xf32>
  check.expect_eq_const %re, dense<[1.5, -0.5]> : tensor<2xf32>
  check.expect_eq_const %im, dense<[0.0, 0.0]> : tensor<2xf32>
  func.return
}

// -----

func.func @real_imag_complex128() {
  %x = stablehlo.constant dense<(0.1, 0.2)> : tensor<complex<f64>>
  %re = stablehlo.real %x : (tensor<complex<f64>>) -> tensor<f64>
  %im = stablehlo.imag %x : (tensor<complex<f64>>) -> tensor<f64>
  check.expect_eq_const %re, dense<0.1> : tensor<f64>
  check.expect_eq_const %im, dense<0.2> : tensor<f64>
  func.return
}
