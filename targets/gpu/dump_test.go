package gpu

import (
	"os"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// TestDump prints the kernel and GPU forms of the corpus functions whose
// name contains $GPU_DUMP (a debugging aid; it checks nothing else).
func TestDump(t *testing.T) {
	want := os.Getenv("GPU_DUMP")
	if want == "" {
		t.Skip("set GPU_DUMP=<corpus function name part> to print its kernels")
	}
	corpusFuncs(t, func(name string, m *ir.Module, f *ir.Func) {
		if !strings.Contains(name, want) {
			return
		}
		kp, err := K.Lower(m, f.Name, K.TargetParams{GPU: true})
		if err != nil {
			t.Logf("%s: %v", name, err)
			return
		}
		t.Logf("%s:\n%s", name, kp)
		gp, err := Lower(kp, Vulkan())
		if err != nil {
			t.Logf("gpu: %v", err)
			return
		}
		t.Logf("gpu:\n%s", gp)
	})
}
