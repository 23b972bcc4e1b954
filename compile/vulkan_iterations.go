package compile

import (
	"strconv"
	"strings"

	"github.com/zmlc/zmlc/runtime/vulkan"
	"github.com/zmlc/zmlc/targets/gpu"
	"github.com/zmlc/zmlc/targets/kernel"
)

// recordVulkanIterations sets dm's target option vulkan.IterationsOption
// from ks, the kernels of its SPIR-V module in manifest order: each
// kernel's loop iterations per invocation (gpu.InvocationIterations),
// which the Vulkan driver checks on lavapipe against
// gpu.LavapipeLoopLimit (docs/BUNDLE.md, "Vulkan").
func recordVulkanIterations(dm *DeviceModule, ks []*kernel.Kernel) {
	counts := make([]string, len(ks))
	for i, k := range ks {
		counts[i] = strconv.FormatInt(gpu.InvocationIterations(k), 10)
	}
	dm.Options[vulkan.IterationsOption] = strings.Join(counts, ",")
}
