// Malformed chlo ops are positioned errors.
// RUN: zmlc --verify-diagnostics %s

func.func @one_operand(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{chlo.zeta takes two operands}}
  %r = chlo.zeta %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @int_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{'chlo.lgamma' op operand must be a tensor of floating-point type (I1), got 'tensor<4xi32>'}}
  %r = chlo.lgamma %x : tensor<4xi32> -> tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

func.func @mismatch(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{'chlo.next_after' op requires type(lhs) = type(rhs) = type(result) (C1)}}
  %r = chlo.next_after %x, %y : tensor<4xf32>, tensor<4xf64> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// bessel_i1e has no complex form (neither XLA nor StableHLO defines one).
func.func @complex_i1e(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error@+1 {{'chlo.bessel_i1e' op operand must be a tensor of floating-point type (I1)}}
  %r = chlo.bessel_i1e %x : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return %r : tensor<4xcomplex<f32>>
}
