package compile

import (
	"context"
	"fmt"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/runtime/drivers"
)

// OpenOptions configure OpenWith.
type OpenOptions struct {
	// Weights is the weights location the parameters are bound from (a
	// safetensors file or folder, hf://, s3://, https://: see
	// runtime.Options.Weights); "" when the bundle embeds them or has
	// none.
	Weights string
	// Driver runs the bundle; nil picks the driver of the bundle's target
	// (runtime/drivers) with Drivers.
	Driver runtime.Driver
	// Drivers configure the target's driver: threads, device, Vulkan
	// settings.
	Drivers drivers.Options
	// Interruptible lets a cancelled context stop a run anywhere, at a
	// large cost in speed (runtime.Options.Interruptible).
	Interruptible bool
}

// Open opens bundle bytes in process with the launcher (package runtime)
// and the driver of the bundle's target (wasm, cpu, vulkan, cuda, rocm),
// binding weights from the weights location weights (a safetensors file
// or folder, hf://, s3://, https://; "" when the bundle embeds them or has
// none). workers is the number of threads (wasm, cpu;
// 0 means one per CPU). The caller closes the Runtime. A driver whose
// device library is missing fails with one line naming the library and
// the target.
func Open(bundle []byte, weights string, workers int) (*runtime.Runtime, error) {
	return OpenWith(bundle, OpenOptions{Weights: weights, Drivers: drivers.Options{Workers: workers}})
}

// OpenWith is Open with every setting.
func OpenWith(bundle []byte, o OpenOptions) (*runtime.Runtime, error) {
	b, err := emit.Parse(bundle)
	if err != nil {
		return nil, err
	}
	drv := o.Driver
	if drv == nil {
		if drv, err = drivers.New(b.Manifest.Target.Name, o.Drivers); err != nil {
			b.Close()
			return nil, err
		}
	}
	return runtime.OpenBundle(b, runtime.Options{Weights: o.Weights, Driver: drv, Workers: o.Drivers.Workers, Interruptible: o.Interruptible})
}

// Run compiles src with opts, opens the bundle and runs entry on inputs:
// the in-process Go API (`zmlc run` without a file in between).
func Run(ctx context.Context, filename string, src []byte, opts Options, weights, entry string, inputs []*ir.Tensor) ([]*ir.Tensor, error) {
	bundle, err := Compile(filename, src, opts)
	if err != nil {
		return nil, err
	}
	rt, err := Open(bundle, weights, 0)
	if err != nil {
		return nil, err
	}
	defer rt.Close()
	if entry == "" {
		es := rt.Manifest().Entries
		if len(es) != 1 {
			return nil, fmt.Errorf("the bundle has %d entries: name one", len(es))
		}
		entry = es[0].Name
	}
	return rt.Run(ctx, entry, inputs)
}
