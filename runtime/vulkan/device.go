package vulkan

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unsafe"
)

// Device is one Vulkan device with a compute queue, a command buffer that
// records launches until Sync, and a descriptor pool for their bindings.
type Device struct {
	inst, phys, dev, queue uintptr
	family                 uint32
	mem                    memoryProperties
	Name                   string // the device's name, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)"
	Type                   uint32 // VkPhysicalDeviceType: 2 discrete, 4 CPU (lavapipe)
	// Limits are the device's limits the driver checks launches against.
	Limits Limits
	// Features are the shader features enabled at device creation.
	Features Features
	// HostImport is the minImportedHostPointerAlignment of
	// VK_EXT_external_memory_host, 0 when the device cannot import host
	// memory (the extension is then not enabled).
	HostImport        uint64
	cmdPool, descPool uint64
	pipeCache         uint64
	cmd               uintptr
	recording         bool
	pending           int
	timestampBits     uint32
	messenger         uint64
	validation        *validationLog
	queries           *queryState
}

// Limits are the VkPhysicalDeviceLimits the driver uses.
type Limits struct {
	MaxStorageBufferRange           uint32
	MaxPushConstantsSize            uint32
	MaxComputeSharedMemorySize      uint32
	MaxComputeWorkGroupCount        [3]uint32
	MaxComputeWorkGroupInvocations  uint32
	MaxComputeWorkGroupSize         [3]uint32
	MinStorageBufferOffsetAlignment uint64
	TimestampPeriod                 float32 // nanoseconds per timestamp tick
	SubgroupSize                    uint32  // Vulkan 1.1; 0 when unknown
	MaxMemoryAllocationSize         uint64  // Vulkan 1.1; 0 when unknown
}

// Features are the shader features the kernels may need, as enabled on
// the device: the Vulkan 1.0 shaderFloat64, shaderInt64, shaderInt16,
// Vulkan 1.1 storageBuffer16BitAccess, Vulkan 1.2 storageBuffer8BitAccess,
// shaderFloat16 and shaderInt8, and (properties, not features) which
// float widths honour SignedZeroInfNanPreserve.
type Features struct {
	Float64, Int64, Int16, Int8, Float16 bool
	StorageBuffer8, StorageBuffer16      bool
	// Preserve16, Preserve32, Preserve64 are
	// shaderSignedZeroInfNanPreserveFloatN.
	Preserve16, Preserve32, Preserve64 bool
}

// Config chooses and sets up a device.
type Config struct {
	// Device selects the device whose name contains it (case-insensitive);
	// "" prefers a discrete GPU, then an integrated or virtual one, then a
	// CPU device such as lavapipe.
	Device string
	// Validation enables VK_LAYER_KHRONOS_validation and collects its
	// warnings and errors (Device.ValidationMessages); Open fails if the
	// layer is not installed (Debian: vulkan-validationlayers).
	Validation bool
	// NoHostImport leaves VK_EXT_external_memory_host disabled even when
	// the device has it (the copying path, for tests and comparisons).
	NoHostImport bool
}

// ensureRuntimeDir sets XDG_RUNTIME_DIR when it is unset: Mesa's lavapipe
// needs one. It is the same folder for every process of a user,
// `$TMPDIR/zmlc-xdg-<uid>`, mode 0700, so processes leave at most one
// behind in all (they used to leave one each). A path there that is not a
// folder of ours with mode 0700 (a symlink, another owner) is not used:
// then a fresh private folder is made instead.
func ensureRuntimeDir() {
	if os.Getenv("XDG_RUNTIME_DIR") != "" {
		return
	}
	if d, ok := userRuntimeDir(); ok {
		os.Setenv("XDG_RUNTIME_DIR", d)
		return
	}
	if d, err := os.MkdirTemp("", "zmlc-xdg-"); err == nil {
		os.Chmod(d, 0o700)
		os.Setenv("XDG_RUNTIME_DIR", d)
	}
}

// userRuntimeDir returns `$TMPDIR/zmlc-xdg-<uid>`, creating it with mode
// 0700, when it is (or can be made) a real folder owned by this user with
// no access for others.
func userRuntimeDir() (string, bool) {
	d := filepath.Join(os.TempDir(), "zmlc-xdg-"+strconv.Itoa(os.Getuid()))
	if err := os.Mkdir(d, 0o700); err != nil && !os.IsExist(err) {
		return "", false
	}
	fi, err := os.Lstat(d)
	if err != nil || !fi.IsDir() || fi.Mode().Perm() != 0o700 || !ownedByMe(fi) {
		return "", false
	}
	return d, true
}

// Open creates an instance and a device. want selects a device whose name
// contains it (case-insensitive); "" prefers a discrete GPU, then an
// integrated or virtual one, then a CPU device such as lavapipe.
func Open(want string) (*Device, error) { return OpenConfig(Config{Device: want}) }

