package compile

import (
	"context"
	"fmt"
	"maps"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/runtime/vulkan"
	"github.com/zmlc/zmlc/targets/kernel"
	"github.com/zmlc/zmlc/targets/spirv"
)

// FallbackBlob is the blob of a vulkan bundle's No8Or16Bit module
// (docs/BUNDLE.md, "Vulkan"): the kernels rendered with
// spirv.Options.No8Or16Bit, which a device without shaderInt8,
// shaderInt16, shaderFloat16 or 8/16-bit storage buffers loads instead of
// the kernel module. The target option vulkan.FallbackOption names it;
// zmlc writes it when the kernel module declares an 8- or 16-bit
// capability (vulkan.NeedsNo8Or16Bit).
const FallbackBlob = "kernels.no8or16bit.spv"

// vulkanKernels returns the kernels of the vulkan module of l in manifest
// order, named as lowerDevice names them (entry_kernel when the program
// has several entries), checked against the manifest's kernel symbols.
func vulkanKernels(l *Lowered) ([]*kernel.Kernel, error) {
	var ks []*kernel.Kernel
	for _, p := range l.DevicePrograms {
		for _, k := range p.Kernels {
			if len(l.DevicePrograms) > 1 {
				c := *k
				c.Name = p.Entry + "_" + k.Name
				k = &c
			}
			ks = append(ks, k)
		}
	}
	mk := l.Device.Module.Kernels
	if len(mk) != len(ks) {
		return nil, fmt.Errorf("vulkan target: %d kernels lowered, the module lists %d", len(ks), len(mk))
	}
	for i, k := range ks {
		if mk[i].Symbol != k.Name {
			return nil, fmt.Errorf("vulkan target: kernel %d is %s, the module lists %s", i, k.Name, mk[i].Symbol)
		}
	}
	return ks, nil
}

// vulkanFallback returns the No8Or16Bit module of l's vulkan kernels, or
// nil when l is not a vulkan lowering with kernels or its module declares
// no 8- or 16-bit capability. Errors are the renderer's, naming the kernel.
func vulkanFallback(l *Lowered) ([]byte, error) {
	if l.Target != "vulkan" || l.Device == nil || len(l.Device.Blob) == 0 {
		return nil, nil
	}
	need, err := vulkan.NeedsNo8Or16Bit(l.Device.Blob)
	if err != nil || !need {
		return nil, err
	}
	ks, err := vulkanKernels(l)
	if err != nil {
		return nil, err
	}
	bin, err := spirv.RenderModule(ks, spirv.Options{PreserveFloat: true, No8Or16Bit: true})
	if err != nil {
		return nil, fmt.Errorf("vulkan target: the %s module: %w", FallbackBlob, err)
	}
	return validateSPIRV(context.Background(), FallbackBlob, bin)
}

// addVulkanFallback adds l's fallback module (vulkanFallback), if it has
// one, to the manifest man and its blobs: blob FallbackBlob of kind
// "kernels", named by target option vulkan.FallbackOption. It is meant for
// Lowered.Manifest (bundle.go) after the kernel module is added.
func addVulkanFallback(l *Lowered, man *emit.Manifest, blobs []emit.BlobData) ([]emit.BlobData, error) {
	bin, err := vulkanFallback(l)
	if err != nil || bin == nil {
		return blobs, err
	}
	opts := maps.Clone(man.Target.Options) // it is l.Device.Options
	if opts == nil {
		opts = map[string]string{}
	}
	opts[vulkan.FallbackOption] = FallbackBlob
	man.Target.Options = opts
	return append(blobs, emit.BlobData{Name: FallbackBlob, Kind: emit.BlobKernels, Data: bin}), nil
}
