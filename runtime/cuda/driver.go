package cuda

import (
	goruntime "runtime"
	"unsafe"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/runtime/internal/gpudriver"
)

// core is the runtime.Driver logic the cuda and rocm drivers share.
type core = gpudriver.Driver

// Driver is the cuda target's runtime.Driver on one device. Methods make
// its context current on the calling thread first (goroutines move
// between threads). Besides Init, Close and LoadPTX its methods are the
// shared GPU driver's (runtime/internal/gpudriver): buffers are
// cuMemAlloc_v2 allocations, copies cuMemcpy*_v2, modules
// cuModuleLoadData, launches cuLaunchKernel on the default stream.
type Driver struct {
	// Device is the ordinal of the GPU (cuDeviceGet), read at Init.
	Device int

	core
	a *api
}

// New returns a driver for GPU device; nothing is loaded until Init.
func New(device int) *Driver {
	return &Driver{Device: device, core: gpudriver.New("cuda", emit.FormatPTX)}
}

// Init implements runtime.Driver: it loads libcuda.so.1, initialises the
// driver API and creates a context on the device.
func (d *Driver) Init(env *runtime.Env) error {
	a, err := load()
	if err != nil {
		return err
	}
	if err := a.check("cuInit", a.cuInit(0)); err != nil {
		return err
	}
	var dev int32
	if err := a.check("cuDeviceGet", a.cuDeviceGet(&dev, int32(d.Device))); err != nil {
		return err
	}
	if err := a.check("cuCtxCreate_v2", a.cuCtxCreate(&a.ctx, 0, dev)); err != nil {
		return err
	}
	d.a = a
	d.Start(a, env)
	return nil
}

// LoadPTX loads PTX text (cuModuleLoadData; a NUL is appended) and
// returns the module and the functions named by symbols.
func (d *Driver) LoadPTX(ptx []byte, symbols []string) (uintptr, []uintptr, error) {
	return d.LoadImage(ptx, symbols)
}

// Close implements runtime.Driver: it frees the buffers, unloads the
// modules and destroys the context; the driver is then uninitialised.
func (d *Driver) Close() error {
	if !d.Started() {
		return nil
	}
	if err := d.Release(); err != nil {
		return err
	}
	err := d.a.check("cuCtxDestroy_v2", d.a.cuCtxDestroy(d.a.ctx))
	d.a = nil
	return err
}

// The gpudriver.API calls on the context a.ctx.

func (a *api) Current() error { return a.check("cuCtxSetCurrent", a.cuCtxSetCurrent(a.ctx)) }

func (a *api) Malloc(size uint64) (uint64, error) {
	var p uint64
	return p, a.check("cuMemAlloc_v2", a.cuMemAlloc(&p, size))
}

func (a *api) Free(p uint64) error { return a.check("cuMemFree_v2", a.cuMemFree(p)) }

func (a *api) CopyHtoD(dst uint64, src unsafe.Pointer, size uint64) error {
	return a.check("cuMemcpyHtoD_v2", a.cuMemcpyHtoD(dst, src, size))
}

func (a *api) CopyDtoH(dst unsafe.Pointer, src uint64, size uint64) error {
	return a.check("cuMemcpyDtoH_v2", a.cuMemcpyDtoH(dst, src, size))
}

func (a *api) CopyDtoD(dst, src uint64, size uint64) error {
	return a.check("cuMemcpyDtoD_v2", a.cuMemcpyDtoD(dst, src, size))
}

// LoadModule loads PTX text; the driver wants it NUL-terminated.
func (a *api) LoadModule(ptx []byte) (uintptr, error) {
	img := append(append([]byte{}, ptx...), 0)
	var m uintptr
	err := a.check("cuModuleLoadData", a.cuModuleLoadData(&m, unsafe.Pointer(&img[0])))
	goruntime.KeepAlive(img)
	return m, err
}

func (a *api) Function(m uintptr, symbol string) (uintptr, error) {
	var fn uintptr
	return fn, a.check("cuModuleGetFunction("+symbol+")", a.cuModuleGetFunction(&fn, m, symbol))
}

func (a *api) UnloadModule(m uintptr) { a.cuModuleUnload(m) }

func (a *api) Launch(fn uintptr, grid, block [3]uint32, params unsafe.Pointer) error {
	return a.check("cuLaunchKernel", a.cuLaunchKernel(fn, grid[0], grid[1], grid[2], block[0], block[1], block[2], 0, 0, params, nil))
}

func (a *api) Synchronize() error { return a.check("cuCtxSynchronize", a.cuCtxSynchronize()) }

var (
	_ runtime.Driver = (*Driver)(nil)
	_ gpudriver.API  = (*api)(nil)
)
