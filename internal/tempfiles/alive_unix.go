//go:build unix

package tempfiles

import (
	"errors"
	"syscall"
)

// Alive reports whether a process with this id exists (signal 0 delivered,
// or refused with EPERM: it exists but belongs to another user).
func Alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
