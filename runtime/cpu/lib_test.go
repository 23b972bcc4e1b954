package cpu

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
	"github.com/zmlc/zmlc/targets/llvm"
)

// TestLoadErrors: bad bytes and unknown symbols are errors, not crashes.
func TestLoadErrors(t *testing.T) {
	if _, err := Load([]byte("not an ELF file")); err == nil || !strings.Contains(err.Error(), "cpu: loading the kernel library") {
		t.Errorf("Load of garbage: %v", err)
	}
	if _, err := Open("/nonexistent/zmlc-kernels.so"); err == nil {
		t.Error("Open of a missing file succeeded")
	}
	l := &Library{}
	if _, err := l.Kernel("x"); err == nil {
		t.Error("Kernel on a closed library succeeded")
	}
}

// TestRunChunks builds a kernel writing out[i] = i*i+1 over a grid of
// 1001 workgroups (a hand-built kernel, grid loop of 1001 with a vector
// loop of 3), runs it over 1 to 5 workers, and checks every element was
// written once, by its own workgroup: chunks cover [0, grid) exactly.
func TestRunChunks(t *testing.T) {
	for _, tl := range []llvm.Tool{llvm.ToolOpt, llvm.ToolLLC, llvm.ToolLLD} {
		if _, err := tl.Path(); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatal(err)
			}
			t.Skip(err)
		}
	}
	kern, grid := squaresKernel(t)
	if _, err := kern.lib.Kernel("zml_kernel_nothere"); err == nil {
		t.Error("a missing symbol resolved")
	}
	// Launches back to back over 1 to 5 workers, from two goroutines at
	// once: every element accumulated exactly once per launch.
	var wg sync.WaitGroup
	for g := 0; g < 2; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			heap := make(chan []int32, 1)
			for rep := 0; rep < 40; rep++ {
				for workers := 1; workers <= 5; workers++ {
					buf := make([]int32, 1001*3)
					heap <- buf // on the heap: a goroutine stack may move during the call
					<-heap
					for j := range buf {
						buf[j] = 1
					}
					kern.Run([]uint64{uint64(uintptr(unsafe.Pointer(&buf[0])))}, grid, workers)
					for j, x := range buf {
						if w := int32(j/3)*int32(j/3) + 1; x != w {
							t.Errorf("%d workers: element %d is %d, want %d", workers, j, x, w)
							return
						}
					}
				}
			}
		}()
	}
	wg.Wait()
}

// squaresKernel compiles the squares kernel: 1001 workgroups (a grid loop
// of 1001 with a vector loop of 3) adding the square of the workgroup's
// index to its three elements of an i32 buffer; it returns the kernel and
// its grid.
func squaresKernel(tb testing.TB) (*squares, int64) {
	tb.Helper()
	out := &kernel.Buffer{Name: "out", Elem: ir.I32, Shape: []int64{1001, 3}, Strides: []int64{3, 1}, Role: kernel.ReadWrite}
	g := &kernel.Node{Kind: kernel.Loop, Type: ir.Index, N: 1001, Level: kernel.Grid}
	v := &kernel.Node{Kind: kernel.Loop, Type: ir.Index, N: 3, Level: kernel.Vector}
	i := &kernel.Node{Kind: kernel.Add, Type: ir.Index, Args: []*kernel.Node{&kernel.Node{Kind: kernel.Mul, Type: ir.Index, Args: []*kernel.Node{g, kernel.Idx(3)}}, v}}
	old := &kernel.Node{Kind: kernel.Load, Type: ir.I32, Buf: out, Args: []*kernel.Node{i}}
	c := &kernel.Node{Kind: kernel.Convert, Type: ir.I32, Args: []*kernel.Node{g}}
	sq := &kernel.Node{Kind: kernel.Mul, Type: ir.I32, Args: []*kernel.Node{c, c}}
	val := &kernel.Node{Kind: kernel.Add, Type: ir.I32, Args: []*kernel.Node{old, sq}}
	v.Body = []*kernel.Node{i.Args[0], i, old, val, {Kind: kernel.Store, Buf: out, Args: []*kernel.Node{i, val}}}
	g.Body = []*kernel.Node{c, sq, v}
	k := &kernel.Kernel{Name: "squares", Params: []*kernel.Buffer{out}, Body: []*kernel.Node{g}}
	if err := kernel.Verify(k); err != nil {
		tb.Fatal(err)
	}
	tgt, err := llvm.CPUTarget("")
	if err != nil {
		tb.Skip(err)
	}
	mod := llvm.NewModule(tgt)
	rk, err := mod.Add(k, "squares")
	if err != nil {
		tb.Fatal(err)
	}
	if rk.Grid != 1001 {
		tb.Fatalf("grid %d, want 1001", rk.Grid)
	}
	so, err := llvm.CompileCPU(context.Background(), mod)
	if err != nil {
		tb.Fatal(err)
	}
	lib, err := Load(so)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { lib.Close() })
	kern, err := lib.Kernel(rk.Symbol)
	if err != nil {
		tb.Fatal(err)
	}
	return &squares{Kernel: kern, lib: lib}, rk.Grid
}

// squares is the squares kernel and its library.
type squares struct {
	*Kernel
	lib *Library
}

// BenchmarkRunLaunch measures launches of a tiny kernel (the squares
// kernel of TestRunChunks) back to back: the per-launch cost of the call
// through purego on one worker, and of the hand-off to a second goroutine
// on two.
//
//	go test -run XXX -bench RunLaunch ./runtime/cpu/
func BenchmarkRunLaunch(b *testing.B) {
	if _, err := llvm.ToolLLC.Path(); err != nil {
		b.Skip(err)
	}
	kern, grid := squaresKernel(b)
	buf := make([]int32, 1001*3)
	addrs := []uint64{uint64(uintptr(unsafe.Pointer(&buf[0])))}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			for range b.N {
				kern.Run(addrs, grid, workers)
			}
		})
	}
}

// TestLoadLeavesNoFiles: compiling and loading a kernel library leaves
// nothing in TMPDIR (Linux loads from a memory file; the link folder is
// removed), and ZMLC_KEEP_KERNELS=1 keeps exactly one named file.
func TestLoadLeavesNoFiles(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	squaresKernel(t)
	if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
		t.Fatalf("TMPDIR holds %d entries after a load, want 0 (first %s)", len(ents), ents[0].Name())
	}
	t.Setenv("ZMLC_KEEP_KERNELS", "1")
	squaresKernel(t)
	ents, _ := os.ReadDir(tmp)
	want := fmt.Sprintf("zmlc-kernels-%d-", os.Getpid())
	if len(ents) != 1 || !strings.HasPrefix(ents[0].Name(), want) {
		t.Fatalf("with ZMLC_KEEP_KERNELS=1, TMPDIR holds %v, want one %s*.so", ents, want)
	}
}
