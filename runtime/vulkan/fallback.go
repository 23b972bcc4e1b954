package vulkan

import (
	"fmt"
	"os"
	"slices"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/targets/spirv"
)

// The fallback module (docs/BUNDLE.md, "Vulkan"): a vulkan bundle whose
// kernel module declares an 8- or 16-bit capability also holds the same
// kernels rendered with spirv.Options.No8Or16Bit, named by target option
// FallbackOption (compile.FallbackOption). The driver loads it instead of
// the module on a device without those features
// (!Features.Has8And16Bit()), or when asked to (Options.No8Or16Bit,
// EnvNo8Or16Bit).
const (
	// FallbackOption is the target option naming the fallback blob.
	FallbackOption = "spirv_no8or16bit"
	// EnvNo8Or16Bit, set to 1, makes every Vulkan driver load the
	// fallback module as if the device lacked 8- and 16-bit features
	// (for tests and for comparing the two forms on one device).
	EnvNo8Or16Bit = "ZMLC_VULKAN_NO8OR16BIT"
)

// narrowCapabilities are the capabilities the fallback module avoids.
var narrowCapabilities = []spirv.Capability{
	spirv.CapabilityInt8, spirv.CapabilityInt16, spirv.CapabilityFloat16,
	spirv.CapabilityStorageBuffer8BitAccess, spirv.CapabilityStorageBuffer16BitAccess,
}

// NeedsNo8Or16Bit reports whether the SPIR-V module bin declares a
// capability that a device without 8- and 16-bit features lacks (Int8,
// Int16, Float16, StorageBuffer8BitAccess, StorageBuffer16BitAccess):
// whether a bundle needs a fallback module for such devices. Errors are
// spirv.Inspect's.
func NeedsNo8Or16Bit(bin []byte) (bool, error) {
	info, err := spirv.Inspect(bin)
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(info.Capabilities, func(c spirv.Capability) bool {
		return slices.Contains(narrowCapabilities, c)
	}), nil
}

// forceNo8Or16Bit reports whether the fallback is asked for.
func (d *Driver) forceNo8Or16Bit() bool {
	return d.opts.No8Or16Bit || os.Getenv(EnvNo8Or16Bit) == "1"
}

// moduleBlob returns the SPIR-V blob LoadModule loads for manifest module
// m (the fallback applies to module 0, the one zmlc writes) and whether
// it is the fallback. Forced fallback with a module that needs 8- or
// 16-bit features and a bundle without a fallback is an error wrapping
// runtime.ErrUnsupported; a fallback option naming a missing blob wraps
// runtime.ErrInvalid.
func (d *Driver) moduleBlob(index int, m *emit.Module) ([]byte, bool, error) {
	blob, ok := d.env.Bundle.Blob(m.Blob)
	if !ok {
		return nil, false, fmt.Errorf("%w: module %q: the bundle has no blob %q", runtime.ErrInvalid, m.Name, m.Blob)
	}
	force := d.forceNo8Or16Bit()
	if index != 0 || !force && d.dev.Features.Has8And16Bit() {
		return blob, false, nil
	}
	if name := d.env.Manifest.Target.Options[FallbackOption]; name != "" {
		fb, ok := d.env.Bundle.Blob(name)
		if !ok {
			return nil, false, fmt.Errorf("%w: module %q: target option %s names blob %q, which the bundle lacks", runtime.ErrInvalid, m.Name, FallbackOption, name)
		}
		return fb, true, nil
	}
	if force {
		need, err := NeedsNo8Or16Bit(blob)
		if err != nil {
			return nil, false, fmt.Errorf("%w: module %q: %v", runtime.ErrInvalid, m.Name, err)
		}
		if need {
			return nil, false, fmt.Errorf("%w: module %q needs 8- or 16-bit features and the bundle has no No8Or16Bit module (target option %s; recompile it)", runtime.ErrUnsupported, m.Name, FallbackOption)
		}
	}
	return blob, false, nil
}

// UsesFallback reports whether a loaded module is the No8Or16Bit fallback.
func (d *Driver) UsesFallback() bool {
	return slices.ContainsFunc(d.mods, func(m *loadedModule) bool { return m != nil && m.fallback })
}
