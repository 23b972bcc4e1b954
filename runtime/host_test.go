package runtime

import (
	"path/filepath"
	"testing"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/tensorio"
)

// Indices of the zml_device imports in testHost.
const (
	fAlloc = iota
	fFree
	fCopy
	fLoadModule
	fLaunch
	fSync
	fCollective
	fWorkers
	numImports
)

const heapBase = 70000 // inside the second page: the heap starts at 73728

// testHost assembles a host program following docs/RUNTIME.md. Every entry
// takes (frame i32) -> i32; the frame holds [w, x, outputs...].
//
//	forward: out = alloc(32); wk = alloc(32); launch(0, 0, grid 8x1x1,
//	         block 1x1x1, args [w, x, out, wk]); sync; outputs (out, wk)
//	copy:    out = alloc(32); copy(device->device, out, x); output out
//	badargs: launch(0, 0, ...) with 3 arguments instead of 4
//	trap:    unreachable
//	oom:     alloc(2^40), returning 2 when it fails
//	status:  returns 3 without a failing call
//	leak:    allocates three buffers, frees none, outputs w (a parameter)
//	ktrap:   launch(0, 1, ...) of the trapping kernel
//	coll:    out = alloc(32); collective(0, x, out); output out
//
// It exports the kernels k_add (out[i] = w[i] + x[i], wk[i] = worker) and
// k_trap for the wasm target.
func testHost() []byte {
	m := &wmod{memMin: 1, memMax: 1024, globals: []int32{heapBase}}
	I, L := []byte{tI32}, []byte{tI64}
	m.importFunc("zml_device", "alloc", L, L)
	m.importFunc("zml_device", "free", L, I)
	m.importFunc("zml_device", "copy", []byte{tI32, tI64, tI64, tI64, tI64, tI64}, I)
	m.importFunc("zml_device", "load_module", I, I)
	m.importFunc("zml_device", "launch", []byte{tI32, tI32, tI32, tI32, tI32, tI32, tI32, tI32, tI32, tI32}, I)
	m.importFunc("zml_device", "sync", nil, I)
	m.importFunc("zml_device", "collective", []byte{tI32, tI64, tI64}, I)
	m.importFunc("zml_device", "workers", nil, I)
	m.exports = append(m.exports, wexport{"zml_heap_base", 3, 0})
	entry := func(name string, body []byte) {
		f := m.fn(I, I, []byte{tI64, tI32, tI64}, body) // locals: 1 out, 2 st, 3 wk
		m.exports = append(m.exports, wexport{"zml_entry_" + name, 0, f})
	}
	check := cat(ltee(2), ifVoid, lget(2), ret, end) // return a nonzero status
	alloc := func(n int64, local int) []byte {
		return cat(i64c(n), callf(fAlloc), ltee(local), i64eqz, ifVoid, i32c(2), ret, end)
	}
	launch := func(kernel, nargs int32) []byte {
		return cat(i32c(0), i32c(kernel), i32c(8), i32c(1), i32c(1), i32c(1), i32c(1), i32c(1), i32c(1024), i32c(nargs), callf(fLaunch), check)
	}
	args := cat(
		i32c(1024), lget(0), i64load(0), i64store(0), // w
		i32c(1032), lget(0), i64load(8), i64store(0), // x
		i32c(1040), lget(1), i64store(0), // out
		i32c(1048), lget(3), i64store(0), // wk
	)
	entry("forward", cat(alloc(32, 1), alloc(32, 3), args, launch(0, 4),
		lget(0), lget(1), i64store(16), lget(0), lget(3), i64store(24),
		callf(fSync), check, i32c(0)))
	entry("copy", cat(alloc(32, 1),
		i32c(3), lget(1), i64c(0), lget(0), i64load(8), i64c(0), i64c(32), callf(fCopy), check,
		lget(0), lget(1), i64store(16), i32c(0)))
	entry("badargs", cat(alloc(32, 1), alloc(32, 3), args, launch(0, 3), i32c(0)))
	entry("trap", cat(unreach))
	entry("oom", cat(alloc(1<<40, 1), i32c(0)))
	entry("status", cat(i32c(3)))
	entry("leak", cat(alloc(10, 1), alloc(1000, 1), alloc(100000, 1),
		lget(0), lget(0), i64load(0), i64store(16), i32c(0)))
	entry("ktrap", cat(alloc(32, 1), alloc(32, 3), args, launch(1, 4), i32c(0)))
	entry("coll", cat(alloc(32, 1),
		i32c(0), lget(0), i64load(8), lget(1), callf(fCollective), check,
		lget(0), lget(1), i64store(16), i32c(0)))

	// k_add(args, begin, end, worker); locals 4 i, 5 w, 6 x, 7 out, 8 wk.
	at := func(base int) []byte { return cat(lget(base), lget(4), i32c(2), i32shl, i32add) }
	kadd := m.fn([]byte{tI32, tI32, tI32, tI32}, nil, []byte{tI32, tI32, tI32, tI32, tI32}, cat(
		lget(0), i64load(0), wrap, lset(5),
		lget(0), i64load(8), wrap, lset(6),
		lget(0), i64load(16), wrap, lset(7),
		lget(0), i64load(24), wrap, lset(8),
		lget(1), lset(4),
		block, loop,
		lget(4), lget(2), i32geu, brIf(1),
		at(7), at(5), f32load(), at(6), f32load(), f32add, f32store(),
		at(8), lget(3), i32store(),
		lget(4), i32c(1), i32add, lset(4),
		br(0),
		end, end))
	ktrap := m.fn([]byte{tI32, tI32, tI32, tI32}, nil, nil, unreach)
	m.exports = append(m.exports, wexport{"k_add", 0, kadd}, wexport{"k_trap", 0, ktrap})
	return m.bytes()
}

