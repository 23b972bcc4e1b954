package cuda

import (
	"errors"
	"fmt"
	goruntime "runtime"
	"unsafe"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/runtime"
)

// Driver is the cuda target's runtime.Driver on one device. Methods make
// its context current on the calling thread first (goroutines move
// between threads).
type Driver struct {
	// Device is the ordinal of the GPU (cuDeviceGet).
	Device int

	a       *api
	env     *runtime.Env
	ctx     uintptr
	bufs    map[uint64]uint64 // device pointer -> size
	modules []uintptr
	funcs   [][]uintptr
}

// New returns a driver for GPU device; nothing is loaded until Init.
func New(device int) *Driver { return &Driver{Device: device} }

// Name implements runtime.Driver.
func (d *Driver) Name() string { return "cuda" }

// Init implements runtime.Driver: it loads libcuda.so.1, initialises the
// driver API and creates a context on the device.
func (d *Driver) Init(env *runtime.Env) error {
	a, err := load()
	if err != nil {
		return err
	}
	d.a, d.env, d.bufs = a, env, map[uint64]uint64{}
	if err := a.check("cuInit", a.cuInit(0)); err != nil {
		return err
	}
	var dev int32
	if err := a.check("cuDeviceGet", a.cuDeviceGet(&dev, int32(d.Device))); err != nil {
		return err
	}
	if err := a.check("cuCtxCreate_v2", a.cuCtxCreate(&d.ctx, 0, dev)); err != nil {
		return err
	}
	if env != nil && env.Manifest != nil {
		d.modules = make([]uintptr, len(env.Manifest.Modules))
		d.funcs = make([][]uintptr, len(env.Manifest.Modules))
	}
	return nil
}

// current makes the context current on this thread.
func (d *Driver) current() error {
	if d.a == nil {
		return fmt.Errorf("cuda: the driver is not initialised")
	}
	return d.a.check("cuCtxSetCurrent", d.a.cuCtxSetCurrent(d.ctx))
}

// status maps an out-of-memory CUresult to runtime.ErrOutOfMemory.
func status(err error) error {
	var e *Error
	if errors.As(err, &e) && e.Code == 2 { // CUDA_ERROR_OUT_OF_MEMORY
		return fmt.Errorf("%w: %v", runtime.ErrOutOfMemory, err)
	}
	return err
}

// Alloc implements runtime.Driver: cuMemAlloc_v2 (256-byte aligned); a
// zero-byte buffer takes one byte so that its handle is unique.
func (d *Driver) Alloc(size uint64) (runtime.Handle, error) {
	if err := d.current(); err != nil {
		return 0, err
	}
	var p uint64
	if err := d.a.check("cuMemAlloc_v2", d.a.cuMemAlloc(&p, max(size, 1))); err != nil {
		return 0, status(err)
	}
	d.bufs[p] = size
	return p, nil
}

// Free implements runtime.Driver.
func (d *Driver) Free(h runtime.Handle) error {
	if h == 0 {
		return nil
	}
	if _, ok := d.bufs[h]; !ok {
		return fmt.Errorf("%w: handle %#x is not a live buffer", runtime.ErrInvalid, h)
	}
	if err := d.current(); err != nil {
		return err
	}
	delete(d.bufs, h)
	return d.a.check("cuMemFree_v2", d.a.cuMemFree(h))
}

// span checks that [off, off+n) lies in buffer h.
func (d *Driver) span(h, off, n uint64) error {
	size, ok := d.bufs[h]
	if !ok {
		return fmt.Errorf("%w: handle %#x is not a live buffer", runtime.ErrInvalid, h)
	}
	if off > size || n > size-off {
		return fmt.Errorf("%w: bytes [%d, %d+%d) run past the %d-byte buffer %#x", runtime.ErrInvalid, off, off, n, size, h)
	}
	return nil
}

// Write implements runtime.Driver (cuMemcpyHtoD_v2).
func (d *Driver) Write(dst runtime.Handle, off uint64, src []byte) error {
	if err := d.span(dst, off, uint64(len(src))); err != nil || len(src) == 0 {
		return err
	}
	if err := d.current(); err != nil {
		return err
	}
	err := d.a.check("cuMemcpyHtoD_v2", d.a.cuMemcpyHtoD(dst+off, unsafe.Pointer(&src[0]), uint64(len(src))))
	goruntime.KeepAlive(src)
	return err
}

