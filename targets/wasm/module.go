package wasm

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"
)

// ValType is a Wasm value type.
type ValType byte

// The value types.
const (
	I32  ValType = 0x7F
	I64  ValType = 0x7E
	F32  ValType = 0x7D
	F64  ValType = 0x7C
	V128 ValType = 0x7B
)

// blockEmpty is the empty block type.
const blockEmpty = 0x40

// String returns the WAT name of the type.
func (t ValType) String() string {
	switch t {
	case I32:
		return "i32"
	case I64:
		return "i64"
	case F32:
		return "f32"
	case F64:
		return "f64"
	case V128:
		return "v128"
	}
	return fmt.Sprintf("<type %#x>", byte(t))
}

// FuncType is a function signature.
type FuncType struct {
	Params, Results []ValType
}

func (a FuncType) equal(b FuncType) bool {
	return slices.Equal(a.Params, b.Params) && slices.Equal(a.Results, b.Results)
}

// Instr is one instruction: Op and its immediates (see the immKind of Op:
// A holds indices, depths, integer constants, block types, lanes and
// memarg alignments; B a memarg offset; F a float constant; V a v128).
type Instr struct {
	Op Op
	A  int64
	B  int64
	F  float64
	V  [16]byte
}

// Func is a function defined by the module: its type, its locals beyond
// the parameters, and its body (without the final end).
type Func struct {
	Name   string // for the text form and the export, if exported
	Type   FuncType
	Locals []ValType
	Body   []Instr
	Export bool
}

// ImportFunc is a function import.
type ImportFunc struct {
	Module, Name string
	Type         FuncType
}

// Global is an immutable i32 global, optionally exported.
type Global struct {
	Name   string
	Value  int32
	Export bool
}

// Data is an active data segment at a constant address of memory 0.
type Data struct {
	Addr  uint32
	Bytes []byte
}

// Module is a Wasm module importing its memory as env.memory (shared,
// with limits MemMin and MemMax pages), as docs/RUNTIME.md requires.
// Function indices number the imports first, then Funcs.
type Module struct {
	Imports        []ImportFunc
	MemMin, MemMax uint32
	Funcs          []*Func
	Globals        []Global
	Data           []Data
}

// FuncIndex returns the index of the defined function i.
func (m *Module) FuncIndex(i int) int64 { return int64(len(m.Imports) + i) }

// Encode returns the module's binary form (WebAssembly 2.0 with threads'
// shared memory and SIMD128).
func (m *Module) Encode() ([]byte, error) {
	var types []FuncType
	typeIndex := func(t FuncType) uint64 {
		for i, u := range types {
			if u.equal(t) {
				return uint64(i)
			}
		}
		types = append(types, t)
		return uint64(len(types) - 1)
	}
	impTypes := make([]uint64, len(m.Imports))
	for i, f := range m.Imports {
		impTypes[i] = typeIndex(f.Type)
	}
	funcTypes := make([]uint64, len(m.Funcs))
	for i, f := range m.Funcs {
		funcTypes[i] = typeIndex(f.Type)
	}
	out := []byte{0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00}
	section := func(id byte, body []byte) {
		out = append(out, id)
		out = appendULEB(out, uint64(len(body)))
		out = append(out, body...)
	}
	// Type section.
	var b []byte
	b = appendULEB(b, uint64(len(types)))
	for _, t := range types {
		b = append(b, 0x60)
		b = appendULEB(b, uint64(len(t.Params)))
		for _, p := range t.Params {
			b = append(b, byte(p))
		}
		b = appendULEB(b, uint64(len(t.Results)))
		for _, r := range t.Results {
			b = append(b, byte(r))
		}
	}
	section(1, b)
	// Import section: the functions, then the shared memory.
	b = appendULEB(nil, uint64(len(m.Imports)+1))
	for i, f := range m.Imports {
		b = appendName(b, f.Module)
		b = appendName(b, f.Name)
		b = append(b, 0x00)
		b = appendULEB(b, impTypes[i])
	}
	if m.MemMax < m.MemMin || m.MemMax > 65536 {
		return nil, fmt.Errorf("wasm: memory limits %d..%d pages are invalid", m.MemMin, m.MemMax)
	}
	b = appendName(b, "env")
	b = appendName(b, "memory")
	b = append(b, 0x02, 0x03) // memory, limits flag 3: shared with a maximum
	b = appendULEB(b, uint64(m.MemMin))
	b = appendULEB(b, uint64(m.MemMax))
	section(2, b)
	// Function section.
	b = appendULEB(nil, uint64(len(m.Funcs)))
	for _, t := range funcTypes {
		b = appendULEB(b, t)
	}
	section(3, b)
	// Global section.
	if len(m.Globals) > 0 {
		b = appendULEB(nil, uint64(len(m.Globals)))
		for _, g := range m.Globals {
			b = append(b, byte(I32), 0x00, 0x41)
			b = appendSLEB(b, int64(g.Value))
			b = append(b, 0x0B)
		}
		section(6, b)
	}
	// Export section.
	var exports []byte
	n := 0
	for i, f := range m.Funcs {
		if f.Export {
			exports = appendName(exports, f.Name)
			exports = append(exports, 0x00)
			exports = appendULEB(exports, uint64(m.FuncIndex(i)))
			n++
		}
	}
	for i, g := range m.Globals {
		if g.Export {
			exports = appendName(exports, g.Name)
			exports = append(exports, 0x03)
			exports = appendULEB(exports, uint64(i))
			n++
		}
	}
	section(7, append(appendULEB(nil, uint64(n)), exports...))
	// Data count section (bulk memory), then code, then data.
	section(12, appendULEB(nil, uint64(len(m.Data))))
	b = appendULEB(nil, uint64(len(m.Funcs)))
	for _, f := range m.Funcs {
		body, err := encodeFunc(f)
		if err != nil {
			return nil, err
		}
		b = appendULEB(b, uint64(len(body)))
		b = append(b, body...)
	}
	section(10, b)
	if len(m.Data) > 0 {
		b = appendULEB(nil, uint64(len(m.Data)))
		for _, d := range m.Data {
			b = append(b, 0x00, 0x41)
			b = appendSLEB(b, int64(int32(d.Addr)))
			b = append(b, 0x0B)
			b = appendULEB(b, uint64(len(d.Bytes)))
			b = append(b, d.Bytes...)
		}
		section(11, b)
	}
	return out, nil
}

