//go:build !unix

package runtime

// reserve allocates max bytes from the Go heap where mmap is missing; Go's
// collector does not move objects, so the address is stable.
func reserve(max uint64) ([]byte, error) { return make([]byte, max), nil }

func commit(res []byte, n uint64) error { return nil }

func release(res []byte) error { return nil }

var osPageSize = uint64(4096)
