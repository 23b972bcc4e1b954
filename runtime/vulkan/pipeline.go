package vulkan

import (
	"fmt"
	"time"
	"unsafe"
)

// Pipeline is a compute pipeline with one storage buffer per binding of
// set 0 and an optional push-constant block.
type Pipeline struct {
	module, setLayout, layout, pipe uint64
	ownModule                       bool
	Bindings                        int
	PushSize                        uint32 // bytes of push constants
	Entry                           string
}

// ShaderModule is a compiled SPIR-V module; pipelines of several entry
// points may share it.
type ShaderModule struct{ h uint64 }

// NewShaderModule creates a shader module from a SPIR-V binary.
func (d *Device) NewShaderModule(spv []byte) (*ShaderModule, error) {
	if len(spv)%4 != 0 || len(spv) == 0 {
		return nil, fmt.Errorf("vulkan: SPIR-V module of %d bytes is not a whole number of words", len(spv))
	}
	code := make([]uint32, len(spv)/4)
	copy(unsafe.Slice((*byte)(unsafe.Pointer(&code[0])), len(spv)), spv)
	smi := &shaderModuleCreateInfo{sType: stShaderModuleCreateInfo, codeSize: uintptr(len(spv)), code: unsafe.Pointer(&code[0])}
	m := &ShaderModule{}
	if err := check("vkCreateShaderModule", call("vkCreateShaderModule", d.dev, ptr(smi), 0, ptr(&m.h))); err != nil {
		return nil, err
	}
	runtimeKeepAlive(code)
	return m, nil
}

// FreeShaderModule destroys a shader module (pipelines made from it stay
// valid).
func (d *Device) FreeShaderModule(m *ShaderModule) {
	if m.h != 0 {
		call("vkDestroyShaderModule", d.dev, uintptr(m.h), 0)
		m.h = 0
	}
}

// NewPipeline builds a compute pipeline from a SPIR-V module's entry
// point whose storage buffers are bindings 0..nbuf-1 of set 0.
func (d *Device) NewPipeline(spv []byte, entry string, nbuf int) (*Pipeline, error) {
	m, err := d.NewShaderModule(spv)
	if err != nil {
		return nil, err
	}
	p, err := d.NewModulePipeline(m, entry, nbuf, 0)
	if err != nil {
		d.FreeShaderModule(m)
		return nil, err
	}
	p.module, p.ownModule = m.h, true
	return p, nil
}

// NewModulePipeline builds a compute pipeline for entry point entry of m,
// with nbuf storage buffers (bindings 0..nbuf-1 of set 0) and push bytes
// of push constants (0 for none), through the device's pipeline cache.
func (d *Device) NewModulePipeline(m *ShaderModule, entry string, nbuf int, push uint32) (*Pipeline, error) {
	if push > d.Limits.MaxPushConstantsSize {
		return nil, fmt.Errorf("vulkan: %s needs %d bytes of push constants; device %s allows %d", entry, push, d.Name, d.Limits.MaxPushConstantsSize)
	}
	p := &Pipeline{Bindings: nbuf, Entry: entry, PushSize: push}
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
	pcr := &pushConstantRange{stages: stageCompute, size: push}
	if push > 0 {
		pli.rangeCount, pli.ranges = 1, unsafe.Pointer(pcr)
	}
	if err := check("vkCreatePipelineLayout", call("vkCreatePipelineLayout", d.dev, ptr(pli), 0, ptr(&p.layout))); err != nil {
		d.FreePipeline(p)
		return nil, err
	}
	cpi := &computePipelineCreateInfo{sType: stComputePipelineInfo, layout: p.layout, baseIndex: -1,
		stage: pipelineShaderStageCreateInfo{sType: stPipelineShaderStageInfo, stage: stageCompute, module: m.h, name: cstr(entry)}}
	if err := check("vkCreateComputePipelines", call("vkCreateComputePipelines", d.dev, uintptr(d.pipeCache), 1, ptr(cpi), 0, ptr(&p.pipe))); err != nil {
		d.FreePipeline(p)
		return nil, fmt.Errorf("%w (entry point %s)", err, entry)
	}
	runtimeKeepAlive(pcr)
	return p, nil
}

