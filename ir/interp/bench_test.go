package interp

import (
	"math/rand"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// BenchmarkDotGeneral256 runs a 256x256x256 f32 dot_general (a matrix
// product) and reports the interpreter's speed in GFLOP/s (2·M·N·K floating
// point operations per product).
func BenchmarkDotGeneral256(b *testing.B) {
	const n = 256
	rng := rand.New(rand.NewSource(1))
	lhs := ir.MustTensor(ir.TensorOf(ir.F32, n, n))
	rhs := ir.MustTensor(ir.TensorOf(ir.F32, n, n))
	for i := range lhs.F {
		lhs.Set(i, rng.Float64())
		rhs.Set(i, rng.Float64())
	}
	op := dotGeneralOp(lhs, rhs, ir.TensorOf(ir.F32, n, n), nil, nil, []int64{1}, []int64{0})
	in := New(nil)
	args := []Value{lhs, rhs}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := evalDotGeneral(in, op, args); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	flops := 2.0 * n * n * n * float64(b.N)
	b.ReportMetric(flops/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}

// BenchmarkConv3x3 runs a 3x3 NHWC f32 convolution of 1x32x32x32 by
// 3x3x32x32 (SAME padding) and reports GFLOP/s.
func BenchmarkConv3x3(b *testing.B) {
	lhs := tbIota(ir.F32, 1, 32, 32, 32)
	rhs := tbIota(ir.F32, 3, 3, 32, 32)
	op := convOp(lhs, rhs, ir.TensorOf(ir.F32, 1, 32, 32, 32), nhwc, ir.Attrs{
		{Name: "padding", Value: tbPadding(1, 1, 1, 1)},
	})
	in := New(nil)
	args := []Value{lhs, rhs}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := evalConvolution(in, op, args); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	flops := 2.0 * 32 * 32 * 32 * 9 * 32 * float64(b.N)
	b.ReportMetric(flops/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}
