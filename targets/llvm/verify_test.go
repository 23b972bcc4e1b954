package llvm

import (
	"context"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/targets/gpu"
	"github.com/zmlc/zmlc/targets/kernel"
)

// TestVerifierRuns: every path that writes a cpu, cuda or rocm module
// runs LLVM's verifier. A module the parser accepts but the verifier
// rejects (a module flag with an invalid behaviour) fails CompileCPU,
// CompilePTX and CompileHSACO; the same module uncorrupted compiles.
func TestVerifierRuns(t *testing.T) {
	needTools(t, ToolOpt, ToolLLC, ToolLLD)
	m, err := asm.Parse("v.mlir", []byte(`func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.add %x, %x : tensor<8xf32>
  return %0 : tensor<8xf32>
}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cpuT, err := CPUTarget("")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		target  Target
		gpu     bool
		compile func(*Module) error
	}{
		{cpuT, false, func(m *Module) error { _, err := CompileCPU(ctx, m); return err }},
		{NVPTXTarget(""), true, func(m *Module) error { _, err := CompilePTX(ctx, m); return err }},
		{AMDGPUTarget(""), true, func(m *Module) error { _, err := CompileHSACO(ctx, m); return err }},
	} {
		p, err := kernel.Lower(m, "main", kernel.TargetParams{GPU: c.gpu})
		if err != nil {
			t.Fatal(err)
		}
		if c.gpu {
			params := gpu.CUDA()
			if c.target.Arch == AMDGPU {
				params = gpu.ROCm()
			}
			if p, err = gpu.Lower(p, params); err != nil {
				t.Fatal(err)
			}
		}
		progs := []*kernel.Program{p}
		mod, err := Render(progs, c.target)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.compile(mod); err != nil {
			t.Fatalf("%s: the valid module: %v", c.target.Arch, err)
		}
		testHookIR = func(s string) string {
			return s + "\n!llvm.module.flags = !{!9999}\n!9999 = !{i32 99, !\"zmlc.corrupt\", i32 1}\n"
		}
		err = c.compile(mod)
		testHookIR = nil
		if err == nil || !strings.Contains(err.Error(), "module is broken") {
			t.Errorf("%s: a module the verifier rejects: err = %v, want opt's \"input module is broken\"", c.target.Arch, err)
		}
	}
}
