package vulkan

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/targets/spirv"
)

// ZeroCopy chooses how the driver places buffers.
type ZeroCopy int

// The zero-copy modes.
const (
	// ZeroCopyAuto imports the linear memory when the device can
	// (VK_EXT_external_memory_host) and copies otherwise.
	ZeroCopyAuto ZeroCopy = iota
	// ZeroCopyOff always allocates device buffers and copies.
	ZeroCopyOff
	// ZeroCopyRequire fails Init when the memory cannot be imported.
	ZeroCopyRequire
)

// MaxImport caps the bytes of linear memory the driver imports (lavapipe
// allows at most 2 GiB per allocation; the device's own
// maxMemoryAllocationSize caps it further).
const MaxImport = 2 << 30

// Options configure the Vulkan driver.
type Options struct {
	// Device selects the device by a case-insensitive substring of its
	// name ("" picks the best: discrete GPU first, lavapipe last); the
	// `--device` flag of `zmlc run` passes it.
	Device string
	// ZeroCopy chooses between importing the linear memory and copying.
	ZeroCopy ZeroCopy
	// Validation runs with VK_LAYER_KHRONOS_validation; its messages are
	// in Device().ValidationMessages().
	Validation bool
	// Timestamps times every launch with timestamp queries (KernelTimes).
	Timestamps bool
	// No8Or16Bit loads the bundle's No8Or16Bit fallback module
	// (FallbackOption) even on a device with 8- and 16-bit features, as
	// the environment variable EnvNo8Or16Bit=1 does.
	No8Or16Bit bool
}

// Stats count what the driver did since Init.
type Stats struct {
	Launches int
	// Copies counts zml_device copy calls.
	Copies int
	// StagedBytes counts bytes moved between the linear memory and device
	// buffers by Write, Read and host<->device copies on the copying path
	// (always 0 with zero copy: the device works in the linear memory).
	StagedBytes uint64
}

// Driver implements runtime.Driver on a Vulkan device for bundles whose
// modules have format "spirv" (one SPIR-V module per manifest module, an
// entry point per kernel, named by the kernel's symbol; see
// spirv.RenderModule). A launch binds the buffer arguments, in order, to
// bindings 0.. of descriptor set 0 and packs the scalar arguments into a
// push-constant block, each 4 (i32, u32, f32) or 8 (i64, f64) bytes at its
// natural alignment (docs/RUNTIME.md, "Packed kernel arguments").
//
// With zero copy the whole linear memory (its reservation, capped to
// MaxImport and the device's limits) is imported once as one storage
// buffer; buffers come from the launcher's heap (handles are addresses)
// and each binding is the buffer's offset and range in it, so kernels read
// and write the linear memory itself. Otherwise each buffer is a
// host-visible device buffer and Write, Read and copies move the bytes.
type Driver struct {
	opts     Options
	dev      *Device
	env      *runtime.Env
	shared   runtime.SharedMemory
	host     *Buffer // the imported linear memory (zero copy)
	hostSize uint64
	bufs     map[runtime.Handle]*Buffer
	next     runtime.Handle
	deferred []*Buffer
	mods     []*loadedModule
	stats    Stats
	lavapipe bool // the device is lavapipe (checkLoopLimit)
}

type loadedModule struct {
	shaders  []*ShaderModule // one, or more where splitShared cut the module
	kernels  []*loadedKernel
	fallback bool // the No8Or16Bit module (moduleBlob)
}

type loadedKernel struct {
	name      string
	pipe      *Pipeline
	local     [3]uint32
	push      []int  // per arg: push-constant offset, -1 for buffers
	wide      []bool // per arg: an 8-byte scalar
	pushBytes uint32
}

// New returns a Vulkan driver; the device is opened at Init.
func New(opts Options) *Driver { return &Driver{opts: opts} }

var (
	_ runtime.Driver          = (*Driver)(nil)
	_ runtime.HostBytesDriver = (*Driver)(nil)
)