func f32v(shape ...int64) emit.Value { return emit.Value{DType: "f32", Shape: shape} }

// testManifest describes testHost's entries. format is the module's format:
// wasm-self, or ptx (with a dummy blob) for the recording driver.
func testManifest(format string) (*emit.Manifest, []emit.BlobData) {
	in := []emit.Value{{Name: "x", DType: "f32", Shape: []int64{8}}}
	one := []emit.Value{f32v(8)}
	m := &emit.Manifest{
		Target:     emit.Target{Name: "wasm"},
		Parameters: []emit.Parameter{{Name: "w", DType: "f32", Shape: []int64{8}}},
		Entries: []emit.Entry{
			{Name: "forward", Export: "zml_entry_forward", Inputs: in, Outputs: []emit.Value{f32v(8), {DType: "i32", Shape: []int64{8}}}},
			{Name: "copy", Export: "zml_entry_copy", Inputs: in, Outputs: one},
			{Name: "badargs", Export: "zml_entry_badargs", Inputs: in},
			{Name: "trap", Export: "zml_entry_trap", Inputs: in},
			{Name: "oom", Export: "zml_entry_oom", Inputs: in},
			{Name: "status", Export: "zml_entry_status", Inputs: in},
			{Name: "leak", Export: "zml_entry_leak", Inputs: in, Outputs: one},
			{Name: "ktrap", Export: "zml_entry_ktrap", Inputs: in},
			{Name: "coll", Export: "zml_entry_coll", Inputs: in, Outputs: one},
		},
		Modules: []emit.Module{{Name: "kernels", Format: format, Kernels: []emit.Kernel{
			{Name: "fusion.add", Symbol: "k_add", Args: []emit.KernelArg{{Kind: "buffer", Access: "read"}, {Kind: "buffer", Access: "read"}, {Kind: "buffer", Access: "write"}, {Kind: "buffer", Access: "write"}}},
			{Name: "fusion.trap", Symbol: "k_trap", Args: []emit.KernelArg{{Kind: "buffer", Access: "read"}, {Kind: "buffer", Access: "read"}, {Kind: "buffer", Access: "write"}, {Kind: "buffer", Access: "write"}}},
		}}},
		Collectives: []emit.Collective{{Kind: emit.CollectiveAllReduce, Reduction: "add", DType: "f32", Count: 8, ReplicaGroups: [][]int64{{0}}}},
		Host:        "host.wasm",
	}
	blobs := []emit.BlobData{{Name: "host.wasm", Kind: emit.BlobHost, Data: testHost()}}
	if format != emit.FormatWasmSelf {
		m.Modules[0].Blob = "kernels.bin"
		blobs = append(blobs, emit.BlobData{Name: "kernels.bin", Kind: emit.BlobKernels, Data: []byte("kernels")})
	}
	return m, blobs
}

// testBundle writes testManifest's bundle and a weights file holding w.
func testBundle(t *testing.T, format string) (bundle, weights string, w *ir.Tensor) {
	t.Helper()
	dir := t.TempDir()
	m, blobs := testManifest(format)
	bundle = filepath.Join(dir, "test.zpkg")
	if err := emit.WriteFile(bundle, m, blobs); err != nil {
		t.Fatal(err)
	}
	w = vec(1, 2, 3, 4, 5, 6, 7, 8)
	weights = filepath.Join(dir, "w.safetensors")
	if err := tensorio.WriteSafetensors(weights, map[string]*ir.Tensor{"w": w}, nil); err != nil {
		t.Fatal(err)
	}
	return bundle, weights, w
}

func vec(vs ...float64) *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(ir.F32, int64(len(vs))))
	copy(x.F, vs)
	return x
}
