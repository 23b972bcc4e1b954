// Package drivers maps a bundle's target (the manifest's target.name) to
// the runtime.Driver that runs it: wasm → runtime.WasmDriver, cpu →
// runtime/cpu, vulkan → runtime/vulkan, cuda → runtime/cuda, rocm →
// runtime/rocm, tpu, neuron and xla-cpu → runtime/pjrt. It is the one place that imports every driver, so the
// launcher (package runtime) stays free of device libraries.
//
// Drivers load their device library at Init (runtime.Open): a missing
// library is one line naming it and the target, e.g.
//
//	runtime: cuda driver: cuda: cannot load libcuda.so.1, the NVIDIA driver library the cuda target needs (...): ...
package drivers

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/runtime/cpu"
	"github.com/zmlc/zmlc/runtime/cuda"
	"github.com/zmlc/zmlc/runtime/pjrt"
	"github.com/zmlc/zmlc/runtime/rocm"
	"github.com/zmlc/zmlc/runtime/vulkan"
)

// Options choose the device and its settings; the zero value is the
// default of every target.
type Options struct {
	// Workers is the number of threads (cpu) or worker instances (wasm)
	// a launch is spread over; 0 means runtime.NumCPU(). GPU targets
	// ignore it.
	Workers int
	// Device selects the device: for vulkan a case-insensitive substring
	// of its name ("" picks the best: a discrete GPU first, lavapipe
	// last); for cuda and rocm the device ordinal ("" means 0).
	Device string
	// Vulkan holds the vulkan driver's other settings (ZeroCopy,
	// Validation, Timestamps); its Device field is taken from Device.
	Vulkan vulkan.Options
	// PJRT holds the tpu, neuron and xla-cpu driver's settings: the
	// plugin file (`--pjrt-plugin`), the program form ("mlir" or "hlo")
	// and client options.
	PJRT pjrt.Options
}

// factories build each target's driver.
var factories = map[string]func(Options) (runtime.Driver, error){
	"wasm": func(Options) (runtime.Driver, error) { return runtime.NewWasmDriver(), nil },
	"cpu":  func(o Options) (runtime.Driver, error) { return cpu.New(o.Workers), nil },
	"vulkan": func(o Options) (runtime.Driver, error) {
		v := o.Vulkan
		v.Device = o.Device
		return vulkan.New(v), nil
	},
	"cuda": func(o Options) (runtime.Driver, error) {
		n, err := ordinal("cuda", o.Device)
		if err != nil {
			return nil, err
		}
		return cuda.New(n), nil
	},
	"tpu":     func(o Options) (runtime.Driver, error) { return pjrt.New("tpu", o.PJRT), nil },
	"neuron":  func(o Options) (runtime.Driver, error) { return pjrt.New("neuron", o.PJRT), nil },
	"xla-cpu": func(o Options) (runtime.Driver, error) { return pjrt.New("xla-cpu", o.PJRT), nil },
	"rocm": func(o Options) (runtime.Driver, error) {
		n, err := ordinal("rocm", o.Device)
		if err != nil {
			return nil, err
		}
		return rocm.New(n), nil
	},
}

// ordinal parses a cuda or rocm device number.
func ordinal(target, s string) (int, error) {
	if s == "" {
		return 0, nil
	}
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' || n > 1<<20 {
			return 0, fmt.Errorf("drivers: %s device %q is not a device number", target, s)
		}
		n = n*10 + int(c-'0')
	}
	return n, nil
}

// Targets returns the target names that have a driver, sorted.
func Targets() []string { return slices.Sorted(maps.Keys(factories)) }

// New returns the driver of target (a manifest's target.name). Nothing is
// loaded until the launcher calls Init. An unknown target is an error
// listing the known ones.
func New(target string, o Options) (runtime.Driver, error) {
	f, ok := factories[target]
	if !ok {
		return nil, fmt.Errorf("drivers: no driver for target %q (drivers exist for %s)", target, strings.Join(Targets(), ", "))
	}
	return f(o)
}
