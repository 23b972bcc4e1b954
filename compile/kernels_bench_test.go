package compile

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/targets/wasm"
)

// timingDriver is the wasm driver timing each launch per kernel.
type timingDriver struct {
	*runtime.WasmDriver
	spent []time.Duration // per kernel of module 0
	calls []int
}

func (d *timingDriver) Launch(l *runtime.Launch) error {
	start := time.Now()
	err := d.WasmDriver.Launch(l)
	d.spent[l.Kernel] += time.Since(start)
	d.calls[l.Kernel]++
	return err
}

// BenchmarkKernelTimes says where a batch-1 run of the MNIST models goes
// on the wasm target: every kernel is forced through zml_device.launch
// (LaunchWork 1) so that the driver can time it, and each kernel's mean
// µs per run is reported as a metric named after it, with "launcher-µs"
// for the rest (Run's own work, the host program, allocations, hand-offs
// outside the kernels, and the kernels of a single workgroup, which the
// host program still calls in place). Kernels that normally run in place
// pay a hand-off here (a few µs). The prologue's kernels run once, before
// the timing, and do not appear.
//
//	go test -run XXX -bench KernelTimes -benchtime 300x ./compile/
func BenchmarkKernelTimes(b *testing.B) {
	for _, m := range []mnistModel{mnistMLP, mnistCNN} {
		b.Run(m.name, func(b *testing.B) {
			src, err := os.ReadFile(m.src)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := os.Stat(m.weights); err != nil {
				b.Skipf("weights %s missing", m.weights)
			}
			bundle, err := Compile(m.src, src, Options{Dims: map[string]int64{"b": 1}, Wasm: wasm.Options{LaunchWork: 1}})
			if err != nil {
				b.Fatal(err)
			}
			d := &timingDriver{WasmDriver: runtime.NewWasmDriver()}
			rt, err := OpenWith(bundle, OpenOptions{Weights: m.weights, Driver: d})
			if err != nil {
				b.Fatal(err)
			}
			defer rt.Close()
			kernels := rt.Manifest().Modules[0].Kernels
			d.spent, d.calls = make([]time.Duration, len(kernels)), make([]int, len(kernels))
			x := randT(ir.UI8, 1, 1, 28, 28)
			ctx := context.Background()
			if _, err := rt.Run(ctx, "forward", []*ir.Tensor{x}); err != nil { // the prologue
				b.Fatal(err)
			}
			clear(d.spent)
			clear(d.calls)
			b.ResetTimer()
			for range b.N {
				if _, err := rt.Run(ctx, "forward", []*ir.Tensor{x}); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 / float64(b.N) }
			var inKernels time.Duration
			for k, t := range d.spent {
				if d.calls[k] > 0 {
					b.ReportMetric(per(t), kernels[k].Name+"-µs")
					inKernels += t
				}
			}
			b.ReportMetric(per(b.Elapsed()-inKernels), "launcher-µs")
		})
	}
}
