// RUN: zmlc interpret %s

// broadcast prepends the given dimensions.
func.func @broadcast_prepend() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %r = stablehlo.broadcast %x, sizes = [2] : (tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %r, dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>
  func.return
}

// -----

func.func @broadcast_scalar_two_dims() {
  %x = stablehlo.constant dense<-0.5> : tensor<f32>
  %r = stablehlo.broadcast %x, sizes = [2, 1] : (tensor<f32>) -> tensor<2x1xf32>
  check.expect_eq_const %r, dense<[[-0.5], [-0.5]]> : tensor<2x1xf32>
  func.return
}
