package gpudriver

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unsafe"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/runtime"
)

// fake is an API over Go memory: buffers at addresses 1<<20 apart,
// modules that know the symbols listed in their image ("sym1 sym2"),
// launches recorded with their argument slots read back through params.
type fake struct {
	mem      map[uint64][]byte
	next     uint64
	modules  map[uintptr]string
	nextMod  uintptr
	unloaded []uintptr
	launches []launch
	failSync bool
	oomAt    uint64 // Malloc of this many bytes or more fails out of memory
	currents int
}

type launch struct {
	fn          uintptr
	grid, block [3]uint32
	slots       []uint64
}

func newFake() *fake {
	return &fake{mem: map[uint64][]byte{}, next: 1 << 20, modules: map[uintptr]string{}, nextMod: 100, oomAt: 1 << 40}
}

// at returns the bytes from device address p to its buffer's end.
func (f *fake) at(p uint64) []byte {
	b := f.mem[p&^(1<<20-1)]
	return b[p&(1<<20-1):]
}

func (f *fake) Current() error { f.currents++; return nil }
func (f *fake) Malloc(size uint64) (uint64, error) {
	if size >= f.oomAt {
		return 0, &Error{Call: "fakeMalloc", Code: codeOutOfMemory, Name: "OOM"}
	}
	p := f.next
	f.next += 1 << 20
	f.mem[p] = make([]byte, size)
	return p, nil
}
func (f *fake) Free(p uint64) error { delete(f.mem, p); return nil }
func (f *fake) CopyHtoD(dst uint64, src unsafe.Pointer, n uint64) error {
	copy(f.at(dst)[:n], unsafe.Slice((*byte)(src), n))
	return nil
}
func (f *fake) CopyDtoH(dst unsafe.Pointer, src uint64, n uint64) error {
	copy(unsafe.Slice((*byte)(dst), n), f.at(src)[:n])
	return nil
}
func (f *fake) CopyDtoD(dst, src uint64, n uint64) error {
	copy(f.at(dst)[:n], f.at(src)[:n])
	return nil
}
func (f *fake) LoadModule(image []byte) (uintptr, error) {
	f.nextMod++
	f.modules[f.nextMod] = string(image)
	return f.nextMod, nil
}
func (f *fake) Function(m uintptr, s string) (uintptr, error) {
	for i, name := range strings.Fields(f.modules[m]) {
		if name == s {
			return m*10 + uintptr(i), nil
		}
	}
	return 0, &Error{Call: "fakeFunction(" + s + ")", Code: 500, Name: "NOT_FOUND"}
}
func (f *fake) UnloadModule(m uintptr) { f.unloaded = append(f.unloaded, m); delete(f.modules, m) }
func (f *fake) Launch(fn uintptr, grid, block [3]uint32, params unsafe.Pointer) error {
	ptrs := unsafe.Slice((*unsafe.Pointer)(params), 8)
	var slots []uint64
	for _, p := range ptrs {
		if p == nil {
			break
		}
		slots = append(slots, *(*uint64)(p))
	}
	f.launches = append(f.launches, launch{fn, grid, block, slots})
	return nil
}
func (f *fake) Synchronize() error {
	if f.failSync {
		return &Error{Call: "fakeSync", Code: 700, Name: "ILLEGAL_ADDRESS"}
	}
	return nil
}

// bundleEnv returns an Env whose bundle holds one module of format with
// kernels "k0" (a buffer and an i32) and "k1" (no args), the blob listing
// the symbols present.
func bundleEnv(t *testing.T, format, symbols string) *runtime.Env {
	t.Helper()
	m := &emit.Manifest{
		Target: emit.Target{Name: "cuda"},
		Modules: []emit.Module{{Name: "kernels", Format: format, Blob: "kernels.bin", Kernels: []emit.Kernel{
			{Name: "k0", Symbol: "k0", Args: []emit.KernelArg{{Kind: emit.ArgBuffer, Access: "readwrite"}, {Kind: emit.ArgI32}}, Workgroup: []int64{1, 1, 1}},
			{Name: "k1", Symbol: "k1", Workgroup: []int64{1, 1, 1}},
		}}},
		Host: "host.wasm",
	}
	blobs := []emit.BlobData{
		{Name: "host.wasm", Kind: emit.BlobHost, Data: []byte("\x00asm\x01\x00\x00\x00")},
		{Name: "kernels.bin", Kind: emit.BlobKernels, Data: []byte(symbols)},
	}
	var buf bytes.Buffer
	if err := emit.Encode(&buf, m, blobs); err != nil {
		t.Fatal(err)
	}
	b, err := emit.Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return &runtime.Env{Bundle: b, Manifest: b.Manifest}
}

