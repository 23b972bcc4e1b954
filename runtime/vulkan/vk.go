package vulkan

import (
	"errors"
	"fmt"
	"sync"
	"unsafe"

	"github.com/ebitengine/purego"
)

// The Vulkan 1.0/1.2 constants the driver uses (vulkan_core.h).
const (
	stApplicationInfo          = 0
	stInstanceCreateInfo       = 1
	stDeviceQueueCreateInfo    = 2
	stDeviceCreateInfo         = 3
	stSubmitInfo               = 4
	stMemoryAllocateInfo       = 5
	stFenceCreateInfo          = 8
	stBufferCreateInfo         = 12
	stShaderModuleCreateInfo   = 16
	stPipelineShaderStageInfo  = 18
	stComputePipelineInfo      = 29
	stPipelineLayoutInfo       = 30
	stDescriptorSetLayoutInfo  = 32
	stDescriptorPoolInfo       = 33
	stDescriptorSetAllocInfo   = 34
	stWriteDescriptorSet       = 35
	stCommandPoolInfo          = 39
	stCommandBufferAllocInfo   = 40
	stCommandBufferBeginInfo   = 42
	stMemoryBarrier            = 46
	stPhysicalDeviceFeatures2  = 1000059000
	stPhysicalDeviceVulkan12Fe = 51

	vkSuccess           = 0
	apiVersion12        = 1<<22 | 2<<12
	queueCompute        = 0x2
	bufferUsageTransfer = 0x1 | 0x2
	bufferUsageStorage  = 0x20
	memHostVisible      = 0x2
	memHostCoherent     = 0x4
	descStorageBuffer   = 7
	stageCompute        = 0x20
	pipeStageCompute    = 0x800
	pipeStageTransfer   = 0x1000
	pipeStageHost       = 0x4000
	accessShaderRead    = 0x20
	accessShaderWrite   = 0x40
	accessTransferRead  = 0x800
	accessTransferWrite = 0x1000
	accessHostRead      = 0x2000
	accessHostWrite     = 0x4000
	deviceTypeDiscrete  = 2
	deviceTypeCPU       = 4
)

var (
	loadOnce sync.Once
	loadErr  error
	lib      uintptr
	procs    = map[string]uintptr{}
)

// ErrNoVulkan is returned when libvulkan.so.1 cannot be loaded.
var ErrNoVulkan = errors.New("vulkan: libvulkan.so.1 not found (the vulkan target needs the Vulkan loader: Debian package libvulkan1, and a driver such as mesa-vulkan-drivers)")

func load() error {
	loadOnce.Do(func() {
		h, err := purego.Dlopen("libvulkan.so.1", purego.RTLD_NOW|purego.RTLD_GLOBAL)
		if err != nil {
			loadErr = fmt.Errorf("%w: %v", ErrNoVulkan, err)
			return
		}
		lib = h
	})
	return loadErr
}

// proc returns the address of a loader export.
func proc(name string) uintptr {
	if p, ok := procs[name]; ok {
		return p
	}
	p, err := purego.Dlsym(lib, name)
	if err != nil {
		panic(vkPanic(fmt.Sprintf("vulkan: the loader lacks %s", name)))
	}
	procs[name] = p
	return p
}

type vkPanic string

// call invokes a Vulkan function by name; pointer arguments must be passed
// as uintptr(unsafe.Pointer(p)) in the call itself (SyscallN keeps them alive).
func call(name string, args ...uintptr) int32 {
	r, _, _ := purego.SyscallN(proc(name), args...)
	return int32(r)
}

func check(name string, r int32) error {
	if r != vkSuccess {
		return fmt.Errorf("vulkan: %s failed: VkResult %d", name, r)
	}
	return nil
}

// cstr returns a NUL-terminated copy of s.
func cstr(s string) *byte {
	b := append([]byte(s), 0)
	return &b[0]
}

// ptr returns p's address for a call. The pointee is forced to the heap
// (escape): a uintptr made outside the call expression does not keep a
// stack variable in place, and the stack can move (grow or shrink) before
// the C function writes through it — seen as vkEnumeratePhysicalDevices
// intermittently reporting no device.
func ptr[T any](p *T) uintptr {
	escape(p)
	return uintptr(unsafe.Pointer(p))
}

// escapeNever is always false; escape's store makes its argument escape.
var (
	escapeNever bool
	escapeSink  any
)

//go:noinline
func escape(p any) {
	if escapeNever {
		escapeSink = p
	}
}

// The structures below follow the C layout on 64-bit Linux (pointers and
// handles 8 bytes, VkBool32 and enums 4).

