// Package gpudriver is what the cuda and rocm drivers share (docs/RUNTIME.md):
// the runtime.Driver methods over a GPU programming interface whose buffers
// are device pointers: the live-buffer table and its bounds checks, host
// and device copies, loading a bundle module and its kernel functions, the
// argument packing of a launch, synchronisation and teardown. The calls
// that differ between CUDA's driver API and HIP sit behind API.
package gpudriver

import (
	"errors"
	"fmt"
	goruntime "runtime"
	"strings"
	"unsafe"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/runtime"
)

// API is one GPU interface's calls on one device. Each returns nil or an
// *Error naming the failed entry point. Device pointers are uint64;
// modules and functions are the interface's opaque handles.
type API interface {
	// Current makes the device (or its context) current on the calling
	// thread; every other call is preceded by it.
	Current() error
	Malloc(size uint64) (uint64, error)
	Free(ptr uint64) error
	CopyHtoD(dst uint64, src unsafe.Pointer, size uint64) error
	CopyDtoH(dst unsafe.Pointer, src uint64, size uint64) error
	CopyDtoD(dst, src uint64, size uint64) error
	// LoadModule loads a module image; image stays valid for the call only.
	LoadModule(image []byte) (uintptr, error)
	Function(mod uintptr, symbol string) (uintptr, error)
	UnloadModule(mod uintptr)
	// Launch runs fn over grid x block on the default stream; params points
	// at an array of one pointer per 8-byte argument slot.
	Launch(fn uintptr, grid, block [3]uint32, params unsafe.Pointer) error
	Synchronize() error
}

// Error is a failed API call.
type Error struct {
	Call string // the entry point, e.g. "cuMemAlloc_v2" or "hipMalloc"
	Code int32  // the CUresult or hipError_t
	Name string // its name, e.g. "CUDA_ERROR_OUT_OF_MEMORY" or "hipErrorOutOfMemory"
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s (%d)", e.Call, e.Name, e.Code) }

// OneLine keeps the first line of a message (a dlopen error, in the
// one-line error a driver gives when its library is missing).
func OneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// codeOutOfMemory is CUDA_ERROR_OUT_OF_MEMORY and hipErrorOutOfMemory.
const codeOutOfMemory = 2

// Driver implements runtime.Driver, but for Init, on an API. The zero
// value fails every call but Launch (ErrInvalid) and Close (nil) as not
// initialised; Start makes it usable.
type Driver struct {
	target string // "cuda", "rocm": in messages and Name
	format string // the module format it loads, e.g. emit.FormatPTX
	api    API
	env    *runtime.Env
	bufs   map[uint64]uint64 // device pointer -> size

	modules []uintptr
	funcs   [][]uintptr
}

// New returns a driver for target that loads modules of format; it is not
// initialised until Start.
func New(target, format string) Driver { return Driver{target: target, format: format} }

// Start makes d usable on api for env (nil for a driver used without a
// bundle): an empty buffer table and one module slot per manifest module.
func (d *Driver) Start(api API, env *runtime.Env) {
	d.api, d.env, d.bufs = api, env, map[uint64]uint64{}
	d.modules, d.funcs = nil, nil
	if env != nil && env.Manifest != nil {
		d.modules = make([]uintptr, len(env.Manifest.Modules))
		d.funcs = make([][]uintptr, len(env.Manifest.Modules))
	}
}

// Started reports whether Start has run (and Close has not undone it).
func (d *Driver) Started() bool { return d.api != nil }

// Name implements runtime.Driver: the target's name.
func (d *Driver) Name() string { return d.target }

// current makes the device current on this thread.
func (d *Driver) current() error {
	if d.api == nil {
		return fmt.Errorf("%s: the driver is not initialised", d.target)
	}
	return d.api.Current()
}

// status maps an out-of-memory error to runtime.ErrOutOfMemory.
func status(err error) error {
	var e *Error
	if errors.As(err, &e) && e.Code == codeOutOfMemory {
		return fmt.Errorf("%w: %v", runtime.ErrOutOfMemory, err)
	}
	return err
}

// Alloc implements runtime.Driver: a device allocation (256-byte
// aligned); a zero-byte buffer takes one byte so that its handle is
// unique. Running out of device memory wraps runtime.ErrOutOfMemory.
func (d *Driver) Alloc(size uint64) (runtime.Handle, error) {
	if err := d.current(); err != nil {
		return 0, err
	}
	p, err := d.api.Malloc(max(size, 1))
	if err != nil {
		return 0, status(err)
	}
	d.bufs[p] = size
	return p, nil
}

// Free implements runtime.Driver; freeing handle 0 does nothing, and a
// handle that is not a live buffer is runtime.ErrInvalid.
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
	return d.api.Free(h)
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

// Write implements runtime.Driver: a host-to-device copy into bytes
// [off, off+len(src)) of dst (runtime.ErrInvalid if they run past it).
func (d *Driver) Write(dst runtime.Handle, off uint64, src []byte) error {
	if err := d.span(dst, off, uint64(len(src))); err != nil || len(src) == 0 {
		return err
	}
	if err := d.current(); err != nil {
		return err
	}
	err := d.api.CopyHtoD(dst+off, unsafe.Pointer(&src[0]), uint64(len(src)))
	goruntime.KeepAlive(src)
	return err
}

// Read implements runtime.Driver: a device-to-host copy of bytes
// [off, off+len(dst)) of src; it waits for earlier launches.
func (d *Driver) Read(src runtime.Handle, off uint64, dst []byte) error {
	if err := d.span(src, off, uint64(len(dst))); err != nil || len(dst) == 0 {
		return err
	}
	if err := d.current(); err != nil {
		return err
	}
	err := d.api.CopyDtoH(unsafe.Pointer(&dst[0]), src+off, uint64(len(dst)))
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
		return d.api.CopyDtoD(dst+dstOff, src+srcOff, size)
	}
	return fmt.Errorf("%w: copy kind %d", runtime.ErrInvalid, kind)
}