// Name implements runtime.Driver.
func (d *Driver) Name() string { return "vulkan" }

// Device returns the driver's device (nil before Init).
func (d *Driver) Device() *Device { return d.dev }

// ZeroCopy reports whether the linear memory is imported.
func (d *Driver) ZeroCopy() bool { return d.host != nil }

// ImportedMemory returns the host address and size of the imported linear
// memory (0, 0 on the copying path).
func (d *Driver) ImportedMemory() (addr uintptr, size uint64) {
	if d.host == nil {
		return 0, 0
	}
	return d.host.HostAddr(), d.hostSize
}

// Stats returns the counters since Init.
func (d *Driver) Stats() Stats { return d.stats }

// KernelTimes returns and forgets the device times of the launches
// finished since the last call, labelled with the kernels' manifest names
// (nil unless Options.Timestamps).
func (d *Driver) KernelTimes() []KernelTime {
	if d.dev == nil {
		return nil
	}
	return d.dev.Times()
}

// Init implements runtime.Driver: it opens the device and, unless
// ZeroCopyOff, imports the linear memory.
func (d *Driver) Init(env *runtime.Env) error {
	d.env = env
	d.bufs = map[runtime.Handle]*Buffer{}
	dev, err := OpenConfig(Config{Device: d.opts.Device, Validation: d.opts.Validation, NoHostImport: d.opts.ZeroCopy == ZeroCopyOff})
	if err != nil {
		return err
	}
	d.dev = dev
	d.lavapipe = dev.IsLavapipe()
	if d.opts.Timestamps {
		if err := dev.EnableTimestamps(256); err != nil {
			return err
		}
	}
	if d.opts.ZeroCopy == ZeroCopyOff {
		return nil
	}
	if err := d.importMemory(); err != nil {
		if d.opts.ZeroCopy == ZeroCopyRequire {
			return err
		}
	}
	return nil
}

// importMemory imports the linear memory's reservation.
func (d *Driver) importMemory() error {
	if d.dev.HostImport == 0 {
		return fmt.Errorf("vulkan: device %s cannot import host memory (no %s)", d.dev.Name, extExternalMemoryHost)
	}
	pages, err := memoryImportMax(d.env.Bundle.Host())
	if err != nil {
		return err
	}
	size := min(pages*65536, MaxImport)
	if m := d.dev.Limits.MaxMemoryAllocationSize; m != 0 {
		size = min(size, m)
	}
	size -= size % d.dev.HostImport
	base := d.env.Memory.Base()
	if size == 0 || uint64(base)%d.dev.HostImport != 0 {
		return fmt.Errorf("vulkan: the linear memory at %#x cannot be imported (alignment %d)", base, d.dev.HostImport)
	}
	b, err := d.dev.ImportHost(base, size)
	if err != nil {
		return err
	}
	d.host, d.hostSize = b, size
	d.shared.Attach(d.env.Memory)
	return nil
}

// Alloc implements runtime.Driver.
func (d *Driver) Alloc(size uint64) (runtime.Handle, error) {
	if d.host != nil {
		h, err := d.shared.Alloc(size)
		if err != nil {
			return 0, err
		}
		if n, _ := d.env.Memory.Heap.Size(h); h+n > d.hostSize {
			d.shared.Free(h)
			return 0, fmt.Errorf("%w: a buffer of %d bytes at %#x would lie beyond the %d bytes of linear memory imported into device %s", runtime.ErrOutOfMemory, size, h, d.hostSize, d.dev.Name)
		}
		return h, nil
	}
	// Whole 32-bit words, so that the binding of a packed 1- or 2-byte
	// buffer (No8Or16Bit) covers its last word; Size stays the buffer's.
	b, err := d.dev.NewBuffer((size + 3) &^ 3)
	if err != nil {
		return 0, fmt.Errorf("%w: %v", runtime.ErrOutOfMemory, err)
	}
	b.Size = size
	d.next++
	d.bufs[d.next] = b
	return d.next, nil
}

