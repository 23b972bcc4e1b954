package kernel

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
)

// microConvs exercise the remainders of the register micro-tiles: output
// widths not divisible by MicroM (and a last block narrower than MicroM),
// feature counts not divisible by MicroN (and smaller than one vector),
// padded borders on both sides, strides, rhs dilation, window reversal,
// PyTorch's OIHW kernels (packed), NCHW inputs and outputs, 1-D, 3-D
// and 0-D (spatial) convolutions, and an integer one.
var microConvs = map[string]string{
	"w7_f13_oihw_pad": `func.func @main(%x: tensor<2x5x9x3xf32>, %w: tensor<13x3x3x3xf32>) -> tensor<2x5x7x13xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x5x9x3xf32>, tensor<13x3x3x3xf32>) -> tensor<2x5x7x13xf32>
  return %0 : tensor<2x5x7x13xf32>
}`,
	"w11_f3_borders": `func.func @main(%x: tensor<1x4x9x2xf32>, %w: tensor<3x3x2x3xf32>) -> tensor<1x4x11x3xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [2, 2]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x9x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x4x11x3xf32>
  return %0 : tensor<1x4x11x3xf32>
}`,
	"stride_dil_rev_f21": `func.func @main(%x: tensor<2x7x13x3xf32>, %w: tensor<3x2x3x21xf32>) -> tensor<2x4x6x21xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 0]], rhs_dilate = [1, 2], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x7x13x3xf32>, tensor<3x2x3x21xf32>) -> tensor<2x4x6x21xf32>
  return %0 : tensor<2x4x6x21xf32>
}`,
	"nchw_in_out_f9": `func.func @main(%x: tensor<2x3x6x10xf32>, %w: tensor<9x3x3x3xf32>) -> tensor<2x9x4x8xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x6x10xf32>, tensor<9x3x3x3xf32>) -> tensor<2x9x4x8xf32>
  return %0 : tensor<2x9x4x8xf32>
}`,
	"conv1d_w10": `func.func @main(%x: tensor<3x12x5xf32>, %w: tensor<3x5x17xf32>) -> tensor<3x10x17xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x12x5xf32>, tensor<3x5x17xf32>) -> tensor<3x10x17xf32>
  return %0 : tensor<3x10x17xf32>
}`,
	"conv3d": `func.func @main(%x: tensor<1x4x5x7x2xf32>, %w: tensor<2x2x3x2x6xf32>) -> tensor<1x3x4x5x6xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, 2, f]x[0, 1, 2, i, o]->[b, 0, 1, 2, f], window = {stride = [1, 1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x5x7x2xf32>, tensor<2x2x3x2x6xf32>) -> tensor<1x3x4x5x6xf32>
  return %0 : tensor<1x3x4x5x6xf32>
}`,
	"conv0d_b7": `func.func @main(%x: tensor<7x5xf32>, %w: tensor<5x10xf32>) -> tensor<7x10xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f]x[i, o]->[b, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<7x5xf32>, tensor<5x10xf32>) -> tensor<7x10xf32>
  return %0 : tensor<7x10xf32>
}`,
	"int32_w6": `func.func @main(%x: tensor<1x3x8x2xi32>, %w: tensor<5x2x3x3xi32>) -> tensor<1x1x6x5xi32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x2xi32>, tensor<5x2x3x3xi32>) -> tensor<1x1x6x5xi32>
  return %0 : tensor<1x1x6x5xi32>
}`,
}

// microParams are micro-tile shapes to run microConvs with: the wasm and
// cpu defaults, 4x8, odd ones (MR 3 and 1, MR 5 x NR 4) and 1, 3 and 2
// (cpu) reduction steps per iteration.
var microParams = []TargetParams{
	{},
	{Name: "cpu", VectorWidth: 8},
	{MicroM: 4, MicroN: 8},
	{MicroM: 3, MicroN: 12},
	{MicroM: 5, MicroN: 4},
	{MicroM: 1, MicroN: 8},
	{ReduceSteps: 1},
	{ReduceSteps: 3},
	{Name: "cpu", VectorWidth: 8, ReduceSteps: 2},
}

// TestMicroConvRemainders lowers each of microConvs with each of
// microParams, checks it takes the tiled form, evaluates it and compares
// with the interpreter (corpustest.Reassociated: 1e-6 of the larger of
// the element's and the tensor's largest magnitude, f32). The tiled form
// sums every output in the direct form's order, so it must also equal the
// direct (GPU) lowering bit for bit.
func TestMicroConvRemainders(t *testing.T) {
	for name, src := range microConvs {
		t.Run(name, func(t *testing.T) {
			m := parse(t, src)
			in := randomInputs(m.Func("main"), 7)
			want := mustInterpret(t, m, in...)
			gp := mustLower(t, m, TargetParams{GPU: true})
			direct := mustEval(t, gp, in)
			for _, tp := range microParams {
				p := mustLower(t, m, tp)
				last := p.Kernels[len(p.Kernels)-1]
				if hasVar(last.Body) {
					t.Fatalf("%+v: not the tiled form:\n%s", tp, p)
				}
				got := mustEval(t, p, in)
				if err := corpustest.Compare(got[0], want[0], corpustest.Reassociated); err != nil {
					t.Fatalf("%+v: against the interpreter: %v\n%s", tp, err, p)
				}
				for i := range got[0].F {
					if math.Float64bits(got[0].F[i]) != math.Float64bits(direct[0].F[i]) {
						t.Fatalf("%+v: element %d: %v, the direct form gives %v", tp, i, got[0].F[i], direct[0].F[i])
					}
				}
				for i := range got[0].I {
					if got[0].I[i] != direct[0].I[i] {
						t.Fatalf("%+v: element %d: %v, the direct form gives %v", tp, i, got[0].I[i], direct[0].I[i])
					}
				}
			}
		})
	}
}

// TestMicroInterior checks the interior range of the last spatial dim
// against a brute-force scan of the window positions.
func TestMicroInterior(t *testing.T) {
	for _, tc := range []struct{ in, win, st, rd, lo, hi int64 }{
		{9, 3, 1, 1, 0, 0}, {9, 3, 1, 1, 2, 2}, {13, 3, 2, 2, 1, 0}, {4, 5, 1, 1, 3, 3}, {5, 2, 3, 1, -1, 2}, {1, 1, 1, 1, 0, 0},
	} {
		c := &convInfo{s: 1, strides: []int64{tc.st}, rdil: []int64{tc.rd}, lo: []int64{tc.lo}, in: []int64{tc.in}, win: []int64{tc.win}}
		span := (tc.win-1)*tc.rd + 1
		n := max(0, (tc.in+tc.lo+tc.hi-span)/tc.st+1)
		lo, hi := microInterior(c, n)
		for o := int64(0); o < n; o++ {
			inside := true
			for w := int64(0); w < tc.win; w++ {
				x := o*tc.st + w*tc.rd - tc.lo
				inside = inside && x >= 0 && x < tc.in
			}
			if inside != (o >= lo && o < hi) {
				t.Errorf("%+v: position %d inside=%v, interior [%d, %d)", tc, o, inside, lo, hi)
			}
		}
	}
}
