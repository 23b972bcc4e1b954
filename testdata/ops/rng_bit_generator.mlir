// RUN: zmlc interpret %s

// The output bits are implementation-defined, but a deterministic function
// of the state: the same state gives the same bits and the same new state.
func.func @rng_bit_generator_deterministic() {
  %state = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
  %s1, %out1 = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x3xui32>)
  %s2, %out2 = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x3xui32>)
  check.expect_eq %s1, %s2 : tensor<2xui64>
  check.expect_eq %out1, %out2 : tensor<4x3xui32>
  func.return
}

// -----

// A generator that returned its input state unchanged would repeat itself;
// the new state must differ from the old one, and so must the next bits.
func.func @rng_bit_generator_advances() {
  %state = stablehlo.constant dense<[42, 0, 7]> : tensor<3xui64>
  %s1, %out1 = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<8xui64>)
  %s2, %out2 = stablehlo.rng_bit_generator %s1, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<8xui64>)
  %same_state = stablehlo.compare EQ, %state, %s1, UNSIGNED : (tensor<3xui64>, tensor<3xui64>) -> tensor<3xi1>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %all_same_state = stablehlo.reduce(%same_state init: %t) applies stablehlo.and across dimensions = [0] : (tensor<3xi1>, tensor<i1>) -> tensor<i1>
  check.expect_eq_const %all_same_state, dense<false> : tensor<i1>
  %same_out = stablehlo.compare EQ, %out1, %out2, UNSIGNED : (tensor<8xui64>, tensor<8xui64>) -> tensor<8xi1>
  %all_same_out = stablehlo.reduce(%same_out init: %t) applies stablehlo.and across dimensions = [0] : (tensor<8xi1>, tensor<i1>) -> tensor<i1>
  check.expect_eq_const %all_same_out, dense<false> : tensor<i1>
  func.return
}

// -----

// Float output and the DEFAULT algorithm; an empty output is fine.
func.func @rng_bit_generator_default_shapes() {
  %state = stablehlo.constant dense<[5, 6]> : tensor<2xui64>
  %s1, %out1 = stablehlo.rng_bit_generator %state, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<0x3xf32>)
  check.expect_eq_const %out1, dense<> : tensor<0x3xf32>
  %s2, %out2 = stablehlo.rng_bit_generator %state, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<0x3xf32>)
  check.expect_eq %s1, %s2 : tensor<2xui64>
  func.return
}