// Free implements runtime.Driver; a buffer still used by recorded work is
// destroyed at the next Sync.
func (d *Driver) Free(h runtime.Handle) error {
	if h == 0 {
		return nil
	}
	if d.host != nil {
		return d.shared.Free(h)
	}
	b, ok := d.bufs[h]
	if !ok {
		return fmt.Errorf("%w: handle %#x is not a live buffer", runtime.ErrInvalid, h)
	}
	delete(d.bufs, h)
	if d.dev.Pending() {
		d.deferred = append(d.deferred, b)
	} else {
		d.dev.FreeBuffer(b)
	}
	return nil
}

// flush runs recorded work before the host touches memory.
func (d *Driver) flush() error {
	if d.dev.Pending() {
		return d.Sync()
	}
	return nil
}

// buffer returns the bytes [off, off+n) of a copying-path buffer.
func (d *Driver) buffer(h runtime.Handle, off, n uint64) ([]byte, error) {
	b, ok := d.bufs[h]
	if !ok {
		return nil, fmt.Errorf("%w: handle %#x is not a live buffer", runtime.ErrInvalid, h)
	}
	if off > b.Size || n > b.Size-off {
		return nil, fmt.Errorf("%w: bytes [%d, %d+%d) run past the %d-byte buffer %#x", runtime.ErrInvalid, off, off, n, b.Size, h)
	}
	if n == 0 {
		return nil, nil
	}
	return b.Bytes()[off : off+n], nil
}

// Write implements runtime.Driver.
func (d *Driver) Write(dst runtime.Handle, off uint64, src []byte) error {
	if err := d.flush(); err != nil {
		return err
	}
	if d.host != nil {
		return d.shared.Write(dst, off, src)
	}
	b, err := d.buffer(dst, off, uint64(len(src)))
	if err != nil {
		return err
	}
	d.stats.StagedBytes += uint64(copy(b, src))
	return nil
}

// HostBytes implements runtime.HostBytesDriver: with zero copy, bytes
// [off, off+n) of buffer h are a slice of the imported linear memory
// (after recorded work has run); on the copying path ok is false.
func (d *Driver) HostBytes(h runtime.Handle, off, n uint64) ([]byte, bool, error) {
	if d.host == nil {
		return nil, false, nil
	}
	if err := d.flush(); err != nil {
		return nil, false, err
	}
	size, ok := d.env.Memory.Heap.Size(h)
	if !ok {
		return nil, false, fmt.Errorf("%w: handle %#x is not a live buffer", runtime.ErrInvalid, h)
	}
	if off > size || n > size-off {
		return nil, false, fmt.Errorf("%w: bytes [%d, %d+%d) run past the %d-byte buffer %#x", runtime.ErrInvalid, off, off, n, size, h)
	}
	b, err := d.env.Memory.Slice(h+off, n)
	return b, err == nil, err
}

// Read implements runtime.Driver.
func (d *Driver) Read(src runtime.Handle, off uint64, dst []byte) error {
	if err := d.flush(); err != nil {
		return err
	}
	if d.host != nil {
		return d.shared.Read(src, off, dst)
	}
	b, err := d.buffer(src, off, uint64(len(dst)))
	if err != nil {
		return err
	}
	d.stats.StagedBytes += uint64(copy(dst, b))
	return nil
}

