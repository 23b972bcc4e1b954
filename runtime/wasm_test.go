package runtime

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/tensorio"
)

// TestWasmTarget runs the Wasm kernel k_add through launch on four workers:
// the workgroups [0, 8) split into chunks of two, so element i is written
// by worker i/2.
func TestWasmTarget(t *testing.T) {
	bundle, weights, _ := testBundle(t, emit.FormatWasmSelf)
	rt, err := Open(bundle, Options{Weights: weights, Workers: 4})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	if len(rt.inst) != 5 {
		t.Fatalf("%d instances, want the host and 4 workers", len(rt.inst))
	}
	x := vec(0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4)
	for range 3 {
		outs, err := rt.Run(context.Background(), "forward", []*ir.Tensor{x})
		if err != nil {
			t.Fatal(err)
		}
		if want := vec(1.5, 3, 4.5, 6, 7.5, 9, 10.5, 12); !outs[0].Equal(want) {
			t.Errorf("out = %v, want %v", outs[0], want)
		}
		if !slices.Equal(outs[1].I, []int64{0, 0, 1, 1, 2, 2, 3, 3}) {
			t.Errorf("workers = %v, want [0 0 1 1 2 2 3 3]", outs[1].I)
		}
	}
	_, err = rt.Run(context.Background(), "ktrap", []*ir.Tensor{x})
	var re *Error
	if !errors.As(err, &re) || re.Status != StatusKernel || re.Kernel != "fusion.trap" || !errors.Is(err, ErrKernel) ||
		!strings.HasPrefix(err.Error(), `runtime: entry "ktrap": launch of kernel "fusion.trap" (module 0 "kernels", kernel 1): kernel failed: worker 0, workgroups [0, 2): wasm error: unreachable`) {
		t.Errorf("trapping kernel: %v", err)
	}
}

func TestWasmTargetRejectsForeignModules(t *testing.T) {
	bundle, weights, _ := testBundle(t, emit.FormatPTX)
	_, err := Open(bundle, Options{Weights: weights})
	if err == nil || err.Error() != `runtime: wasm driver: not supported by this driver: module 0 "kernels" has format ptx, which the wasm target cannot run` {
		t.Errorf("err = %v", err)
	}
}

// TestWeightErrors checks that a missing weight, or one of the wrong dtype
// or shape, is rejected at Open with the tensor's name.
func TestWeightErrors(t *testing.T) {
	bundle, _, _ := testBundle(t, "ptx")
	dir := t.TempDir()
	write := func(name string, x *ir.Tensor) string {
		p := filepath.Join(dir, name+x.Type.String()+".safetensors")
		if err := tensorio.WriteSafetensors(p, map[string]*ir.Tensor{name: x}, nil); err != nil {
			t.Fatal(err)
		}
		return p
	}
	wrongDType := ir.MustTensor(ir.TensorOf(ir.F16, 8))
	tests := []struct{ path, want string }{
		{write("v", vec(1)), `tensor "w" (tensor<8xf32>) is missing`},
		{write("w", wrongDType), `tensor "w" is tensor<8xf16>, the bundle wants tensor<8xf32>`},
		{write("w", vec(1, 2)), `tensor "w" is tensor<2xf32>, the bundle wants tensor<8xf32>`},
	}
	for _, tc := range tests {
		_, err := Open(bundle, Options{Weights: tc.path, Driver: &RecordingDriver{}})
		if want := "runtime: weights " + tc.path + ": " + tc.want; err == nil || err.Error() != want {
			t.Errorf("err = %v\nwant %s", err, want)
		}
	}
	if _, err := Open(bundle, Options{Driver: &RecordingDriver{}}); err == nil || err.Error() != `runtime: the bundle needs its weights (parameter "w" is not embedded): pass a safetensors file` {
		t.Errorf("no weights: %v", err)
	}
	// A corrupt bundle is rejected before anything runs.
	data, _ := os.ReadFile(bundle)
	data[5000] ^= 1
	bad := filepath.Join(dir, "bad.zpkg")
	os.WriteFile(bad, data, 0o644)
	if _, err := Open(bad, Options{Driver: &RecordingDriver{}}); err == nil || !strings.Contains(err.Error(), `bad bundle: blob "host.wasm": sha256 is`) {
		t.Errorf("flipped byte: %v", err)
	}
}

