//go:build unix

package tempfiles

import (
	"os"
	"syscall"
)

// Lock takes an exclusive flock(2) on f (a file or a folder), held until f
// is closed: it tells Sweep, in any PID namespace, that the entry is in use.
func Lock(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

// TryLock reports whether f's lock is free (it takes it; closing f
// releases it).
func TryLock(f *os.File) bool {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}