// Copy implements runtime.Driver. A device-to-device copy on the copying
// path is recorded in order with the launches; the others wait for
// recorded work and copy on the host.
func (d *Driver) Copy(kind runtime.CopyKind, dst runtime.Handle, dstOff uint64, src runtime.Handle, srcOff uint64, size uint64) error {
	d.stats.Copies++
	if kind < runtime.HostToHost || kind > runtime.DeviceToDevice {
		return fmt.Errorf("%w: copy kind %d", runtime.ErrInvalid, kind)
	}
	if d.host == nil && kind == runtime.DeviceToDevice {
		if _, err := d.buffer(dst, dstOff, size); err != nil {
			return err
		}
		if _, err := d.buffer(src, srcOff, size); err != nil {
			return err
		}
		return d.dev.CopyBuffer(d.bufs[dst], dstOff, d.bufs[src], srcOff, size)
	}
	if err := d.flush(); err != nil {
		return err
	}
	if d.host != nil {
		return d.shared.Copy(kind, dst, dstOff, src, srcOff, size)
	}
	side := func(device bool, h, off uint64) ([]byte, error) {
		if device {
			return d.buffer(h, off, size)
		}
		if off > ^uint64(0)-h {
			return nil, fmt.Errorf("%w: address %#x+%d overflows", runtime.ErrInvalid, h, off)
		}
		return d.env.Memory.Slice(h+off, size)
	}
	to, err := side(kind == runtime.HostToDevice || kind == runtime.DeviceToDevice, dst, dstOff)
	if err != nil {
		return err
	}
	from, err := side(kind == runtime.DeviceToHost || kind == runtime.DeviceToDevice, src, srcOff)
	if err != nil {
		return err
	}
	n := copy(to, from)
	if kind == runtime.HostToDevice || kind == runtime.DeviceToHost {
		d.stats.StagedBytes += uint64(n)
	}
	return nil
}

// capabilityFeature maps the SPIR-V capabilities the renderer emits to
// the device features they need.
func (d *Driver) capabilityFeature(c spirv.Capability) (string, bool) {
	f := d.dev.Features
	switch c {
	case spirv.CapabilityFloat64:
		return "shaderFloat64", f.Float64
	case spirv.CapabilityInt64:
		return "shaderInt64", f.Int64
	case spirv.CapabilityInt16:
		return "shaderInt16", f.Int16
	case spirv.CapabilityInt8:
		return "shaderInt8", f.Int8
	case spirv.CapabilityFloat16:
		return "shaderFloat16", f.Float16
	case spirv.CapabilityStorageBuffer8BitAccess:
		return "storageBuffer8BitAccess", f.StorageBuffer8
	case spirv.CapabilityStorageBuffer16BitAccess:
		return "storageBuffer16BitAccess", f.StorageBuffer16
	}
	return "", true
}

