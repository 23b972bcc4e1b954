package runtime

import (
	"fmt"
)

// SharedMemory implements the buffer half of Driver for devices that work
// on the linear memory in place: buffers come from the launcher's heap and
// a handle is the buffer's address. Drivers embed it and call Attach from
// their Init.
type SharedMemory struct {
	mem *Memory
}

// Attach makes s serve buffers from mem's heap.
func (s *SharedMemory) Attach(mem *Memory) { s.mem = mem }

// Alloc implements Driver.Alloc on the heap.
func (s *SharedMemory) Alloc(size uint64) (Handle, error) { return s.mem.Heap.Alloc(size) }

// Free implements Driver.Free; freeing 0 is a no-op.
func (s *SharedMemory) Free(h Handle) error {
	if h == 0 {
		return nil
	}
	return s.mem.Heap.Free(h)
}

// buffer returns n bytes at offset off of buffer h, checking that h is a
// live buffer and the range lies inside it.
func (s *SharedMemory) buffer(h Handle, off, n uint64) ([]byte, error) {
	size, ok := s.mem.Heap.Size(h)
	if !ok {
		return nil, fmt.Errorf("%w: handle %#x is not a live buffer", ErrInvalid, h)
	}
	if off > size || n > size-off {
		return nil, fmt.Errorf("%w: bytes [%d, %d+%d) run past the %d-byte buffer %#x", ErrInvalid, off, off, n, size, h)
	}
	return s.mem.Slice(h+off, n)
}

// Write implements Driver.Write.
func (s *SharedMemory) Write(dst Handle, off uint64, src []byte) error {
	b, err := s.buffer(dst, off, uint64(len(src)))
	if err != nil {
		return err
	}
	copy(b, src)
	return nil
}

// Read implements Driver.Read.
func (s *SharedMemory) Read(src Handle, off uint64, dst []byte) error {
	b, err := s.buffer(src, off, uint64(len(dst)))
	if err != nil {
		return err
	}
	copy(dst, b)
	return nil
}

// Copy implements Driver.Copy as a memmove; device sides are checked
// against their buffers, host sides against the memory.
func (s *SharedMemory) Copy(kind CopyKind, dst Handle, dstOff uint64, src Handle, srcOff uint64, size uint64) error {
	side := func(device bool, h, off uint64) ([]byte, error) {
		if device {
			return s.buffer(h, off, size)
		}
		if off > ^uint64(0)-h {
			return nil, fmt.Errorf("%w: address %#x+%d overflows", ErrInvalid, h, off)
		}
		return s.mem.Slice(h+off, size)
	}
	if kind < HostToHost || kind > DeviceToDevice {
		return fmt.Errorf("%w: copy kind %d", ErrInvalid, kind)
	}
	d, err := side(kind == HostToDevice || kind == DeviceToDevice, dst, dstOff)
	if err != nil {
		return err
	}
	sr, err := side(kind == DeviceToHost || kind == DeviceToDevice, src, srcOff)
	if err != nil {
		return err
	}
	copy(d, sr)
	return nil
}
