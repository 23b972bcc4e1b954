package vulkan

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/tensorio"
	"github.com/zmlc/zmlc/targets/gpu"
	K "github.com/zmlc/zmlc/targets/kernel"
	"github.com/zmlc/zmlc/targets/spirv"
)

// A tiny Wasm encoder and host-program assembler for tests: it turns a
// straight-line GPU-form kernel.Program (alloc, free, launch, copy steps)
// into a host program following docs/RUNTIME.md, as the compile driver
// does for real bundles.

func uleb(v uint64) []byte {
	var b []byte
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

func sleb(v int64) []byte {
	var b []byte
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

func cat(parts ...[]byte) []byte {
	var b []byte
	for _, p := range parts {
		b = append(b, p...)
	}
	return b
}

func section(b []byte, id byte, s []byte) []byte {
	return append(append(append(b, id), uleb(uint64(len(s)))...), s...)
}

func wname(b []byte, s string) []byte { return append(append(b, uleb(uint64(len(s)))...), s...) }

const (
	tI32 = 0x7f
	tI64 = 0x7e
)

func i32c(v int64) []byte { return append([]byte{0x41}, sleb(v)...) }
func i64c(v int64) []byte { return append([]byte{0x42}, sleb(v)...) }
func lget(i int) []byte   { return append([]byte{0x20}, uleb(uint64(i))...) }
func ltee(i int) []byte   { return append([]byte{0x22}, uleb(uint64(i))...) }
func callf(f int) []byte  { return []byte{0x10, byte(f)} }
func i64load(off int) []byte {
	return append([]byte{0x29, 3}, uleb(uint64(off))...)
}
func i64store(off int) []byte {
	return append([]byte{0x37, 3}, uleb(uint64(off))...)
}

// The zml_device imports, in order.
const (
	fAlloc = iota
	fFree
	fCopy
	fLaunch
	fSync
)

const (
	argsAddr = 1024  // launch argument scratch, below the heap
	heapBase = 70000 // the launcher's heap starts at 73728
)

// hostEntry assembles one entry function running p's steps: local 0 is
// the frame, local 1 a status, locals 2.. one handle per Program buffer.
// Inputs come from frame slots 0.. (parameters first, as the manifest
// lists them), outputs go to the slots after the inputs.
func hostEntry(p *K.Program) (locals []byte, body []byte) {
	locals = []byte{tI32}
	for range p.Buffers {
		locals = append(locals, tI64)
	}
	loc := func(buf int) int { return 2 + buf }
	check := cat(ltee(1), []byte{0x04, 0x40}, lget(1), []byte{0x0f, 0x0b})
	for i, b := range p.Inputs {
		body = cat(body, lget(0), i64load(8*i), []byte{0x21}, uleb(uint64(loc(b))))
	}
	var steps func(ss []K.Step)
	steps = func(ss []K.Step) {
		for _, s := range ss {
			switch s.Kind {
			case K.Alloc:
				body = cat(body, i64c(p.Buffers[s.Buf].Bytes), callf(fAlloc), ltee(loc(s.Buf)),
					[]byte{0x50, 0x04, 0x40}, i32c(2), []byte{0x0f, 0x0b})
			case K.Free:
				body = cat(body, lget(loc(s.Buf)), callf(fFree), check)
			case K.Copy:
				body = cat(body, i32c(3), lget(loc(s.Dst)), i64c(0), lget(loc(s.Src)), i64c(0),
					i64c(p.Buffers[s.Src].Bytes), callf(fCopy), check)
			case K.Launch:
				k := p.Kernels[s.Kernel]
				g, w, _ := gpu.Dims(k)
				for j, a := range s.Args {
					body = cat(body, i32c(argsAddr+8*int64(j)), lget(loc(a)), i64store(0))
				}
				body = cat(body, i32c(0), i32c(int64(s.Kernel)), i32c(g), i32c(1), i32c(1), i32c(w), i32c(1), i32c(1),
					i32c(argsAddr), i32c(int64(len(s.Args))), callf(fLaunch), check)
			default:
				panic(fmt.Sprintf("hostEntry: step %s", s.Kind))
			}
		}
	}
	steps(p.Steps)
	for i, b := range p.Outputs {
		body = cat(body, lget(0), lget(loc(b)), i64store(8*(len(p.Inputs)+i)))
	}
	body = cat(body, callf(fSync), check, i32c(0))
	return locals, body
}

// hostModule encodes a host program with the given entries (name ->
// locals, body), all of type (i32) -> i32, importing a memory of at most
// maxPages pages.
func hostModule(names []string, locals, bodies [][]byte, maxPages uint64) []byte {
	I, L := []byte{tI32}, []byte{tI64}
	types := [][2][]byte{{L, L}, {L, I}, {[]byte{tI32, tI64, tI64, tI64, tI64, tI64}, I},
		{[]byte{tI32, tI32, tI32, tI32, tI32, tI32, tI32, tI32, tI32, tI32}, I}, {nil, I}, {I, I}}
	b := []byte{0, 'a', 's', 'm', 1, 0, 0, 0}
	s := uleb(uint64(len(types)))
	for _, t := range types {
		s = append(s, 0x60)
		s = append(append(s, uleb(uint64(len(t[0])))...), t[0]...)
		s = append(append(s, uleb(uint64(len(t[1])))...), t[1]...)
	}
	b = section(b, 1, s)
	imports := []string{"alloc", "free", "copy", "launch", "sync"}
	s = uleb(uint64(len(imports) + 1))
	for i, name := range imports {
		s = append(wname(wname(s, "zml_device"), name), 0)
		s = append(s, uleb(uint64(i))...)
	}
	s = wname(wname(s, "env"), "memory")
	s = append(s, 0x02, 0x03) // memory, shared with a maximum
	s = append(append(s, uleb(2)...), uleb(maxPages)...)
	b = section(b, 2, s)
	s = uleb(uint64(len(names)))
	for range names {
		s = append(s, 5)
	}
	b = section(b, 3, s)
	s = cat(uleb(1), []byte{tI32, 0x00}, i32c(heapBase), []byte{0x0b})
	b = section(b, 6, s)
	s = uleb(uint64(len(names) + 1))
	s = append(wname(s, "zml_heap_base"), 3, 0)
	for i, n := range names {
		s = append(wname(s, "zml_entry_"+n), 0)
		s = append(s, uleb(uint64(len(imports)+i))...)
	}
	b = section(b, 7, s)
	s = uleb(uint64(len(names)))
	for i := range names {
		f := uleb(uint64(len(locals[i])))
		for _, l := range locals[i] {
			f = append(f, 1, l)
		}
		f = append(append(f, bodies[i]...), 0x0b)
		s = append(append(s, uleb(uint64(len(f)))...), f...)
	}
	return section(b, 10, s)
}

func dtypeOf(t ir.ElementType) string { return t.String() }

// programBundle writes a vulkan bundle running the GPU-form program p as
// entry "main": its first nparams inputs are parameters (weights, named
// p0, p1, ... and written with params to a safetensors file), the others
// the entry's inputs. It returns the bundle's and the weights' paths.
func programBundle(t testing.TB, p *K.Program, nparams int, params []*ir.Tensor, maxPages uint64) (string, string) {
	t.Helper()
	blob, err := spirv.RenderModule(p.Kernels, spirv.Options{PreserveFloat: true})
	if err != nil {
		t.Fatal(err)
	}
	val := func(b *K.ProgBuffer, name string) emit.Value {
		return emit.Value{Name: name, DType: dtypeOf(b.Elem), Shape: b.Shape}
	}
	m := &emit.Manifest{Target: emit.Target{Name: "vulkan"}, Host: "host.wasm"}
	weights := map[string]*ir.Tensor{}
	e := emit.Entry{Name: "main", Export: "zml_entry_main"}
	for i, id := range p.Inputs {
		b := p.Buffers[id]
		if i < nparams {
			name := fmt.Sprintf("p%d", i)
			m.Parameters = append(m.Parameters, emit.Parameter{Name: name, DType: dtypeOf(b.Elem), Shape: b.Shape})
			weights[name] = params[i]
			continue
		}
		e.Inputs = append(e.Inputs, val(b, ""))
	}
	for _, id := range p.Outputs {
		e.Outputs = append(e.Outputs, val(p.Buffers[id], ""))
	}
	m.Entries = []emit.Entry{e}
	mod := emit.Module{Name: "kernels", Format: emit.FormatSPIRV, Blob: "kernels.spv"}
	for _, k := range p.Kernels {
		_, w, _ := gpu.Dims(k)
		ek := emit.Kernel{Name: k.Name, Symbol: k.Name, Workgroup: []int64{w, 1, 1}}
		for _, b := range k.Params {
			ek.Args = append(ek.Args, emit.KernelArg{Kind: emit.ArgBuffer, Access: b.Role.String()})
		}
		mod.Kernels = append(mod.Kernels, ek)
	}
	m.Modules = []emit.Module{mod}
	locals, body := hostEntry(p)
	host := hostModule([]string{"main"}, [][]byte{locals}, [][]byte{body}, maxPages)
	dir := t.TempDir()
	bundle := filepath.Join(dir, "prog.zpkg")
	if err := emit.WriteFile(bundle, m, []emit.BlobData{{Name: "host.wasm", Kind: emit.BlobHost, Data: host}, {Name: "kernels.spv", Kind: emit.BlobKernels, Data: blob}}); err != nil {
		t.Fatal(err)
	}
	wpath := ""
	if len(weights) > 0 {
		wpath = filepath.Join(dir, "w.safetensors")
		if err := tensorio.WriteSafetensors(wpath, weights, nil); err != nil {
			t.Fatal(err)
		}
	}
	if os.Getenv("ZMLC_KEEP_BUNDLE") != "" {
		data, _ := os.ReadFile(bundle)
		os.WriteFile(os.Getenv("ZMLC_KEEP_BUNDLE"), data, 0o644)
	}
	return bundle, wpath
}

// benchBundle is programBundle for benchmarks: input 0 is the weight w.
func benchBundle(b *testing.B, p *K.Program, w *ir.Tensor) (string, string) {
	return programBundle(b, p, 1, []*ir.Tensor{w}, 4096)
}