// LoadModule implements runtime.Driver: it picks the module's blob (the
// No8Or16Bit fallback on a device without 8- and 16-bit features, or when
// forced: moduleBlob), refuses on lavapipe a kernel over its loop limit
// (checkLoopLimit), checks the module's capabilities against the device,
// strips the float-control modes the device does not honour, creates its
// shader module (several where its workgroup memory exceeds the device's:
// splitShared), and builds one pipeline per kernel. Loading a loaded
// module does nothing.
func (d *Driver) LoadModule(index int) error {
	man := d.env.Manifest
	if index < 0 || index >= len(man.Modules) {
		return fmt.Errorf("%w: module %d does not exist", runtime.ErrInvalid, index)
	}
	for len(d.mods) < len(man.Modules) {
		d.mods = append(d.mods, nil)
	}
	if d.mods[index] != nil {
		return nil
	}
	m := &man.Modules[index]
	if m.Format != emit.FormatSPIRV {
		return fmt.Errorf("%w: module %q has format %q; the vulkan driver runs %q", runtime.ErrUnsupported, m.Name, m.Format, emit.FormatSPIRV)
	}
	blob, fallback, err := d.moduleBlob(index, m)
	if err != nil {
		return err
	}
	if err := d.checkLoopLimit(index); err != nil {
		return err
	}
	info, err := spirv.Inspect(blob)
	if err != nil {
		return fmt.Errorf("%w: module %q: %v", runtime.ErrInvalid, m.Name, err)
	}
	for _, c := range info.Capabilities {
		if name, ok := d.capabilityFeature(c); !ok {
			return fmt.Errorf("%w: module %q needs %s, which device %s lacks", runtime.ErrUnsupported, m.Name, name, d.dev.Name)
		}
	}
	blob, err = spirv.StripFloatControls(blob, d.dev.Features.PreservesFloat)
	if err != nil {
		return err
	}
	parts, err := splitShared(m, blob, info, m.Kernels, d.dev.Limits.MaxComputeSharedMemorySize, d.dev.Name)
	if err != nil {
		return err
	}
	lm := &loadedModule{fallback: fallback}
	d.mods[index] = lm
	shaderOf := map[string]*ShaderModule{}
	for _, p := range parts {
		sh, err := d.dev.NewShaderModule(p.blob)
		if err != nil {
			return err
		}
		lm.shaders = append(lm.shaders, sh)
		for _, s := range p.symbols {
			shaderOf[s] = sh
		}
	}
	for _, k := range m.Kernels {
		i := slices.IndexFunc(info.Entries, func(e spirv.EntryPoint) bool { return e.Name == k.Symbol })
		if i < 0 {
			return fmt.Errorf("%w: module %q has no entry point %q for kernel %q", runtime.ErrInvalid, m.Name, k.Symbol, k.Name)
		}
		lk := &loadedKernel{name: k.Name, local: info.Entries[i].LocalSize}
		if inv := uint64(lk.local[0]) * uint64(lk.local[1]) * uint64(lk.local[2]); inv > uint64(d.dev.Limits.MaxComputeWorkGroupInvocations) {
			return fmt.Errorf("%w: kernel %q has workgroups of %d invocations; device %s allows %d", runtime.ErrUnsupported, k.Name, inv, d.dev.Name, d.dev.Limits.MaxComputeWorkGroupInvocations)
		}
		nbuf := 0
		for _, a := range k.Args {
			switch a.Kind {
			case emit.ArgBuffer:
				lk.push, lk.wide = append(lk.push, -1), append(lk.wide, false)
				nbuf++
				continue
			case emit.ArgI32, emit.ArgU32, emit.ArgF32:
				lk.push, lk.wide = append(lk.push, int(lk.pushBytes)), append(lk.wide, false)
				lk.pushBytes += 4
			case emit.ArgI64, emit.ArgF64:
				lk.pushBytes = (lk.pushBytes + 7) &^ 7
				lk.push, lk.wide = append(lk.push, int(lk.pushBytes)), append(lk.wide, true)
				lk.pushBytes += 8
			default:
				return fmt.Errorf("%w: kernel %q: argument kind %q", runtime.ErrInvalid, k.Name, a.Kind)
			}
		}
		p, err := d.dev.NewModulePipeline(shaderOf[k.Symbol], k.Symbol, nbuf, lk.pushBytes)
		if err != nil {
			return fmt.Errorf("kernel %q: %w", k.Name, err)
		}
		lk.pipe = p
		lm.kernels = append(lm.kernels, lk)
	}
	return nil
}

// bindRange returns the binding of buffer handle h: its bytes rounded up
// to whole 32-bit words (the buffers of a No8Or16Bit module are arrays of
// words).
func (d *Driver) bindRange(h runtime.Handle) (BufferRange, error) {
	var r BufferRange
	if d.host != nil {
		n, ok := d.env.Memory.Heap.Size(h)
		if !ok {
			return r, fmt.Errorf("%w: handle %#x is not a live buffer", runtime.ErrInvalid, h)
		}
		r = BufferRange{Buffer: d.host, Offset: h, Size: (n + 3) &^ 3}
	} else {
		b, ok := d.bufs[h]
		if !ok {
			return r, fmt.Errorf("%w: handle %#x is not a live buffer", runtime.ErrInvalid, h)
		}
		// Alloc made the device buffer whole words: a packed 1- or
		// 2-byte buffer (No8Or16Bit) is bound up to its last word's end.
		r = BufferRange{Buffer: b, Offset: 0, Size: max((b.Size+3)&^3, 4)}
	}
	if lim := uint64(d.dev.Limits.MaxStorageBufferRange); r.Size > lim {
		return r, fmt.Errorf("%w: buffer %#x of %d bytes exceeds device %s's storage-buffer range of %d bytes", runtime.ErrUnsupported, h, r.Size, d.dev.Name, lim)
	}
	if a := d.dev.Limits.MinStorageBufferOffsetAlignment; a > 1 && r.Offset%a != 0 {
		return r, fmt.Errorf("%w: buffer %#x is not aligned to the device's %d bytes", runtime.ErrInvalid, h, a)
	}
	return r, nil
}

