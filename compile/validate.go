package compile

import (
	"context"
	"errors"
	"fmt"

	"github.com/zmlc/zmlc/targets/spirv"
)

// Every target checks its own output before a bundle is written
// (DESIGN.md, "How we know a target is right"), so that a renderer bug is
// a compile error and never a bundle written with exit status 0:
//   - wasm: targets/wasm.Build validates the host program (and the
//     kernels in it) with wazero, on every target;
//   - vulkan: validateSPIRV runs spirv-val on the kernel module and on its
//     No8Or16Bit fallback module (without spirv-val no bundle is written;
//     --emit=spirv still prints the module);
//   - cpu, cuda, rocm: opt-19 verifies the LLVM module it reads (LLVM's
//     verifier, on by default) before llc-19 compiles it
//     (targets/llvm/codegen.go).

// testHookSPIRV, when set (by tests only), changes a SPIR-V module named
// name (kernels.spv, kernels.no8or16bit.spv) before it is validated.
var testHookSPIRV func(name string, bin []byte) []byte

// validateSPIRV checks the SPIR-V module bin, the bundle's blob name, with
// spirv-val (spirv.Validate) and returns it (as the test hook left it,
// also with an error). When spirv-val is missing the error wraps
// spirv.ErrNoValidator: a bundle cannot be written then, but `--emit=spirv`,
// which prints the module for inspection, works without SPIRV-Tools.
func validateSPIRV(ctx context.Context, name string, bin []byte) ([]byte, error) {
	if testHookSPIRV != nil {
		bin = testHookSPIRV(name, bin)
	}
	if err := spirv.Validate(ctx, bin); err != nil {
		if errors.Is(err, spirv.ErrNoValidator) {
			return bin, fmt.Errorf("vulkan target: cannot validate the %s module: %w", name, err)
		}
		return bin, fmt.Errorf("vulkan target: the %s module is invalid (a zmlc bug; please report it): %w", name, err)
	}
	return bin, nil
}
