func.func @constants() {
  %0 = stablehlo.constant dense<[[1.5, -2.0], [0x7FC00000, 0xFF800000]]> : tensor<2x2xf32>
  %1 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  %2 = stablehlo.constant dense<[(1.0,2.0), (3.0,-4.5)]> : tensor<2xcomplex<f64>>
  %3 = stablehlo.constant dense<255> : tensor<4xui8>
  %4 = stablehlo.constant dense<"0x0000803F00000040"> : tensor<2xf32>
  %5 = stablehlo.constant dense<> : tensor<0x3xi32>
  %6 = stablehlo.constant dense<-128> : tensor<i8>
  %7 = stablehlo.constant dense<[65504.0, 1.0e-8]> : tensor<2xf16>
  %8 = stablehlo.constant dense<[1.0, 3.0]> : tensor<2xbf16>
  %9 = stablehlo.constant dense<448.0> : tensor<f8E4M3FN>
  %10 = stablehlo.constant dense<18446744073709551615> : tensor<ui64>
  check.expect_eq_const %6, dense<-128> : tensor<i8>
  check.expect_almost_eq_const %0, dense<[[1.5, -2.0], [0x7FC00000, 0xFF800000]]> : tensor<2x2xf32>, tolerance = 1.000000e-03
  check.expect_eq %1, %1 : tensor<3xi1>
  check.expect_almost_eq %7, %7, tolerance = 1.000000e-01 : tensor<2xf16>
  check.expect_close %7, %7, max_ulp_difference = 3 : tensor<2xf16>, tensor<2xf16>
  check.expect_serialized_eq %6, probe_id = "probe0", iter = 1 : tensor<i8>
  %11 = chlo.erf %7 : tensor<2xf16> -> tensor<2xf16>
  %12 = chlo.erf_inv %7 : tensor<2xf16> -> tensor<2xf16>
  %13 = chlo.tan %7 : tensor<2xf16> -> tensor<2xf16>
  %values, %indices = chlo.top_k(%7, k = 1) : tensor<2xf16> -> (tensor<1xf16>, tensor<1xi32>)
  %14 = "stablehlo.constant"() <{value = dense<[1, 2]> : tensor<2xi64>}> {some.attr = [1 : i32, "s", @sym, {u}, array<i1: true>, array<f32: 1.5>, #other.attr<x = [1, (2)]>, tensor<4xf32>, 0x10 : ui8, 2.5 : bf16]} : () -> tensor<2xi64>
  return
}
