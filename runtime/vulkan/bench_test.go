package vulkan

import (
	"context"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
)

// BenchmarkZeroCopy compares the zero-copy and copying paths on a program
// with 16 MiB of weights (out = w * x + w over 4 Mi f32): latency per run
// and the resident-memory growth of Open (binding the weights) and of the
// runs, in MiB. The run figure includes the Go-side tensors (inputs and
// outputs decoded to float64), which dwarf the driver's own memory.
func BenchmarkZeroCopy(b *testing.B) {
	needDevice(b)
	const n = 4 << 20
	src := `func.func @main(%w: tensor<4194304xf32>, %x: tensor<4194304xf32>) -> tensor<4194304xf32> {
  %m = stablehlo.multiply %w, %x : tensor<4194304xf32>
  %r = stablehlo.add %m, %w : tensor<4194304xf32>
  return %r : tensor<4194304xf32>
}`
	gp := lowerSrc(b, "bench.mlir", src)
	w, x := ir.MustTensor(ir.TensorOf(ir.F32, n)), ir.MustTensor(ir.TensorOf(ir.F32, n))
	for i := range w.F {
		w.F[i], x.F[i] = float64(i%7), 0.5
	}
	bundle, weights := benchBundle(b, gp, w)
	for _, mode := range []ZeroCopy{ZeroCopyRequire, ZeroCopyOff} {
		name := "zerocopy"
		if mode == ZeroCopyOff {
			name = "copy"
		}
		b.Run(name, func(b *testing.B) {
			before := rss()
			rt, err := runtime.Open(bundle, runtime.Options{Weights: weights, Driver: New(Options{ZeroCopy: mode})})
			if err != nil {
				b.Fatal(err)
			}
			defer rt.Close()
			opened := rss()
			b.ResetTimer()
			for range b.N {
				outs, err := rt.Run(context.Background(), "main", []*ir.Tensor{x})
				if err != nil {
					b.Fatal(err)
				}
				if outs[0].F[3] != 4.5 {
					b.Fatalf("out[3] = %v", outs[0].F[3])
				}
			}
			b.StopTimer()
			b.ReportMetric(float64(opened-before)/(1<<20), "open-rss-MiB")
			b.ReportMetric(float64(rss()-opened)/(1<<20), "run-rss-MiB")
		})
	}
}
