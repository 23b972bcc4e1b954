package compile

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/targets/llvm"
)

// gpuBundle compiles src for target and returns the parsed bundle, its
// kernel module and blob.
func gpuBundle(t *testing.T, file string, src []byte, opts Options) (*emit.Bundle, emit.Module, []byte) {
	t.Helper()
	b, err := Compile(file, src, opts)
	if err != nil {
		t.Fatalf("%s for %s: %v", file, opts.Target, err)
	}
	bundle, err := emit.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bundle.Close() })
	man := bundle.Manifest
	if man.Target.Name != opts.Target || len(man.Modules) != 1 {
		t.Fatalf("target %q with %d modules", man.Target.Name, len(man.Modules))
	}
	mod := man.Modules[0]
	blob, ok := bundle.Blob(mod.Blob)
	if !ok || len(blob) == 0 {
		t.Fatalf("module blob %q missing", mod.Blob)
	}
	for _, k := range mod.Kernels {
		if len(k.Workgroup) != 3 || k.Workgroup[0] < 1 || k.Workgroup[1] != 1 || k.Workgroup[2] != 1 {
			t.Errorf("kernel %s: workgroup %v", k.Name, k.Workgroup)
		}
		for _, a := range k.Args {
			if a.Kind != emit.ArgBuffer || a.Access == "" {
				t.Errorf("kernel %s: argument %+v", k.Name, a)
			}
		}
	}
	return bundle, mod, blob
}

// mnistSources are the GPU bundle tests' programs: the MNIST models and a
// program with control flow and constants.
func mnistSources(t *testing.T) map[string][]byte {
	srcs := map[string][]byte{"control.mlir": []byte(controlSrc)}
	for _, m := range []mnistModel{mnistMLP, mnistCNN} {
		src, err := os.ReadFile(m.src)
		if err != nil {
			t.Fatal(err)
		}
		srcs[m.src] = src
	}
	return srcs
}

// TestCUDABundle: the cuda bundle of each program holds llc's PTX with one
// .entry per manifest kernel, each taking one .param per argument, for
// the default and an explicit architecture.
func TestCUDABundle(t *testing.T) {
	needLLVM(t)
	entry := regexp.MustCompile(`\.entry\s+(\w+)\s*\(([^)]*)\)`)
	for file, src := range mnistSources(t) {
		for _, arch := range []string{"", "sm_90"} {
			b, mod, blob := gpuBundle(t, file, src, Options{Target: "cuda", Arch: arch, Dims: map[string]int64{"b": 64}})
			if mod.Format != emit.FormatPTX {
				t.Fatalf("format %q", mod.Format)
			}
			want := arch
			if want == "" {
				want = "sm_80"
			}
			ptx := string(blob)
			if b.Manifest.Target.Options["arch"] != want || !strings.Contains(ptx, ".target "+want) {
				t.Errorf("%s: arch %q, PTX target line missing for %s", file, b.Manifest.Target.Options["arch"], want)
			}
			params := map[string]int{}
			for _, m := range entry.FindAllStringSubmatch(ptx, -1) {
				params[m[1]] = strings.Count(m[2], ".param")
			}
			if len(params) != len(mod.Kernels) {
				t.Errorf("%s: %d .entry, %d kernels", file, len(params), len(mod.Kernels))
			}
			for _, k := range mod.Kernels {
				if n, ok := params[k.Symbol]; !ok || n != len(k.Args) {
					t.Errorf("%s: kernel %s: .entry %s has %d params (found %v), want %d", file, k.Name, k.Symbol, n, ok, len(k.Args))
				}
			}
			t.Logf("%s (cuda %s): %d kernels, %d bytes of PTX", file, want, len(mod.Kernels), len(blob))
		}
	}
}

// TestROCmBundle: the rocm bundle of each program holds an HSACO whose
// notes list every manifest kernel in amdhsa.kernels with 8 bytes of
// kernarg per buffer, and which llvm-objdump-19 disassembles.
func TestROCmBundle(t *testing.T) {
	needLLVM(t)
	ctx := context.Background()
	for file, src := range mnistSources(t) {
		b, mod, blob := gpuBundle(t, file, src, Options{Target: "rocm", Dims: map[string]int64{"b": 64}})
		if mod.Format != emit.FormatHSACO || b.Manifest.Target.Options["arch"] != "gfx942" {
			t.Fatalf("format %q, options %v", mod.Format, b.Manifest.Target.Options)
		}
		path := t.TempDir() + "/kernels.hsaco"
		if err := os.WriteFile(path, blob, 0o644); err != nil {
			t.Fatal(err)
		}
		notes, err := llvm.ToolReadELF.Run(ctx, nil, "--notes", path)
		if err != nil {
			t.Fatal(err)
		}
		meta := kernelArgs(string(notes))
		for _, k := range mod.Kernels {
			args, ok := meta[k.Symbol]
			if !ok {
				t.Errorf("%s: kernel %s (%s) is not in amdhsa.kernels", file, k.Name, k.Symbol)
				continue
			}
			if len(args) != len(k.Args) {
				t.Errorf("%s: kernel %s: kernargs %v, want %d buffers", file, k.Symbol, args, len(k.Args))
				continue
			}
			for i, a := range args {
				if a != fmt.Sprintf("global_buffer@%d/8", 8*i) {
					t.Errorf("%s: kernel %s: argument %d is %s, want global_buffer@%d/8", file, k.Symbol, i, a, 8*i)
				}
			}
		}
		dis, err := llvm.ToolObjdump.Run(ctx, nil, "-d", "--mcpu=gfx942", path)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range mod.Kernels {
			if !strings.Contains(string(dis), "<"+k.Symbol+">:") {
				t.Errorf("%s: kernel %s not disassembled", file, k.Symbol)
			}
		}
		t.Logf("%s (rocm gfx942): %d kernels, %d-byte code object", file, len(mod.Kernels), len(blob))
	}
}

// kernelArgs reads llvm-readelf --notes' amdhsa.kernels (YAML) into kernel
// symbol -> its global arguments as "value_kind@offset/size".
func kernelArgs(notes string) map[string][]string {
	out := map[string][]string{}
	i := strings.Index(notes, "amdhsa.kernels:")
	if i < 0 {
		return out
	}
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