// Read implements runtime.Driver (cuMemcpyDtoH_v2; it waits for earlier
// launches).
func (d *Driver) Read(src runtime.Handle, off uint64, dst []byte) error {
	if err := d.span(src, off, uint64(len(dst))); err != nil || len(dst) == 0 {
		return err
	}
	if err := d.current(); err != nil {
		return err
	}
	err := d.a.check("cuMemcpyDtoH_v2", d.a.cuMemcpyDtoH(unsafe.Pointer(&dst[0]), src+off, uint64(len(dst))))
	goruntime.KeepAlive(dst)
	return err
}

// Copy implements runtime.Driver; host sides are linear-memory addresses.
func (d *Driver) Copy(kind runtime.CopyKind, dst runtime.Handle, dstOff uint64, src runtime.Handle, srcOff uint64, size uint64) error {
	host := func(addr, off uint64) ([]byte, error) {
		if d.env == nil || d.env.Memory == nil {
			return nil, fmt.Errorf("%w: no linear memory", runtime.ErrInvalid)
		}
		if off > ^uint64(0)-addr {
			return nil, fmt.Errorf("%w: address %#x+%d overflows", runtime.ErrInvalid, addr, off)
		}
		return d.env.Memory.Slice(addr+off, size)
	}
	switch kind {
	case runtime.HostToHost:
		a, err := host(dst, dstOff)
		if err != nil {
			return err
		}
		b, err := host(src, srcOff)
		if err != nil {
			return err
		}
		copy(a, b)
		return nil
	case runtime.HostToDevice:
		b, err := host(src, srcOff)
		if err != nil {
			return err
		}
		return d.Write(dst, dstOff, b)
	case runtime.DeviceToHost:
		a, err := host(dst, dstOff)
		if err != nil {
			return err
		}
		return d.Read(src, srcOff, a)
	case runtime.DeviceToDevice:
		if err := d.span(dst, dstOff, size); err != nil {
			return err
		}
		if err := d.span(src, srcOff, size); err != nil {
			return err
		}
		if size == 0 {
			return nil
		}
		if err := d.current(); err != nil {
			return err
		}
		return d.a.check("cuMemcpyDtoD_v2", d.a.cuMemcpyDtoD(dst+dstOff, src+srcOff, size))
	}
	return fmt.Errorf("%w: copy kind %d", runtime.ErrInvalid, kind)
}

// LoadModule implements runtime.Driver: cuModuleLoadData of the module's
// PTX blob, then cuModuleGetFunction for every kernel symbol.
func (d *Driver) LoadModule(index int) error {
	if index < 0 || index >= len(d.modules) {
		return fmt.Errorf("%w: module %d", runtime.ErrInvalid, index)
	}
	if d.modules[index] != 0 {
		return nil
	}
	mod := d.env.Manifest.Modules[index]
	if mod.Format != emit.FormatPTX {
		return fmt.Errorf("%w: module %q has format %q; the cuda driver loads %q", runtime.ErrUnsupported, mod.Name, mod.Format, emit.FormatPTX)
	}
	blob, ok := d.env.Bundle.Blob(mod.Blob)
	if !ok {
		return fmt.Errorf("%w: module %q: the bundle has no blob %q", runtime.ErrInvalid, mod.Name, mod.Blob)
	}
	syms := make([]string, len(mod.Kernels))
	for i, k := range mod.Kernels {
		syms[i] = k.Symbol
	}
	m, fns, err := d.LoadPTX(blob, syms)
	if err != nil {
		return fmt.Errorf("module %q: %w", mod.Name, err)
	}
	d.modules[index], d.funcs[index] = m, fns
	return nil
}

