package llvm

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/runtime/cpu"
	"github.com/zmlc/zmlc/targets/kernel"
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

// renderMain parses src, lowers its @main with params and renders the
// program for tgt.
func renderMain(tb testing.TB, tgt Target, src string, params kernel.TargetParams) (*ir.Module, *kernel.Program, *Module) {
	tb.Helper()
	m, err := asm.Parse("main.mlir", []byte(src))
	if err != nil {
		tb.Fatal(err)
	}
	p, err := kernel.Lower(m, "main", params)
	if err != nil {
		tb.Fatal(err)
	}
	mod, err := Render([]*kernel.Program{p}, tgt)
	if err != nil {
		tb.Fatal(err)
	}
	return m, p, mod
}