// FreePipeline destroys a pipeline and its layouts (and its shader module
// when NewPipeline made it).
func (d *Device) FreePipeline(p *Pipeline) {
	if !p.ownModule {
		p.module = 0
	}
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
	if q := d.queries; q != nil {
		call("vkCmdResetQueryPool", d.cmd, uintptr(q.pool), 0, uintptr(q.cap))
	}
	return nil
}

// Dispatch records a launch of p over gx*gy*gz workgroups with bufs bound
// in order, followed by a barrier that makes its writes visible to later
// launches, transfers and the host. It runs at the next Sync.
func (d *Device) Dispatch(p *Pipeline, bufs []*Buffer, gx, gy, gz uint32) error {
	infos := make([]BufferRange, len(bufs))
	for i, b := range bufs {
		infos[i] = BufferRange{Buffer: b, Offset: 0, Size: ^uint64(0)}
	}
	return d.DispatchRanges(p, infos, nil, [3]uint32{gx, gy, gz}, p.Entry)
}

// BufferRange is the part of a buffer a binding sees: Size bytes from
// Offset (^uint64(0): to the end).
type BufferRange struct {
	Buffer       *Buffer
	Offset, Size uint64
}

// DispatchRanges records a launch of p over grid workgroups with the
// ranges bound to bindings 0.. and push as its push constants, then a
// barrier making its writes visible to later launches, transfers and the
// host; with timestamps enabled it is timed under label. It runs at the
// next Sync (or earlier, when the descriptor pool or query pool fills).
func (d *Device) DispatchRanges(p *Pipeline, ranges []BufferRange, push []byte, grid [3]uint32, label string) error {
	if len(ranges) != p.Bindings {
		return fmt.Errorf("vulkan: %s takes %d buffers, got %d", p.Entry, p.Bindings, len(ranges))
	}
	if uint32(len(push)) != p.PushSize {
		return fmt.Errorf("vulkan: %s takes %d bytes of push constants, got %d", p.Entry, p.PushSize, len(push))
	}
	if q := d.queries; q != nil && q.used+2 > q.cap {
		if err := d.Sync(); err != nil {
			return err
		}
	}
	if err := d.begin(); err != nil {
		return err
	}
	var set uint64
	if len(ranges) > 0 {
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
		infos := make([]descriptorBufferInfo, len(ranges))
		writes := make([]writeDescriptorSet, len(ranges))
		for i, b := range ranges {
			infos[i] = descriptorBufferInfo{buffer: b.Buffer.buf, offset: b.Offset, rng: b.Size}
			writes[i] = writeDescriptorSet{sType: stWriteDescriptorSet, set: set, binding: uint32(i), count: 1, descType: descStorageBuffer, bufferInfo: &infos[i]}
		}
		call("vkUpdateDescriptorSets", d.dev, uintptr(len(writes)), ptr(&writes[0]), 0, 0)
		runtimeKeepAlive(infos)
	}
	q := d.queries
	if q != nil {
		call("vkCmdWriteTimestamp", d.cmd, pipeStageTopOfPipe, uintptr(q.pool), uintptr(q.used))
	}
	call("vkCmdBindPipeline", d.cmd, 1, uintptr(p.pipe)) // VK_PIPELINE_BIND_POINT_COMPUTE
	if set != 0 {
		sp := new(uint64)
		*sp = set
		call("vkCmdBindDescriptorSets", d.cmd, 1, uintptr(p.layout), 0, 1, ptr(sp), 0, 0)
	}
	if len(push) > 0 {
		call("vkCmdPushConstants", d.cmd, uintptr(p.layout), stageCompute, 0, uintptr(len(push)), ptr(&push[0]))
	}
	call("vkCmdDispatch", d.cmd, uintptr(grid[0]), uintptr(grid[1]), uintptr(grid[2]))
	if q != nil {
		call("vkCmdWriteTimestamp", d.cmd, pipeStageBottomOfPipe, uintptr(q.pool), uintptr(q.used+1))
		q.used += 2
		q.labels = append(q.labels, label)
	}
	d.barrier()
	d.pending++
	return nil
}

