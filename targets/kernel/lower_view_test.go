package kernel

import "testing"

// denseT is a dense layer with its weight stored [out, in], as the front
// end writes it: the product reads the weight through a transpose.
const denseT = `func.func @main(%x: tensor<2x8xf32>, %w: tensor<12x8xf32>, %b: tensor<12xf32>) -> tensor<2x12xf32> {
  %wt = stablehlo.transpose %w, dims = [1, 0] : (tensor<12x8xf32>) -> tensor<8x12xf32>
  %0 = "zml.fusion"(%x, %wt, %b) ({
  ^bb0(%a: tensor<2x8xf32>, %k: tensor<8x12xf32>, %c: tensor<12xf32>):
    %d = stablehlo.dot_general %a, %k, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x12xf32>) -> tensor<2x12xf32>
    %bb = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<12xf32>) -> tensor<2x12xf32>
    %s = stablehlo.add %d, %bb : tensor<2x12xf32>
    stablehlo.return %s : tensor<2x12xf32>
  }) : (tensor<2x8xf32>, tensor<8x12xf32>, tensor<12xf32>) -> tensor<2x12xf32>
  %1 = stablehlo.dot_general %x, %wt, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x12xf32>) -> tensor<2x12xf32>
  %2 = stablehlo.add %0, %1 : tensor<2x12xf32>
  return %2 : tensor<2x12xf32>
}`

const denseTRef = `func.func @main(%x: tensor<2x8xf32>, %w: tensor<12x8xf32>, %b: tensor<12xf32>) -> tensor<2x12xf32> {
  %wt = stablehlo.transpose %w, dims = [1, 0] : (tensor<12x8xf32>) -> tensor<8x12xf32>
  %d = stablehlo.dot_general %x, %wt, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x12xf32>) -> tensor<2x12xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<12xf32>) -> tensor<2x12xf32>
  %0 = stablehlo.add %d, %bb : tensor<2x12xf32>
  %1 = stablehlo.dot_general %x, %wt, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x12xf32>) -> tensor<2x12xf32>
  %2 = stablehlo.add %0, %1 : tensor<2x12xf32>
  return %2 : tensor<2x12xf32>
}`

// denseTUsedElsewhere also returns the transposed weight: it must be
// computed by a kernel.
const denseTUsedElsewhere = `func.func @main(%x: tensor<2x8xf32>, %w: tensor<12x8xf32>) -> (tensor<2x12xf32>, tensor<8x12xf32>) {
  %wt = stablehlo.transpose %w, dims = [1, 0] : (tensor<12x8xf32>) -> tensor<8x12xf32>
  %1 = stablehlo.dot_general %x, %wt, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x12xf32>) -> tensor<2x12xf32>
  return %1, %wt : tensor<2x12xf32>, tensor<8x12xf32>
}`

// denseTBig has more rows than viewMaxRows: the transpose is a kernel.
const denseTBig = `func.func @main(%x: tensor<16x8xf32>, %w: tensor<12x8xf32>) -> tensor<16x12xf32> {
  %wt = stablehlo.transpose %w, dims = [1, 0] : (tensor<12x8xf32>) -> tensor<8x12xf32>
  %1 = stablehlo.dot_general %x, %wt, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x12xf32>) -> tensor<16x12xf32>
  return %1 : tensor<16x12xf32>
}`

func TestTransposeView(t *testing.T) {
	p := checkLoweringRef(t, denseT, denseTRef)
	if n := kernelsNamed(p, "transpose"); n != 0 {
		t.Errorf("%d transpose kernels, want the weight read in place:\n%s", n, p)
	}
	for name, src := range map[string]string{"used_elsewhere": denseTUsedElsewhere, "big": denseTBig} {
		p := checkLowering(t, src)
		if n := kernelsNamed(p, "transpose"); n != 1 {
			t.Errorf("%s: %d transpose kernels, want 1:\n%s", name, n, p)
		}
	}
	gp := mustLower(t, parse(t, denseT), TargetParams{GPU: true})
	if kernelsNamed(gp, "transpose") != 1 {
		t.Errorf("GPU targets keep the transpose kernel:\n%s", gp)
	}
}
