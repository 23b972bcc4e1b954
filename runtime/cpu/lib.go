// Package cpu is the cpu target's driver (docs/RUNTIME.md): it loads the
// bundle's shared object of kernels (built by targets/llvm's CompileCPU)
// with purego's dlopen — no cgo — and runs each launch on the threads of
// the machine. Buffers live in the host program's linear memory
// (runtime.SharedMemory): a kernel receives absolute addresses into it, so
// inputs, weights and results are never copied.
//
// A kernel of the shared object is `void sym(int64_t *args, int64_t
// begin, int64_t end)`: args holds one absolute address per buffer
// parameter, and the call runs the workgroups [begin, end) of its launch
// range. The Driver cuts a launch of gx·gy·gz workgroups into Workers()
// contiguous chunks run concurrently on a pool of persistent worker
// goroutines (pool.go), or runs it on the launching thread alone when the
// kernel's first launches measured faster so (splitChoice).
package cpu

import (
	"fmt"
	"os"
	goruntime "runtime"
	"strconv"
	"sync"
	"unsafe"

	"github.com/ebitengine/purego"

	"github.com/zmlc/zmlc/internal/tempfiles"
)

// Library is a loaded shared object of kernels.
type Library struct {
	handle uintptr
}

// Load dlopens the shared object so (its bytes). On Linux they go into an
// anonymous memory file (memfd_create) that is dlopened through
// /proc/self/fd, so nothing is ever written to disk and a killed process
// leaves nothing behind. Elsewhere, or when the environment sets
// ZMLC_KEEP_KERNELS=1 (so that profilers such as perf can name the kernels
// of their samples), they are written to a temporary file
// `zmlc-kernels-<pid>-*.so`, removed once loaded unless kept; a later Load
// removes the files of processes that died before removing theirs
// (internal/tempfiles). Errors name the dynamic loader's complaint, for
// example an undefined symbol.
func Load(so []byte) (*Library, error) {
	keep := os.Getenv("ZMLC_KEEP_KERNELS") == "1"
	if !keep {
		if l, ok, err := loadMemfd(so); ok {
			return l, err
		}
	}
	dir := os.TempDir()
	tempfiles.Sweep(dir, "zmlc-kernels-")
	f, err := os.CreateTemp(dir, "zmlc-kernels-"+strconv.Itoa(os.Getpid())+"-*.so")
	if err != nil {
		return nil, fmt.Errorf("cpu: writing the kernel library: %w", err)
	}
	path := f.Name()
	if !keep {
		defer os.Remove(path)
	}
	if _, err := f.Write(so); err != nil {
		f.Close()
		return nil, fmt.Errorf("cpu: writing the kernel library: %w", err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("cpu: writing the kernel library: %w", err)
	}
	return Open(path)
}

// Open dlopens the shared object at path.
func Open(path string) (*Library, error) {
	h, err := purego.Dlopen(path, purego.RTLD_NOW|purego.RTLD_LOCAL)
	if err != nil {
		return nil, fmt.Errorf("cpu: loading the kernel library: %v", err)
	}
	return &Library{handle: h}, nil
}

// Kernel returns the kernel exported as symbol.
func (l *Library) Kernel(symbol string) (*Kernel, error) {
	if l.handle == 0 {
		return nil, fmt.Errorf("cpu: kernel %s: the library is closed", symbol)
	}
	p, err := purego.Dlsym(l.handle, symbol)
	if err != nil || p == 0 {
		return nil, fmt.Errorf("cpu: the kernel library has no symbol %s", symbol)
	}
	return &Kernel{Symbol: symbol, fn: p}, nil
}

// Close unloads the library; its kernels must not run afterwards.
func (l *Library) Close() error {
	if l.handle == 0 {
		return nil
	}
	err := purego.Dlclose(l.handle)
	l.handle = 0
	return err
}

// Kernel is one kernel of a Library.
type Kernel struct {
	Symbol string
	fn     uintptr
}

// Call runs the workgroups [begin, end) on the calling goroutine. addrs
// holds one absolute address per buffer parameter; the memory they point
// to must stay valid (and, for Go memory, reachable) during the call.
func (k *Kernel) Call(addrs []uint64, begin, end int64) {
	if begin >= end {
		return
	}
	if len(addrs) == 0 {
		addrs = []uint64{0}
	}
	// The conversion sits in the call expression: SyscallN is
	// go:uintptrescapes, so the array is on the heap and cannot move.
	purego.SyscallN(k.fn, uintptr(unsafe.Pointer(&addrs[0])), uintptr(begin), uintptr(end))
	goruntime.KeepAlive(addrs)
}

// Run runs the workgroups [0, grid) over at most workers goroutines in
// contiguous chunks and returns when all are done.
func (k *Kernel) Run(addrs []uint64, grid int64, workers int) {
	if workers < 1 {
		workers = 1
	}
	n := int64(workers)
	if grid < n {
		n = grid
	}
	if n <= 1 {
		k.Call(addrs, 0, grid)
		return
	}
	var wg sync.WaitGroup
	for w := int64(0); w < n; w++ {
		begin, end := grid*w/n, grid*(w+1)/n
		if w == n-1 {
			k.Call(addrs, begin, end)
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			k.Call(addrs, begin, end)
		}()
	}
	wg.Wait()
}
