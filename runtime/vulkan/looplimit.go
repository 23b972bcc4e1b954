package vulkan

import (
	"fmt"
	"strconv"
	"strings"
	"unsafe"

	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/targets/gpu"
)

// IterationsOption is the vulkan target option (compile.IterationsOption)
// listing, for each kernel of module 0 in manifest order, the loop
// iterations one invocation runs at most (gpu.InvocationIterations), as
// decimal numbers separated by commas. On lavapipe, which cuts every
// invocation short after gpu.LavapipeLoopLimit iterations without an
// error, LoadModule refuses a kernel above the limit.
const IterationsOption = "iterations"

// driverIDMesaLLVMPipe is VK_DRIVER_ID_MESA_LLVMPIPE (VkDriverId).
const driverIDMesaLLVMPipe = 13

// stPhysicalDeviceDriverProperties is
// VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES (Vulkan 1.2).
const stPhysicalDeviceDriverProperties = 1000196000

// driverProperties is VkPhysicalDeviceDriverProperties.
type driverProperties struct {
	sType       uint32
	pNext       unsafe.Pointer
	driverID    uint32
	driverName  [256]byte
	driverInfo  [256]byte
	conformance [4]uint8
}

// DriverID returns the device's VkDriverId (VkPhysicalDeviceDriverProperties,
// Vulkan 1.2), 0 when the device does not report one.
func (d *Device) DriverID() uint32 {
	p2 := &physicalDeviceProperties2{sType: stPhysicalDeviceProperties2}
	dp := &driverProperties{sType: stPhysicalDeviceDriverProperties}
	p2.pNext = unsafe.Pointer(dp)
	call("vkGetPhysicalDeviceProperties2", d.phys, ptr(p2))
	runtimeKeepAlive(dp)
	return dp.driverID
}

// IsLavapipe reports whether the device is Mesa's lavapipe (driver ID
// VK_DRIVER_ID_MESA_LLVMPIPE).
func (d *Device) IsLavapipe() bool { return d.DriverID() == driverIDMesaLLVMPipe }

// parseIterations parses the value of IterationsOption for a module of
// n kernels; errors wrap runtime.ErrInvalid and name the item.
func parseIterations(s string, n int) ([]int64, error) {
	parts := strings.Split(s, ",")
	if len(parts) != n {
		return nil, fmt.Errorf("%w: target option %s lists %d counts for %d kernels", runtime.ErrInvalid, IterationsOption, len(parts), n)
	}
	out := make([]int64, n)
	for i, p := range parts {
		v, err := strconv.ParseInt(p, 10, 64)
		if err != nil || v < 0 {
			return nil, fmt.Errorf("%w: target option %s: item %d %q is not a count", runtime.ErrInvalid, IterationsOption, i, p)
		}
		out[i] = v
	}
	return out, nil
}

// checkLoopLimit refuses, on lavapipe, a kernel of module index whose
// iterations per invocation (IterationsOption) exceed
// gpu.LavapipeLoopLimit, with an error wrapping runtime.ErrUnsupported
// that names the kernel, its count and the limit. Bundles without the
// option, and other devices, pass.
func (d *Driver) checkLoopLimit(index int) error {
	s, ok := d.env.Manifest.Target.Options[IterationsOption]
	if !ok || index != 0 || !d.lavapipe {
		return nil
	}
	m := &d.env.Manifest.Modules[index]
	its, err := parseIterations(s, len(m.Kernels))
	if err != nil {
		return err
	}
	for i, n := range its {
		if n > gpu.LavapipeLoopLimit {
			return fmt.Errorf("%w: kernel %q runs %d loop iterations per invocation; lavapipe (%s) stops every invocation after %d", runtime.ErrUnsupported, m.Kernels[i].Name, n, d.dev.Name, gpu.LavapipeLoopLimit)
		}
	}
	return nil
}
