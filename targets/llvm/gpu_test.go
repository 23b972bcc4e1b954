package llvm

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/gpu"
	"github.com/zmlc/zmlc/targets/kernel"
)

// gpuCorpus renders every op-corpus function that the kernel and GPU
// lowerings accept into one module for t.
func gpuCorpus(t *testing.T, tgt Target, params gpu.Params) *Module {
	mod := NewModule(tgt)
	n := 0
	corpustest.Funcs(t, func(name string, m *ir.Module, f *ir.Func) {
		kp, err := kernel.Lower(m, f.Name, kernel.TargetParams{GPU: true})
		if err != nil {
			return
		}
		gp, err := gpu.Lower(kp, params)
		if err != nil {
			t.Errorf("%s: gpu lowering: %v", name, err)
			return
		}
		first := len(mod.Kernels)
		for _, k := range gp.Kernels {
			if _, err := mod.Add(k, fmt.Sprintf("c%d_%s", n, k.Name)); err != nil {
				// No element type is rejected (f8: narrow_f8.go).
				t.Errorf("%s: %v", name, err)
				mod.Kernels = mod.Kernels[:first]
				return
			}
		}
		n++
	})
	if n < 280 {
		t.Errorf("only %d corpus functions rendered for %s", n, tgt.Arch)
	}
	return mod
}

// TestNVPTXCorpus renders the op corpus for sm_80 and checks that llc-19
// writes one .entry per kernel, named by its symbol, with one .param per
// buffer, and that the PTX uses global loads or stores and barriers where
// kernels have them.
func TestNVPTXCorpus(t *testing.T) {
	needTools(t, ToolOpt, ToolLLC)
	mod := gpuCorpus(t, NVPTXTarget("sm_80"), gpu.CUDA())
	ll := mod.String()
	for _, want := range []string{"ptx_kernel", "addrspace(1)*", "@llvm.nvvm.read.ptx.sreg.tid.x", "@llvm.nvvm.read.ptx.sreg.ctaid.x"} {
		if !strings.Contains(ll, want) {
			t.Errorf("LLVM IR lacks %q", want)
		}
	}
	ptx, err := CompilePTX(context.Background(), mod)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ptx, ".target sm_80") || !strings.Contains(ptx, ".address_size 64") {
		t.Errorf("PTX header lacks .target sm_80 / .address_size 64")
	}
	entries := regexp.MustCompile(`(?m)^\.visible \.entry (\w+)\(`).FindAllStringSubmatch(ptx, -1)
	got := map[string]bool{}
	for _, e := range entries {
		got[e[1]] = true
	}
	if len(entries) != len(mod.Kernels) {
		t.Errorf("PTX has %d .entry, the module %d kernels", len(entries), len(mod.Kernels))
	}
	for _, k := range mod.Kernels {
		if !got[k.Symbol] {
			t.Errorf("PTX has no .entry %s", k.Symbol)
			continue
		}
		// The parameter list: one .param .u64 per buffer.
		i := strings.Index(ptx, ".entry "+k.Symbol+"(")
		j := strings.Index(ptx[i:], ")")
		if n := strings.Count(ptx[i:i+j], ".param .u64"); n != len(k.Kernel.Params) {
			t.Errorf("%s: %d .param .u64, want %d", k.Symbol, n, len(k.Kernel.Params))
		}
	}
	for _, want := range []string{"ld.global", "st.global", "%ctaid.x", "%tid.x"} {
		if !strings.Contains(ptx, want) {
			t.Errorf("PTX lacks %s", want)
		}
	}
	if os.Getenv("ZMLC_KEEP_PTX") != "" {
		os.WriteFile(filepath.Join(os.Getenv("ZMLC_KEEP_PTX"), "corpus.ptx"), []byte(ptx), 0o644)
	}
	t.Logf("nvptx: %d kernels, %d bytes of PTX", len(mod.Kernels), len(ptx))
}

// TestNVPTXBarrierShared renders a hand-built GPU-form kernel with a
// shared buffer and a barrier (the shape shared-memory staging takes) and
// checks the PTX has the .shared array and bar.sync.
func TestNVPTXBarrierShared(t *testing.T) {
	needTools(t, ToolOpt, ToolLLC)
	for _, tgt := range []Target{NVPTXTarget("sm_90"), AMDGPUTarget("gfx90a")} {
		mod := NewModule(tgt)
		k := stagedKernel()
		if _, err := mod.Add(k, "staged"); err != nil {
			t.Fatal(err)
		}
		switch tgt.Arch {
		case NVPTX:
			ptx, err := CompilePTX(context.Background(), mod)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{".shared .align 16 .b8", "bar.sync", "ld.shared.f32", "st.shared.f32", ".entry zml_kernel_staged("} {
				if !strings.Contains(ptx, want) {
					t.Errorf("sm_90 PTX lacks %q:\n%s", want, ptx)
				}
			}
		case AMDGPU:
			asm, err := EmitAssembly(context.Background(), mod)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{"s_barrier", "ds_write", "ds_read", ".amdhsa_group_segment_fixed_size 1024"} {
				if !strings.Contains(asm, want) {
					t.Errorf("gfx90a assembly lacks %q", want)
				}
			}
		}
	}
}

