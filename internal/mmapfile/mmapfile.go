// Package mmapfile maps a whole regular file into memory read-only, so that
// its pages come from the page cache and are never copied into the Go heap
// (where mmap is not available, the file is read into memory instead).
//
// If another process truncates the file while it is mapped, reading the
// missing pages raises SIGBUS; callers map files that are not modified in
// place.
package mmapfile

import (
	"fmt"
	"os"
)

// Open maps the regular file at path read-only. The returned function
// unmaps it; the data must not be used after it is called. An empty file
// maps to an empty slice.
func Open(path string) (data []byte, unmap func() error, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("%s: not a regular file", path)
	}
	return mapFile(f, st.Size())
}
