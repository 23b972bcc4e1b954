package vulkan

import "unsafe"

// Constants and structures for device capabilities, host-memory import,
// queries, push constants and the validation layer (vulkan_core.h).
const (
	stQueryPoolCreateInfo           = 11
	stPipelineCacheCreateInfo       = 17
	stPhysicalDeviceProperties2     = 1000059001
	stPhysicalDeviceVulkan11Fe      = 49
	stExternalMemoryBufferInfo      = 1000072000
	stFloatControlsProperties       = 1000197000
	stImportMemoryHostPointerInfo   = 1000178000
	stMemoryHostPointerProperties   = 1000178001
	stExternalMemoryHostProperties  = 1000178002
	stDebugUtilsMessengerCreateInfo = 1000128004

	handleTypeHostAllocation = 0x80
	queryTypeTimestamp       = 2
	queryResult64Wait        = 0x1 | 0x2
	pipeStageTopOfPipe       = 0x1
	pipeStageBottomOfPipe    = 0x2000

	vkErrOutOfHostMemory   = -1
	vkErrOutOfDeviceMemory = -2

	extExternalMemoryHost = "VK_EXT_external_memory_host"
	extDebugUtils         = "VK_EXT_debug_utils"
	validationLayer       = "VK_LAYER_KHRONOS_validation"
)

// Indices of VkBool32 members of the feature structures.
const (
	fShaderFloat64 = 39 // VkPhysicalDeviceFeatures
	fShaderInt64   = 40
	fShaderInt16   = 41
	f11Storage16   = 0 // VkPhysicalDeviceVulkan11Features.storageBuffer16BitAccess
	f12Storage8    = 2 // VkPhysicalDeviceVulkan12Features.storageBuffer8BitAccess
	f12Float16     = 7
	f12Int8        = 8
)

// limits is VkPhysicalDeviceLimits.
type limits struct {
	maxImageDimension1D, maxImageDimension2D, maxImageDimension3D, maxImageDimensionCube uint32
	maxImageArrayLayers, maxTexelBufferElements, maxUniformBufferRange                   uint32
	MaxStorageBufferRange, MaxPushConstantsSize, maxMemoryAllocationCount                uint32
	maxSamplerAllocationCount                                                            uint32
	bufferImageGranularity, sparseAddressSpaceSize                                       uint64
	_                                                                                    [38]uint32 // maxBoundDescriptorSets .. maxFragmentCombinedOutputResources
	MaxComputeSharedMemorySize                                                           uint32
	MaxComputeWorkGroupCount                                                             [3]uint32
	MaxComputeWorkGroupInvocations                                                       uint32
	MaxComputeWorkGroupSize                                                              [3]uint32
	_                                                                                    [5]uint32 // subPixelPrecisionBits .. maxDrawIndirectCount
	_                                                                                    [2]float32
	_                                                                                    [3]uint32 // maxViewports, maxViewportDimensions
	_                                                                                    [2]float32
	_                                                                                    uint32 // viewportSubPixelBits
	minMemoryMapAlignment                                                                uintptr
	minTexelBufferOffsetAlignment, minUniformBufferOffsetAlignment                       uint64
	MinStorageBufferOffsetAlignment                                                      uint64
	_                                                                                    [4]int32
	_                                                                                    [2]float32
	_                                                                                    [15]uint32 // subPixelInterpolationOffsetBits .. maxSampleMaskWords
	timestampComputeAndGraphics                                                          uint32
	TimestampPeriod                                                                      float32
	_                                                                                    [4]uint32
	_                                                                                    [6]float32
	_                                                                                    [2]uint32
	_                                                                                    [3]uint64
}

// physicalDeviceProperties is VkPhysicalDeviceProperties.
type physicalDeviceProperties struct {
	apiVersion, driverVersion, vendorID, deviceID, deviceType uint32
	deviceName                                                [256]byte
	pipelineCacheUUID                                         [16]byte
	limits                                                    limits
	sparse                                                    [5]uint32
}

type physicalDeviceProperties2 struct {
	sType uint32
	pNext unsafe.Pointer
	props physicalDeviceProperties
}

// floatControlsProperties is VkPhysicalDeviceFloatControlsProperties.
type floatControlsProperties struct {
	sType                        uint32
	pNext                        unsafe.Pointer
	denormIndep, roundingIndep   uint32
	preserve16, preserve32, pr64 uint32
	rest                         [12]uint32
}

type externalMemoryHostProperties struct {
	sType     uint32
	pNext     unsafe.Pointer
	alignment uint64
}

// featureStruct is VkPhysicalDeviceFeatures2 (55 booleans),
// VkPhysicalDeviceVulkan11Features (12) or ...Vulkan12Features (47): a
// structure header and enough VkBool32 members for any of them.
type featureStruct struct {
	sType uint32
	pNext unsafe.Pointer
	b     [64]uint32
}

type extensionProperties struct {
	name [256]byte
	spec uint32
}

type importMemoryHostPointerInfo struct {
	sType      uint32
	pNext      unsafe.Pointer
	handleType uint32
	pointer    uintptr
}

type memoryHostPointerProperties struct {
	sType    uint32
	pNext    unsafe.Pointer
	typeBits uint32
}

type externalMemoryBufferCreateInfo struct {
	sType       uint32
	pNext       unsafe.Pointer
	handleTypes uint32
}

type queryPoolCreateInfo struct {
	sType      uint32
	pNext      unsafe.Pointer
	flags      uint32
	queryType  uint32
	count      uint32
	statistics uint32
}

type pushConstantRange struct{ stages, offset, size uint32 }

type pipelineCacheCreateInfo struct {
	sType    uint32
	pNext    unsafe.Pointer
	flags    uint32
	dataSize uintptr
	data     unsafe.Pointer
}

type bufferCopy struct{ src, dst, size uint64 }

type debugUtilsMessengerCreateInfo struct {
	sType    uint32
	pNext    unsafe.Pointer
	flags    uint32
	severity uint32
	types    uint32
	callback uintptr
	user     uintptr
}

type debugUtilsMessengerCallbackData struct {
	sType   uint32
	pNext   unsafe.Pointer
	flags   uint32
	idName  *byte
	idNum   int32
	message *byte
}

const stPhysicalDeviceVulkan11Props = 50

// vulkan11Properties is VkPhysicalDeviceVulkan11Properties.
type vulkan11Properties struct {
	sType                      uint32
	pNext                      unsafe.Pointer
	deviceUUID, driverUUID     [16]byte
	deviceLUID                 [8]byte
	nodeMask, luidValid        uint32
	subgroupSize               uint32
	subgroupStages, subgroupOp uint32
	quadOps, pointClipping     uint32
	maxViews, maxViewInstance  uint32
	protectedNoFault           uint32
	maxPerSetDescriptors       uint32
	maxMemoryAllocationSize    uint64
}
