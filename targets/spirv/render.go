package spirv

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/gpu"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// Options choose what the renderer may assume of the device.
type Options struct {
	// PreserveFloat adds the SignedZeroInfNanPreserve execution mode
	// (SPIR-V 1.4 float controls) for every float width the kernel uses,
	// so the device keeps -0.0, infinities and NaN. A driver whose device
	// lacks shaderSignedZeroInfNanPreserveFloatN strips it (StripFloatControls).
	PreserveFloat bool
	// No8Or16Bit renders a module that declares no 8- or 16-bit type, for
	// devices without shaderInt8, shaderInt16, shaderFloat16,
	// storageBuffer8BitAccess or storageBuffer16BitAccess (narrow.go):
	// every value narrower than 32 bits is computed in a 32-bit integer
	// (f16 too is held as its bits), and a buffer of 1- or 2-byte
	// elements is an array of 32-bit words (packed.go). Such a buffer's
	// binding must cover its last element's whole word (its byte size
	// rounded up to 4).
	No8Or16Bit bool
}

// Render returns the SPIR-V 1.5 binary of one kernel in GPU form
// (targets/gpu): a GLCompute entry point named after the kernel, local
// size (W, 1, 1) from its workgroup loops, one storage buffer per
// parameter at descriptor set 0, binding = parameter index (read-only ones
// NonWritable), workgroup variables for shared buffers, and barriers as
// OpControlBarrier(Workgroup, Workgroup, AcquireRelease|WorkgroupMemory).
// Index arithmetic is 32-bit (the GPU lowering guarantees it fits). The
// module targets the Vulkan 1.2 environment. Types SPIR-V lacks are
// legalised first (narrow.go): bf16, f8E4M3FN and f8E5M2 are held as
// their bits (16-bit and 8-bit storage buffers) and converted with integer
// code, i2/i4/ui2/ui4 are computed in their byte, popcnt and clz become
// 32-bit operations. It fails on complex types and on i1 shared buffers.
func Render(k *K.Kernel, opt Options) ([]byte, error) {
	return RenderModule([]*K.Kernel{k}, opt)
}

// RenderModule returns one SPIR-V 1.5 module holding an entry point per
// kernel, each named after its kernel and rendered as Render does (every
// entry's buffers are set 0, bindings 0..n-1 in parameter order). This is
// the blob of a manifest module of format "spirv": the kernels' symbols
// are their names. Kernel names must be distinct; errors name the kernel.
func RenderModule(ks []*K.Kernel, opt Options) (out []byte, err error) {
	if len(ks) == 0 {
		return nil, fmt.Errorf("spirv: a module needs at least one kernel")
	}
	seen := map[string]bool{}
	blocks := make([]int64, len(ks))
	ks = append([]*K.Kernel{}, ks...)
	for i, k := range ks {
		if seen[k.Name] {
			return nil, fmt.Errorf("spirv: two kernels are named %s", k.Name)
		}
		seen[k.Name] = true
		_, block, err := gpu.Dims(k)
		if err != nil {
			return nil, err
		}
		if err := gpu.VerifyGPU(k); err != nil {
			return nil, err
		}
		blocks[i] = block
		if ks[i], err = legalizeNarrow(k, opt); err != nil {
			return nil, err
		}
	}
	var cur *K.Kernel
	defer func() {
		if r := recover(); r != nil {
			re, ok := r.(renderError)
			if !ok {
				panic(r)
			}
			out, err = nil, fmt.Errorf("spirv: kernel %s: %s", cur.Name, string(re))
		}
	}()
	m := newModule()
	g := &globals{}
	for i, k := range ks {
		cur = k
		K.Number(k)
		r := &renderer{m: m, g: g, k: k, opt: opt, vals: map[*K.Node]uint32{}, floats: map[int]bool{}}
		r.module(blocks[i], opt)
	}
	return m.bytes(), nil
}

// globals are the module-level ids shared by every entry point.
type globals struct {
	glsl, wgVar, lidVar uint32
}

type renderError string

func fail(format string, a ...any) { panic(renderError(fmt.Sprintf(format, a...))) }

type renderer struct {
	m      *module
	g      *globals
	k      *K.Kernel
	opt    Options
	vals   map[*K.Node]uint32
	floats map[int]bool

	glsl               uint32
	bufVars            []uint32 // per param: the variable
	sharedVars         []uint32
	gridID, localID    uint32
	cur                uint32 // the current block's label
	vars, code         section
	tVoid, tBool, tU32 uint32
}

