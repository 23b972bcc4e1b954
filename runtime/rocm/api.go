// Package rocm is the rocm target's driver (docs/RUNTIME.md): the HIP
// runtime of libamdhip64.so, reached through purego (no cgo) with HIP's
// documented signatures (hip_runtime_api.h: hipModuleLoadData,
// hipModuleGetFunction, hipModuleLaunchKernel, hipMalloc, hipMemcpy, ...).
// Buffers are device allocations (a handle is the device pointer), modules
// are the bundle's HSACO code objects, launches go to the null stream in
// order. Errors carry hipGetErrorName's name (hipErrorOutOfMemory). It has
// the cuda driver's shape; no AMD GPU has run it yet. A machine without
// the library gets one line naming it.
package rocm

import (
	"fmt"
	"strings"
	"unsafe"

	"github.com/ebitengine/purego"
	"github.com/zmlc/zmlc/runtime/internal/gpudriver"
)

// LibraryNames are the HIP runtime libraries tried in order.
var LibraryNames = []string{"libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5"}

// api holds the HIP entry points (hipError_t is an int32 enum, device
// pointers are uint64, hipModule_t, hipFunction_t and hipStream_t are
// pointers; hipMemcpyKind 0..3 is host→host, host→device, device→host,
// device→device).
type api struct {
	device int32 // the ordinal Init selects

	hipInit      func(flags uint32) int32
	hipSetDevice func(dev int32) int32
	hipMalloc    func(ptr *uint64, size uint64) int32
	hipFree      func(ptr uint64) int32
	// hipMemcpy(void *dst, const void *src, size_t, hipMemcpyKind),
	// registered once per direction with the device sides as addresses.
	hipMemcpyHtoD         func(dst uint64, src unsafe.Pointer, size uint64, kind int32) int32
	hipMemcpyDtoH         func(dst unsafe.Pointer, src uint64, size uint64, kind int32) int32
	hipMemcpyDtoD         func(dst, src uint64, size uint64, kind int32) int32
	hipModuleLoadData     func(mod *uintptr, image unsafe.Pointer) int32
	hipModuleUnload       func(mod uintptr) int32
	hipModuleGetFunction  func(fn *uintptr, mod uintptr, name string) int32
	hipModuleLaunchKernel func(fn uintptr, gx, gy, gz, bx, by, bz, shared uint32, stream uintptr, params unsafe.Pointer, extra unsafe.Pointer) int32
	hipDeviceSynchronize  func() int32
	hipGetErrorName       func(err int32) string
}

// load dlopens the first of LibraryNames that loads and resolves every
// entry point; a missing library is one line naming it.
func load() (*api, error) {
	var lib uintptr
	var name string
	var last error
	for _, n := range LibraryNames {
		h, err := purego.Dlopen(n, purego.RTLD_NOW|purego.RTLD_LOCAL)
		if err == nil {
			lib, name = h, n
			break
		}
		last = err
	}
	if lib == 0 {
		msg := "no library names"
		if last != nil {
			msg = gpudriver.OneLine(last.Error())
		}
		return nil, fmt.Errorf("rocm: cannot load %s, the HIP runtime the rocm target needs (is ROCm installed?): %s", strings.Join(LibraryNames, " or "), msg)
	}
	a := &api{}
	syms := []struct {
		fn   any
		name string
	}{
		{&a.hipInit, "hipInit"}, {&a.hipSetDevice, "hipSetDevice"}, {&a.hipMalloc, "hipMalloc"}, {&a.hipFree, "hipFree"},
		{&a.hipMemcpyHtoD, "hipMemcpy"}, {&a.hipMemcpyDtoH, "hipMemcpy"}, {&a.hipMemcpyDtoD, "hipMemcpy"}, {&a.hipModuleLoadData, "hipModuleLoadData"}, {&a.hipModuleUnload, "hipModuleUnload"},
		{&a.hipModuleGetFunction, "hipModuleGetFunction"}, {&a.hipModuleLaunchKernel, "hipModuleLaunchKernel"},
		{&a.hipDeviceSynchronize, "hipDeviceSynchronize"}, {&a.hipGetErrorName, "hipGetErrorName"},
	}
	for _, s := range syms {
		p, err := purego.Dlsym(lib, s.name)
		if err != nil || p == 0 {
			purego.Dlclose(lib)
			return nil, fmt.Errorf("rocm: %s has no symbol %s", name, s.name)
		}
		purego.RegisterFunc(s.fn, p)
	}
	return a, nil
}

// check turns a hipError_t into nil or an error naming it.
func (a *api) check(call string, res int32) error {
	if res == 0 {
		return nil
	}
	return &Error{Call: call, Code: res, Name: a.hipGetErrorName(res)}
}

// Error is a failed HIP call: the entry point (e.g. "hipMalloc"), the
// hipError_t and its name (e.g. "hipErrorOutOfMemory").
type Error = gpudriver.Error
