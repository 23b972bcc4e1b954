//go:build unix

package mmapfile

import (
	"fmt"
	"math"
	"os"
	"syscall"
)

// mapFile maps the first size bytes of f read-only and shared; the returned
// function unmaps them. A zero size maps nothing.
func mapFile(f *os.File, size int64) ([]byte, func() error, error) {
	if size == 0 {
		return []byte{}, func() error { return nil }, nil
	}
	if size > math.MaxInt {
		return nil, nil, fmt.Errorf("%s: file of %d bytes is too large to map", f.Name(), size)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: mmap: %w", f.Name(), err)
	}
	return data, func() error { return syscall.Munmap(data) }, nil
}
