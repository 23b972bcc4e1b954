package vulkan

import (
	"context"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
)

// bench64Src is a model with 64 MiB of weights and small activations: a
// 4096x4096 f32 matrix times a 4096-vector, so the resident-memory figures
// are the weights' and the driver's, not the Go-side tensors'.
const bench64Src = `func.func @main(%w: tensor<4096x4096xf32>, %x: tensor<4096xf32>) -> tensor<4096xf32> {
  %r = stablehlo.dot_general %w, %x, contracting_dims = [1] x [0] : (tensor<4096x4096xf32>, tensor<4096xf32>) -> tensor<4096xf32>
  return %r : tensor<4096xf32>
}`

// BenchmarkZeroCopy64MiB compares the zero-copy and copying paths on a
// model with 64 MiB of weights (bench64Src). Metrics per path:
//
//   - ms/run: latency of one run.
//   - open-rss-MiB, run-rss-MiB: resident-memory growth (VmRSS) of Open,
//     which binds the weights, and of the runs. run-growth-% is the runs'
//     growth in percent of the weights' size.
//   - open-extra-%: Open's growth beyond the weights themselves, in
//     percent of their size (a second resident copy of the weights would
//     show as about 100%); the goal is under 10%. It is the sum of
//     open-anon-extra-% (private memory beyond the weights: wazero, the
//     driver's and lavapipe's allocations) and open-file-% (file-backed
//     pages mapped by Open and still resident: the Vulkan driver's shared
//     libraries, and any weight-file pages left mapped).
//   - peak-extra-%: the peak (VmHWM) growth during Open beyond the weights,
//     in percent of their size: weight-file pages that are resident while
//     they are copied count here.
//   - staged-MiB: bytes the driver moved between the linear memory and
//     device buffers since Open (weights included; 0 with zero copy).
//
// Figures come from /proc/self/status (RssAnon, RssFile, VmRSS, VmHWM),
// read after debug.FreeOSMemory. Before measuring, a device is opened and
// closed three times, so one-time costs of the process (the driver probe
// of chooseManifest, the loader's state, malloc arenas of lavapipe's
// threads, about 4-6 MiB) are not charged to the first path.
func BenchmarkZeroCopy64MiB(b *testing.B) {
	needDevice(b)
	const side = 4096
	const weightBytes = side * side * 4
	gp := lowerSrc(b, "bench64.mlir", bench64Src)
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
	for range 3 {
		d, err := OpenConfig(Config{})
		if err != nil {
			b.Fatal(err)
		}
		d.Close()
	}
	for _, mode := range []ZeroCopy{ZeroCopyRequire, ZeroCopyOff} {
		name := "zerocopy"
		if mode == ZeroCopyOff {
			name = "copy"
		}
		b.Run(name, func(b *testing.B) {
			debug.FreeOSMemory()
			resetPeak()
			before := memStatus()
			drv := New(Options{ZeroCopy: mode})
			rt, err := runtime.Open(bundle, runtime.Options{Weights: weights, Driver: drv})
			if err != nil {
				b.Fatal(err)
			}
			defer rt.Close()
			debug.FreeOSMemory()
			opened := memStatus()
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
			after := memStatus()
			if mode == ZeroCopyRequire && drv.Stats().StagedBytes != 0 {
				b.Errorf("zero copy staged %d bytes", drv.Stats().StagedBytes)
			}
			b.ReportMetric(float64(elapsed.Microseconds())/1e3/float64(b.N), "ms/run")
			pct := func(v int64) float64 { return 100 * float64(v) / weightBytes }
			b.ReportMetric(float64(opened.rss-before.rss)/(1<<20), "open-rss-MiB")
			b.ReportMetric(float64(after.rss-opened.rss)/(1<<20), "run-rss-MiB")
			b.ReportMetric(float64(drv.Stats().StagedBytes)/(1<<20), "staged-MiB")
			b.ReportMetric(pct(after.rss-opened.rss), "run-growth-%")
			b.ReportMetric(pct(opened.rss-before.rss-weightBytes), "open-extra-%")
			b.ReportMetric(pct(opened.anon-before.anon-weightBytes), "open-anon-extra-%")
			b.ReportMetric(pct(opened.file-before.file), "open-file-%")
			if before.peak > 0 && opened.peak > 0 {
				b.ReportMetric(pct(opened.peak-before.rss-weightBytes), "peak-extra-%")
			}
		})
	}
}

// memFigures are resident-memory figures of the process, in bytes.
type memFigures struct{ rss, anon, file, peak int64 }

// memStatus reads VmRSS, RssAnon, RssFile and VmHWM from
// /proc/self/status (zeros where it cannot).
func memStatus() memFigures {
	var m memFigures
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return m
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) != 3 || f[2] != "kB" {
			continue
		}
		v, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			continue
		}
		switch f[0] {
		case "VmRSS:":
			m.rss = v << 10
		case "RssAnon:":
			m.anon = v << 10
		case "RssFile:":
			m.file = v << 10
		case "VmHWM:":
			m.peak = v << 10
		}
	}
	return m
}

// resetPeak resets VmHWM to the current VmRSS (Linux clear_refs 5).
func resetPeak() { os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }
