package runtime

import (
	"fmt"
	"slices"

	"github.com/tetratelabs/wazero/api"
	"github.com/zmlc/zmlc/emit"
)

// WasmDriver is the wasm target's driver (docs/RUNTIME.md, section 6):
// buffers live in the linear memory, and a launch runs the kernel — a
// function the host program exports — over the grid's workgroups, split in
// contiguous chunks across the worker instances, one goroutine each.
type WasmDriver struct {
	SharedMemory
	env     *Env
	kernels [][][]api.Function // [module][kernel][worker]
	pool    *workerPool
}

// NewWasmDriver returns the wasm target's driver.
func NewWasmDriver() *WasmDriver { return &WasmDriver{} }

// Name implements Driver.
func (d *WasmDriver) Name() string { return "wasm" }

var kernelParams = []api.ValueType{i32, i32, i32, i32}

// Init implements Driver: it finds every kernel's export on every worker
// and checks its type, (i32 args, i32 begin, i32 end, i32 worker) -> ().
func (d *WasmDriver) Init(env *Env) error {
	d.env = env
	d.Attach(env.Memory)
	for mi, m := range env.Manifest.Modules {
		if m.Format != emit.FormatWasmSelf {
			return fmt.Errorf("%w: module %d %q has format %s, which the wasm target cannot run", ErrUnsupported, mi, m.Name, m.Format)
		}
	}
	workers := env.Instances[1:]
	if len(workers) == 0 && len(env.Manifest.Modules) > 0 {
		return fmt.Errorf("%w: no worker instances", ErrInvalid)
	}
	for _, m := range env.Manifest.Modules {
		ks := make([][]api.Function, len(m.Kernels))
		for ki, k := range m.Kernels {
			for _, w := range workers {
				f := w.ExportedFunction(k.Symbol)
				if f == nil {
					return fmt.Errorf("kernel %q: the host program does not export %q", k.Name, k.Symbol)
				}
				if def := f.Definition(); !slices.Equal(def.ParamTypes(), kernelParams) || len(def.ResultTypes()) != 0 {
					return fmt.Errorf("kernel %q: export %q has type %s, want (i32, i32, i32, i32) -> ()", k.Name, k.Symbol, funcType(def))
				}
				ks[ki] = append(ks[ki], f)
			}
		}
		d.kernels = append(d.kernels, ks)
	}
	if len(workers) > 0 {
		d.pool = newWorkerPool(len(workers))
	}
	return nil
}

// LoadModule implements Driver; Init has prepared every module.
func (d *WasmDriver) LoadModule(index int) error { return nil }

// Launch implements Driver: it runs kernel(args, begin, end, w) for the
// chunks [begin, end) of the workgroup range [0, gx·gy·gz), chunk 0 on the
// calling goroutine and chunk w ≥ 1 on the persistent goroutine of worker
// w (workerPool), and returns when all are done. A trap is an error
// wrapping ErrKernel.
func (d *WasmDriver) Launch(l *Launch) error {
	n := uint64(l.Grid[0]) * uint64(l.Grid[1]) * uint64(l.Grid[2])
	if n > 1<<31-1 {
		return fmt.Errorf("%w: grid of %d workgroups is too large", ErrInvalid, n)
	}
	fs := d.kernels[l.Module][l.Kernel]
	chunks := min(uint64(len(fs)), n)
	if chunks == 0 {
		return nil
	}
	return d.pool.run(fs, l.ArgsAddr, n, chunks)
}

// Sync implements Driver; launches are synchronous.
func (d *WasmDriver) Sync() error { return nil }

// Collective implements Driver for one device: an all_reduce,
// all_gather, all_to_all or collective_permute whose groups all have one
// member (or none are given) copies src to dst; anything else is
// unsupported.
func (d *WasmDriver) Collective(index int, src, dst Handle) error {
	return singleDeviceCollective(&d.SharedMemory, &d.env.Manifest.Collectives[index], src, dst)
}

// singleDeviceCollective runs c on one device as a copy.
func singleDeviceCollective(s *SharedMemory, c *emit.Collective, src, dst Handle) error {
	for _, g := range c.ReplicaGroups {
		if len(g) > 1 && c.Kind != emit.CollectiveCollectivePermute {
			return fmt.Errorf("%w: %s over a group of %d devices on one device", ErrUnsupported, c.Kind, len(g))
		}
	}
	if c.Kind == emit.CollectiveReduceScatter {
		return fmt.Errorf("%w: %s", ErrUnsupported, c.Kind)
	}
	size, err := emit.ByteSize(c.DType, []int64{c.Count})
	if err != nil {
		return fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	return s.Copy(DeviceToDevice, dst, 0, src, 0, uint64(size))
}

// Workers implements Driver: the number of worker instances.
func (d *WasmDriver) Workers() int { return max(1, len(d.env.Instances)-1) }

// Close implements Driver: it stops the worker goroutines.
func (d *WasmDriver) Close() error {
	if d.pool != nil {
		d.pool.close()
		d.pool = nil
	}
	return nil
}
