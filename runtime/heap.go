package runtime

import (
	"fmt"
	"slices"
	"sync"
)

// HeapAlign is the alignment of every heap allocation, and so of every
// buffer a shared-memory driver hands out (docs/RUNTIME.md, alloc).
const HeapAlign = 256

// Heap allocates address ranges of the linear memory above the host
// program's zml_heap_base, growing the memory when it runs out. It is
// first-fit over an address-ordered free list with coalescing. Addresses are
// never 0. It is safe for concurrent use.
type Heap struct {
	mu   sync.Mutex
	end  uint64            // end of the managed range: the memory's size
	free []span            // free ranges, by address, never adjacent
	used map[uint64]uint64 // allocated address -> rounded size
	grow func(min uint64) (uint64, error)
}

type span struct{ addr, size uint64 }

// newHeap manages [base, end); grow makes the memory at least min bytes and
// returns its new size (or fails with an error wrapping ErrOutOfMemory).
func newHeap(base, end uint64, grow func(min uint64) (uint64, error)) *Heap {
	// When the memory ends below base, the heap starts empty at base and
	// its first growth covers [base, new end).
	h := &Heap{end: max(base, end), used: map[uint64]uint64{}, grow: grow}
	if end > base {
		h.free = []span{{base, end - base}}
	}
	return h
}

// Alloc returns the address of a new range of size bytes (0 allowed),
// HeapAlign-aligned. It fails with an error wrapping ErrOutOfMemory when the
// memory cannot grow enough.
func (h *Heap) Alloc(size uint64) (uint64, error) {
	n := (max(size, 1) + HeapAlign - 1) &^ (HeapAlign - 1)
	if n < size {
		return 0, fmt.Errorf("%w: %d bytes", ErrOutOfMemory, size)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for {
		for i, s := range h.free {
			if s.size >= n {
				if s.size == n {
					h.free = slices.Delete(h.free, i, i+1)
				} else {
					h.free[i] = span{s.addr + n, s.size - n}
				}
				h.used[s.addr] = n
				return s.addr, nil
			}
		}
		// Grow: the new space extends the last free span if it ends at
		// the old end.
		need := n
		if k := len(h.free); k > 0 && h.free[k-1].addr+h.free[k-1].size == h.end {
			need -= h.free[k-1].size
		}
		newEnd, err := h.grow(h.end + need)
		if err != nil {
			return 0, err
		}
		if newEnd <= h.end {
			return 0, fmt.Errorf("%w: the linear memory did not grow", ErrOutOfMemory)
		}
		h.insert(span{h.end, newEnd - h.end})
		h.end = newEnd
	}
}

// Free releases an address returned by Alloc. It fails with an error
// wrapping ErrInvalid for any other address (including a second Free).
func (h *Heap) Free(addr uint64) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	n, ok := h.used[addr]
	if !ok {
		return fmt.Errorf("%w: address %#x was not allocated or is already free", ErrInvalid, addr)
	}
	delete(h.used, addr)
	h.insert(span{addr, n})
	return nil
}

// Size returns the size an allocation was made with, rounded up to
// HeapAlign, and whether addr is a live allocation.
func (h *Heap) Size(addr uint64) (uint64, bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	n, ok := h.used[addr]
	return n, ok
}

// Live returns the number of live allocations.
func (h *Heap) Live() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.used)
}

// insert adds a free span, merging it with its neighbours.
func (h *Heap) insert(s span) {
	i, _ := slices.BinarySearchFunc(h.free, s.addr, func(f span, a uint64) int {
		switch {
		case f.addr < a:
			return -1
		case f.addr > a:
			return 1
		}
		return 0
	})
	if i > 0 && h.free[i-1].addr+h.free[i-1].size == s.addr {
		i--
		h.free[i].size += s.size
	} else {
		h.free = slices.Insert(h.free, i, s)
	}
	if i+1 < len(h.free) && h.free[i].addr+h.free[i].size == h.free[i+1].addr {
		h.free[i].size += h.free[i+1].size
		h.free = slices.Delete(h.free, i+1, i+2)
	}
}
