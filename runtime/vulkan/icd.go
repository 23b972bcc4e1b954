package vulkan

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// The Vulkan loader (1.3.239 on Debian 12) loads every installed driver
// (ICD) at vkCreateInstance and keeps it loaded for the instance's life:
// with Mesa's package that is lavapipe and the intel, intel_hasvk and
// radeon drivers, about 5 MiB of resident code and data for the three
// that find no device (measured with /proc/self/smaps; see
// BenchmarkZeroCopy64MiB). The instance-level VK_LUNARG_direct_driver_loading
// would load one driver by its entry point, but that loader lacks it. So
// the first Open in a process probes each driver manifest alone (through
// VK_DRIVER_FILES), remembers which one holds the device it picks, and
// every instance is then created with only that driver. Users who choose
// drivers themselves (VK_DRIVER_FILES, VK_ICD_FILENAMES,
// VK_ADD_DRIVER_FILES, VK_LOADER_DRIVERS_SELECT or _DISABLE set) are left
// alone, and so are machines with a single manifest.

// icdEnvVars are the loader variables that choose drivers.
var icdEnvVars = []string{"VK_DRIVER_FILES", "VK_ICD_FILENAMES", "VK_ADD_DRIVER_FILES", "VK_LOADER_DRIVERS_SELECT", "VK_LOADER_DRIVERS_DISABLE"}

var (
	// icdMu serialises instance creation while VK_DRIVER_FILES is set.
	icdMu sync.Mutex
	// icdChoice maps Config.Device to the manifest whose driver holds the
	// device picked for it ("" when every driver is to be loaded).
	icdChoice = map[string]string{}
)

// icdDirs returns the folders the loader reads driver manifests from on
// Linux, in its order (Vulkan-Loader docs/LoaderDriverInterface.md,
// "Driver Discovery on Linux").
func icdDirs() []string {
	home := os.Getenv("HOME")
	env := func(name, def string) string {
		if v := os.Getenv(name); v != "" {
			return v
		}
		return def
	}
	var dirs []string
	if v := env("XDG_CONFIG_HOME", filepath.Join(home, ".config")); home != "" || os.Getenv("XDG_CONFIG_HOME") != "" {
		dirs = append(dirs, v)
	}
	dirs = append(dirs, filepath.SplitList(env("XDG_CONFIG_DIRS", "/etc/xdg"))...)
	dirs = append(dirs, "/etc")
	if v := env("XDG_DATA_HOME", filepath.Join(home, ".local/share")); home != "" || os.Getenv("XDG_DATA_HOME") != "" {
		dirs = append(dirs, v)
	}
	dirs = append(dirs, filepath.SplitList(env("XDG_DATA_DIRS", "/usr/local/share:/usr/share"))...)
	for i, d := range dirs {
		dirs[i] = filepath.Join(d, "vulkan", "icd.d")
	}
	return dirs
}

// icdManifests lists the driver manifests (*.json) the loader would read.
func icdManifests() []string {
	var out []string
	for _, d := range icdDirs() {
		m, _ := filepath.Glob(filepath.Join(d, "*.json"))
		slices.Sort(m)
		for _, f := range m {
			if !slices.Contains(out, f) && !strings.ContainsAny(f, string(filepath.ListSeparator)) {
				out = append(out, f)
			}
		}
	}
	return out
}

// userPicksDrivers reports whether the environment already chooses the
// loader's drivers.
func userPicksDrivers() bool {
	return slices.ContainsFunc(icdEnvVars, func(k string) bool { return os.Getenv(k) != "" })
}

// withDrivers runs create with VK_DRIVER_FILES set to manifest (unless it
// is "") and unset again afterwards; the loader reads it in
// vkCreateInstance.
func withDrivers(manifest string, create func() int32) int32 {
	icdMu.Lock()
	defer icdMu.Unlock()
	if manifest == "" {
		return create()
	}
	os.Setenv("VK_DRIVER_FILES", manifest)
	defer os.Unsetenv("VK_DRIVER_FILES")
	return create()
}

// deviceRank orders device types: discrete GPU first, then integrated,
// virtual, CPU (lavapipe) and other.
var deviceRank = map[uint32]int{deviceTypeDiscrete: 0, 1: 1, 3: 2, deviceTypeCPU: 3, 0: 4}

// rankOf is deviceRank[t], after every known type for an unknown one.
func rankOf(t uint32) int {
	if r, ok := deviceRank[t]; ok {
		return r
	}
	return len(deviceRank)
}

// pickedDevice is the physical device pickDevice chose.
type pickedDevice struct {
	phys   uintptr
	typ    uint32
	name   string
	apiVer uint32
}

// pickDevice enumerates inst's physical devices and picks the best one
// whose name contains want (case-insensitive; "" matches all), by
// deviceRank. It also returns every device's name.
func pickDevice(inst uintptr, want string) (best pickedDevice, ok bool, names []string) {
	var n uint32
	call("vkEnumeratePhysicalDevices", inst, ptr(&n), 0)
	if n == 0 {
		return best, false, nil
	}
	devs := make([]uintptr, n)
	call("vkEnumeratePhysicalDevices", inst, ptr(&n), ptr(&devs[0]))
	for _, pd := range devs[:n] {
		props := new(physicalDeviceProperties)
		call("vkGetPhysicalDeviceProperties", pd, ptr(props))
		name := string(props.deviceName[:max(0, bytes.IndexByte(props.deviceName[:], 0))])
		names = append(names, name)
		if want != "" && !strings.Contains(strings.ToLower(name), strings.ToLower(want)) {
			continue
		}
		if !ok || rankOf(props.deviceType) < rankOf(best.typ) {
			best, ok = pickedDevice{phys: pd, typ: props.deviceType, name: name, apiVer: props.apiVersion}, true
		}
	}
	return best, ok, names
}

// chooseManifest returns the manifest whose driver alone holds the device
// OpenConfig would pick for want, probing each manifest once per process
// and want; "" means load every driver (the user chose drivers, there is
// at most one manifest, or no single one could be told).
func chooseManifest(want string) string {
	if userPicksDrivers() {
		return ""
	}
	icdMu.Lock()
	m, done := icdChoice[want]
	icdMu.Unlock()
	if done {
		return m
	}
	manifests := icdManifests()
	choice, rank := "", len(deviceRank)+1
	if len(manifests) > 1 {
		for _, m := range manifests {
			app := &applicationInfo{sType: stApplicationInfo, appName: cstr("zmlc"), engineName: cstr("zmlc"), apiVersion: apiVersion12}
			ici := &instanceCreateInfo{sType: stInstanceCreateInfo, appInfo: app}
			var inst uintptr
			if withDrivers(m, func() int32 { return call("vkCreateInstance", ptr(ici), 0, ptr(&inst)) }) != vkSuccess {
				continue
			}
			if p, ok, _ := pickDevice(inst, want); ok {
				if r := rankOf(p.typ); r < rank {
					choice, rank = m, r
				}
			}
			call("vkDestroyInstance", inst, 0)
		}
	}
	icdMu.Lock()
	icdChoice[want] = choice
	icdMu.Unlock()
	return choice
}
