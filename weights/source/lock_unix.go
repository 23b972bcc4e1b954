//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package source

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive flock on the file at path (created if
// needed), as Python's filelock does on Unix, so zmlc and huggingface_hub
// never write the same download at once. The returned function releases
// it.
func lockFile(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