func TestNotStarted(t *testing.T) {
	d := New("cuda", emit.FormatPTX)
	if d.Name() != "cuda" || d.Started() {
		t.Errorf("Name %q Started %v", d.Name(), d.Started())
	}
	if _, err := d.Alloc(8); err == nil || !strings.Contains(err.Error(), "cuda: the driver is not initialised") {
		t.Errorf("Alloc: %v", err)
	}
	if err := d.Sync(); err == nil {
		t.Error("Sync succeeded")
	}
	if err := d.Launch(&runtime.Launch{}); !errors.Is(err, runtime.ErrInvalid) {
		t.Errorf("Launch: %v, want ErrInvalid", err)
	}
	if err := d.Release(); err != nil {
		t.Errorf("Release: %v", err)
	}
}

func TestBuffers(t *testing.T) {
	f := newFake()
	d := New("cuda", emit.FormatPTX)
	d.Start(f, nil)
	h, err := d.Alloc(100)
	if err != nil {
		t.Fatal(err)
	}
	src := make([]byte, 100)
	for i := range src {
		src[i] = byte(3*i + 1)
	}
	if err := d.Write(h, 0, src); err != nil {
		t.Fatal(err)
	}
	got := make([]byte, 40)
	if err := d.Read(h, 50, got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, src[50:90]) {
		t.Errorf("read %v, want %v", got, src[50:90])
	}
	for _, c := range []struct {
		name string
		err  error
	}{
		{"read past the end", d.Read(h, 61, got)},
		{"write past the end", d.Write(h, 1, src)},
		{"offset past the end", d.Write(h, 101, nil)},
		{"read of a dead handle", d.Read(h+8, 0, got)},
		{"free of a dead handle", d.Free(h + 8)},
		{"device copy past the end", d.Copy(runtime.DeviceToDevice, h, 0, h, 50, 51)},
		{"host copy without memory", d.Copy(runtime.HostToDevice, h, 0, 0, 0, 4)},
		{"unknown copy kind", d.Copy(runtime.CopyKind(99), h, 0, h, 0, 1)},
	} {
		if !errors.Is(c.err, runtime.ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", c.name, c.err)
		}
	}
	if err := d.Copy(runtime.DeviceToDevice, h, 0, h, 60, 40); err != nil {
		t.Fatal(err)
	}
	if err := d.Read(h, 0, got); err != nil || !bytes.Equal(got, src[60:100]) {
		t.Errorf("after a device copy read %v (%v), want %v", got, err, src[60:100])
	}
	z, err := d.Alloc(0)
	if err != nil || z == h || len(f.mem[z]) != 1 {
		t.Errorf("zero-byte Alloc: %#x %v, %d bytes", z, err, len(f.mem[z]))
	}
	if err := d.Write(z, 0, []byte{1}); !errors.Is(err, runtime.ErrInvalid) {
		t.Errorf("write into a zero-byte buffer: %v, want ErrInvalid", err)
	}
	f.oomAt = 1000
	if _, err := d.Alloc(5000); !errors.Is(err, runtime.ErrOutOfMemory) || !strings.Contains(err.Error(), "fakeMalloc") {
		t.Errorf("Alloc past memory: %v, want ErrOutOfMemory naming the call", err)
	}
	if err := d.Free(0); err != nil {
		t.Errorf("Free(0): %v", err)
	}
	if err := d.Free(h); err != nil {
		t.Fatal(err)
	}
	if _, ok := f.mem[h]; ok {
		t.Error("Free did not reach the API")
	}
	if err := d.Free(h); !errors.Is(err, runtime.ErrInvalid) {
		t.Errorf("double Free: %v, want ErrInvalid", err)
	}
	if err := d.Release(); err != nil {
		t.Fatal(err)
	}
	if len(f.mem) != 0 {
		t.Errorf("Release left %d buffers", len(f.mem))
	}
	if f.currents == 0 {
		t.Error("no call made the device current")
	}
}