func (r *renderer) module(block int64, opt Options) {
	m := r.m
	m.capability(CapabilityShader)
	if r.g.glsl == 0 {
		r.g.glsl = m.id()
		m.imports.inst(OpExtInstImport, append([]uint32{r.g.glsl}, str("GLSL.std.450")...)...)
		m.memModel.inst(OpMemoryModel, uint32(AddressingModelLogical), uint32(MemoryModelGLSL450))
	}
	r.glsl = r.g.glsl
	r.tVoid = m.typ("void", func(id uint32) { m.types.inst(OpTypeVoid, id) })
	r.tBool = m.typ("bool", func(id uint32) { m.types.inst(OpTypeBool, id) })
	r.tU32 = r.intType(32)
	var iface []uint32
	for i, p := range r.k.Params {
		st, stride := r.tU32, 4
		if !r.packed(p) {
			st, stride = r.storageType(p.Elem), p.Elem.ByteSize()
		}
		rt := m.id()
		m.types.inst(OpTypeRuntimeArray, rt, st)
		m.decos.inst(OpDecorate, rt, uint32(DecorationArrayStride), uint32(stride))
		s := m.id()
		m.types.inst(OpTypeStruct, s, rt)
		m.decos.inst(OpDecorate, s, uint32(DecorationBlock))
		m.decos.inst(OpMemberDecorate, s, 0, uint32(DecorationOffset), 0)
		pt := r.ptr(StorageClassStorageBuffer, s)
		v := m.id()
		m.types.inst(OpVariable, pt, v, uint32(StorageClassStorageBuffer))
		m.decos.inst(OpDecorate, v, uint32(DecorationDescriptorSet), 0)
		m.decos.inst(OpDecorate, v, uint32(DecorationBinding), uint32(i))
		if p.Role == K.Read {
			m.decos.inst(OpDecorate, v, uint32(DecorationNonWritable))
		}
		m.names.inst(OpName, append([]uint32{v}, str(p.Name)...)...)
		r.bufVars = append(r.bufVars, v)
		iface = append(iface, v)
	}
	for _, s := range r.k.Shared {
		if s.Elem == ir.I1 {
			fail("i1 shared buffer %s is not supported", s.Name)
		}
		et := r.scalarType(s.Elem)
		at := m.id()
		m.types.inst(OpTypeArray, at, et, r.constU32(uint32(max(s.Len(), 1))))
		pt := r.ptr(StorageClassWorkgroup, at)
		v := m.id()
		m.types.inst(OpVariable, pt, v, uint32(StorageClassWorkgroup))
		m.names.inst(OpName, append([]uint32{v}, str(s.Name)...)...)
		r.sharedVars = append(r.sharedVars, v)
		iface = append(iface, v)
	}
	uvec3 := m.typ("uvec3", func(id uint32) { m.types.inst(OpTypeVector, id, r.tU32, 3) })
	inPtr := r.ptr(StorageClassInput, uvec3)
	builtin := func(b BuiltIn) uint32 {
		v := m.id()
		m.types.inst(OpVariable, inPtr, v, uint32(StorageClassInput))
		m.decos.inst(OpDecorate, v, uint32(DecorationBuiltIn), uint32(b))
		return v
	}
	if r.g.wgVar == 0 {
		r.g.wgVar, r.g.lidVar = builtin(BuiltInWorkgroupId), builtin(BuiltInLocalInvocationId)
	}
	wgVar, lidVar := r.g.wgVar, r.g.lidVar
	iface = append(iface, wgVar, lidVar)

	fnType := m.typ("fn", func(id uint32) { m.types.inst(OpTypeFunction, id, r.tVoid) })
	fn := m.id()
	entry := m.id()
	r.cur = entry
	r.gridID = r.op(OpCompositeExtract, r.tU32, r.op(OpLoad, uvec3, wgVar), 0)
	r.localID = r.op(OpCompositeExtract, r.tU32, r.op(OpLoad, uvec3, lidVar), 0)
	r.body(r.k.Body)
	r.code.inst(OpReturn)

	m.funcs.inst(OpFunction, r.tVoid, fn, 0, fnType)
	m.funcs.inst(OpLabel, entry)
	m.funcs = append(m.funcs, r.vars...)
	m.funcs = append(m.funcs, r.code...)
	m.funcs.inst(OpFunctionEnd)

	m.entries.inst(OpEntryPoint, append(append([]uint32{uint32(ExecutionModelGLCompute), fn}, str(r.k.Name)...), iface...)...)
	m.modes.inst(OpExecutionMode, fn, uint32(ExecutionModeLocalSize), uint32(block), 1, 1)
	if opt.PreserveFloat && len(r.floats) > 0 {
		m.capability(CapabilitySignedZeroInfNanPreserve)
		for _, w := range []int{16, 32, 64} {
			if r.floats[w] {
				m.modes.inst(OpExecutionMode, fn, uint32(ExecutionModeSignedZeroInfNanPreserve), uint32(w))
			}
		}
	}
	m.names.inst(OpName, append([]uint32{fn}, str(r.k.Name)...)...)
}

func (r *renderer) ptr(sc StorageClass, t uint32) uint32 {
	return r.m.typ(fmt.Sprintf("ptr%d_%d", sc, t), func(id uint32) { r.m.types.inst(OpTypePointer, id, uint32(sc), t) })
}

