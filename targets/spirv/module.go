package spirv

import (
	"encoding/binary"
)

// Magic is the SPIR-V magic number; Version15 the version word of SPIR-V 1.5
// (what Vulkan 1.2 consumes).
const (
	Magic     = 0x07230203
	Version15 = 0x00010500
	generator = 0 // no registered generator id
)

// GLSL.std.450 extended instructions the renderer uses (GLSL.std.450.h).
const (
	glslRoundEven = 2
	glslFAbs      = 4
	glslFloor     = 8
	glslCeil      = 9
	glslSqrt      = 31
	glslFindUMsb  = 75
)

// section is a list of instruction words.
type section []uint32

// inst appends one instruction: opcode, then operands.
func (s *section) inst(op Opcode, operands ...uint32) {
	*s = append(*s, uint32(len(operands)+1)<<16|uint32(op))
	*s = append(*s, operands...)
}

// str encodes a literal string: UTF-8, NUL-terminated, padded to words.
func str(s string) []uint32 {
	b := append([]byte(s), 0)
	for len(b)%4 != 0 {
		b = append(b, 0)
	}
	w := make([]uint32, len(b)/4)
	for i := range w {
		w[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return w
}

// module accumulates the logical sections of a SPIR-V module (spec 2.4).
type module struct {
	bound                        uint32
	caps, imports, memModel      section
	entries, modes, names, decos section
	types                        section // types, constants, global variables
	funcs                        section
	capSet                       map[Capability]bool
	typeIDs                      map[string]uint32
	constIDs                     map[[3]uint64]uint32
}

func newModule() *module {
	return &module{bound: 1, capSet: map[Capability]bool{}, typeIDs: map[string]uint32{}, constIDs: map[[3]uint64]uint32{}}
}

func (m *module) id() uint32 { m.bound++; return m.bound - 1 }

func (m *module) capability(c Capability) {
	if !m.capSet[c] {
		m.capSet[c] = true
		m.caps.inst(OpCapability, uint32(c))
	}
}

// typ returns the id of a type described by key, declaring it with decl
// the first time.
func (m *module) typ(key string, decl func(id uint32)) uint32 {
	if id, ok := m.typeIDs[key]; ok {
		return id
	}
	id := m.id()
	decl(id)
	m.typeIDs[key] = id
	return id
}

// bytes returns the module's binary form.
func (m *module) bytes() []byte {
	words := []uint32{Magic, Version15, generator, m.bound, 0}
	for _, s := range []section{m.caps, m.imports, m.memModel, m.entries, m.modes, m.names, m.decos, m.types, m.funcs} {
		words = append(words, s...)
	}
	out := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(out[4*i:], w)
	}
	return out
}
