//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package source

// lockFile does nothing where flock is not available: concurrent
// downloads of one file are not guarded there.
func lockFile(path string) (func(), error) { return func() {}, nil }
