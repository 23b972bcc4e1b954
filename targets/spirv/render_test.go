package spirv

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
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
// interpreter runs and the kernel lowering accepts (checks turned into
// outputs) to GPU form.
func corpusPrograms(t *testing.T, p gpu.Params, fn func(name string, m *ir.Module, f *ir.Func, gp *K.Program)) {
	corpustest.Funcs(t, func(name string, m *ir.Module, f *ir.Func) {
		if _, err := corpustest.Interpret(m, f.Name); err != nil {
			return
		}
		kp, err := K.Lower(m, f.Name, K.TargetParams{GPU: true})
		if err != nil {
			return
		}
		gp, err := gpu.Lower(kp, p)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return
		}
		fn(name, m, f, gp)
	})
}

// TestCorpusValidates renders every kernel of the GPU-lowered op corpus
// and runs spirv-val --target-env vulkan1.2 on each module. The renderer
// must accept every kernel (types SPIR-V lacks are legalised, narrow.go);
// a rejection must name the kernel and fails the test.
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
	t.Logf("%d kernels pass spirv-val", ok)
	if len(rejected) > 0 {
		t.Errorf("the renderer rejected corpus kernels: %v", rejected)
	}
	if ok < 300 {
		t.Errorf("only %d kernels validated", ok)
	}
}
