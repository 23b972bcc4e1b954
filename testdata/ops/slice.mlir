// RUN: zmlc interpret %s

func.func @slice_strided_2d() {
  %x = stablehlo.constant dense<[[0, 1, 2, 3, 4, 5], [10, 11, 12, 13, 14, 15], [20, 21, 22, 23, 24, 25]]> : tensor<3x6xi32>
  %r = stablehlo.slice %x [1:3, 0:6:2] : (tensor<3x6xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[10, 12, 14], [20, 22, 24]]> : tensor<2x3xi32>
  func.return
}

// -----

// A stride that does not divide the extent: ceil((7 - 1) / 4) = 2 elements.
func.func @slice_stride_remainder() {
  %x = stablehlo.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<7xf32>
  %r = stablehlo.slice %x [1:7:4] : (tensor<7xf32>) -> tensor<2xf32>
  check.expect_eq_const %r, dense<[1.0, 5.0]> : tensor<2xf32>
  func.return
}

// -----

func.func @slice_empty_result() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>
  %r = stablehlo.slice %x [1:1, 0:3] : (tensor<2x3xi8>) -> tensor<0x3xi8>
  check.expect_eq_const %r, dense<> : tensor<0x3xi8>
  func.return
}
