package rocm

import (
	"errors"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/runtime"
)

// TestMissingLibrary: without the HIP runtime, Init fails with one line
// naming it and the target, and the other methods fail cleanly.
func TestMissingLibrary(t *testing.T) {
	old := LibraryNames
	LibraryNames = []string{"libamdhip64-zmlc-test-missing.so"}
	defer func() { LibraryNames = old }()
	d := New(0)
	err := d.Init(nil)
	if err == nil {
		t.Fatal("Init succeeded without the library")
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") || !strings.Contains(msg, LibraryNames[0]) || !strings.Contains(msg, "rocm target") {
		t.Errorf("error %q is not one line naming %s and the rocm target", msg, LibraryNames[0])
	}
	if _, err := d.Alloc(16); err == nil {
		t.Error("Alloc succeeded on an uninitialised driver")
	}
	if err := d.Sync(); err == nil {
		t.Error("Sync succeeded on an uninitialised driver")
	}
	if err := d.Launch(&runtime.Launch{}); !errors.Is(err, runtime.ErrInvalid) {
		t.Errorf("Launch: %v, want ErrInvalid", err)
	}
	if err := d.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}

// TestDevice runs when libamdhip64.so and an AMD GPU are present: allocation,
// copies both ways, bounds checks, and error names.
func TestDevice(t *testing.T) {
	d := New(0)
	if err := d.Init(nil); err != nil {
		t.Skipf("no ROCm device: %v", err)
	}
	defer d.Close()
	h, err := d.Alloc(1024)
	if err != nil {
		t.Fatal(err)
	}
	src := make([]byte, 1024)
	for i := range src {
		src[i] = byte(i * 7)
	}
	if err := d.Write(h, 0, src); err != nil {
		t.Fatal(err)
	}
	dst := make([]byte, 1000)
	if err := d.Read(h, 24, dst); err != nil {
		t.Fatal(err)
	}
	for i := range dst {
		if dst[i] != src[24+i] {
			t.Fatalf("byte %d: got %d, want %d", i, dst[i], src[24+i])
		}
	}
	if err := d.Read(h, 1000, dst); !errors.Is(err, runtime.ErrInvalid) {
		t.Errorf("out-of-bounds read: %v, want ErrInvalid", err)
	}
	if _, _, err := d.LoadHSACO([]byte("not a code object"), nil); err == nil || !strings.Contains(err.Error(), "hipError") {
		t.Errorf("loading a bad code object: %v, want a hipError* name", err)
	}
	if err := d.Free(h); err != nil {
		t.Fatal(err)
	}
}
