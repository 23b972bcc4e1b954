package vulkan

import (
	"bytes"
	goruntime "runtime"
	"unsafe"
)

// runtimeKeepAlive keeps Go memory referenced only through uintptr-typed
// or unsafe pNext chains alive until the Vulkan call that reads it is done.
func runtimeKeepAlive(xs ...any) {
	for _, x := range xs {
		goruntime.KeepAlive(x)
	}
}

// hasLayer reports whether the loader knows an instance layer.
func hasLayer(name string) bool {
	var n uint32
	call("vkEnumerateInstanceLayerProperties", ptr(&n), 0)
	if n == 0 {
		return false
	}
	// VkLayerProperties: name[256], specVersion, implementationVersion,
	// description[256].
	type layerProperties struct {
		name      [256]byte
		spec, imp uint32
		desc      [256]byte
	}
	ls := make([]layerProperties, n)
	call("vkEnumerateInstanceLayerProperties", ptr(&n), ptr(&ls[0]))
	for _, l := range ls[:n] {
		if cname(l.name[:]) == name {
			return true
		}
	}
	return false
}

// hasExtension reports whether the chosen physical device has a device
// extension.
func (d *Device) hasExtension(name string) bool {
	var n uint32
	call("vkEnumerateDeviceExtensionProperties", d.phys, 0, ptr(&n), 0)
	if n == 0 {
		return false
	}
	es := make([]extensionProperties, n)
	call("vkEnumerateDeviceExtensionProperties", d.phys, 0, ptr(&n), ptr(&es[0]))
	for _, e := range es[:n] {
		if cname(e.name[:]) == name {
			return true
		}
	}
	return false
}

func cname(b []byte) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		return string(b[:i])
	}
	return string(b)
}

// queryCaps reads the limits, the float-controls properties (Vulkan 1.2)
// and, with hostExt, the host-pointer import alignment.
func (d *Device) queryCaps(hostExt, v12 bool) {
	p2 := &physicalDeviceProperties2{sType: stPhysicalDeviceProperties2}
	fc := &floatControlsProperties{sType: stFloatControlsProperties}
	eh := &externalMemoryHostProperties{sType: stExternalMemoryHostProperties}
	p11 := &vulkan11Properties{sType: stPhysicalDeviceVulkan11Props}
	next := &p2.pNext
	if v12 {
		*next = unsafe.Pointer(fc)
		fc.pNext = unsafe.Pointer(p11)
		next = &p11.pNext
	}
	if hostExt {
		*next = unsafe.Pointer(eh)
	}
	call("vkGetPhysicalDeviceProperties2", d.phys, ptr(p2))
	runtimeKeepAlive(fc, eh, p11)
	l := &p2.props.limits
	d.Limits = Limits{
		MaxStorageBufferRange:           l.MaxStorageBufferRange,
		MaxPushConstantsSize:            l.MaxPushConstantsSize,
		MaxComputeSharedMemorySize:      l.MaxComputeSharedMemorySize,
		MaxComputeWorkGroupCount:        l.MaxComputeWorkGroupCount,
		MaxComputeWorkGroupInvocations:  l.MaxComputeWorkGroupInvocations,
		MaxComputeWorkGroupSize:         l.MaxComputeWorkGroupSize,
		MinStorageBufferOffsetAlignment: l.MinStorageBufferOffsetAlignment,
		TimestampPeriod:                 l.TimestampPeriod,
		SubgroupSize:                    p11.subgroupSize,
		MaxMemoryAllocationSize:         p11.maxMemoryAllocationSize,
	}
	if v12 {
		d.Features.Preserve16 = fc.preserve16 != 0
		d.Features.Preserve32 = fc.preserve32 != 0
		d.Features.Preserve64 = fc.pr64 != 0
	}
	if hostExt && eh.alignment != 0 {
		d.HostImport = eh.alignment
	}
}

// queryFeatures reads the device's features and returns the
// VkPhysicalDeviceFeatures2 chain that enables those the kernels may need
// (recording them in d.Features).
func (d *Device) queryFeatures(v12 bool) *featureStruct {
	have := &featureStruct{sType: stPhysicalDeviceFeatures2}
	h11 := &featureStruct{sType: stPhysicalDeviceVulkan11Fe}
	h12 := &featureStruct{sType: stPhysicalDeviceVulkan12Fe}
	if v12 {
		have.pNext, h11.pNext = unsafe.Pointer(h11), unsafe.Pointer(h12)
	}
	call("vkGetPhysicalDeviceFeatures2", d.phys, ptr(have))
	runtimeKeepAlive(h11, h12)
	want := &featureStruct{sType: stPhysicalDeviceFeatures2}
	w11 := &featureStruct{sType: stPhysicalDeviceVulkan11Fe}
	w12 := &featureStruct{sType: stPhysicalDeviceVulkan12Fe}
	if v12 {
		want.pNext, w11.pNext = unsafe.Pointer(w11), unsafe.Pointer(w12)
	}
	enable := func(w, h *featureStruct, i int) bool {
		w.b[i] = h.b[i]
		return h.b[i] != 0
	}
	f := &d.Features
	f.Float64 = enable(want, have, fShaderFloat64)
	f.Int64 = enable(want, have, fShaderInt64)
	f.Int16 = enable(want, have, fShaderInt16)
	if v12 {
		f.StorageBuffer16 = enable(w11, h11, f11Storage16)
		f.StorageBuffer8 = enable(w12, h12, f12Storage8)
		f.Float16 = enable(w12, h12, f12Float16)
		f.Int8 = enable(w12, h12, f12Int8)
	}
	// The chain is reachable from want only through unsafe.Pointer
	// fields, which the garbage collector follows.
	return want
}

// Has8And16Bit reports whether the device has every feature a module
// with 8- and 16-bit types may declare: shaderInt8, shaderInt16,
// shaderFloat16, storageBuffer8BitAccess and storageBuffer16BitAccess.
// Without one of them a kernel module needs the form spirv.Options
// No8Or16Bit renders (values under 32 bits in 32-bit integers, 1- and
// 2-byte buffers as packed words bound in whole words).
func (f Features) Has8And16Bit() bool {
	return f.Int8 && f.Int16 && f.Float16 && f.StorageBuffer8 && f.StorageBuffer16
}

// PreservesFloat reports whether the device honours the
// SignedZeroInfNanPreserve execution mode for w-bit floats
// (Preserve16/32/64): the keep function for spirv.StripFloatControls.
func (f Features) PreservesFloat(w int) bool {
	return w == 16 && f.Preserve16 || w == 32 && f.Preserve32 || w == 64 && f.Preserve64
}
