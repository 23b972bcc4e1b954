package compile

import (
	"context"
	"fmt"

	"github.com/zmlc/zmlc/targets/spirv"
)

// Every target checks its own output before a bundle is written
// (DESIGN.md, "How we know a target is right"), so that a renderer bug is
// a compile error and never a bundle written with exit status 0:
//   - wasm: targets/wasm.Build validates the host program (and the
//     kernels in it) with wazero, on every target;
//   - vulkan: validateSPIRV runs spirv-val on the kernel module and on its
//     No8Or16Bit fallback module;
//   - cpu, cuda, rocm: opt-19 verifies the LLVM module it reads (LLVM's
//     verifier, on by default) before llc-19 compiles it
//     (targets/llvm/codegen.go).

// testHookSPIRV, when set (by tests only), changes a SPIR-V module named
// name (kernels.spv, kernels.no8or16bit.spv) before it is validated.
var testHookSPIRV func(name string, bin []byte) []byte

// validateSPIRV checks the SPIR-V module bin, the bundle's blob name, with
// spirv-val (spirv.Validate) and returns it.
func validateSPIRV(ctx context.Context, name string, bin []byte) ([]byte, error) {
	if testHookSPIRV != nil {
		bin = testHookSPIRV(name, bin)
	}
	if err := spirv.Validate(ctx, bin); err != nil {
		return nil, fmt.Errorf("vulkan target: the %s module is invalid (a zmlc bug; please report it): %w", name, err)
	}
	return bin, nil
}