func (r *renderer) intType(w int) uint32 {
	switch w {
	case 8:
		r.m.capability(CapabilityInt8)
	case 16:
		r.m.capability(CapabilityInt16)
	case 64:
		r.m.capability(CapabilityInt64)
	}
	return r.m.typ(fmt.Sprintf("i%d", w), func(id uint32) { r.m.types.inst(OpTypeInt, id, uint32(w), 0) })
}

func (r *renderer) floatType(w int) uint32 {
	switch w {
	case 16:
		r.m.capability(CapabilityFloat16)
	case 64:
		r.m.capability(CapabilityFloat64)
	}
	r.floats[w] = true
	return r.m.typ(fmt.Sprintf("f%d", w), func(id uint32) { r.m.types.inst(OpTypeFloat, id, uint32(w)) })
}

// scalarType maps a kernel IR value type to its SPIR-V type: i1 to bool,
// index to a 32-bit integer, integers to OpTypeInt of their width
// (signedness 0: signed and unsigned operations are chosen per
// instruction), f16/f32/f64 to OpTypeFloat, and the types held as bits
// (held) to the integer of their storage size (No8Or16Bit: a 32-bit one).
func (r *renderer) scalarType(t ir.ElementType) uint32 {
	switch {
	case t == ir.I1:
		return r.tBool
	case t == ir.Index || r.opt.No8Or16Bit && heldWide(t):
		return r.tU32
	case t.IsInteger() && (t.Bits() == 8 || t.Bits() == 16 || t.Bits() == 32 || t.Bits() == 64):
		return r.intType(t.Bits())
	case t == ir.F16 || t == ir.F32 || t == ir.F64:
		return r.floatType(t.Bits())
	case r.held(t):
		return r.intType(t.ByteSize() * 8)
	}
	fail("element type %s is not supported by the spirv renderer", t)
	return 0
}

// storageType is the type of a buffer element in memory: i1 is a byte.
func (r *renderer) storageType(t ir.ElementType) uint32 {
	if t == ir.I1 {
		r.m.capability(CapabilityStorageBuffer8BitAccess)
		return r.intType(8)
	}
	st := r.scalarType(t)
	switch t.ByteSize() {
	case 1:
		r.m.capability(CapabilityStorageBuffer8BitAccess)
	case 2:
		r.m.capability(CapabilityStorageBuffer16BitAccess)
	}
	return st
}

func (r *renderer) constU32(v uint32) uint32 {
	return r.constant(r.tU32, 32, uint64(v))
}

// constant returns the id of an OpConstant of type t holding bits.
func (r *renderer) constant(t uint32, width int, bits uint64) uint32 {
	key := [3]uint64{uint64(t), bits, 0}
	if id, ok := r.m.constIDs[key]; ok {
		return id
	}
	id := r.m.id()
	if width == 64 {
		r.m.types.inst(OpConstant, t, id, uint32(bits), uint32(bits>>32))
	} else {
		r.m.types.inst(OpConstant, t, id, uint32(bits))
	}
	r.m.constIDs[key] = id
	return id
}

func (r *renderer) constOf(n *K.Node) uint32 {
	t := n.Type
	switch {
	case t == ir.I1:
		key := [3]uint64{uint64(r.tBool), uint64(n.I), 1}
		if id, ok := r.m.constIDs[key]; ok {
			return id
		}
		id := r.m.id()
		if n.I != 0 {
			r.m.types.inst(OpConstantTrue, r.tBool, id)
		} else {
			r.m.types.inst(OpConstantFalse, r.tBool, id)
		}
		r.m.constIDs[key] = id
		return id
	case t == ir.Index:
		return r.constant(r.tU32, 32, uint64(uint32(n.I)))
	case t.IsFloat():
		return r.constant(r.scalarType(t), t.Bits(), ir.FloatBits(n.F, t))
	}
	w := t.Bits()
	bits := uint64(n.I)
	if w < 64 {
		bits &= 1<<uint(w) - 1
	}
	return r.constant(r.scalarType(t), w, bits)
}

func (r *renderer) val(n *K.Node) uint32 {
	if n.Kind == K.Const {
		return r.constOf(n)
	}
	v, ok := r.vals[n]
	if !ok {
		fail("%%%d (%s) is used before it is rendered", n.ID, n.Kind)
	}
	return v
}

// op emits an instruction with a result of type t and returns the result id.
func (r *renderer) op(o Opcode, t uint32, args ...uint32) uint32 {
	id := r.m.id()
	r.code.inst(o, append([]uint32{t, id}, args...)...)
	return id
}

func (r *renderer) ext(t uint32, inst uint32, args ...uint32) uint32 {
	return r.op(OpExtInst, t, append([]uint32{r.glsl, inst}, args...)...)
}

func (r *renderer) label(id uint32) {
	r.code.inst(OpLabel, id)
	r.cur = id
}
