package kernel

import (
	"strings"
	"testing"
)

// convFusedNCHW is a CNN layer as -O2 leaves it: an NHWC/HWIO convolution
// whose epilogue transposes to NCHW, adds the bias, applies relu and
// flattens (the last convolution before a dense layer).
const convFusedNCHW = `func.func @main(%x: tensor<2x6x6x3xf32>, %w: tensor<3x3x3x5xf32>, %b: tensor<5xf32>) -> tensor<2x80xf32> {
  %0 = "zml.fusion"(%x, %w, %b) ({
  ^bb0(%a: tensor<2x6x6x3xf32>, %k: tensor<3x3x3x5xf32>, %c: tensor<5xf32>):
    %y = stablehlo.convolution(%a, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x6x6x3xf32>, tensor<3x3x3x5xf32>) -> tensor<2x4x4x5xf32>
    %t = stablehlo.transpose %y, dims = [0, 3, 1, 2] : (tensor<2x4x4x5xf32>) -> tensor<2x5x4x4xf32>
    %bb = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<5xf32>) -> tensor<2x5x4x4xf32>
    %s = stablehlo.add %t, %bb : tensor<2x5x4x4xf32>
    %z = stablehlo.constant dense<0.0> : tensor<2x5x4x4xf32>
    %r = stablehlo.maximum %s, %z : tensor<2x5x4x4xf32>
    %f = stablehlo.reshape %r : (tensor<2x5x4x4xf32>) -> tensor<2x80xf32>
    stablehlo.return %f : tensor<2x80xf32>
  }) : (tensor<2x6x6x3xf32>, tensor<3x3x3x5xf32>, tensor<5xf32>) -> tensor<2x80xf32>
  return %0 : tensor<2x80xf32>
}`

const convFusedNCHWRef = `func.func @main(%a: tensor<2x6x6x3xf32>, %k: tensor<3x3x3x5xf32>, %c: tensor<5xf32>) -> tensor<2x80xf32> {
    %y = stablehlo.convolution(%a, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x6x6x3xf32>, tensor<3x3x3x5xf32>) -> tensor<2x4x4x5xf32>
    %t = stablehlo.transpose %y, dims = [0, 3, 1, 2] : (tensor<2x4x4x5xf32>) -> tensor<2x5x4x4xf32>
    %bb = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<5xf32>) -> tensor<2x5x4x4xf32>
    %s = stablehlo.add %t, %bb : tensor<2x5x4x4xf32>
    %z = stablehlo.constant dense<0.0> : tensor<2x5x4x4xf32>
    %r = stablehlo.maximum %s, %z : tensor<2x5x4x4xf32>
    %f = stablehlo.reshape %r : (tensor<2x5x4x4xf32>) -> tensor<2x80xf32>
    return %f : tensor<2x80xf32>
}`

// convFusedTwice uses the convolution at two different indices (not a
// bijective epilogue): it must take the per-element form.
const convFusedTwice = `func.func @main(%x: tensor<1x5x5x2xf32>, %w: tensor<2x2x2x4xf32>) -> tensor<1x4x4x4xf32> {
  %0 = "zml.fusion"(%x, %w) ({
  ^bb0(%a: tensor<1x5x5x2xf32>, %k: tensor<2x2x2x4xf32>):
    %y = stablehlo.convolution(%a, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x5x2xf32>, tensor<2x2x2x4xf32>) -> tensor<1x4x4x4xf32>
    %r = stablehlo.reverse %y, dims = [3] : tensor<1x4x4x4xf32>
    %s = stablehlo.add %y, %r : tensor<1x4x4x4xf32>
    stablehlo.return %s : tensor<1x4x4x4xf32>
  }) : (tensor<1x5x5x2xf32>, tensor<2x2x2x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}`

const convFusedTwiceRef = `func.func @main(%a: tensor<1x5x5x2xf32>, %k: tensor<2x2x2x4xf32>) -> tensor<1x4x4x4xf32> {
    %y = stablehlo.convolution(%a, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x5x2xf32>, tensor<2x2x2x4xf32>) -> tensor<1x4x4x4xf32>
    %r = stablehlo.reverse %y, dims = [3] : tensor<1x4x4x4xf32>
    %s = stablehlo.add %y, %r : tensor<1x4x4x4xf32>
    return %s : tensor<1x4x4x4xf32>
}`

// convPadded: padding, strides, rhs dilation, window reversal and 40
// output features (two tiles of 20).
const convPadded = `func.func @main(%x: tensor<2x7x6x3xf32>, %w: tensor<3x2x3x40xf32>) -> tensor<2x4x5x40xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 1], [1, 0]], rhs_dilate = [1, 2], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x7x6x3xf32>, tensor<3x2x3x40xf32>) -> tensor<2x4x5x40xf32>
  return %0 : tensor<2x4x5x40xf32>
}`

func kernelsNamed(p *Program, part string) int {
	n := 0
	for _, k := range p.Kernels {
		if strings.Contains(k.Name, part) {
			n++
		}
	}
	return n
}

func hasVar(body []*Node) bool {
	for _, n := range body {
		if n.Kind == Var || hasVar(n.Body) || hasVar(n.Else) {
			return true
		}
	}
	return false
}

func TestTiledConvFusedNCHW(t *testing.T) {
	p := checkLoweringRef(t, convFusedNCHW, convFusedNCHWRef)
	if len(p.Kernels) != 1 || kernelsNamed(p, "fusion_conv") != 1 || hasVar(p.Kernels[0].Body) {
		t.Fatalf("want one tiled fusion_conv kernel without vars:\n%s", p)
	}
}

func TestTiledConvNotBijective(t *testing.T) {
	p := checkLoweringRef(t, convFusedTwice, convFusedTwiceRef)
	if kernelsNamed(p, "fusion_conv") != 0 {
		t.Fatalf("a convolution used at two indices took the tiled form:\n%s", p)
	}
}

func TestTiledConvPadded(t *testing.T) {
	p := checkLowering(t, convPadded)
	// The reversed window needs the kernel packed: a pack kernel, then the
	// tiled convolution.
	if len(p.Kernels) != 2 || kernelsNamed(p, "conv_pack") != 1 || hasVar(p.Kernels[1].Body) {
		t.Fatalf("want a pack kernel and the tiled form:\n%s", p)
	}
	gp := mustLower(t, parse(t, convPadded), TargetParams{GPU: true})
	if !hasVar(gp.Kernels[0].Body) {
		t.Errorf("GPU targets keep the per-element convolution:\n%s", gp)
	}
}
