package llvm

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/zmlc/zmlc/runtime/cpu"
)

// needTools skips the test (or fails it under CI=true) when an LLVM 19
// tool is missing.
func needTools(t *testing.T, tools ...Tool) {
	t.Helper()
	for _, tl := range tools {
		if _, err := tl.Path(); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%v", err)
			}
			t.Skipf("%v", err)
		}
	}
}

var errSkip = errors.New("skip")

// loadCPU compiles a cpu module (CompileCPU) and loads the shared object;
// the caller closes the library.
func loadCPU(tb testing.TB, mod *Module) *cpu.Library {
	tb.Helper()
	so, err := CompileCPU(context.Background(), mod)
	if err != nil {
		tb.Fatal(err)
	}
	lib, err := cpu.Load(so)
	if err != nil {
		tb.Fatal(err)
	}
	return lib
}

// cpuTarget needs the cpu tools (opt, llc, ld.lld) and returns the host
// cpu target, skipping the test when there is none.
func cpuTarget(t *testing.T) Target {
	t.Helper()
	needTools(t, ToolOpt, ToolLLC, ToolLLD)
	tgt, err := CPUTarget("")
	if err != nil {
		t.Skip(err)
	}
	return tgt
}
