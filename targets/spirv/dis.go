package spirv

//go:generate go run gen.go

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strconv"
)

// operandKind indexes disKinds (the operand kinds of the SPIR-V grammar).
type operandKind uint16

// category is an operand kind's category in the grammar JSON.
type category uint8

const (
	catID        category = iota // an <id>
	catLiteral                   // a literal number or string
	catComposite                 // a pair of other kinds (bases)
	catValueEnum                 // one enumerant
	catBitEnum                   // a mask of enumerants
)

// quantifier is how often an operand occurs: once, at most once, or any
// number of times (the grammar's "", "?" and "*").
type quantifier uint8

const (
	qOne quantifier = iota
	qOptional
	qVariadic
)

// operandDesc is one operand (or enumerant parameter) of the grammar.
type operandDesc struct {
	kind  operandKind
	quant quantifier
}

// enumDesc is one enumerant: its value (a bit for BitEnum kinds), the name
// spirv-dis prints and the operands that follow it.
type enumDesc struct {
	value  uint32
	name   string
	params []operandDesc
}

// kindDesc is one operand kind of the grammar.
type kindDesc struct {
	name  string
	cat   category
	bases []operandKind // catComposite
	enums []enumDesc    // catValueEnum, catBitEnum: sorted by value
}

// instDesc is an instruction (or extended instruction) of the grammar: its
// name without the Op prefix, its operands, and whether SPIR-V 1.6 (or an
// extension or capability) has it.
type instDesc struct {
	name     string
	operands []operandDesc
	avail    bool
}