// OpenConfig creates an instance and a device as cfg says, enabling the
// shader features the device has (Features) and, when present and not
// disabled, VK_EXT_external_memory_host.
func OpenConfig(cfg Config) (d *Device, err error) {
	if err := load(); err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			p, ok := r.(vkPanic)
			if !ok {
				panic(r)
			}
			if d != nil {
				d.Close()
			}
			d, err = nil, fmt.Errorf("%s", string(p))
		}
	}()
	ensureRuntimeDir()
	d = &Device{}
	app := &applicationInfo{sType: stApplicationInfo, appName: cstr("zmlc"), engineName: cstr("zmlc"), apiVersion: apiVersion12}
	ici := &instanceCreateInfo{sType: stInstanceCreateInfo, appInfo: app}
	var keep []any
	if cfg.Validation {
		if !hasLayer(validationLayer) {
			return nil, fmt.Errorf("vulkan: the validation layer %s is not installed (Debian package vulkan-validationlayers)", validationLayer)
		}
		layers := []*byte{cstr(validationLayer)}
		exts := []*byte{cstr(extDebugUtils)}
		d.validation = &validationLog{}
		dci := d.validation.createInfo()
		ici.layerCount, ici.layers = 1, unsafe.Pointer(&layers[0])
		ici.extCount, ici.exts = 1, unsafe.Pointer(&exts[0])
		ici.pNext = unsafe.Pointer(dci)
		keep = append(keep, layers, exts, dci)
	}
	manifest := chooseManifest(cfg.Device)
	create := func(m string) error {
		return check("vkCreateInstance", withDrivers(m, func() int32 { return call("vkCreateInstance", ptr(ici), 0, ptr(&d.inst)) }))
	}
	err = create(manifest)
	if err != nil && manifest != "" {
		manifest = ""
		err = create("")
	}
	if err != nil {
		return nil, err
	}
	if d.validation != nil {
		d.validation.register(d)
	}
	picked, ok, names := pickDevice(d.inst, cfg.Device)
	if !ok && manifest != "" { // the driver alone lost its device: load them all
		d.Close()
		d.inst = 0
		if err := create(""); err != nil {
			return nil, err
		}
		if d.validation != nil {
			d.validation.register(d)
		}
		picked, ok, names = pickDevice(d.inst, cfg.Device)
	}
	if len(names) == 0 {
		d.Close()
		return nil, fmt.Errorf("vulkan: no physical device (install mesa-vulkan-drivers for lavapipe)")
	}
	if !ok {
		d.Close()
		return nil, fmt.Errorf("vulkan: no device matches %q (devices: %s)", cfg.Device, strings.Join(names, ", "))
	}
	d.phys, d.Type, d.Name = picked.phys, picked.typ, picked.name
	apiVer := picked.apiVer
	var qn uint32
	call("vkGetPhysicalDeviceQueueFamilyProperties", d.phys, ptr(&qn), 0)
	qs := make([]queueFamilyProperties, qn)
	call("vkGetPhysicalDeviceQueueFamilyProperties", d.phys, ptr(&qn), ptr(&qs[0]))
	d.family = ^uint32(0)
	for i, q := range qs {
		if q.queueFlags&queueCompute != 0 {
			d.family = uint32(i)
			d.timestampBits = q.timestampValidBits
			break
		}
	}
	if d.family == ^uint32(0) {
		d.Close()
		return nil, fmt.Errorf("vulkan: device %s has no compute queue", d.Name)
	}
	call("vkGetPhysicalDeviceMemoryProperties", d.phys, ptr(&d.mem))
	hostExt := !cfg.NoHostImport && d.hasExtension(extExternalMemoryHost)
	v12 := apiVer >= apiVersion12
	d.queryCaps(hostExt, v12)
	feats := d.queryFeatures(v12)
	var exts []*byte
	if d.HostImport != 0 {
		exts = append(exts, cstr(extExternalMemoryHost))
	}
	prio := new(float32)
	*prio = 1
	qci := &deviceQueueCreateInfo{sType: stDeviceQueueCreateInfo, family: d.family, count: 1, priorities: prio}
	dci := &deviceCreateInfo{sType: stDeviceCreateInfo, pNext: unsafe.Pointer(feats), queueCount: 1, queues: qci}
	if len(exts) > 0 {
		dci.extCount, dci.exts = uint32(len(exts)), unsafe.Pointer(&exts[0])
	}
	if err := check("vkCreateDevice", call("vkCreateDevice", d.phys, ptr(dci), 0, ptr(&d.dev))); err != nil {
		d.Close()
		return nil, err
	}
	runtimeKeepAlive(keep, exts, feats)
	call("vkGetDeviceQueue", d.dev, uintptr(d.family), 0, ptr(&d.queue))
	cpi := &commandPoolCreateInfo{sType: stCommandPoolInfo, flags: 2, family: d.family}
	if err := check("vkCreateCommandPool", call("vkCreateCommandPool", d.dev, ptr(cpi), 0, ptr(&d.cmdPool))); err != nil {
		d.Close()
		return nil, err
	}
	cai := &commandBufferAllocateInfo{sType: stCommandBufferAllocInfo, pool: d.cmdPool, count: 1}
	if err := check("vkAllocateCommandBuffers", call("vkAllocateCommandBuffers", d.dev, ptr(cai), ptr(&d.cmd))); err != nil {
		d.Close()
		return nil, err
	}
	sizes := &descriptorPoolSize{descType: descStorageBuffer, count: 4096}
	dpi := &descriptorPoolCreateInfo{sType: stDescriptorPoolInfo, maxSets: 1024, sizeCount: 1, sizes: sizes}
	if err := check("vkCreateDescriptorPool", call("vkCreateDescriptorPool", d.dev, ptr(dpi), 0, ptr(&d.descPool))); err != nil {
		d.Close()
		return nil, err
	}
	pci := &pipelineCacheCreateInfo{sType: stPipelineCacheCreateInfo}
	if err := check("vkCreatePipelineCache", call("vkCreatePipelineCache", d.dev, ptr(pci), 0, ptr(&d.pipeCache))); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