// LoadPTX loads PTX text (cuModuleLoadData; a NUL is appended) and
// returns the module and the functions named by symbols.
func (d *Driver) LoadPTX(ptx []byte, symbols []string) (uintptr, []uintptr, error) {
	if err := d.current(); err != nil {
		return 0, nil, err
	}
	img := append(append([]byte{}, ptx...), 0)
	var m uintptr
	err := d.a.check("cuModuleLoadData", d.a.cuModuleLoadData(&m, unsafe.Pointer(&img[0])))
	goruntime.KeepAlive(img)
	if err != nil {
		return 0, nil, err
	}
	fns := make([]uintptr, len(symbols))
	for i, s := range symbols {
		if err := d.a.check("cuModuleGetFunction("+s+")", d.a.cuModuleGetFunction(&fns[i], m, s)); err != nil {
			d.a.cuModuleUnload(m)
			return 0, nil, err
		}
	}
	return m, fns, nil
}

// Launch implements runtime.Driver: cuLaunchKernel with one pointer per
// 8-byte argument slot (buffer handles are device pointers), on the
// default stream.
func (d *Driver) Launch(l *runtime.Launch) error {
	if l.Module < 0 || l.Module >= len(d.funcs) || d.funcs[l.Module] == nil {
		return fmt.Errorf("%w: module %d is not loaded", runtime.ErrInvalid, l.Module)
	}
	fns := d.funcs[l.Module]
	if l.Kernel < 0 || l.Kernel >= len(fns) {
		return fmt.Errorf("%w: kernel %d", runtime.ErrInvalid, l.Kernel)
	}
	args := d.env.Manifest.Modules[l.Module].Kernels[l.Kernel].Args
	for i, a := range args {
		if a.Kind == emit.ArgBuffer && i < len(l.Args) {
			if _, ok := d.bufs[l.Args[i]]; !ok {
				return fmt.Errorf("%w: argument %d: handle %#x is not a live buffer", runtime.ErrInvalid, i, l.Args[i])
			}
		}
	}
	return d.LaunchFunc(fns[l.Kernel], l.Grid, l.Block, l.Args)
}

// LaunchFunc launches fn over grid x block with the 8-byte argument slots.
func (d *Driver) LaunchFunc(fn uintptr, grid, block [3]uint32, slots []uint64) error {
	if err := d.current(); err != nil {
		return err
	}
	vals := append([]uint64{0}, slots...)[1:]
	ptrs := make([]unsafe.Pointer, len(vals)+1)
	var pin goruntime.Pinner
	defer pin.Unpin()
	for i := range vals {
		pin.Pin(&vals[i])
		ptrs[i] = unsafe.Pointer(&vals[i])
	}
	pin.Pin(&ptrs[0])
	return d.a.check("cuLaunchKernel", d.a.cuLaunchKernel(fn, grid[0], grid[1], grid[2], block[0], block[1], block[2], 0, 0, unsafe.Pointer(&ptrs[0]), nil))
}

// Sync implements runtime.Driver (cuCtxSynchronize).
func (d *Driver) Sync() error {
	if err := d.current(); err != nil {
		return err
	}
	if err := d.a.check("cuCtxSynchronize", d.a.cuCtxSynchronize()); err != nil {
		return fmt.Errorf("%w: %v", runtime.ErrKernel, err)
	}
	return nil
}

// Collective implements runtime.Driver: not supported yet.
func (d *Driver) Collective(index int, src, dst runtime.Handle) error {
	return fmt.Errorf("%w: collectives on the cuda target", runtime.ErrUnsupported)
}

// Workers implements runtime.Driver: 1 (a device).
func (d *Driver) Workers() int { return 1 }

// Close implements runtime.Driver: it frees the buffers, unloads the
// modules and destroys the context.
func (d *Driver) Close() error {
	if d.a == nil || d.ctx == 0 {
		return nil
	}
	if err := d.current(); err != nil {
		return err
	}
	for p := range d.bufs {
		d.a.cuMemFree(p)
	}
	d.bufs = map[uint64]uint64{}
	for i, m := range d.modules {
		if m != 0 {
			d.a.cuModuleUnload(m)
			d.modules[i] = 0
		}
	}
	err := d.a.check("cuCtxDestroy_v2", d.a.cuCtxDestroy(d.ctx))
	d.ctx = 0
	return err
}

var _ runtime.Driver = (*Driver)(nil)
