package spirv

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/targets/gpu"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// needTool returns the path of a system tool; without it the test fails
// under CI=true and is skipped (with a message) otherwise.
func needTool(t *testing.T, name, pkg string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s not found (Debian package %s; scripts/setup.sh installs it)", name, pkg)
		}
		t.Skipf("%s not found (Debian package %s); skipping", name, pkg)
	}
	return p
}

// corpusPrograms lowers every argument-less corpus function that the
// kernel lowering accepts (checks turned into outputs) to GPU form.
func corpusPrograms(t *testing.T, p gpu.Params, fn func(name string, m *ir.Module, f *ir.Func, gp *K.Program)) {
	files, _ := filepath.Glob("../../testdata/ops/*.mlir")
	if len(files) == 0 {
		t.Fatal("no corpus files")
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		mods, err := asm.ParseSplit(path, src)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mods {
			for _, f := range m.Funcs {
				if f.Body == nil || !f.IsPublic() || len(f.Type.Inputs) != 0 || !checksToOutputs(f) || ir.Verify(m) != nil {
					continue
				}
				if _, err := interp.New(m).Call(f.Name, nil); err != nil {
					continue
				}
				kp, err := K.Lower(m, f.Name, K.TargetParams{GPU: true})
				if err != nil {
					continue
				}
				gp, err := gpu.Lower(kp, p)
				if err != nil {
					t.Errorf("%s:@%s: %v", filepath.Base(path), f.Name, err)
					continue
				}
				fn(filepath.Base(path)+":@"+f.Name, m, f, gp)
			}
		}
	}
}

// checksToOutputs turns the operands of f's top-level check.* ops into
// extra results; false if a check sits in a nested region.
func checksToOutputs(f *ir.Func) bool {
	blk := f.Body.Entry()
	for _, op := range blk.Ops {
		for _, r := range op.Regions {
			nested := false
			r.Walk(func(o *ir.Op) bool { nested = nested || o.Dialect() == "check"; return true })
			if nested {
				return false
			}
		}
	}
	var outs []*ir.Value
	var kept []*ir.Op
	for _, op := range blk.Ops {
		if op.Dialect() == "check" {
			for _, o := range op.Operands {
				if o.Tensor() != nil {
					outs = append(outs, o)
				}
			}
			continue
		}
		kept = append(kept, op)
	}
	blk.Ops = kept
	term := blk.Terminator()
	term.Operands = append(term.Operands, outs...)
	res := append([]ir.Type{}, f.Type.Results...)
	for _, o := range outs {
		res = append(res, o.Type)
	}
	f.Type = &ir.FunctionType{Inputs: f.Type.Inputs, Results: res}
	return true
}

// TestCorpusValidates renders every kernel of the GPU-lowered op corpus
// and runs spirv-val --target-env vulkan1.2 on each module. Kernels the
// renderer rejects (element types SPIR-V lacks) are counted and must fail
// with a message naming the kernel.
func TestCorpusValidates(t *testing.T) {
	val := needTool(t, "spirv-val", "spirv-tools")
	dir := t.TempDir()
	ok, rejected, n := 0, map[string]int{}, 0
	corpusPrograms(t, gpu.Vulkan(), func(name string, m *ir.Module, f *ir.Func, gp *K.Program) {
		for _, k := range gp.Kernels {
			bin, err := Render(k, Options{PreserveFloat: true})
			if err != nil {
				if !strings.Contains(err.Error(), k.Name) {
					t.Errorf("%s: error does not name the kernel: %v", name, err)
				}
				msg := err.Error()
				if i := strings.Index(msg, ": "); i >= 0 {
					msg = msg[strings.Index(msg, k.Name)+len(k.Name)+2:]
				}
				rejected[msg]++
				continue
			}
			n++
			path := filepath.Join(dir, fmt.Sprintf("k%d.spv", n))
			if err := os.WriteFile(path, bin, 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(val, "--target-env", "vulkan1.2", path).CombinedOutput()
			if err != nil {
				t.Errorf("%s: kernel %s: spirv-val: %v\n%s", name, k.Name, err, out)
				if os.Getenv("SPIRV_KEEP") != "" {
					os.WriteFile(os.Getenv("SPIRV_KEEP"), bin, 0o644)
				}
				continue
			}
			ok++
		}
	})
	t.Logf("%d kernels pass spirv-val; rejected: %v", ok, rejected)
	if ok < 300 {
		t.Errorf("only %d kernels validated", ok)
	}
}