// TestEmbeddedWeights binds a parameter from the bundle itself.
func TestEmbeddedWeights(t *testing.T) {
	m, blobs := testManifest("ptx")
	w := vec(8, 7, 6, 5, 4, 3, 2, 1)
	m.Parameters[0].Blob = "weights/w"
	blobs = append(blobs, emit.BlobData{Name: "weights/w", Kind: emit.BlobWeights, Data: ir.TensorBytes(w)})
	path := filepath.Join(t.TempDir(), "e.zpkg")
	if err := emit.WriteFile(path, m, blobs); err != nil {
		t.Fatal(err)
	}
	rt, err := Open(path, Options{Driver: &RecordingDriver{}})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	outs, err := rt.Run(context.Background(), "leak", []*ir.Tensor{vec(0, 0, 0, 0, 0, 0, 0, 0)})
	if err != nil || !outs[0].Equal(w) {
		t.Errorf("leak: %v %v", outs, err)
	}
}

// TestMemoryDoesNotMove grows the linear memory through the heap and
// checks that its base stays put, page-aligned, and keeps its contents.
func TestMemoryDoesNotMove(t *testing.T) {
	bundle, weights, _ := testBundle(t, "ptx")
	rt, err := Open(bundle, Options{Weights: weights, Driver: &RecordingDriver{}})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	mem := rt.Memory()
	base := mem.Base()
	if base%4096 != 0 || base == 0 {
		t.Fatalf("base %#x is not page-aligned", base)
	}
	first, err := mem.Heap.Alloc(16)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := mem.Slice(first, 16)
	copy(b, "sixteen bytes!!!")
	size0 := len(mem.Bytes())
	for i := range 8 {
		// 1 MiB, 2 MiB, ...: the memory grows until its maximum of 1024
		// pages (64 MiB), then Alloc fails.
		if _, err := mem.Heap.Alloc(1 << 20 << i); err != nil {
			if !errors.Is(err, ErrOutOfMemory) {
				t.Fatal(err)
			}
			break
		}
		if got := uintptr(unsafe.Pointer(&mem.Bytes()[0])); got != base || mem.Base() != base {
			t.Fatalf("memory moved from %#x to %#x after growing to %d bytes", base, got, len(mem.Bytes()))
		}
	}
	if len(mem.Bytes()) <= size0 {
		t.Fatalf("memory did not grow (%d bytes)", len(mem.Bytes()))
	}
	b, _ = mem.Slice(first, 16)
	if string(b) != "sixteen bytes!!!" {
		t.Errorf("contents changed: %q", b)
	}
	// wazero sees the same memory: its size agrees with ours.
	if sz := rt.mem.api.Size(); uint64(sz) != uint64(len(mem.Bytes())) {
		t.Errorf("wazero says %d bytes, the reservation %d", sz, len(mem.Bytes()))
	}
}

// TestInterruptible runs the wasm target built with wazero's
// WithCloseOnContextDone: a run works, and a cancelled context fails the
// next one with the context's error.
func TestInterruptible(t *testing.T) {
	bundle, weights, _ := testBundle(t, emit.FormatWasmSelf)
	rt, err := Open(bundle, Options{Weights: weights, Workers: 2, Interruptible: true})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	x := vec(0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4)
	outs, err := rt.Run(context.Background(), "forward", []*ir.Tensor{x})
	if want := vec(1.5, 3, 4.5, 6, 7.5, 9, 10.5, 12); err != nil || !outs[0].Equal(want) {
		t.Fatalf("run: %v, %v; want %v", outs, err, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := rt.Run(ctx, "forward", []*ir.Tensor{x}); !errors.Is(err, context.Canceled) {
		t.Errorf("run with a cancelled context: %v", err)
	}
}