type applicationInfo struct {
	sType         uint32
	pNext         unsafe.Pointer
	appName       *byte
	appVersion    uint32
	engineName    *byte
	engineVersion uint32
	apiVersion    uint32
}

type instanceCreateInfo struct {
	sType      uint32
	pNext      unsafe.Pointer
	flags      uint32
	appInfo    *applicationInfo
	layerCount uint32
	layers     unsafe.Pointer
	extCount   uint32
	exts       unsafe.Pointer
}

type queueFamilyProperties struct {
	queueFlags, queueCount, timestampValidBits uint32
	granularity                                [3]uint32
}

type deviceQueueCreateInfo struct {
	sType      uint32
	pNext      unsafe.Pointer
	flags      uint32
	family     uint32
	count      uint32
	priorities *float32
}

type deviceCreateInfo struct {
	sType      uint32
	pNext      unsafe.Pointer
	flags      uint32
	queueCount uint32
	queues     *deviceQueueCreateInfo
	layerCount uint32
	layers     unsafe.Pointer
	extCount   uint32
	exts       unsafe.Pointer
	features   unsafe.Pointer
}

type memoryType struct{ flags, heap uint32 }
type memoryHeap struct {
	size  uint64
	flags uint32
}
type memoryProperties struct {
	typeCount uint32
	types     [32]memoryType
	heapCount uint32
	heaps     [16]memoryHeap
}

type bufferCreateInfo struct {
	sType       uint32
	pNext       unsafe.Pointer
	flags       uint32
	size        uint64
	usage       uint32
	sharing     uint32
	familyCount uint32
	families    unsafe.Pointer
}

type memoryRequirements struct {
	size, alignment uint64
	typeBits        uint32
}

type memoryAllocateInfo struct {
	sType     uint32
	pNext     unsafe.Pointer
	size      uint64
	typeIndex uint32
}

type shaderModuleCreateInfo struct {
	sType    uint32
	pNext    unsafe.Pointer
	flags    uint32
	codeSize uintptr
	code     unsafe.Pointer
}

type descriptorSetLayoutBinding struct {
	binding, descType, count, stages uint32
	samplers                         unsafe.Pointer
}

type descriptorSetLayoutCreateInfo struct {
	sType    uint32
	pNext    unsafe.Pointer
	flags    uint32
	count    uint32
	bindings *descriptorSetLayoutBinding
}

type pipelineLayoutCreateInfo struct {
	sType      uint32
	pNext      unsafe.Pointer
	flags      uint32
	setCount   uint32
	sets       *uint64
	rangeCount uint32
	ranges     unsafe.Pointer
}

type pipelineShaderStageCreateInfo struct {
	sType  uint32
	pNext  unsafe.Pointer
	flags  uint32
	stage  uint32
	module uint64
	name   *byte
	spec   unsafe.Pointer
}

type computePipelineCreateInfo struct {
	sType     uint32
	pNext     unsafe.Pointer
	flags     uint32
	stage     pipelineShaderStageCreateInfo
	layout    uint64
	base      uint64
	baseIndex int32
}

type descriptorPoolSize struct{ descType, count uint32 }

type descriptorPoolCreateInfo struct {
	sType     uint32
	pNext     unsafe.Pointer
	flags     uint32
	maxSets   uint32
	sizeCount uint32
	sizes     *descriptorPoolSize
}

type descriptorSetAllocateInfo struct {
	sType   uint32
	pNext   unsafe.Pointer
	pool    uint64
	count   uint32
	layouts *uint64
}

type descriptorBufferInfo struct{ buffer, offset, rng uint64 }

type writeDescriptorSet struct {
	sType      uint32
	pNext      unsafe.Pointer
	set        uint64
	binding    uint32
	arrayElem  uint32
	count      uint32
	descType   uint32
	imageInfo  unsafe.Pointer
	bufferInfo *descriptorBufferInfo
	texelView  unsafe.Pointer
}

type commandPoolCreateInfo struct {
	sType  uint32
	pNext  unsafe.Pointer
	flags  uint32
	family uint32
}

type commandBufferAllocateInfo struct {
	sType uint32
	pNext unsafe.Pointer
	pool  uint64
	level uint32
	count uint32
}

type commandBufferBeginInfo struct {
	sType   uint32
	pNext   unsafe.Pointer
	flags   uint32
	inherit unsafe.Pointer
}

type submitInfo struct {
	sType       uint32
	pNext       unsafe.Pointer
	waitCount   uint32
	waits       unsafe.Pointer
	waitStages  unsafe.Pointer
	cmdCount    uint32
	cmds        *uintptr
	signalCount uint32
	signals     unsafe.Pointer
}

type memoryBarrier struct {
	sType    uint32
	pNext    unsafe.Pointer
	src, dst uint32
}
