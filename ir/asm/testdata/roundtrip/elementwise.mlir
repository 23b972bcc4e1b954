func.func @unary(%arg0: tensor<2xf32>, %arg1: tensor<2xi32>, %arg2: tensor<2xcomplex<f32>>) -> tensor<2xf32> {
  %0 = stablehlo.abs %arg0 : tensor<2xf32>
  %1 = stablehlo.cbrt %0 : tensor<2xf32>
  %2 = stablehlo.ceil %1 : tensor<2xf32>
  %3 = stablehlo.cosine %2 : tensor<2xf32>
  %4 = stablehlo.exponential %3 : tensor<2xf32>
  %5 = stablehlo.exponential_minus_one %4 : tensor<2xf32>
  %6 = stablehlo.floor %5 : tensor<2xf32>
  %7 = stablehlo.log %6 : tensor<2xf32>
  %8 = stablehlo.log_plus_one %7 : tensor<2xf32>
  %9 = stablehlo.logistic %8 : tensor<2xf32>
  %10 = stablehlo.negate %9 : tensor<2xf32>
  %11 = stablehlo.round_nearest_afz %10 : tensor<2xf32>
  %12 = stablehlo.round_nearest_even %11 : tensor<2xf32>
  %13 = stablehlo.rsqrt %12 : tensor<2xf32>
  %14 = stablehlo.sign %13 : tensor<2xf32>
  %15 = stablehlo.sine %14 : tensor<2xf32>
  %16 = stablehlo.sqrt %15 : tensor<2xf32>
  %17 = stablehlo.tan %16 : tensor<2xf32>
  %18 = stablehlo.tanh %17 : tensor<2xf32>
  %19 = stablehlo.is_finite %18 : (tensor<2xf32>) -> tensor<2xi1>
  %20 = stablehlo.not %arg1 : tensor<2xi32>
  %21 = stablehlo.popcnt %20 : tensor<2xi32>
  %22 = stablehlo.count_leading_zeros %21 : tensor<2xi32>
  %23 = stablehlo.real %arg2 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %24 = stablehlo.imag %arg2 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %25 = stablehlo.complex %23, %24 : tensor<2xcomplex<f32>>
  %26 = stablehlo.convert %22 : (tensor<2xi32>) -> tensor<2xf32>
  %27 = stablehlo.bitcast_convert %26 : (tensor<2xf32>) -> tensor<2xi32>
  %28 = stablehlo.select %19, %18, %26 : tensor<2xi1>, tensor<2xf32>
  %29 = stablehlo.clamp %0, %28, %1 : tensor<2xf32>
  %30 = stablehlo.reduce_precision %29, format = e5m10 : tensor<2xf32>
  return %30 : tensor<2xf32>
}

func.func @binary(%a: tensor<3xi32>, %b: tensor<3xi32>, %x: tensor<3xf64>) -> (tensor<3xi32>, tensor<3xi1>) {
  %0 = stablehlo.add %a, %b : tensor<3xi32>
  %1 = stablehlo.subtract %0, %b : tensor<3xi32>
  %2 = stablehlo.multiply %1, %b : tensor<3xi32>
  %3 = stablehlo.divide %2, %b : tensor<3xi32>
  %4 = stablehlo.remainder %3, %b : tensor<3xi32>
  %5 = stablehlo.maximum %4, %b : tensor<3xi32>
  %6 = stablehlo.minimum %5, %b : tensor<3xi32>
  %7 = stablehlo.and %6, %b : tensor<3xi32>
  %8 = stablehlo.or %7, %b : tensor<3xi32>
  %9 = stablehlo.xor %8, %b : tensor<3xi32>
  %10 = stablehlo.shift_left %9, %b : tensor<3xi32>
  %11 = stablehlo.shift_right_arithmetic %10, %b : tensor<3xi32>
  %12 = stablehlo.shift_right_logical %11, %b : tensor<3xi32>
  %13 = stablehlo.power %12, %b : tensor<3xi32>
  %14 = stablehlo.atan2 %x, %x : tensor<3xf64>
  %15 = stablehlo.compare  GT, %13, %a,  SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %16 = stablehlo.compare  EQ, %14, %x : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xi1>
  %17 = stablehlo.and %15, %16 : tensor<3xi1>
  return %13, %17 : tensor<3xi32>, tensor<3xi1>
}
