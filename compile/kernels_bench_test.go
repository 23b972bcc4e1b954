package compile

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/runtime/cpu"
	"github.com/zmlc/zmlc/targets/wasm"
)

// launchTimes counts, per kernel of module 0, the time spent in Launch,
// the number of launches and the shortest launch.
type launchTimes struct {
	spent, best []time.Duration
	calls       []int
}

func (t *launchTimes) time(l *runtime.Launch, launch func(*runtime.Launch) error) error {
	start := time.Now()
	err := launch(l)
	d := time.Since(start)
	t.spent[l.Kernel] += d
	if t.calls[l.Kernel] == 0 || d < t.best[l.Kernel] {
		t.best[l.Kernel] = d
	}
	t.calls[l.Kernel]++
	return err
}

func (t *launchTimes) reset(n int) {
	t.spent, t.best, t.calls = make([]time.Duration, n), make([]time.Duration, n), make([]int, n)
}

// timingDriver is the wasm driver timing each launch per kernel.
type timingDriver struct {
	*runtime.WasmDriver
	launchTimes
}

func (d *timingDriver) Launch(l *runtime.Launch) error { return d.time(l, d.WasmDriver.Launch) }

// timingCPU is the cpu driver timing each launch per kernel.
type timingCPU struct {
	*cpu.Driver
	launchTimes
}

func (d *timingCPU) Launch(l *runtime.Launch) error { return d.time(l, d.Driver.Launch) }

// BenchmarkKernelTimes says where a batch-1 run of the MNIST models goes
// on the wasm and cpu targets (sub-benchmarks wasm/mlp, wasm/cnn, cpu/mlp,
// cpu/cnn): every kernel is forced through zml_device.launch (LaunchWork
// 1) so that the driver can time it, and each kernel's mean µs per run is
// reported as a metric named after it, with "launcher-µs" for the rest
// (Run's own work, the host program, allocations, hand-offs outside the
// kernels, and on wasm the kernels of a single workgroup, which the host
// program still calls in place). On wasm, kernels that normally run in
// place pay a hand-off here (a few µs); on cpu every kernel is a launch of
// the shared object anyway, timed with its hand-off to the second thread.
// A kernel launched once per run also reports its shortest launch
// ("-min-µs"), steadier than the mean on a loaded machine. The prologue's
// kernels run once, before the timing, and do not appear.
// The cpu sub-benchmarks are skipped where LLVM 19 is missing (needLLVM).
//
//	go test -run XXX -bench KernelTimes -benchtime 300x ./compile/
func BenchmarkKernelTimes(b *testing.B) {
	for _, target := range []string{"wasm", "cpu"} {
		for _, m := range []mnistModel{mnistMLP, mnistCNN} {
			b.Run(target+"/"+m.name, func(b *testing.B) { kernelTimes(b, target, m) })
		}
	}
}

func kernelTimes(b *testing.B, target string, m mnistModel) {
	src, err := os.ReadFile(m.src)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(m.weights); err != nil {
		b.Skipf("weights %s missing", m.weights)
	}
	opts := Options{Dims: map[string]int64{"b": 1}, Wasm: wasm.Options{LaunchWork: 1}}
	if target == "cpu" {
		needLLVM(b)
		opts.Target = "cpu"
	}
	bundle, err := Compile(m.src, src, opts)
	if err != nil {
		b.Fatal(err)
	}
	var (
		lt  *launchTimes
		drv runtime.Driver
	)
	if target == "cpu" {
		d := &timingCPU{Driver: cpu.New(0)}
		lt, drv = &d.launchTimes, d
	} else {
		d := &timingDriver{WasmDriver: runtime.NewWasmDriver()}
		lt, drv = &d.launchTimes, d
	}
	rt, err := OpenWith(bundle, OpenOptions{Weights: m.weights, Driver: drv})
	if err != nil {
		b.Fatal(err)
	}
	defer rt.Close()
	kernels := rt.Manifest().Modules[0].Kernels
	lt.reset(len(kernels))
	x := randT(ir.UI8, 1, 1, 28, 28)
	ctx := context.Background()
	if _, err := rt.Run(ctx, "forward", []*ir.Tensor{x}); err != nil { // the prologue
		b.Fatal(err)
	}
	lt.reset(len(kernels))
	b.ResetTimer()
	for range b.N {
		if _, err := rt.Run(ctx, "forward", []*ir.Tensor{x}); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 / float64(b.N) }
	var inKernels time.Duration
	for k, t := range lt.spent {
		if lt.calls[k] > 0 {
			b.ReportMetric(per(t), kernels[k].Name+"-µs")
			if lt.calls[k] == b.N {
				b.ReportMetric(float64(lt.best[k].Nanoseconds())/1e3, kernels[k].Name+"-min-µs")
			}
			inKernels += t
		}
	}
	b.ReportMetric(per(b.Elapsed()-inKernels), "launcher-µs")
}
