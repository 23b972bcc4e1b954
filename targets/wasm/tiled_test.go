package wasm_test

import (
	"context"
	"math"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/targets/kernel"
)

// tiledSources are dot_general and convolution kernels (alone and fused
// with NCHW epilogues, padded, strided, odd feature counts) whose
// reductions run with their accumulators in v128 locals.
var tiledSources = map[string]string{
	"dense_view": `func.func @main(%x: tensor<3x50xf32>, %w: tensor<37x50xf32>) -> tensor<3x37xf32> {
  %wt = stablehlo.transpose %w, dims = [1, 0] : (tensor<37x50xf32>) -> tensor<50x37xf32>
  %0 = stablehlo.dot_general %x, %wt, contracting_dims = [1] x [0] : (tensor<3x50xf32>, tensor<50x37xf32>) -> tensor<3x37xf32>
  return %0 : tensor<3x37xf32>
}`,
	"dot_odd": `func.func @main(%a: tensor<7x50xf32>, %b: tensor<50x38xf32>) -> tensor<7x38xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<7x50xf32>, tensor<50x38xf32>) -> tensor<7x38xf32>
  return %0 : tensor<7x38xf32>
}`,
	"conv_fused_flatten": `func.func @main(%x: tensor<2x6x6x3xf32>, %w: tensor<3x3x3x12xf32>, %b: tensor<12xf32>) -> tensor<2x192xf32> {
  %0 = "zml.fusion"(%x, %w, %b) ({
  ^bb0(%a: tensor<2x6x6x3xf32>, %k: tensor<3x3x3x12xf32>, %c: tensor<12xf32>):
    %y = stablehlo.convolution(%a, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x6x6x3xf32>, tensor<3x3x3x12xf32>) -> tensor<2x4x4x12xf32>
    %t = stablehlo.transpose %y, dims = [0, 3, 1, 2] : (tensor<2x4x4x12xf32>) -> tensor<2x12x4x4xf32>
    %bb = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<12xf32>) -> tensor<2x12x4x4xf32>
    %s = stablehlo.add %t, %bb : tensor<2x12x4x4xf32>
    %z = stablehlo.constant dense<0.0> : tensor<2x12x4x4xf32>
    %r = stablehlo.maximum %s, %z : tensor<2x12x4x4xf32>
    %f = stablehlo.reshape %r : (tensor<2x12x4x4xf32>) -> tensor<2x192xf32>
    stablehlo.return %f : tensor<2x192xf32>
  }) : (tensor<2x6x6x3xf32>, tensor<3x3x3x12xf32>, tensor<12xf32>) -> tensor<2x192xf32>
  return %0 : tensor<2x192xf32>
}`,
	"conv_padded_40": `func.func @main(%x: tensor<2x7x6x3xf32>, %w: tensor<3x2x3x40xf32>) -> tensor<2x4x5x40xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 1], [1, 0]], rhs_dilate = [1, 2], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x7x6x3xf32>, tensor<3x2x3x40xf32>) -> tensor<2x4x5x40xf32>
  return %0 : tensor<2x4x5x40xf32>
}`,
	"conv_oihw_w7_f13_pad": `func.func @main(%x: tensor<2x5x9x3xf32>, %w: tensor<13x3x3x3xf32>) -> tensor<2x5x7x13xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x5x9x3xf32>, tensor<13x3x3x3xf32>) -> tensor<2x5x7x13xf32>
  return %0 : tensor<2x5x7x13xf32>
}`,
	"conv_borders_w11_f3": `func.func @main(%x: tensor<1x4x9x2xf32>, %w: tensor<3x3x2x3xf32>) -> tensor<1x4x11x3xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [2, 2]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x9x2xf32>, tensor<3x3x2x3xf32>) -> tensor<1x4x11x3xf32>
  return %0 : tensor<1x4x11x3xf32>
}`,
	"conv_nchw_out_w10_f21": `func.func @main(%x: tensor<1x5x12x4xf32>, %w: tensor<21x4x3x3xf32>) -> tensor<1x21x3x10xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x12x4xf32>, tensor<21x4x3x3xf32>) -> tensor<1x21x3x10xf32>
  return %0 : tensor<1x21x3x10xf32>
}`,
	"conv_nchw": `func.func @main(%x: tensor<2x3x6x6xf32>, %w: tensor<9x3x3x3xf32>) -> tensor<2x9x4x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x6x6xf32>, tensor<9x3x3x3xf32>) -> tensor<2x9x4x4xf32>
  return %0 : tensor<2x9x4x4xf32>
}`,
}

// randomInput fills a tensor of type tt with values in [-2, 2), some
// special ones included.
func randomInput(tt *ir.TensorType, seed uint64) *ir.Tensor {
	t, _ := ir.NewTensor(tt)
	s := seed*0x9E3779B97F4A7C15 + 7
	for i := range t.F {
		s ^= s << 13
		s ^= s >> 7
		s ^= s << 17
		t.F[i] = float64(float32(float64(s%4096)/1024 - 2))
		if i == 5 {
			t.F[i] = math.Copysign(0, -1)
		}
	}
	return t
}

