package vulkan

import (
	"fmt"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/targets/spirv"
)

// modulePart is one VkShaderModule made from a manifest module: its
// SPIR-V and the entry points (kernel symbols) it holds.
type modulePart struct {
	blob    []byte
	symbols []string
}

// splitShared returns the shader modules LoadModule creates for a manifest
// module of SPIR-V blob (info is spirv.Inspect's) whose kernels are ks, on
// a device allowing limit bytes of workgroup memory
// (maxComputeSharedMemorySize).
//
// VUID-RuntimeSpirv-Workgroup-06530 bounds the Workgroup variables "in the
// GLCompute Execution Model" without naming an entry point, and
// VK_LAYER_KHRONOS_validation sums every Workgroup variable of the module
// for each compute pipeline (targets/spirv/workgroup.go). A module whose
// kernels each fit but whose variables together exceed limit is therefore
// cut, with spirv.Extract, into parts holding consecutive kernels (in
// manifest order) whose variables together fit: every module given to
// vkCreateShaderModule satisfies the rule under either reading, and each
// kernel keeps only its own workgroup memory (no pooling that would
// raise a small kernel's allocation). A module that fits is one part, the
// blob itself.
//
// A kernel whose own variables exceed limit, or whose symbol names no
// entry point, is an error naming it (wrapping runtime.ErrUnsupported and
// runtime.ErrInvalid).
func splitShared(m *emit.Module, blob []byte, info *spirv.Info, ks []emit.Kernel, limit uint32, device string) ([]modulePart, error) {
	bytes := map[string]int64{}
	for _, e := range info.Entries {
		bytes[e.Name] = e.WorkgroupBytes
	}
	var syms []string
	seen := map[string]bool{}
	for _, k := range ks {
		b, ok := bytes[k.Symbol]
		if !ok {
			return nil, fmt.Errorf("%w: module %q has no entry point %q for kernel %q", runtime.ErrInvalid, m.Name, k.Symbol, k.Name)
		}
		if b > int64(limit) {
			return nil, fmt.Errorf("%w: kernel %q uses %d bytes of workgroup memory; device %s allows %d (maxComputeSharedMemorySize)", runtime.ErrUnsupported, k.Name, b, device, limit)
		}
		if !seen[k.Symbol] {
			seen[k.Symbol] = true
			syms = append(syms, k.Symbol)
		}
	}
	if info.WorkgroupBytes <= int64(limit) {
		return []modulePart{{blob: blob, symbols: syms}}, nil
	}
	var groups [][]string
	var sum int64
	for i, s := range syms {
		if i == 0 || sum+bytes[s] > int64(limit) {
			groups, sum = append(groups, nil), 0
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], s)
		sum += bytes[s]
	}
	parts := make([]modulePart, len(groups))
	for i, g := range groups {
		bin, err := spirv.Extract(blob, g...)
		if err != nil {
			return nil, fmt.Errorf("%w: module %q: %v", runtime.ErrInvalid, m.Name, err)
		}
		parts[i] = modulePart{blob: bin, symbols: g}
	}
	return parts, nil
}

// ShaderModules returns how many VkShaderModules the driver holds for its
// loaded modules: one per manifest module, more where splitShared cut one
// to keep each within the device's workgroup memory.
func (d *Driver) ShaderModules() int {
	n := 0
	for _, m := range d.mods {
		if m != nil {
			n += len(m.shaders)
		}
	}
	return n
}