// Close waits for the device and destroys everything Open created.
func (d *Device) Close() {
	if d.dev != 0 {
		call("vkDeviceWaitIdle", d.dev)
		d.closeQueries()
		if d.pipeCache != 0 {
			call("vkDestroyPipelineCache", d.dev, uintptr(d.pipeCache), 0)
		}
		if d.descPool != 0 {
			call("vkDestroyDescriptorPool", d.dev, uintptr(d.descPool), 0)
		}
		if d.cmdPool != 0 {
			call("vkDestroyCommandPool", d.dev, uintptr(d.cmdPool), 0)
		}
		call("vkDestroyDevice", d.dev, 0)
		d.dev = 0
	}
	if d.inst != 0 {
		if d.validation != nil {
			d.validation.unregister(d)
		}
		call("vkDestroyInstance", d.inst, 0)
		d.inst = 0
	}
}

// Buffer is a storage buffer in host-visible, coherent memory, mapped for
// the host for its whole life.
type Buffer struct {
	buf, mem uint64
	Size     uint64
	mapped   unsafe.Pointer
	imported bool    // ImportHost: the memory is the host's, at addr
	addr     uintptr // ImportHost
}

// Bytes returns the buffer's mapped contents (nil for imported host
// memory: use the host's own view of it).
func (b *Buffer) Bytes() []byte {
	if b.Size == 0 || b.mapped == nil {
		return nil
	}
	return unsafe.Slice((*byte)(b.mapped), b.Size)
}

// NewBuffer creates a buffer of size bytes (at least 4).
func (d *Device) NewBuffer(size uint64) (*Buffer, error) {
	b := &Buffer{Size: size}
	bci := &bufferCreateInfo{sType: stBufferCreateInfo, size: max(size, 4), usage: bufferUsageStorage | bufferUsageTransfer}
	if err := check("vkCreateBuffer", call("vkCreateBuffer", d.dev, ptr(bci), 0, ptr(&b.buf))); err != nil {
		return nil, err
	}
	var req memoryRequirements
	call("vkGetBufferMemoryRequirements", d.dev, uintptr(b.buf), ptr(&req))
	ti := d.findMemoryType(req.typeBits, memHostVisible|memHostCoherent)
	if ti < 0 {
		d.FreeBuffer(b)
		return nil, fmt.Errorf("vulkan: device %s has no host-visible coherent memory for a storage buffer", d.Name)
	}
	mai := &memoryAllocateInfo{sType: stMemoryAllocateInfo, size: req.size, typeIndex: uint32(ti)}
	if err := check("vkAllocateMemory", call("vkAllocateMemory", d.dev, ptr(mai), 0, ptr(&b.mem))); err != nil {
		d.FreeBuffer(b)
		return nil, err
	}
	if err := check("vkBindBufferMemory", call("vkBindBufferMemory", d.dev, uintptr(b.buf), uintptr(b.mem), 0)); err != nil {
		d.FreeBuffer(b)
		return nil, err
	}
	if err := check("vkMapMemory", call("vkMapMemory", d.dev, uintptr(b.mem), 0, uintptr(req.size), 0, ptr(&b.mapped))); err != nil {
		d.FreeBuffer(b)
		return nil, err
	}
	return b, nil
}

// findMemoryType returns the index of the first of the device's memory
// types in the mask typeBits whose flags include all of need; -1 if none.
func (d *Device) findMemoryType(typeBits, need uint32) int {
	for i := uint32(0); i < d.mem.typeCount; i++ {
		if typeBits&(1<<i) != 0 && d.mem.types[i].flags&need == need {
			return int(i)
		}
	}
	return -1
}

// FreeBuffer destroys a buffer (the caller has synced work that uses it).
func (d *Device) FreeBuffer(b *Buffer) {
	if b.buf != 0 {
		call("vkDestroyBuffer", d.dev, uintptr(b.buf), 0)
		b.buf = 0
	}
	if b.mem != 0 {
		call("vkFreeMemory", d.dev, uintptr(b.mem), 0)
		b.mem = 0
	}
}