// stagedKernel is a GPU-form kernel reversing 256 floats through shared
// memory: phase 1 stores in[g*256+t] at s[t], a barrier, phase 2 reads
// s[255-t] into out.
func stagedKernel() *kernel.Kernel {
	in := &kernel.Buffer{Name: "in", Elem: ir.F32, Shape: []int64{1024}, Strides: []int64{1}, Role: kernel.Read, Index: 0}
	out := &kernel.Buffer{Name: "out", Elem: ir.F32, Shape: []int64{1024}, Strides: []int64{1}, Role: kernel.Write, Index: 1, Host: 1}
	s := &kernel.Buffer{Name: "s", Elem: ir.F32, Shape: []int64{256}, Strides: []int64{1}, Space: kernel.Shared}
	g := &kernel.Node{Kind: kernel.Loop, Type: ir.Index, N: 4, Level: kernel.Grid}
	t1 := &kernel.Node{Kind: kernel.Loop, Type: ir.Index, N: 256, Level: kernel.Workgroup}
	gi := &kernel.Node{Kind: kernel.Mul, Type: ir.Index, Args: []*kernel.Node{g, kernel.Idx(256)}}
	i1 := &kernel.Node{Kind: kernel.Add, Type: ir.Index, Args: []*kernel.Node{gi, t1}}
	ld := &kernel.Node{Kind: kernel.Load, Type: ir.F32, Buf: in, Args: []*kernel.Node{i1}}
	t1.Body = []*kernel.Node{i1, ld, {Kind: kernel.Store, Buf: s, Args: []*kernel.Node{t1, ld}}}
	t2 := &kernel.Node{Kind: kernel.Loop, Type: ir.Index, N: 256, Level: kernel.Workgroup}
	r := &kernel.Node{Kind: kernel.Sub, Type: ir.Index, Args: []*kernel.Node{kernel.Idx(255), t2}}
	ls := &kernel.Node{Kind: kernel.Load, Type: ir.F32, Buf: s, Args: []*kernel.Node{r}}
	i2 := &kernel.Node{Kind: kernel.Add, Type: ir.Index, Args: []*kernel.Node{gi, t2}}
	t2.Body = []*kernel.Node{r, ls, i2, {Kind: kernel.Store, Buf: out, Args: []*kernel.Node{i2, ls}}}
	g.Body = []*kernel.Node{gi, t1, {Kind: kernel.Barrier}, t2}
	return &kernel.Kernel{Name: "staged", Params: []*kernel.Buffer{in, out}, Shared: []*kernel.Buffer{s}, Body: []*kernel.Node{g}}
}

// TestAMDGPUCorpus renders the op corpus for gfx942, links the HSACO and
// checks with llvm-readelf-19 --notes that amdhsa.kernels lists every
// kernel (.name and .symbol) with one 8-byte global_buffer argument per
// buffer, and that llvm-objdump-19 -d --mcpu=gfx942 disassembles each.
func TestAMDGPUCorpus(t *testing.T) {
	needTools(t, ToolOpt, ToolLLC, ToolLLD, ToolReadELF, ToolObjdump)
	mod := gpuCorpus(t, AMDGPUTarget("gfx942"), gpu.ROCm())
	co, err := CompileHSACO(context.Background(), mod)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "corpus.hsaco")
	if err := os.WriteFile(path, co, 0o644); err != nil {
		t.Fatal(err)
	}
	notes, err := ToolReadELF.Run(context.Background(), nil, "--notes", path)
	if err != nil {
		t.Fatal(err)
	}
	meta := parseKernelNotes(string(notes))
	if len(meta) != len(mod.Kernels) {
		t.Errorf("amdhsa.kernels lists %d kernels, the module has %d", len(meta), len(mod.Kernels))
	}
	for _, k := range mod.Kernels {
		km, ok := meta[k.Symbol]
		if !ok {
			t.Errorf("amdhsa.kernels has no %s", k.Symbol)
			continue
		}
		if len(km) != len(k.Kernel.Params) {
			t.Errorf("%s: %d kernel arguments, want %d", k.Symbol, len(km), len(k.Kernel.Params))
			continue
		}
		for i, a := range km {
			if a != fmt.Sprintf("global_buffer@%d/8", 8*i) {
				t.Errorf("%s: argument %d is %s, want global_buffer@%d/8", k.Symbol, i, a, 8*i)
			}
		}
	}
	dis, err := ToolObjdump.Run(context.Background(), nil, "-d", "--mcpu=gfx942", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range mod.Kernels {
		if !strings.Contains(string(dis), "<"+k.Symbol+">:") {
			t.Errorf("no disassembly of %s", k.Symbol)
		}
	}
	if !strings.Contains(string(dis), "s_endpgm") {
		t.Error("disassembly has no s_endpgm")
	}
	t.Logf("amdgpu: %d kernels, %d-byte HSACO", len(mod.Kernels), len(co))
}

// parseKernelNotes reads llvm-readelf --notes' amdhsa.kernels (YAML) into
// kernel symbol -> argument descriptions "value_kind@offset/size".
func parseKernelNotes(notes string) map[string][]string {
	out := map[string][]string{}
	i := strings.Index(notes, "amdhsa.kernels:")
	if i < 0 {
		return out
	}
	// Each kernel is a "  - .agpr_count" ... item; split at kernel items.
	items := regexp.MustCompile(`(?m)^  - `).Split(notes[i:], -1)
	argRe := regexp.MustCompile(`(?s)- \.address_space:\s*global.*?\.offset:\s*(\d+).*?\.size:\s*(\d+).*?\.value_kind:\s*(\w+)`)
	symRe := regexp.MustCompile(`(?m)^\s+\.symbol:\s+(\S+)\.kd`)
	for _, it := range items[1:] {
		sm := symRe.FindStringSubmatch(it)
		if sm == nil {
			continue
		}
		var args []string
		for _, a := range argRe.FindAllStringSubmatch(it, -1) {
			args = append(args, fmt.Sprintf("%s@%s/%s", a[3], a[1], a[2]))
		}
		out[sm[1]] = args
	}
	return out
}
