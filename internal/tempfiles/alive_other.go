//go:build !unix

package tempfiles

import "os"

// Alive reports true: without a portable probe, every process is taken to
// be alive, so Sweep removes nothing.
func Alive(pid int) bool { return true }

// Lock does nothing where flock(2) is missing.
func Lock(f *os.File) error { return nil }

// TryLock reports false: without locks, no entry is known to be free, so
// Sweep removes nothing.
func TryLock(f *os.File) bool { return false }
