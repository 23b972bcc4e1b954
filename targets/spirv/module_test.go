package spirv

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/gpu"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// TestModulesValidate renders each GPU-lowered corpus program as one
// multi-entry module (RenderModule), checks it with spirv-val, checks that
// Inspect lists every kernel with its workgroup size, and that the module
// with float controls stripped also validates and has none left.
func TestModulesValidate(t *testing.T) {
	val := needTool(t, "spirv-val", "spirv-tools")
	dir := t.TempDir()
	n, multi := 0, 0
	validate := func(name string, bin []byte) bool {
		path := filepath.Join(dir, "m.spv")
		if err := os.WriteFile(path, bin, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(val, "--target-env", "vulkan1.2", path).CombinedOutput(); err != nil {
			t.Errorf("%s: spirv-val: %v\n%s", name, err, out)
			return false
		}
		return true
	}
	corpusPrograms(t, gpu.Vulkan(), func(name string, m *ir.Module, f *ir.Func, gp *K.Program) {
		var ks []*K.Kernel
		for _, k := range gp.Kernels {
			if _, err := Render(k, Options{}); err == nil {
				ks = append(ks, k)
			}
		}
		if len(ks) == 0 {
			return
		}
		bin, err := RenderModule(ks, Options{PreserveFloat: true})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return
		}
		if !validate(name, bin) {
			return
		}
		info, err := Inspect(bin)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(info.Entries) != len(ks) {
			t.Fatalf("%s: %d entry points for %d kernels", name, len(info.Entries), len(ks))
		}
		for i, k := range ks {
			_, block, _ := gpu.Dims(k)
			if e := info.Entries[i]; e.Name != k.Name || e.LocalSize != [3]uint32{uint32(block), 1, 1} {
				t.Errorf("%s: entry %d is %+v, want %s (%d, 1, 1)", name, i, e, k.Name, block)
			}
		}
		if len(info.Preserve) > 0 {
			stripped, err := StripFloatControls(bin, func(int) bool { return false })
			if err != nil {
				t.Fatal(err)
			}
			si, err := Inspect(stripped)
			if err != nil {
				t.Fatal(err)
			}
			if len(si.Preserve) != 0 || slices.Contains(si.Capabilities, CapabilitySignedZeroInfNanPreserve) || len(stripped) >= len(bin) {
				t.Errorf("%s: float controls left after stripping: %+v", name, si)
			}
			validate(name+" (stripped)", stripped)
		}
		n++
		if len(ks) > 1 {
			multi++
		}
	})
	t.Logf("%d modules validate, %d with several entry points", n, multi)
	if n < 100 || multi < 5 {
		t.Errorf("only %d modules (%d multi-entry) rendered", n, multi)
	}
}

func TestDecodeErrors(t *testing.T) {
	good, err := RenderModule([]*K.Kernel{emptyKernel("a")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	h, insts, err := Decode(good)
	if err != nil || h[0] != Magic || len(insts) == 0 {
		t.Fatalf("Decode: %v, %d instructions", err, len(insts))
	}
	if !bytes.Equal(Encode(h, insts), good) {
		t.Error("Encode(Decode(m)) differs from m")
	}
	for _, bad := range [][]byte{nil, good[:21], append([]byte{1, 2, 3, 4}, good[4:]...), append(append([]byte{}, good...), 0, 0, 5, 0)} {
		if _, err := Inspect(bad); err == nil {
			t.Errorf("Inspect accepted a malformed module of %d bytes", len(bad))
		}
	}
	if _, err := RenderModule([]*K.Kernel{emptyKernel("a"), emptyKernel("a")}, Options{}); err == nil {
		t.Error("RenderModule accepted two kernels named a")
	}
	if _, err := RenderModule(nil, Options{}); err == nil {
		t.Error("RenderModule accepted no kernels")
	}
}

// emptyKernel is a GPU-form kernel with one workgroup of one invocation
// doing nothing.
func emptyKernel(name string) *K.Kernel {
	wl := &K.Node{Kind: K.Loop, Type: ir.Index, N: 1, Level: K.Workgroup}
	return &K.Kernel{Name: name, Body: []*K.Node{{Kind: K.Loop, Type: ir.Index, N: 1, Level: K.Grid, Body: []*K.Node{wl}}}}
}
