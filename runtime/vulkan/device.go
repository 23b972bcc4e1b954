package vulkan

import (
	"bytes"
	"fmt"
	"os"
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
	cmdPool, descPool      uint64
	cmd                    uintptr
	recording              bool
	pending                int
}

// ensureRuntimeDir sets XDG_RUNTIME_DIR to a fresh 0700 folder when it is
// unset: Mesa's lavapipe needs one.
func ensureRuntimeDir() {
	if os.Getenv("XDG_RUNTIME_DIR") != "" {
		return
	}
	if d, err := os.MkdirTemp("", "zmlc-xdg-"); err == nil {
		os.Chmod(d, 0o700)
		os.Setenv("XDG_RUNTIME_DIR", d)
	}
}

// Open creates an instance and a device. want selects a device whose name
// contains it (case-insensitive); "" prefers a discrete GPU, then an
// integrated or virtual one, then a CPU device such as lavapipe.
func Open(want string) (d *Device, err error) {
	if err := load(); err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			p, ok := r.(vkPanic)
			if !ok {
				panic(r)
			}
			err = fmt.Errorf("%s", string(p))
		}
	}()
	ensureRuntimeDir()
	d = &Device{}
	app := &applicationInfo{sType: stApplicationInfo, appName: cstr("zmlc"), engineName: cstr("zmlc"), apiVersion: apiVersion12}
	ici := &instanceCreateInfo{sType: stInstanceCreateInfo, appInfo: app}
	if err := check("vkCreateInstance", call("vkCreateInstance", ptr(ici), 0, ptr(&d.inst))); err != nil {
		return nil, err
	}
	var n uint32
	call("vkEnumeratePhysicalDevices", d.inst, ptr(&n), 0)
	if n == 0 {
		d.Close()
		return nil, fmt.Errorf("vulkan: no physical device (install mesa-vulkan-drivers for lavapipe)")
	}
	devs := make([]uintptr, n)
	call("vkEnumeratePhysicalDevices", d.inst, ptr(&n), ptr(&devs[0]))
	rank := map[uint32]int{deviceTypeDiscrete: 0, 1: 1, 3: 2, deviceTypeCPU: 3, 0: 4}
	best := -1
	var names []string
	for i, pd := range devs {
		props := new([1024]byte)
		call("vkGetPhysicalDeviceProperties", pd, ptr(props))
		typ := *(*uint32)(unsafe.Pointer(&props[16]))
		name := string(props[20 : 20+bytes.IndexByte(props[20:276], 0)])
		names = append(names, name)
		if want != "" && !strings.Contains(strings.ToLower(name), strings.ToLower(want)) {
			continue
		}
		if best < 0 || rank[typ] < rank[d.Type] {
			best, d.Type, d.Name = i, typ, name
		}
	}
	if best < 0 {
		d.Close()
		return nil, fmt.Errorf("vulkan: no device matches %q (devices: %s)", want, strings.Join(names, ", "))
	}
	d.phys = devs[best]
	var qn uint32
	call("vkGetPhysicalDeviceQueueFamilyProperties", d.phys, ptr(&qn), 0)
	qs := make([]queueFamilyProperties, qn)
	call("vkGetPhysicalDeviceQueueFamilyProperties", d.phys, ptr(&qn), ptr(&qs[0]))
	d.family = ^uint32(0)
	for i, q := range qs {
		if q.queueFlags&queueCompute != 0 {
			d.family = uint32(i)
			break
		}
	}
	if d.family == ^uint32(0) {
		d.Close()
		return nil, fmt.Errorf("vulkan: device %s has no compute queue", d.Name)
	}
	call("vkGetPhysicalDeviceMemoryProperties", d.phys, ptr(&d.mem))
	prio := new(float32)
	*prio = 1
	qci := &deviceQueueCreateInfo{sType: stDeviceQueueCreateInfo, family: d.family, count: 1, priorities: prio}
	dci := &deviceCreateInfo{sType: stDeviceCreateInfo, queueCount: 1, queues: qci}
	if err := check("vkCreateDevice", call("vkCreateDevice", d.phys, ptr(dci), 0, ptr(&d.dev))); err != nil {
		d.Close()
		return nil, err
	}
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
	return d, nil
}

