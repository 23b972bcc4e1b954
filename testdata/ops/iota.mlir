// RUN: zmlc interpret %s

func.func @iota_dim0_i32() {
  %r = stablehlo.iota dim = 0 : tensor<4x2xi32>
  check.expect_eq_const %r, dense<[[0, 0], [1, 1], [2, 2], [3, 3]]> : tensor<4x2xi32>
  func.return
}

// -----

func.func @iota_dim1_f32() {
  %r = stablehlo.iota dim = 1 : tensor<2x3xf32>
  check.expect_eq_const %r, dense<[[0.0, 1.0, 2.0], [0.0, 1.0, 2.0]]> : tensor<2x3xf32>
  func.return
}

// -----

func.func @iota_ui8_bf16_complex() {
  %a = stablehlo.iota dim = 0 : tensor<3xui8>
  check.expect_eq_const %a, dense<[0, 1, 2]> : tensor<3xui8>
  %b = stablehlo.iota dim = 0 : tensor<3xbf16>
  check.expect_eq_const %b, dense<[0.0, 1.0, 2.0]> : tensor<3xbf16>
  %c = stablehlo.iota dim = 0 : tensor<2xcomplex<f32>>
  check.expect_eq_const %c, dense<[(0.0, 0.0), (1.0, 0.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

// Iota values past the range of the element type wrap: 256 in i8 is 0.
func.func @iota_i8_wraparound() {
  %r = stablehlo.iota dim = 0 : tensor<258xi8>
  %s = stablehlo.slice %r [126:130] : (tensor<258xi8>) -> tensor<4xi8>
  check.expect_eq_const %s, dense<[126, 127, -128, -127]> : tensor<4xi8>
  %t = stablehlo.slice %r [255:258] : (tensor<258xi8>) -> tensor<3xi8>
  check.expect_eq_const %t, dense<[-1, 0, 1]> : tensor<3xi8>
  func.return
}

// -----

func.func @iota_empty() {
  %r = stablehlo.iota dim = 1 : tensor<0x3xi32>
  check.expect_eq_const %r, dense<> : tensor<0x3xi32>
  func.return
}
