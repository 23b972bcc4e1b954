package cpu

import (
	"fmt"
	goruntime "runtime"
	"time"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/runtime"
)

// Driver is the cpu target's runtime.Driver: buffers on the launcher's
// heap in the linear memory (runtime.SharedMemory; a handle is the
// buffer's address), kernels from each module's `so` blob, launches run
// synchronously over Workers() threads (a pool of persistent workers),
// or on the launching thread alone for kernels whose launches measured
// faster that way (splitChoice).
type Driver struct {
	runtime.SharedMemory
	env     *runtime.Env
	workers int
	libs    []*Library
	kernels [][]*Kernel
	choices [][]splitChoice // per module and kernel
	pool    *pool
	addrs   []uint64 // Launch's argument addresses, reused
}

// New returns a cpu driver running launches over workers threads (0 means
// runtime.NumCPU()).
func New(workers int) *Driver {
	if workers <= 0 {
		workers = goruntime.NumCPU()
	}
	return &Driver{workers: workers}
}

// Name implements runtime.Driver.
func (d *Driver) Name() string { return "cpu" }

// Init implements runtime.Driver: buffers come from env's heap.
func (d *Driver) Init(env *runtime.Env) error {
	d.env = env
	d.Attach(env.Memory)
	d.libs = make([]*Library, len(env.Manifest.Modules))
	d.kernels = make([][]*Kernel, len(env.Manifest.Modules))
	d.choices = make([][]splitChoice, len(env.Manifest.Modules))
	if d.pool == nil {
		d.pool = newPool(d.workers)
	}
	return nil
}

// LoadModule implements runtime.Driver: it dlopens the module's shared
// object and resolves every kernel's symbol.
func (d *Driver) LoadModule(index int) error {
	if index < 0 || index >= len(d.libs) {
		return fmt.Errorf("%w: module %d", runtime.ErrInvalid, index)
	}
	if d.libs[index] != nil {
		return nil
	}
	mod := d.env.Manifest.Modules[index]
	if mod.Format != emit.FormatSO {
		return fmt.Errorf("%w: module %q has format %q; the cpu driver loads %q", runtime.ErrUnsupported, mod.Name, mod.Format, emit.FormatSO)
	}
	blob, ok := d.env.Bundle.Blob(mod.Blob)
	if !ok {
		return fmt.Errorf("%w: module %q: the bundle has no blob %q", runtime.ErrInvalid, mod.Name, mod.Blob)
	}
	lib, err := Load(blob)
	if err != nil {
		return err
	}
	ks := make([]*Kernel, len(mod.Kernels))
	for i, k := range mod.Kernels {
		for _, a := range k.Args {
			if a.Kind != emit.ArgBuffer {
				lib.Close()
				return fmt.Errorf("%w: kernel %q takes a %s argument; cpu kernels take buffers only", runtime.ErrUnsupported, k.Name, a.Kind)
			}
		}
		if ks[i], err = lib.Kernel(k.Symbol); err != nil {
			lib.Close()
			return err
		}
	}
	d.libs[index], d.kernels[index], d.choices[index] = lib, ks, make([]splitChoice, len(ks))
	return nil
}

// Launch implements runtime.Driver: the kernel runs the workgroups
// [0, gx·gy·gz) over the workers, or on the calling thread alone when the
// kernel's first launches measured faster so (splitChoice), on buffers
// addressed in place. Each buffer argument must be a live heap buffer.
func (d *Driver) Launch(l *runtime.Launch) error {
	if l.Module < 0 || l.Module >= len(d.kernels) || d.kernels[l.Module] == nil {
		return fmt.Errorf("%w: module %d is not loaded", runtime.ErrInvalid, l.Module)
	}
	ks := d.kernels[l.Module]
	if l.Kernel < 0 || l.Kernel >= len(ks) {
		return fmt.Errorf("%w: kernel %d", runtime.ErrInvalid, l.Kernel)
	}
	base := uint64(d.env.Memory.Base())
	addrs := d.addrs[:0]
	for i, h := range l.Args {
		if _, ok := d.env.Memory.Heap.Size(h); !ok {
			return fmt.Errorf("%w: argument %d: handle %#x is not a live buffer", runtime.ErrInvalid, i, h)
		}
		addrs = append(addrs, base+h)
	}
	d.addrs = addrs
	grid := int64(l.Grid[0]) * int64(l.Grid[1]) * int64(l.Grid[2])
	if grid < 2 || d.workers < 2 {
		d.pool.run(ks[l.Kernel], addrs, grid, 1)
		return nil
	}
	c := &d.choices[l.Module][l.Kernel]
	split := c.split()
	parts := int64(1)
	if split {
		parts = int64(d.workers)
	}
	if c.decide != 0 {
		d.pool.run(ks[l.Kernel], addrs, grid, parts)
		return nil
	}
	start := time.Now()
	d.pool.run(ks[l.Kernel], addrs, grid, parts)
	c.record(split, time.Since(start))
	return nil
}

// Sync implements runtime.Driver; launches are synchronous.
func (d *Driver) Sync() error { return nil }

// Collective implements runtime.Driver: not supported yet.
func (d *Driver) Collective(index int, src, dst runtime.Handle) error {
	return fmt.Errorf("%w: collectives on the cpu target", runtime.ErrUnsupported)
}

// Workers implements runtime.Driver: the threads a launch is spread over.
func (d *Driver) Workers() int { return d.workers }

// Close implements runtime.Driver: it stops the workers and unloads the
// libraries.
func (d *Driver) Close() error {
	if d.pool != nil {
		d.pool.close()
		d.pool = nil
	}
	var first error
	for i, l := range d.libs {
		if l != nil {
			if err := l.Close(); err != nil && first == nil {
				first = err
			}
			d.libs[i] = nil
		}
	}
	return first
}

var _ runtime.Driver = (*Driver)(nil)