// Close waits for the device and destroys everything Open created.
func (d *Device) Close() {
	if d.dev != 0 {
		call("vkDeviceWaitIdle", d.dev)
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
}

// Bytes returns the buffer's mapped contents.
func (b *Buffer) Bytes() []byte {
	if b.Size == 0 {
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
	ti := -1
	for i := uint32(0); i < d.mem.typeCount; i++ {
		f := d.mem.types[i].flags
		if req.typeBits&(1<<i) != 0 && f&(memHostVisible|memHostCoherent) == memHostVisible|memHostCoherent {
			ti = int(i)
			break
		}
	}
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

// Pipeline is a compute pipeline with one storage buffer per binding.
type Pipeline struct {
	module, setLayout, layout, pipe uint64
	Bindings                        int
	Entry                           string
}

// NewPipeline builds a compute pipeline from a SPIR-V module's entry
// point whose storage buffers are bindings 0..nbuf-1 of set 0.
func (d *Device) NewPipeline(spv []byte, entry string, nbuf int) (*Pipeline, error) {
	if len(spv)%4 != 0 || len(spv) == 0 {
		return nil, fmt.Errorf("vulkan: SPIR-V module of %d bytes is not a whole number of words", len(spv))
	}
	p := &Pipeline{Bindings: nbuf, Entry: entry}
	code := make([]uint32, len(spv)/4)
	copy(unsafe.Slice((*byte)(unsafe.Pointer(&code[0])), len(spv)), spv)
	smi := &shaderModuleCreateInfo{sType: stShaderModuleCreateInfo, codeSize: uintptr(len(spv)), code: unsafe.Pointer(&code[0])}
	if err := check("vkCreateShaderModule", call("vkCreateShaderModule", d.dev, ptr(smi), 0, ptr(&p.module))); err != nil {
		return nil, err
	}
	binds := make([]descriptorSetLayoutBinding, max(nbuf, 1))
	for i := range binds {
		binds[i] = descriptorSetLayoutBinding{binding: uint32(i), descType: descStorageBuffer, count: 1, stages: stageCompute}
	}
	dli := &descriptorSetLayoutCreateInfo{sType: stDescriptorSetLayoutInfo, count: uint32(nbuf), bindings: &binds[0]}
	if err := check("vkCreateDescriptorSetLayout", call("vkCreateDescriptorSetLayout", d.dev, ptr(dli), 0, ptr(&p.setLayout))); err != nil {
		d.FreePipeline(p)
		return nil, err
	}
	sets := new(uint64)
	*sets = p.setLayout
	pli := &pipelineLayoutCreateInfo{sType: stPipelineLayoutInfo, setCount: 1, sets: sets}
	if err := check("vkCreatePipelineLayout", call("vkCreatePipelineLayout", d.dev, ptr(pli), 0, ptr(&p.layout))); err != nil {
		d.FreePipeline(p)
		return nil, err
	}
	cpi := &computePipelineCreateInfo{sType: stComputePipelineInfo, layout: p.layout, baseIndex: -1,
		stage: pipelineShaderStageCreateInfo{sType: stPipelineShaderStageInfo, stage: stageCompute, module: p.module, name: cstr(entry)}}
	if err := check("vkCreateComputePipelines", call("vkCreateComputePipelines", d.dev, 0, 1, ptr(cpi), 0, ptr(&p.pipe))); err != nil {
		d.FreePipeline(p)
		return nil, err
	}
	return p, nil
}

// FreePipeline destroys a pipeline and its layouts and module.
func (d *Device) FreePipeline(p *Pipeline) {
	for _, x := range []struct {
		fn string
		h  *uint64
	}{{"vkDestroyPipeline", &p.pipe}, {"vkDestroyPipelineLayout", &p.layout}, {"vkDestroyDescriptorSetLayout", &p.setLayout}, {"vkDestroyShaderModule", &p.module}} {
		if *x.h != 0 {
			call(x.fn, d.dev, uintptr(*x.h), 0)
			*x.h = 0
		}
	}
}

func (d *Device) begin() error {
	if d.recording {
		return nil
	}
	bi := &commandBufferBeginInfo{sType: stCommandBufferBeginInfo, flags: 1}
	if err := check("vkBeginCommandBuffer", call("vkBeginCommandBuffer", d.cmd, ptr(bi))); err != nil {
		return err
	}
	d.recording = true
	return nil
}

// Dispatch records a launch of p over gx*gy*gz workgroups with bufs bound
// in order, followed by a barrier that makes its writes visible to later
// launches, transfers and the host. It runs at the next Sync.
func (d *Device) Dispatch(p *Pipeline, bufs []*Buffer, gx, gy, gz uint32) error {
	if len(bufs) != p.Bindings {
		return fmt.Errorf("vulkan: %s takes %d buffers, got %d", p.Entry, p.Bindings, len(bufs))
	}
	if err := d.begin(); err != nil {
		return err
	}
	var set uint64
	if len(bufs) > 0 {
		layout := new(uint64)
		*layout = p.setLayout
		ai := &descriptorSetAllocateInfo{sType: stDescriptorSetAllocInfo, pool: d.descPool, count: 1, layouts: layout}
		if r := call("vkAllocateDescriptorSets", d.dev, ptr(ai), ptr(&set)); r != vkSuccess {
			// The pool is full: run what is recorded and start again.
			if err := d.Sync(); err != nil {
				return err
			}
			if err := d.begin(); err != nil {
				return err
			}
			if err := check("vkAllocateDescriptorSets", call("vkAllocateDescriptorSets", d.dev, ptr(ai), ptr(&set))); err != nil {
				return err
			}
		}
		infos := make([]descriptorBufferInfo, len(bufs))
		writes := make([]writeDescriptorSet, len(bufs))
		for i, b := range bufs {
			infos[i] = descriptorBufferInfo{buffer: b.buf, rng: ^uint64(0)}
			writes[i] = writeDescriptorSet{sType: stWriteDescriptorSet, set: set, binding: uint32(i), count: 1, descType: descStorageBuffer, bufferInfo: &infos[i]}
		}
		call("vkUpdateDescriptorSets", d.dev, uintptr(len(writes)), ptr(&writes[0]), 0, 0)
	}
	call("vkCmdBindPipeline", d.cmd, 1, uintptr(p.pipe)) // VK_PIPELINE_BIND_POINT_COMPUTE
	if set != 0 {
		sp := new(uint64)
		*sp = set
		call("vkCmdBindDescriptorSets", d.cmd, 1, uintptr(p.layout), 0, 1, ptr(sp), 0, 0)
	}
	call("vkCmdDispatch", d.cmd, uintptr(gx), uintptr(gy), uintptr(gz))
	mb := &memoryBarrier{sType: stMemoryBarrier, src: accessShaderWrite, dst: accessShaderRead | accessShaderWrite | accessHostRead | accessTransferRead}
	call("vkCmdPipelineBarrier", d.cmd, pipeStageCompute, pipeStageCompute|pipeStageHost|pipeStageTransfer, 0, 1, ptr(mb), 0, 0, 0, 0)
	d.pending++
	return nil
}

// Sync submits the recorded launches and waits for them.
func (d *Device) Sync() error {
	if !d.recording {
		return nil
	}
	d.recording = false
	if err := check("vkEndCommandBuffer", call("vkEndCommandBuffer", d.cmd)); err != nil {
		return err
	}
	cmds := new(uintptr)
	*cmds = d.cmd
	si := &submitInfo{sType: stSubmitInfo, cmdCount: 1, cmds: cmds}
	if err := check("vkQueueSubmit", call("vkQueueSubmit", d.queue, 1, ptr(si), 0)); err != nil {
		return err
	}
	if err := check("vkQueueWaitIdle", call("vkQueueWaitIdle", d.queue)); err != nil {
		return err
	}
	call("vkResetCommandBuffer", d.cmd, 0)
	call("vkResetDescriptorPool", d.dev, uintptr(d.descPool), 0)
	d.pending = 0
	return nil
}
