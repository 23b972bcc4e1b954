//go:build unix

package runtime

import (
	"fmt"
	"math"
	"syscall"
)

// reserve maps max bytes of address space with no access: the pages cost
// nothing until commit makes them readable and writable.
func reserve(max uint64) ([]byte, error) {
	if max == 0 {
		return []byte{}, nil
	}
	if max > math.MaxInt {
		return nil, fmt.Errorf("cannot reserve %d bytes of address space", max)
	}
	b, err := syscall.Mmap(-1, 0, int(max), syscall.PROT_NONE, syscall.MAP_PRIVATE|syscall.MAP_ANON|syscall.MAP_NORESERVE)
	if err != nil {
		return nil, fmt.Errorf("reserving %d bytes for the linear memory: %w", max, err)
	}
	return b, nil
}

// commit makes the first n bytes of a reservation (n a multiple of the OS
// page size, at most its length) readable and writable; fresh pages read as
// zero.
func commit(res []byte, n uint64) error {
	if n == 0 {
		return nil
	}
	return syscall.Mprotect(res[:n], syscall.PROT_READ|syscall.PROT_WRITE)
}

// release unmaps a reservation.
func release(res []byte) error {
	if len(res) == 0 {
		return nil
	}
	return syscall.Munmap(res)
}

// osPageSize is the granularity of commit.
var osPageSize = uint64(syscall.Getpagesize())