func TestModulesAndLaunch(t *testing.T) {
	f := newFake()
	d := New("cuda", emit.FormatPTX)
	d.Start(f, bundleEnv(t, emit.FormatPTX, "k0 k1"))
	if err := d.Launch(&runtime.Launch{Module: 0}); !errors.Is(err, runtime.ErrInvalid) {
		t.Errorf("launch before LoadModule: %v, want ErrInvalid", err)
	}
	if err := d.LoadModule(1); !errors.Is(err, runtime.ErrInvalid) {
		t.Errorf("LoadModule(1): %v, want ErrInvalid", err)
	}
	if err := d.LoadModule(0); err != nil {
		t.Fatal(err)
	}
	if err := d.LoadModule(0); err != nil || len(f.modules) != 1 {
		t.Errorf("second LoadModule: %v, %d modules loaded", err, len(f.modules))
	}
	h, err := d.Alloc(16)
	if err != nil {
		t.Fatal(err)
	}
	l := &runtime.Launch{Module: 0, Kernel: 0, Grid: [3]uint32{4, 2, 1}, Block: [3]uint32{64, 1, 1}, Args: []uint64{h, 0xfffffffe}}
	if err := d.Launch(l); err != nil {
		t.Fatal(err)
	}
	if len(f.launches) != 1 {
		t.Fatalf("%d launches", len(f.launches))
	}
	got := f.launches[0]
	if got.grid != l.Grid || got.block != l.Block || len(got.slots) != 2 || got.slots[0] != h || got.slots[1] != 0xfffffffe {
		t.Errorf("launch %+v, want grid %v block %v slots [%#x 0xfffffffe]", got, l.Grid, l.Block, h)
	}
	if fn, _ := f.Function(f.nextMod, "k0"); got.fn != fn {
		t.Errorf("launched fn %d, want k0's %d", got.fn, fn)
	}
	if err := d.Launch(&runtime.Launch{Module: 0, Kernel: 0, Args: []uint64{h + 1, 0}}); !errors.Is(err, runtime.ErrInvalid) {
		t.Errorf("launch with a dead buffer: %v, want ErrInvalid", err)
	}
	if err := d.Launch(&runtime.Launch{Module: 0, Kernel: 2}); !errors.Is(err, runtime.ErrInvalid) {
		t.Errorf("launch of kernel 2: %v, want ErrInvalid", err)
	}
	if err := d.Sync(); err != nil {
		t.Fatal(err)
	}
	f.failSync = true
	if err := d.Sync(); !errors.Is(err, runtime.ErrKernel) || !strings.Contains(err.Error(), "ILLEGAL_ADDRESS") {
		t.Errorf("failed Sync: %v, want ErrKernel naming the error", err)
	}
	if err := d.Collective(0, h, h); !errors.Is(err, runtime.ErrUnsupported) || !strings.Contains(err.Error(), "cuda") {
		t.Errorf("Collective: %v", err)
	}
	if err := d.Release(); err != nil {
		t.Fatal(err)
	}
	if len(f.modules) != 0 || len(f.mem) != 0 {
		t.Errorf("Release left %d modules, %d buffers", len(f.modules), len(f.mem))
	}
}

func TestLoadModuleErrors(t *testing.T) {
	f := newFake()
	d := New("rocm", emit.FormatHSACO)
	d.Start(f, bundleEnv(t, emit.FormatPTX, "k0 k1"))
	if err := d.LoadModule(0); !errors.Is(err, runtime.ErrUnsupported) || !strings.Contains(err.Error(), "the rocm driver loads") {
		t.Errorf("LoadModule of PTX on rocm: %v, want ErrUnsupported", err)
	}
	d = New("cuda", emit.FormatPTX)
	d.Start(f, bundleEnv(t, emit.FormatPTX, "k0"))
	err := d.LoadModule(0)
	if err == nil || !strings.Contains(err.Error(), `module "kernels"`) || !strings.Contains(err.Error(), "fakeFunction(k1)") {
		t.Errorf("LoadModule with a missing symbol: %v", err)
	}
	if len(f.modules) != 0 || len(f.unloaded) != 1 {
		t.Errorf("a failed load left %d modules loaded (%d unloaded)", len(f.modules), len(f.unloaded))
	}
}
