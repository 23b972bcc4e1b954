package vulkan

import (
	"fmt"
	"unsafe"

	"github.com/ebitengine/purego"
)

// ImportHost wraps size bytes of host memory at addr as one storage
// buffer (VK_EXT_external_memory_host): the device reads and writes that
// memory itself, no copy. addr and size must be multiples of
// d.HostImport; the memory must stay mapped until the buffer is freed.
func (d *Device) ImportHost(addr uintptr, size uint64) (*Buffer, error) {
	if d.HostImport == 0 {
		return nil, fmt.Errorf("vulkan: device %s cannot import host memory (no %s)", d.Name, extExternalMemoryHost)
	}
	if uint64(addr)%d.HostImport != 0 || size%d.HostImport != 0 || size == 0 {
		return nil, fmt.Errorf("vulkan: host memory %#x+%d is not aligned to the device's %d bytes", addr, size, d.HostImport)
	}
	if m := d.Limits.MaxMemoryAllocationSize; m != 0 && size > m {
		return nil, fmt.Errorf("vulkan: %d bytes of host memory exceed device %s's largest allocation (%d bytes)", size, d.Name, m)
	}
	f := deviceProc(d.dev, "vkGetMemoryHostPointerPropertiesEXT")
	if f == 0 {
		return nil, fmt.Errorf("vulkan: the loader lacks vkGetMemoryHostPointerPropertiesEXT")
	}
	hp := &memoryHostPointerProperties{sType: stMemoryHostPointerProperties}
	r, _, _ := purego.SyscallN(f, d.dev, handleTypeHostAllocation, addr, ptr(hp))
	if err := check("vkGetMemoryHostPointerPropertiesEXT", int32(r)); err != nil {
		return nil, err
	}
	b := &Buffer{Size: size, addr: addr, imported: true}
	ext := &externalMemoryBufferCreateInfo{sType: stExternalMemoryBufferInfo, handleTypes: handleTypeHostAllocation}
	bci := &bufferCreateInfo{sType: stBufferCreateInfo, pNext: unsafe.Pointer(ext), size: size, usage: bufferUsageStorage | bufferUsageTransfer}
	if err := check("vkCreateBuffer", call("vkCreateBuffer", d.dev, ptr(bci), 0, ptr(&b.buf))); err != nil {
		return nil, err
	}
	var req memoryRequirements
	call("vkGetBufferMemoryRequirements", d.dev, uintptr(b.buf), ptr(&req))
	ti := d.findMemoryType(req.typeBits&hp.typeBits, 0)
	if ti < 0 || req.size > size {
		d.FreeBuffer(b)
		return nil, fmt.Errorf("vulkan: device %s has no memory type to import %d bytes of host memory for a storage buffer", d.Name, size)
	}
	imp := &importMemoryHostPointerInfo{sType: stImportMemoryHostPointerInfo, handleType: handleTypeHostAllocation, pointer: addr}
	mai := &memoryAllocateInfo{sType: stMemoryAllocateInfo, pNext: unsafe.Pointer(imp), size: size, typeIndex: uint32(ti)}
	if err := check("vkAllocateMemory (host pointer import)", call("vkAllocateMemory", d.dev, ptr(mai), 0, ptr(&b.mem))); err != nil {
		d.FreeBuffer(b)
		return nil, err
	}
	if err := check("vkBindBufferMemory", call("vkBindBufferMemory", d.dev, uintptr(b.buf), uintptr(b.mem), 0)); err != nil {
		d.FreeBuffer(b)
		return nil, err
	}
	runtimeKeepAlive(ext, imp)
	return b, nil
}

// HostAddr returns the host address of a buffer's memory: the imported
// pointer of ImportHost, or the mapping of NewBuffer.
func (b *Buffer) HostAddr() uintptr {
	if b.imported {
		return b.addr
	}
	return uintptr(b.mapped)
}
