package rocm

import (
	"fmt"
	goruntime "runtime"
	"unsafe"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/runtime/internal/gpudriver"
)

// core is the runtime.Driver logic the cuda and rocm drivers share.
type core = gpudriver.Driver

// Driver is the rocm target's runtime.Driver on one device. Methods select
// the device on the calling thread first (goroutines move between
// threads). Besides Init, Close and LoadHSACO its methods are the shared
// GPU driver's (runtime/internal/gpudriver): buffers are hipMalloc
// allocations, copies hipMemcpy, modules hipModuleLoadData, launches
// hipModuleLaunchKernel on the null stream (the kernarg layout is 8 bytes
// per buffer).
type Driver struct {
	// Device is the ordinal of the GPU (hipSetDevice), read at Init.
	Device int

	core
	a *api
}

// New returns a driver for GPU device; nothing is loaded until Init.
func New(device int) *Driver {
	return &Driver{Device: device, core: gpudriver.New("rocm", emit.FormatHSACO)}
}

// Init implements runtime.Driver: it loads libamdhip64.so, initialises
// HIP and selects the device.
func (d *Driver) Init(env *runtime.Env) error {
	a, err := load()
	if err != nil {
		return err
	}
	if err := a.check("hipInit", a.hipInit(0)); err != nil {
		return err
	}
	a.device = int32(d.Device)
	if err := a.Current(); err != nil {
		return err
	}
	d.a = a
	d.Start(a, env)
	return nil
}

// LoadHSACO loads an HSA code object (hipModuleLoadData) and returns the
// module and the functions named by symbols; an empty object is
// runtime.ErrInvalid.
func (d *Driver) LoadHSACO(co []byte, symbols []string) (uintptr, []uintptr, error) {
	return d.LoadImage(co, symbols)
}

// Close implements runtime.Driver: it frees the buffers and unloads the
// modules; the driver is then uninitialised.
func (d *Driver) Close() error {
	if err := d.Release(); err != nil {
		return err
	}
	d.a = nil
	return nil
}

// The gpudriver.API calls on device a.device (hipMemcpyKind 1..3 is
// host→device, device→host, device→device).

func (a *api) Current() error { return a.check("hipSetDevice", a.hipSetDevice(a.device)) }

func (a *api) Malloc(size uint64) (uint64, error) {
	var p uint64
	return p, a.check("hipMalloc", a.hipMalloc(&p, size))
}

func (a *api) Free(p uint64) error { return a.check("hipFree", a.hipFree(p)) }

func (a *api) CopyHtoD(dst uint64, src unsafe.Pointer, size uint64) error {
	return a.check("hipMemcpy", a.hipMemcpyHtoD(dst, src, size, 1))
}

func (a *api) CopyDtoH(dst unsafe.Pointer, src uint64, size uint64) error {
	return a.check("hipMemcpy", a.hipMemcpyDtoH(dst, src, size, 2))
}

func (a *api) CopyDtoD(dst, src uint64, size uint64) error {
	return a.check("hipMemcpy", a.hipMemcpyDtoD(dst, src, size, 3))
}

// LoadModule loads a code object (copied, so the caller's slice may be
// read-only mapped memory).
func (a *api) LoadModule(co []byte) (uintptr, error) {
	if len(co) == 0 {
		return 0, fmt.Errorf("%w: empty code object", runtime.ErrInvalid)
	}
	img := append([]byte{}, co...)
	var m uintptr
	err := a.check("hipModuleLoadData", a.hipModuleLoadData(&m, unsafe.Pointer(&img[0])))
	goruntime.KeepAlive(img)
	return m, err
}

func (a *api) Function(m uintptr, symbol string) (uintptr, error) {
	var fn uintptr
	return fn, a.check("hipModuleGetFunction("+symbol+")", a.hipModuleGetFunction(&fn, m, symbol))
}

func (a *api) UnloadModule(m uintptr) { a.hipModuleUnload(m) }

func (a *api) Launch(fn uintptr, grid, block [3]uint32, params unsafe.Pointer) error {
	return a.check("hipModuleLaunchKernel", a.hipModuleLaunchKernel(fn, grid[0], grid[1], grid[2], block[0], block[1], block[2], 0, 0, params, nil))
}

func (a *api) Synchronize() error {
	return a.check("hipDeviceSynchronize", a.hipDeviceSynchronize())
}

var (
	_ runtime.Driver = (*Driver)(nil)
	_ gpudriver.API  = (*api)(nil)
)
