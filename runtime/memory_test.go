package runtime

import (
	"errors"
	"testing"
	"unsafe"
)

// TestMmapAllocator grows a memory from one page to its maximum and checks
// that the address never changes, pages read as zero when they appear,
// contents survive, and growth past the maximum fails.
func TestMmapAllocator(t *testing.T) {
	a := &mmapAllocator{}
	const page = 65536
	lm := a.Allocate(page, 64*page)
	b := lm.Reallocate(page)
	if len(b) != page {
		t.Fatalf("len %d", len(b))
	}
	base := unsafe.SliceData(b)
	if uintptr(unsafe.Pointer(base))%4096 != 0 {
		t.Fatalf("base %p is not page-aligned", base)
	}
	b[0], b[page-1] = 1, 2
	for _, pages := range []uint64{2, 3, 17, 64} {
		b = lm.Reallocate(pages * page)
		if uint64(len(b)) != pages*page || unsafe.SliceData(b) != base {
			t.Fatalf("grow to %d pages: len %d at %p, want at %p", pages, len(b), unsafe.SliceData(b), base)
		}
		if b[len(b)-1] != 0 {
			t.Fatal("fresh page is not zero")
		}
		b[len(b)-1] = 9
		if b[0] != 1 || b[page-1] != 2 {
			t.Fatal("contents lost")
		}
	}
	if lm.Reallocate(65*page) != nil {
		t.Error("growing past the maximum succeeded")
	}
	lm.Free()
}

func TestHeap(t *testing.T) {
	end := uint64(8192)
	grows := 0
	h := newHeap(4096, end, func(min uint64) (uint64, error) {
		if min > 1<<20 {
			return 0, ErrOutOfMemory
		}
		grows++
		end = (min + 65535) &^ 65535
		return end, nil
	})
	a, _ := h.Alloc(100)
	b, _ := h.Alloc(0)
	c, _ := h.Alloc(5000) // does not fit: grows
	if a != 4096 || b != 4096+256 || c%HeapAlign != 0 || c < b+256 || grows != 1 {
		t.Fatalf("a %d b %d c %d grows %d", a, b, c, grows)
	}
	if n, ok := h.Size(a); !ok || n != 256 {
		t.Errorf("Size(a) = %d, %v", n, ok)
	}
	if err := h.Free(b); err != nil {
		t.Fatal(err)
	}
	if err := h.Free(b); !errors.Is(err, ErrInvalid) {
		t.Errorf("double free: %v", err)
	}
	if err := h.Free(a); err != nil {
		t.Fatal(err)
	}
	// a and b coalesced: a 512-byte request reuses their space.
	if d, _ := h.Alloc(512); d != 4096 {
		t.Errorf("coalesced allocation at %d, want 4096", d)
	}
	if _, err := h.Alloc(2 << 20); !errors.Is(err, ErrOutOfMemory) {
		t.Errorf("huge alloc: %v", err)
	}
	if _, err := h.Alloc(^uint64(0)); !errors.Is(err, ErrOutOfMemory) {
		t.Errorf("overflowing alloc: %v", err)
	}
	if h.Live() != 2 {
		t.Errorf("%d live", h.Live())
	}
}