// Launch implements runtime.Driver: it records the dispatch; it runs at
// the next Sync, Read, host copy or Write.
func (d *Driver) Launch(l *runtime.Launch) error {
	if err := d.LoadModule(l.Module); err != nil {
		return err
	}
	mod := d.mods[l.Module]
	if l.Kernel < 0 || l.Kernel >= len(mod.kernels) {
		return fmt.Errorf("%w: kernel %d does not exist", runtime.ErrInvalid, l.Kernel)
	}
	k := mod.kernels[l.Kernel]
	if len(l.Args) != len(k.push) {
		return fmt.Errorf("%w: %d arguments, the kernel takes %d", runtime.ErrInvalid, len(l.Args), len(k.push))
	}
	if l.Block != k.local {
		return fmt.Errorf("%w: launched with workgroups of %v; kernel %q was compiled for %v", runtime.ErrInvalid, l.Block, k.name, k.local)
	}
	for i, g := range l.Grid {
		if g > d.dev.Limits.MaxComputeWorkGroupCount[i] {
			return fmt.Errorf("%w: grid %v exceeds device %s's workgroup counts %v", runtime.ErrInvalid, l.Grid, d.dev.Name, d.dev.Limits.MaxComputeWorkGroupCount)
		}
	}
	if l.Grid[0] == 0 || l.Grid[1] == 0 || l.Grid[2] == 0 {
		return nil
	}
	var ranges []BufferRange
	push := make([]byte, k.pushBytes)
	for i, a := range l.Args {
		if k.push[i] < 0 {
			r, err := d.bindRange(a)
			if err != nil {
				return fmt.Errorf("argument %d: %w", i, err)
			}
			ranges = append(ranges, r)
			continue
		}
		if k.wide[i] {
			binary.LittleEndian.PutUint64(push[k.push[i]:], a)
		} else {
			binary.LittleEndian.PutUint32(push[k.push[i]:], uint32(a))
		}
	}
	d.stats.Launches++
	return d.dev.DispatchRanges(k.pipe, ranges, push, l.Grid, k.name)
}

// Sync implements runtime.Driver.
func (d *Driver) Sync() error {
	if d.dev == nil {
		return nil
	}
	err := d.dev.Sync()
	for _, b := range d.deferred {
		d.dev.FreeBuffer(b)
	}
	d.deferred = nil
	return err
}

// Collective implements runtime.Driver: not supported yet.
func (d *Driver) Collective(index int, src, dst runtime.Handle) error {
	return fmt.Errorf("%w: collectives on the vulkan target", runtime.ErrUnsupported)
}

// Workers implements runtime.Driver.
func (d *Driver) Workers() int { return 1 }

// Close implements runtime.Driver: it waits for the device and destroys
// every pipeline, buffer and the device. Closing twice does nothing.
func (d *Driver) Close() error {
	if d.dev == nil {
		return nil
	}
	err := d.dev.Sync()
	for _, b := range d.deferred {
		d.dev.FreeBuffer(b)
	}
	for _, b := range d.bufs {
		d.dev.FreeBuffer(b)
	}
	for _, m := range d.mods {
		if m == nil {
			continue
		}
		for _, k := range m.kernels {
			d.dev.FreePipeline(k.pipe)
		}
		for _, sh := range m.shaders {
			d.dev.FreeShaderModule(sh)
		}
	}
	if d.host != nil {
		d.dev.FreeBuffer(d.host)
	}
	d.deferred, d.bufs, d.mods, d.host = nil, nil, nil, nil
	d.dev.Close()
	d.dev = nil
	return err
}