// barrier makes earlier shader and transfer writes visible to later
// shaders, transfers and the host.
func (d *Device) barrier() {
	mb := &memoryBarrier{sType: stMemoryBarrier, src: accessShaderWrite | accessTransferWrite, dst: accessShaderRead | accessShaderWrite | accessHostRead | accessTransferRead | accessTransferWrite}
	call("vkCmdPipelineBarrier", d.cmd, pipeStageCompute|pipeStageTransfer, pipeStageCompute|pipeStageHost|pipeStageTransfer, 0, 1, ptr(mb), 0, 0, 0, 0)
}

// CopyBuffer records a copy of size bytes between buffers (regions may be
// in one buffer if they do not overlap), ordered with launches.
func (d *Device) CopyBuffer(dst *Buffer, dstOff uint64, src *Buffer, srcOff uint64, size uint64) error {
	if size == 0 {
		return nil
	}
	if err := d.begin(); err != nil {
		return err
	}
	r := &bufferCopy{src: srcOff, dst: dstOff, size: size}
	call("vkCmdCopyBuffer", d.cmd, uintptr(src.buf), uintptr(dst.buf), 1, ptr(r))
	d.barrier()
	d.pending++
	return nil
}

// Pending reports whether recorded work waits for Sync.
func (d *Device) Pending() bool { return d.recording }

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
	d.collectTimes()
	call("vkResetCommandBuffer", d.cmd, 0)
	call("vkResetDescriptorPool", d.dev, uintptr(d.descPool), 0)
	d.pending = 0
	return nil
}

// KernelTime is the device time of one timed launch.
type KernelTime struct {
	Label string
	Time  time.Duration
}

// queryState is the timestamp query pool of a device.
type queryState struct {
	pool      uint64
	cap, used int
	labels    []string
	times     []KernelTime
}

// EnableTimestamps makes every later launch timed with a pair of
// timestamp queries (n launches per command buffer at most before an
// early submit). It fails when the compute queue has no timestamps.
func (d *Device) EnableTimestamps(n int) error {
	if d.queries != nil {
		return nil
	}
	if d.timestampBits == 0 || d.Limits.TimestampPeriod == 0 {
		return fmt.Errorf("vulkan: device %s has no timestamps on its compute queue", d.Name)
	}
	if err := d.Sync(); err != nil {
		return err
	}
	q := &queryState{cap: 2 * max(n, 1)}
	qi := &queryPoolCreateInfo{sType: stQueryPoolCreateInfo, queryType: queryTypeTimestamp, count: uint32(q.cap)}
	if err := check("vkCreateQueryPool", call("vkCreateQueryPool", d.dev, ptr(qi), 0, ptr(&q.pool))); err != nil {
		return err
	}
	d.queries = q
	return nil
}

// collectTimes reads the finished launches' timestamps.
func (d *Device) collectTimes() {
	q := d.queries
	if q == nil || q.used == 0 {
		return
	}
	ts := make([]uint64, q.used)
	r := call("vkGetQueryPoolResults", d.dev, uintptr(q.pool), 0, uintptr(q.used), uintptr(8*q.used), ptr(&ts[0]), 8, queryResult64Wait)
	if r == vkSuccess {
		mask := ^uint64(0)
		if d.timestampBits < 64 {
			mask = 1<<d.timestampBits - 1
		}
		for i, l := range q.labels {
			ticks := (ts[2*i+1] - ts[2*i]) & mask
			q.times = append(q.times, KernelTime{Label: l, Time: time.Duration(float64(ticks) * float64(d.Limits.TimestampPeriod))})
		}
	}
	q.used, q.labels = 0, q.labels[:0]
}

// Times returns and forgets the times of the launches finished since the
// last call (nil unless EnableTimestamps).
func (d *Device) Times() []KernelTime {
	if d.queries == nil {
		return nil
	}
	t := d.queries.times
	d.queries.times = nil
	return t
}

func (d *Device) closeQueries() {
	if d.queries != nil && d.queries.pool != 0 {
		call("vkDestroyQueryPool", d.dev, uintptr(d.queries.pool), 0)
	}
	d.queries = nil
}
