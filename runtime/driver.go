package runtime

import (
	"fmt"

	"github.com/tetratelabs/wazero/api"
	"github.com/zmlc/zmlc/emit"
)

// Handle names a buffer: on shared-memory drivers its linear-memory address,
// otherwise an opaque nonzero device handle (docs/RUNTIME.md, section 3).
type Handle = uint64

// CopyKind is the direction of a zml_device.copy.
type CopyKind int32

// The copy directions; a host side is a linear-memory address.
const (
	HostToHost     CopyKind = 0
	HostToDevice   CopyKind = 1
	DeviceToHost   CopyKind = 2
	DeviceToDevice CopyKind = 3
)

// Launch is one zml_device.launch: kernel Kernel of module Module over a
// grid of Grid workgroups of Block work items, with Args the packed
// argument slots (docs/RUNTIME.md, "Packed kernel arguments"); the launcher
// has checked the indices and len(Args) against the manifest.
type Launch struct {
	Module, Kernel int
	Grid, Block    [3]uint32
	Args           []uint64
	// ArgsAddr is the linear-memory address Args were read from, valid
	// during the call (wasm kernels take it as their first parameter).
	ArgsAddr uint64
}

// Driver runs a bundle's operations on one device: the zml_device host
// functions forward to it (docs/RUNTIME.md, section 7). Errors wrapping
// ErrOutOfMemory, ErrInvalid, ErrUnsupported or ErrKernel choose the status
// the host program sees (StatusOf); the launcher adds the operation and the
// kernel's name. Methods are called from one goroutine at a time.
type Driver interface {
	// Name names the target, e.g. "wasm" or "cuda".
	Name() string
	// Init is called once, at Open, before any other method.
	Init(env *Env) error
	// Alloc returns a new buffer of size bytes, HeapAlign-aligned.
	Alloc(size uint64) (Handle, error)
	// Free releases a buffer from Alloc.
	Free(h Handle) error
	// Write copies src into buffer dst at byte offset off.
	Write(dst Handle, off uint64, src []byte) error
	// Read copies len(dst) bytes of buffer src from byte offset off.
	Read(src Handle, off uint64, dst []byte) error
	// Copy copies size bytes; host sides are linear-memory addresses.
	Copy(kind CopyKind, dst Handle, dstOff uint64, src Handle, srcOff uint64, size uint64) error
	// LoadModule prepares module index of the manifest; the launcher calls
	// it once per module, at Open.
	LoadModule(index int) error
	// Launch runs or enqueues a kernel. l and l.Args are valid only during
	// the call (the launcher reuses them): a driver that queues the launch
	// copies what it needs.
	Launch(l *Launch) error
	// Sync waits for all enqueued work.
	Sync() error
	// Collective runs collective index of the manifest from src into dst.
	Collective(index int, src, dst Handle) error
	// Workers is the number of workers a launch is spread over (1 for
	// devices).
	Workers() int
	// Close releases the driver's resources.
	Close() error
}

// Env is what a driver gets at Init.
type Env struct {
	// Bundle is the opened bundle; its blobs are valid until the Runtime
	// is closed.
	Bundle *emit.Bundle
	// Manifest is the bundle's manifest.
	Manifest *emit.Manifest
	// Memory is the host program's linear memory.
	Memory *Memory
	// Instances are the host program's instances: [0] runs the entry
	// points, the others are the workers of a wasm-self module (none
	// otherwise).
	Instances []api.Module
}

// Memory is the host program's linear memory: a non-moving mmap
// reservation (docs/RUNTIME.md, section 1) with the launcher's heap above
// zml_heap_base.
type Memory struct {
	m    *mmapMemory
	api  api.Memory
	Heap *Heap
}

// Bytes returns the memory's current contents: a view whose base address
// never changes, valid until the memory grows (take it again then).
func (m *Memory) Bytes() []byte { return m.m.bytes() }

// Base returns the memory's address; it is page-aligned and constant.
func (m *Memory) Base() uintptr { return m.m.base() }

// Slice returns the n bytes at address addr, or an error wrapping
// ErrInvalid if they are not all inside the memory.
func (m *Memory) Slice(addr, n uint64) ([]byte, error) {
	b := m.Bytes()
	if addr > uint64(len(b)) || n > uint64(len(b))-addr {
		return nil, fmt.Errorf("%w: bytes [%#x, %#x+%d) lie outside the %d-byte linear memory", ErrInvalid, addr, addr, n, len(b))
	}
	return b[addr : addr+n : addr+n], nil
}

// grow makes the memory at least min bytes and returns its size.
func (m *Memory) grow(min uint64) (uint64, error) {
	cur := uint64(len(m.Bytes()))
	if min <= cur {
		return cur, nil
	}
	pages := (min - cur + 65535) / 65536
	if pages > 1<<16 {
		return 0, fmt.Errorf("%w: %d bytes exceed the linear memory's maximum", ErrOutOfMemory, min)
	}
	if _, ok := m.api.Grow(uint32(pages)); !ok {
		return 0, fmt.Errorf("%w: cannot grow the linear memory to %d bytes (its maximum is too small)", ErrOutOfMemory, min)
	}
	return uint64(len(m.Bytes())), nil
}
