// Package cuda is the cuda target's driver (docs/RUNTIME.md): the CUDA
// driver API of libcuda.so.1, reached through purego (no cgo) by its
// versioned symbols (cuCtxCreate_v2, cuMemAlloc_v2, cuMemcpyHtoD_v2, ...).
// Buffers are device allocations (a handle is the CUdeviceptr), modules
// are the bundle's PTX (cuModuleLoadData JIT-compiles it for the device),
// and launches go to the context's default stream in order. Errors carry
// the CUresult's name from cuGetErrorName (CUDA_ERROR_OUT_OF_MEMORY).
// A machine without the library gets one line naming it.
package cuda

import (
	"fmt"
	"unsafe"

	"github.com/ebitengine/purego"
	"github.com/zmlc/zmlc/runtime/internal/gpudriver"
)

// LibraryName is the driver library the cuda target loads.
var LibraryName = "libcuda.so.1"

// api holds the driver API entry points (CUDA's cuda.h signatures; a
// CUresult is an int32, CUdevice an int32, CUdeviceptr a uint64, and
// CUcontext, CUmodule, CUfunction and CUstream are pointers).
type api struct {
	ctx uintptr // the context Init created

	cuInit              func(flags uint32) int32
	cuDeviceGet         func(dev *int32, ordinal int32) int32
	cuCtxCreate         func(ctx *uintptr, flags uint32, dev int32) int32
	cuCtxDestroy        func(ctx uintptr) int32
	cuCtxSetCurrent     func(ctx uintptr) int32
	cuCtxSynchronize    func() int32
	cuMemAlloc          func(dptr *uint64, size uint64) int32
	cuMemFree           func(dptr uint64) int32
	cuMemcpyHtoD        func(dst uint64, src unsafe.Pointer, size uint64) int32
	cuMemcpyDtoH        func(dst unsafe.Pointer, src uint64, size uint64) int32
	cuMemcpyDtoD        func(dst, src uint64, size uint64) int32
	cuModuleLoadData    func(mod *uintptr, image unsafe.Pointer) int32
	cuModuleUnload      func(mod uintptr) int32
	cuModuleGetFunction func(fn *uintptr, mod uintptr, name string) int32
	cuLaunchKernel      func(fn uintptr, gx, gy, gz, bx, by, bz, shared uint32, stream uintptr, params unsafe.Pointer, extra unsafe.Pointer) int32
	cuGetErrorName      func(res int32, name **byte) int32
}

// load dlopens LibraryName and resolves every entry point; a missing
// library or symbol is one line naming it.
func load() (*api, error) {
	lib, err := purego.Dlopen(LibraryName, purego.RTLD_NOW|purego.RTLD_LOCAL)
	if err != nil {
		return nil, fmt.Errorf("cuda: cannot load %s, the NVIDIA driver library the cuda target needs (is the NVIDIA driver installed?): %s", LibraryName, gpudriver.OneLine(err.Error()))
	}
	a := &api{}
	syms := []struct {
		fn   any
		name string
	}{
		{&a.cuInit, "cuInit"}, {&a.cuDeviceGet, "cuDeviceGet"}, {&a.cuCtxCreate, "cuCtxCreate_v2"},
		{&a.cuCtxDestroy, "cuCtxDestroy_v2"}, {&a.cuCtxSetCurrent, "cuCtxSetCurrent"},
		{&a.cuCtxSynchronize, "cuCtxSynchronize"}, {&a.cuMemAlloc, "cuMemAlloc_v2"}, {&a.cuMemFree, "cuMemFree_v2"},
		{&a.cuMemcpyHtoD, "cuMemcpyHtoD_v2"}, {&a.cuMemcpyDtoH, "cuMemcpyDtoH_v2"}, {&a.cuMemcpyDtoD, "cuMemcpyDtoD_v2"},
		{&a.cuModuleLoadData, "cuModuleLoadData"}, {&a.cuModuleUnload, "cuModuleUnload"},
		{&a.cuModuleGetFunction, "cuModuleGetFunction"}, {&a.cuLaunchKernel, "cuLaunchKernel"},
		{&a.cuGetErrorName, "cuGetErrorName"},
	}
	for _, s := range syms {
		p, err := purego.Dlsym(lib, s.name)
		if err != nil || p == 0 {
			purego.Dlclose(lib)
			return nil, fmt.Errorf("cuda: %s has no symbol %s (the driver is too old?)", LibraryName, s.name)
		}
		purego.RegisterFunc(s.fn, p)
	}
	return a, nil
}

// check turns a CUresult into nil or an error naming it:
// "cuMemAlloc_v2: CUDA_ERROR_OUT_OF_MEMORY (2)".
func (a *api) check(call string, res int32) error {
	if res == 0 {
		return nil
	}
	return &Error{Call: call, Code: res, Name: a.errorName(res)}
}

func (a *api) errorName(res int32) string {
	var p *byte
	if a.cuGetErrorName(res, &p) != 0 || p == nil {
		return "CUDA_ERROR_UNKNOWN"
	}
	return cString(p)
}

// Error is a failed driver API call: the entry point (e.g.
// "cuMemAlloc_v2"), the CUresult and its name (e.g.
// "CUDA_ERROR_OUT_OF_MEMORY").
type Error = gpudriver.Error

// cString copies a NUL-terminated C string.
func cString(p *byte) string {
	var b []byte
	for i := 0; i < 256; i++ {
		c := *(*byte)(unsafe.Add(unsafe.Pointer(p), i))
		if c == 0 {
			break
		}
		b = append(b, c)
	}
	return string(b)
}