// encodeFunc encodes one function body: locals (run-length grouped) and
// instructions, then end.
func encodeFunc(f *Func) ([]byte, error) {
	var groups [][2]uint64
	for _, t := range f.Locals {
		if n := len(groups); n > 0 && groups[n-1][1] == uint64(t) {
			groups[n-1][0]++
			continue
		}
		groups = append(groups, [2]uint64{1, uint64(t)})
	}
	b := appendULEB(nil, uint64(len(groups)))
	for _, g := range groups {
		b = appendULEB(b, g[0])
		b = append(b, byte(g[1]))
	}
	depth := 0
	for _, in := range f.Body {
		switch in.Op {
		case OpBlock, OpLoop, OpIf:
			depth++
		case OpEnd:
			depth--
		}
		if depth < 0 {
			return nil, fmt.Errorf("wasm: function %s: unbalanced end", f.Name)
		}
		var err error
		if b, err = appendInstr(b, in); err != nil {
			return nil, fmt.Errorf("wasm: function %s: %w", f.Name, err)
		}
	}
	if depth != 0 {
		return nil, fmt.Errorf("wasm: function %s: %d unclosed blocks", f.Name, depth)
	}
	return append(b, 0x0B), nil
}

func appendInstr(b []byte, in Instr) ([]byte, error) {
	if in.Op >= numOps {
		return nil, fmt.Errorf("bad opcode %d", in.Op)
	}
	info := opTable[in.Op]
	if info.prefix != 0 {
		b = append(b, info.prefix)
		b = appendULEB(b, uint64(info.code))
	} else {
		b = append(b, byte(info.code))
	}
	switch info.imm {
	case immBlock:
		b = append(b, byte(in.A))
	case immLabel, immLocal, immGlobal, immFunc, immLane:
		if info.imm == immLane {
			b = append(b, byte(in.A))
		} else {
			b = appendULEB(b, uint64(in.A))
		}
	case immI32:
		b = appendSLEB(b, int64(int32(in.A)))
	case immI64:
		b = appendSLEB(b, in.A)
	case immF32:
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(in.F)))
	case immF64:
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(in.F))
	case immMem:
		b = appendULEB(b, uint64(in.A))
		b = appendULEB(b, uint64(in.B))
	case immV128:
		b = append(b, in.V[:]...)
	case immMemCopy:
		b = append(b, 0, 0)
	case immMemFill:
		b = append(b, 0)
	}
	return b, nil
}
