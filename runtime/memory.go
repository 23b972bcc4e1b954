package runtime

import (
	"sync"
	"unsafe"

	"github.com/tetratelabs/wazero/experimental"
)

// mmapAllocator is a wazero experimental.MemoryAllocator whose memories are
// mmap reservations of their maximum size: the base address is page-aligned
// and never changes, however the memory grows (docs/RUNTIME.md, section 1).
type mmapAllocator struct {
	mu   sync.Mutex
	mems []*mmapMemory
	err  error // the first reservation failure, reported by Open
}

// Allocate implements experimental.MemoryAllocator. It reserves max bytes;
// on failure it records the error and returns a memory whose Reallocate
// fails, which makes the instantiation fail.
func (a *mmapAllocator) Allocate(cap, max uint64) experimental.LinearMemory {
	res, err := reserve(max)
	a.mu.Lock()
	defer a.mu.Unlock()
	if err != nil && a.err == nil {
		a.err = err
	}
	m := &mmapMemory{res: res, failed: err != nil}
	a.mems = append(a.mems, m)
	return m
}

// mmapMemory is one linear memory over a reservation.
type mmapMemory struct {
	mu        sync.Mutex
	res       []byte // the whole reservation
	committed uint64 // bytes made accessible, a multiple of osPageSize
	size      uint64 // the memory's current length
	failed    bool
}

// Reallocate implements experimental.LinearMemory: it makes the first size
// bytes accessible and returns them, always at the reservation's base. It
// returns nil if size exceeds the reservation.
func (m *mmapMemory) Reallocate(size uint64) []byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.failed || size > uint64(len(m.res)) {
		return nil
	}
	if size > m.committed {
		n := min((size+osPageSize-1)/osPageSize*osPageSize, uint64(len(m.res)))
		if err := commit(m.res, n); err != nil {
			return nil
		}
		m.committed = n
	}
	m.size = size
	return m.res[:size:size]
}

// Free implements experimental.LinearMemory.
func (m *mmapMemory) Free() {
	m.mu.Lock()
	defer m.mu.Unlock()
	release(m.res)
	m.res, m.committed, m.size = nil, 0, 0
}

// bytes returns the memory's current contents (a view, not a copy).
func (m *mmapMemory) bytes() []byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.res[:m.size:m.size]
}

// base returns the reservation's address.
func (m *mmapMemory) base() uintptr {
	if len(m.res) == 0 {
		return 0
	}
	return uintptr(unsafe.Pointer(unsafe.SliceData(m.res)))
}
