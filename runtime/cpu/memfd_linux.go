package cpu

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// loadMemfd dlopens so from an anonymous memory file (memfd_create(2),
// Linux 3.17) through its /proc/self/fd path. ok is false when no memory
// file can be made (then Load falls back to a temporary file); the file
// descriptor is closed once the library is mapped.
func loadMemfd(so []byte) (l *Library, ok bool, err error) {
	fd, err := unix.MemfdCreate("zmlc-kernels.so", unix.MFD_CLOEXEC)
	if err != nil {
		return nil, false, nil
	}
	f := os.NewFile(uintptr(fd), "zmlc-kernels.so")
	defer f.Close()
	if _, err := f.Write(so); err != nil {
		return nil, true, fmt.Errorf("cpu: writing the kernel library: %w", err)
	}
	l, err = Open(fmt.Sprintf("/proc/self/fd/%d", fd))
	return l, true, err
}