// LoadModule implements runtime.Driver: it loads the blob of manifest
// module index, which must have the driver's format
// (runtime.ErrUnsupported otherwise), and looks up every kernel symbol.
// Loading a module twice does nothing.
func (d *Driver) LoadModule(index int) error {
	if index < 0 || index >= len(d.modules) {
		return fmt.Errorf("%w: module %d", runtime.ErrInvalid, index)
	}
	if d.modules[index] != 0 {
		return nil
	}
	mod := d.env.Manifest.Modules[index]
	if mod.Format != d.format {
		return fmt.Errorf("%w: module %q has format %q; the %s driver loads %q", runtime.ErrUnsupported, mod.Name, mod.Format, d.target, d.format)
	}
	blob, ok := d.env.Bundle.Blob(mod.Blob)
	if !ok {
		return fmt.Errorf("%w: module %q: the bundle has no blob %q", runtime.ErrInvalid, mod.Name, mod.Blob)
	}
	syms := make([]string, len(mod.Kernels))
	for i, k := range mod.Kernels {
		syms[i] = k.Symbol
	}
	m, fns, err := d.LoadImage(blob, syms)
	if err != nil {
		return fmt.Errorf("module %q: %w", mod.Name, err)
	}
	d.modules[index], d.funcs[index] = m, fns
	return nil
}

// LoadImage loads a module image through the API and returns the module
// and the functions named by symbols; on error nothing stays loaded.
func (d *Driver) LoadImage(image []byte, symbols []string) (uintptr, []uintptr, error) {
	if err := d.current(); err != nil {
		return 0, nil, err
	}
	m, err := d.api.LoadModule(image)
	if err != nil {
		return 0, nil, err
	}
	fns := make([]uintptr, len(symbols))
	for i, s := range symbols {
		if fns[i], err = d.api.Function(m, s); err != nil {
			d.api.UnloadModule(m)
			return 0, nil, err
		}
	}
	return m, fns, nil
}

// Launch implements runtime.Driver: kernel l.Kernel of a loaded module,
// after checking that its buffer arguments are live buffers
// (runtime.ErrInvalid otherwise), with one pointer per 8-byte argument
// slot (buffer handles are device pointers).
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
	return d.launchFunc(fns[l.Kernel], l.Grid, l.Block, l.Args)
}

// launchFunc launches fn over grid x block with the 8-byte argument slots.
func (d *Driver) launchFunc(fn uintptr, grid, block [3]uint32, slots []uint64) error {
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
	return d.api.Launch(fn, grid, block, unsafe.Pointer(&ptrs[0]))
}

// Sync implements runtime.Driver: it waits for the device; a failure
// there (a kernel fault) wraps runtime.ErrKernel.
func (d *Driver) Sync() error {
	if err := d.current(); err != nil {
		return err
	}
	if err := d.api.Synchronize(); err != nil {
		return fmt.Errorf("%w: %v", runtime.ErrKernel, err)
	}
	return nil
}

// Collective implements runtime.Driver: not supported yet
// (runtime.ErrUnsupported).
func (d *Driver) Collective(index int, src, dst runtime.Handle) error {
	return fmt.Errorf("%w: collectives on the %s target", runtime.ErrUnsupported, d.target)
}

// Workers implements runtime.Driver: 1 (a device).
func (d *Driver) Workers() int { return 1 }

// Release frees the live buffers and unloads the modules, leaving d as
// New returned it (not started); the caller's Close then tears down what
// it made in Init. It does nothing on a driver that was not started.
func (d *Driver) Release() error {
	if d.api == nil {
		return nil
	}
	if err := d.current(); err != nil {
		return err
	}
	for p := range d.bufs {
		d.api.Free(p)
	}
	for _, m := range d.modules {
		if m != 0 {
			d.api.UnloadModule(m)
		}
	}
	*d = New(d.target, d.format)
	return nil
}
