package vulkan

import (
	"context"
	"math"
	"runtime/debug"
	"testing"
	"time"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/targets/gpu"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// bench64Src is a model with 64 MiB of weights and small activations: a
// 4096x4096 f32 matrix times a 4096-vector, so the resident-memory figures
// are the weights' and the driver's, not the Go-side tensors'.
const bench64Src = `func.func @main(%w: tensor<4096x4096xf32>, %x: tensor<4096xf32>) -> tensor<4096xf32> {
  %r = stablehlo.dot_general %w, %x, contracting_dims = [1] x [0] : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}`

// BenchmarkZeroCopy64MiB compares the zero-copy and copying paths on a
// model with 64 MiB of weights (bench64Src). Metrics per path: ms/run
// (latency of one run), open-rss-MiB and run-rss-MiB (resident-memory
// growth of Open, which binds the weights into the linear memory, and of
// the runs), run-growth-% (the runs' growth in percent of the weights'
// size; the goal is under 10%) and open-extra-% (Open's growth beyond the
// weights themselves, in percent of their size: a second copy of the
// weights would show as about 100%). Resident memory is VmRSS from
// /proc/self/statm, read after debug.FreeOSMemory. staged-MiB is what the
// driver moved between the linear memory and device buffers since Open
// (weights included; 0 with zero copy).
func BenchmarkZeroCopy64MiB(b *testing.B) {
	needDevice(b)
	const side = 4096
	const weightBytes = side * side * 4
	m, err := asm.Parse("bench64.mlir", []byte(bench64Src))
	if err != nil {
		b.Fatal(err)
	}
	kp, err := K.Lower(m, "main", K.TargetParams{GPU: true})
	if err != nil {
		b.Fatal(err)
	}
	gp, err := gpu.Lower(kp, gpu.Vulkan())
	if err != nil {
		b.Fatal(err)
	}
	w := ir.MustTensor(ir.TensorOf(ir.F32, side, side))
	for i := range w.F {
		w.F[i] = float64(i%side%5) - 2 // row r: column c holds c%5-2
	}
	x := ir.MustTensor(ir.TensorOf(ir.F32, side))
	for i := range x.F {
		x.F[i] = 1
	}
	want := 0.0
	for c := range side {
		want += float64(c%5) - 2
	}
	bundle, weights := benchBundle(b, gp, w)
	w = nil
	for _, mode := range []ZeroCopy{ZeroCopyRequire, ZeroCopyOff} {
		name := "zerocopy"
		if mode == ZeroCopyOff {
			name = "copy"
		}
		b.Run(name, func(b *testing.B) {
			debug.FreeOSMemory()
			before := rss()
			drv := New(Options{ZeroCopy: mode})
			rt, err := runtime.Open(bundle, runtime.Options{Weights: weights, Driver: drv})
			if err != nil {
				b.Fatal(err)
			}
			defer rt.Close()
			debug.FreeOSMemory()
			opened := rss()
			b.ResetTimer()
			start := time.Now()
			for range b.N {
				outs, err := rt.Run(context.Background(), "main", []*ir.Tensor{x})
				if err != nil {
					b.Fatal(err)
				}
				if g := outs[0].F[7]; math.Abs(g-want) > 1e-3 {
					b.Fatalf("out[7] = %v, want %v", g, want)
				}
			}
			elapsed := time.Since(start)
			b.StopTimer()
			debug.FreeOSMemory()
			after := rss()
			if mode == ZeroCopyRequire && drv.Stats().StagedBytes != 0 {
				b.Errorf("zero copy staged %d bytes", drv.Stats().StagedBytes)
			}
			b.ReportMetric(float64(elapsed.Microseconds())/1e3/float64(b.N), "ms/run")
			b.ReportMetric(float64(opened-before)/(1<<20), "open-rss-MiB")
			b.ReportMetric(float64(after-opened)/(1<<20), "run-rss-MiB")
			b.ReportMetric(float64(drv.Stats().StagedBytes)/(1<<20), "staged-MiB")
			b.ReportMetric(100*float64(after-opened)/weightBytes, "run-growth-%")
			b.ReportMetric(100*float64(opened-before-weightBytes)/weightBytes, "open-extra-%")
		})
	}
}