// TestTiledExact runs each source on the wasm target and compares with
// the kernel IR's evaluator: the promoted accumulations add in the same
// order, so every float must be bit-identical.
func TestTiledExact(t *testing.T) {
	for name, src := range tiledSources {
		t.Run(name, func(t *testing.T) {
			m, err := asm.Parse(name+".mlir", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			var in []*ir.Tensor
			for i, a := range m.Func("main").Args() {
				in = append(in, randomInput(a.Tensor(), uint64(i+1)))
			}
			p, err := kernel.Lower(m, "main", kernel.TargetParams{})
			if err != nil {
				t.Fatal(err)
			}
			want, err := kernel.Eval(p, in)
			if err != nil {
				t.Fatal(err)
			}
			got := runCompiled(t, m, 2, in)
			for i := range want[0].F {
				if math.Float64bits(got[0].F[i]) != math.Float64bits(want[0].F[i]) {
					t.Fatalf("element %d: got %v, want %v", i, got[0].F[i], want[0].F[i])
				}
			}
		})
	}
}

// benchConvs are the MNIST CNN's two large convolutions as -O2 leaves
// them (NHWC input, PyTorch's OIHW kernel; the second writes NCHW).
var benchConvs = map[string]string{
	"conv2_24x24x16x72": `func.func @main(%x: tensor<1x26x26x8xf32>, %w: tensor<16x8x3x3xf32>) -> tensor<1x24x24x16xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x26x26x8xf32>, tensor<16x8x3x3xf32>) -> tensor<1x24x24x16xf32>
  return %0 : tensor<1x24x24x16xf32>
}`,
	"conv3_22x22x24x144_nchw": `func.func @main(%x: tensor<1x24x24x16xf32>, %w: tensor<24x16x3x3xf32>) -> tensor<1x24x22x22xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x24x24x16xf32>, tensor<24x16x3x3xf32>) -> tensor<1x24x22x22xf32>
  return %0 : tensor<1x24x22x22xf32>
}`,
}

// benchSmall are the MNIST CNN's other products: the one-channel first
// convolution and the batch-1 dense layer on a [out, in] weight (read
// through a transposed view); flops are 2 per multiply-add.
var benchSmall = map[string]struct {
	src   string
	flops float64
}{
	"conv1_26x26x8x9": {`func.func @main(%x: tensor<1x28x28x1xf32>, %w: tensor<8x1x3x3xf32>) -> tensor<1x26x26x8xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x28x28x1xf32>, tensor<8x1x3x3xf32>) -> tensor<1x26x26x8xf32>
  return %0 : tensor<1x26x26x8xf32>
}`, 2 * 26 * 26 * 8 * 9},
	"fc1_1x32x11616": {`func.func @main(%x: tensor<1x11616xf32>, %w: tensor<32x11616xf32>) -> tensor<1x32xf32> {
  %wt = stablehlo.transpose %w, dims = [1, 0] : (tensor<32x11616xf32>) -> tensor<11616x32xf32>
  %0 = stablehlo.dot_general %x, %wt, contracting_dims = [1] x [0] : (tensor<1x11616xf32>, tensor<11616x32xf32>) -> tensor<1x32xf32>
  return %0 : tensor<1x32xf32>
}`, 2 * 32 * 11616},
}

// BenchmarkSmallProducts runs benchSmall on the wasm target (2 workers)
// with the default micro-tile and reports GFLOP/s.
func BenchmarkSmallProducts(b *testing.B) {
	for name, c := range benchSmall {
		benchProduct(b, name, c.src, [2]int{}, c.flops)
	}
}

// benchMicro are the register micro-tiles (MicroM x MicroN) the
// convolution benchmarks compare; the first is the wasm default.
var benchMicro = [][2]int{{2, 24}, {4, 8}, {3, 16}, {1, 48}, {2, 32}, {4, 12}}

// BenchmarkTiledConv runs benchConvs on the wasm target (2 workers) with
// each of benchMicro and reports GFLOP/s (2 flops per multiply-add of the
// convolution).
func BenchmarkTiledConv(b *testing.B) {
	for name, src := range benchConvs {
		for _, mt := range benchMicro {
			benchProduct(b, name+"/"+itoa(mt[0])+"x"+itoa(mt[1]), src, mt, 0)
		}
	}
}

// benchProduct runs src with micro-tile mt (zero: the default) and
// reports GFLOP/s: flops per run, or (0) those of a convolution whose
// kernel's first dim is the output features.
func benchProduct(b *testing.B, name, src string, mt [2]int, flops float64) {
	{
		b.Run(name, func(b *testing.B) {
			m, err := asm.Parse(name+".mlir", []byte(src))
			if err != nil {
				b.Fatal(err)
			}
			var in []*ir.Tensor
			for i, a := range m.Func("main").Args() {
				in = append(in, randomInput(a.Tensor(), uint64(i+1)))
			}
			l, err := compile.LowerModule(m, compile.Options{Entry: "main", Wasm: compileOpts,
				Kernel: kernel.TargetParams{MicroM: mt[0], MicroN: mt[1]}})
			if err != nil {
				b.Fatal(err)
			}
			bundle, err := l.Bundle(compile.Options{})
			if err != nil {
				b.Fatal(err)
			}
			rt, err := compile.Open(bundle, "", 2)
			if err != nil {
				b.Fatal(err)
			}
			defer rt.Close()
			ws := in[1].Type.Shape
			os := m.Func("main").Type.Results[0].(*ir.TensorType).Shape
			if flops == 0 {
				flops = 2 * float64(ws[0]*ws[1]*ws[2]*ws[3]) * float64(os[0]*os[1]*os[2]*os[3]) / float64(ws[0])
			}
			b.ResetTimer()
			for range b.N {
				if _, err := rt.Run(context.Background(), "main", in); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(flops*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		})
	}
}
