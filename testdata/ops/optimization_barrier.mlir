// RUN: zmlc interpret %s

// optimization_barrier is the identity on its operands.
func.func @optimization_barrier_identity() {
  %a = stablehlo.constant dense<[1.0, 0x7FC00000]> : tensor<2xf32>
  %b = stablehlo.constant dense<-3> : tensor<i8>
  %ra, %rb = stablehlo.optimization_barrier %a, %b : tensor<2xf32>, tensor<i8>
  check.expect_almost_eq_const %ra, dense<[1.0, 0x7FC00000]> : tensor<2xf32>
  check.expect_eq_const %rb, dense<-3> : tensor<i8>
  func.return
}

// -----

func.func @optimization_barrier_single() {
  %a = stablehlo.constant dense<[[1, 2]]> : tensor<1x2xui64>
  %r = stablehlo.optimization_barrier %a : tensor<1x2xui64>
  check.expect_eq_const %r, dense<[[1, 2]]> : tensor<1x2xui64>
  func.return
}
