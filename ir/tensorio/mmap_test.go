//go:build unix

package tensorio

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"unsafe"
)

// TestOpenSafetensorsMapsWithoutCopying opens a 1 GiB file (sparse, so it
// costs no disk) and checks that listing and slicing its tensor neither
// reads it into the Go heap nor copies it per call.
func TestOpenSafetensorsMapsWithoutCopying(t *testing.T) {
	const size = 1 << 30
	path := filepath.Join(t.TempDir(), "big.safetensors")
	header := `{"w":{"dtype":"U8","shape":[1073741824],"data_offsets":[0,1073741824]}}`
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(stBytes(header, nil)); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(int64(8 + len(header) + size)); err != nil {
		t.Skipf("cannot make a sparse 1 GiB file here: %v", err)
	}
	f.Close()

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	sf, err := OpenSafetensors(path)
	if err != nil {
		t.Fatal(err)
	}
	defer sf.Close()
	a, err := sf.Raw("w")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := sf.Raw("w")
	if len(a) != size || unsafe.SliceData(a) != unsafe.SliceData(b) {
		t.Fatalf("Raw returned %d bytes at %p and %p: not one view of the mapping", len(a), unsafe.SliceData(a), unsafe.SliceData(b))
	}
	if a[0] != 0 || a[size/2] != 0 || a[size-1] != 0 {
		t.Errorf("sparse file reads nonzero")
	}
	runtime.ReadMemStats(&after)
	if grown := int64(after.TotalAlloc) - int64(before.TotalAlloc); grown > 16<<20 {
		t.Errorf("opening and slicing allocated %d bytes on the Go heap", grown)
	}
}