// enum returns the enumerant of kind k with value v.
func (k *kindDesc) enum(v uint32) (*enumDesc, bool) {
	lo, hi := 0, len(k.enums)
	for lo < hi {
		m := (lo + hi) / 2
		if k.enums[m].value < v {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(k.enums) && k.enums[lo].value == v {
		return &k.enums[lo], true
	}
	return nil, false
}

// numberKind is how a literal number operand is printed.
type numberKind uint8

const (
	numNone numberKind = iota
	numUnsigned
	numSigned
	numFloat
)

// numType is a scalar numeric type (OpTypeInt, OpTypeFloat).
type numType struct {
	kind  numberKind
	width uint32
}

// extSet is the kind of instruction set an OpExtInstImport imports.
type extSet uint8

const (
	extNone extSet = iota
	extGLSL
	extNonSemantic
)

// parsedOperand is one decoded operand of an instruction.
type parsedOperand struct {
	kind     operandKind
	off, n   int // word offset in the instruction (0 is the opcode word) and count
	num      numType
	extInst  *instDesc // LiteralExtInstInteger: the extended instruction (nil if non-semantic)
	specInst *instDesc // LiteralSpecConstantOpInteger: the opcode
}

// parsedInst is one decoded instruction.
type parsedInst struct {
	pos              int // word index in the module
	desc             *instDesc
	words            []uint32 // the whole instruction, words[0] is count<<16|opcode
	operands         []parsedOperand
	typeID, resultID uint32
}

// DisError is a malformed module given to Disassemble.
type DisError struct {
	Word int    // the word where decoding failed (0 is the magic number)
	Msg  string // why
}

// Error returns "spirv: word N: " and the reason.
func (e *DisError) Error() string { return fmt.Sprintf("spirv: word %d: %s", e.Word, e.Msg) }

// Disassemble returns the text of a SPIR-V binary module exactly as
// SPIRV-Tools' spirv-dis (version 2023.1, default options: header
// comments, friendly names, indented result ids, no color) prints it. Ids
// are named as spirv-dis's friendly name mapper names them: by OpName,
// BuiltIn decoration (gl_WorkGroupID ...), type (%float, %uint, %v3uint,
// %_ptr_StorageBuffer_float, %_runtimearr_float, %_struct_7) and constant
// (%uint_0, %float_n104, %float_0_5), else by number. Operands are printed
// by their grammar kind: ids as %name, literal numbers by the width and
// signedness of their type (floats with 9 or 17 significant digits; f16,
// denormals, infinities and NaNs as hex floats), strings quoted,
// enumerants by name, masks as A|B, GLSL.std.450 instructions by name.
//
// Both byte orders are accepted; a big-endian module's strings are read as
// the spec says (spirv-dis reads them byte-swapped). A malformed module
// (not whole words, a short header, a wrong magic number, a zero or
// overlong word count, an unknown opcode, enumerant or extended
// instruction, an operand list that does not fit the instruction's
// grammar, an unterminated string, a typed literal of no numeric type, an
// extended instruction set other than GLSL.std.450 and NonSemantic.*) is a
// *DisError naming the word.
func Disassemble(bin []byte) ([]byte, error) {
	if len(bin)%4 != 0 {
		return nil, &DisError{len(bin) / 4, fmt.Sprintf("a module of %d bytes is not whole words", len(bin))}
	}
	if len(bin) < 20 {
		return nil, &DisError{len(bin) / 4, "the module has an incomplete header"}
	}
	var order binary.ByteOrder
	switch {
	case binary.LittleEndian.Uint32(bin) == Magic:
		order = binary.LittleEndian
	case binary.BigEndian.Uint32(bin) == Magic:
		order = binary.BigEndian
	default:
		return nil, &DisError{0, fmt.Sprintf("bad magic number %#x", binary.LittleEndian.Uint32(bin))}
	}
	words := make([]uint32, len(bin)/4)
	for i := range words {
		words[i] = order.Uint32(bin[4*i:])
	}
	insts, err := parseModule(words)
	if err != nil {
		return nil, err
	}
	names := friendlyNames(insts)
	var b bytes.Buffer
	version, generator := words[1], words[2]
	tool := disTools[generator>>16]
	if tool == "" {
		tool = fmt.Sprintf("Unknown(%d)", generator>>16)
	}
	fmt.Fprintf(&b, "; SPIR-V\n; Version: %d.%d\n; Generator: %s; %d\n; Bound: %d\n; Schema: %d\n",
		version>>16&0xff, version>>8&0xff, tool, generator&0xffff, words[3], words[4])
	for i := range insts {
		writeInst(&b, &insts[i], names)
	}
	return b.Bytes(), nil
}

// indent is the column at which spirv-dis starts opcodes.
const indent = 15

// writeInst writes one instruction line.
func writeInst(b *bytes.Buffer, in *parsedInst, names *nameMap) {
	if in.resultID != 0 {
		name := names.name(in.resultID)
		for i := len(name) + 1; i < indent-3; i++ {
			b.WriteByte(' ')
		}
		b.WriteString("%" + name + " = ")
	} else {
		b.WriteString("               ")
	}
	b.WriteString("Op" + in.desc.name)
	for i := range in.operands {
		o := &in.operands[i]
		if o.kind == kindIdResult {
			continue
		}
		b.WriteByte(' ')
		writeOperand(b, in, o, names)
	}
	b.WriteByte('\n')
}

// writeOperand writes one operand as spirv-dis's EmitOperand does.
func writeOperand(b *bytes.Buffer, in *parsedInst, o *parsedOperand, names *nameMap) {
	w := in.words[o.off]
	k := &disKinds[o.kind]
	switch {
	case k.cat == catID:
		b.WriteString("%" + names.name(w))
	case o.kind == kindLiteralExtInstInteger:
		if o.extInst != nil {
			b.WriteString(o.extInst.name)
		} else {
			b.WriteString(strconv.FormatUint(uint64(w), 10))
		}
	case o.kind == kindLiteralSpecConstantOpInteger:
		b.WriteString(o.specInst.name)
	case o.kind == kindLiteralString:
		b.WriteByte('"')
		for _, c := range []byte(decodeString(in.words[o.off : o.off+o.n])) {
			if c == '"' || c == '\\' {
				b.WriteByte('\\')
			}
			b.WriteByte(c)
		}
		b.WriteByte('"')
	case k.cat == catLiteral:
		b.WriteString(formatNumber(in.words[o.off:o.off+o.n], o.num))
	case k.cat == catValueEnum:
		e, _ := k.enum(w)
		b.WriteString(e.name)
	case k.cat == catBitEnum:
		n := 0
		for bit, rest := uint32(1), w; rest != 0; bit <<= 1 {
			if rest&bit == 0 {
				continue
			}
			rest ^= bit
			e, _ := k.enum(bit)
			if n > 0 {
				b.WriteByte('|')
			}
			b.WriteString(e.name)
			n++
		}
		if n == 0 {
			if e, ok := k.enum(0); ok {
				b.WriteString(e.name)
			}
		}
	}
}

// decodeString returns a literal string operand: its bytes up to the NUL.
func decodeString(ws []uint32) string {
	var s []byte
	for _, w := range ws {
		for k := 0; k < 4; k++ {
			c := byte(w >> (8 * k))
			if c == 0 {
				return string(s)
			}
			s = append(s, c)
		}
	}
	return string(s)
}
