package accuracy

import (
	"context"
	"os"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime/vulkan"
	"github.com/zmlc/zmlc/targets/llvm"
)

// needTarget fails the test under CI=true when target's tools or device
// (LLVM 19 for cpu, a Vulkan device such as lavapipe for vulkan) are
// missing, and skips it otherwise.
func needTarget(t testing.TB, target string) {
	t.Helper()
	missing := func(err error) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s target (scripts/setup.sh): %v", target, err)
		}
		t.Skipf("%s target: %v", target, err)
	}
	switch target {
	case "cpu":
		for _, tool := range []llvm.Tool{llvm.ToolOpt, llvm.ToolLLC, llvm.ToolLLD} {
			if _, err := tool.Path(); err != nil {
				missing(err)
			}
		}
	case "vulkan":
		d, err := vulkan.Open("")
		if err != nil {
			missing(err)
			return
		}
		d.Close()
	}
}

// Options, Run: package compile's, named here for brevity.
type Options = compile.Options

// Run compiles src for opts.Target and runs entry on inputs (compile.Run).
func Run(ctx context.Context, filename string, src []byte, opts Options, weights, entry string, inputs []*ir.Tensor) ([]*ir.Tensor, error) {
	return compile.Run(ctx, filename, src, opts, weights, entry, inputs)
}
