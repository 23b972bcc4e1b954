package spirv

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

// disModule returns a module of the header and the given instructions.
func disModule(insts ...[]uint32) []byte {
	words := []uint32{Magic, Version15, 0, 16, 0}
	for _, in := range insts {
		words = append(words, in...)
	}
	out := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(out[4*i:], w)
	}
	return out
}

// inst encodes one instruction.
func inst(op Opcode, operands ...uint32) []uint32 {
	return append([]uint32{uint32(len(operands)+1)<<16 | uint32(op)}, operands...)
}

// disValid is a small well-formed module the malformed ones derive from.
var disValid = [][]uint32{
	inst(OpCapability, uint32(CapabilityShader)),
	inst(OpExtInstImport, append([]uint32{1}, str("GLSL.std.450")...)...),
	inst(OpMemoryModel, uint32(AddressingModelLogical), uint32(MemoryModelGLSL450)),
	inst(OpName, append([]uint32{5}, str("x")...)...),
	inst(OpTypeFloat, 2, 32),
	inst(OpConstant, 2, 3, 0x3f800000),
	inst(OpTypeInt, 4, 32, 0),
}

func withInst(extra ...[]uint32) []byte {
	return disModule(append(append([][]uint32{}, disValid...), extra...)...)
}

// TestDisassembleValidSmall checks the base module of the malformed cases
// disassembles, with the names spirv-dis gives.
func TestDisassembleValidSmall(t *testing.T) {
	out, err := Disassemble(withInst())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"; Bound: 16\n", "          %1 = OpExtInstImport \"GLSL.std.450\"\n", "  %float_1 = OpConstant %float 1\n", "OpName %x \"x\"\n"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestDisassembleMalformed checks that malformed modules give a *DisError
// naming the word where decoding failed (and never panic).
func TestDisassembleMalformed(t *testing.T) {
	valid := withInst()
	end := len(valid) / 4 // the word after the valid instructions
	cases := []struct {
		name string
		bin  []byte
		word int    // the word the error names
		msg  string // in the message
	}{
		{"not whole words", valid[:len(valid)-1], len(valid)/4 - 1, "not whole words"},
		{"short header", valid[:16], 4, "incomplete header"},
		{"bad magic", append([]byte{1, 2, 3, 4}, valid[4:]...), 0, "magic"},
		{"truncated instruction", valid[:len(valid)-4], end - 4, "runs past the end"},
		{"zero word count", withInst([]uint32{uint32(OpNop)}), end, "word count is 0"},
		{"word count too small", withInst(inst(OpTypeInt, 6, 32)), end + 3, "expected more operands"},
		{"word count too large", withInst(inst(OpTypeVoid, 6, 7)), end + 2, "expected no more operands"},
		{"unknown opcode", withInst(inst(0xfffe, 1)), end, "invalid opcode 65534"},
		{"unknown enumerant", withInst(inst(OpCapability, 99999)), end + 1, "invalid Capability operand 99999"},
		{"unknown mask bit", withInst(inst(OpFunction, 2, 7, 0x8000, 8)), end + 3, "FunctionControl"},
		{"unterminated string", withInst(inst(OpName, 5, 0x41414141)), end + 2, "NUL"},
		{"constant of a non-numeric type", withInst(inst(OpTypeVoid, 6), inst(OpConstant, 6, 7, 0)), end + 2 + 3, "not a scalar numeric type"},
		{"64-bit constant of one word", withInst(inst(OpTypeInt, 6, 64, 0), inst(OpConstant, 6, 7, 0)), end + 4 + 3, "64-bit literal"},
		{"unknown GLSL instruction", withInst(inst(OpExtInst, 2, 7, 1, 9999, 3)), end + 4, "GLSL.std.450 instruction 9999"},
		{"extended instruction with an extra operand", withInst(inst(OpExtInst, 2, 7, 1, 1, 3, 3)), end + 6, "expected no more operands"},
		{"extended instruction of no set", withInst(inst(OpExtInst, 2, 7, 3, 4, 3)), end + 4, "not an imported extended instruction set"},
		{"result id 0", withInst(inst(OpTypeVoid, 0)), end + 1, "result id is 0"},
	}
	for _, c := range cases {
		out, err := Disassemble(c.bin)
		var de *DisError
		if !errors.As(err, &de) {
			t.Errorf("%s: got %v (output %q), want a *DisError", c.name, err, out)
			continue
		}
		if de.Word != c.word || !strings.Contains(de.Error(), c.msg) {
			t.Errorf("%s: got %q (word %d), want word %d and %q", c.name, de, de.Word, c.word, c.msg)
		}
	}
}

// FuzzDisassemble checks that no input panics, that failures are
// *DisErrors, and that a module that disassembles prints the five header
// lines and one line per instruction. A literal string is printed as
// spirv-dis prints it (quoted, with only `"` and `\` escaped), so a string
// holding a newline spans lines: newlines inside quotes are not counted.
func FuzzDisassemble(f *testing.F) {
	f.Add(withInst())
	f.Add(withInst(inst(OpTypeInt, 6, 64, 1), inst(OpConstant, 6, 7, 1, 2), inst(OpExtInst, 2, 8, 1, 4, 3)))
	f.Add(withInst(inst(OpTypeVoid, 6), inst(OpTypeFunction, 7, 6), inst(OpFunction, 6, 8, 3, 7), inst(OpLabel, 9),
		inst(OpLoad, 2, 10, 3, 3, 4), inst(OpSwitch, 3, 9, 1, 9, 2, 9), inst(OpPhi, 2, 11, 3, 9, 10, 9), inst(OpReturn), inst(OpFunctionEnd)))
	f.Fuzz(func(t *testing.T, bin []byte) {
		out, err := Disassemble(bin)
		if err != nil {
			var de *DisError
			if !errors.As(err, &de) {
				t.Fatalf("error %v is not a *DisError", err)
			}
			return
		}
		_, insts, derr := Decode(bin)
		if derr != nil {
			// Decode reads little-endian only.
			if binary.BigEndian.Uint32(bin) == Magic {
				return
			}
			t.Fatalf("Disassemble succeeded where Decode fails: %v", derr)
		}
		if n := linesOutsideStrings(string(out)); !strings.HasPrefix(string(out), "; SPIR-V\n") || n != 5+len(insts) {
			t.Fatalf("%d lines for %d instructions:\n%s", n, len(insts), out)
		}
	})
}

// linesOutsideStrings counts the newlines of a disassembly that are not
// inside a quoted literal string (where `\"` and `\\` are escapes).
func linesOutsideStrings(s string) int {
	n, quoted := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case c == '\n' && !quoted:
			n++
		}
	}
	return n
}

// TestDisassembleStringWithNewline: a debug string holding a newline
// prints raw inside its quotes, as spirv-dis prints it, and the fuzz
// target's line count accepts it (it used to assume one line per
// instruction).
func TestDisassembleStringWithNewline(t *testing.T) {
	bin := withInst(inst(OpString, append([]uint32{14}, str("a\nb")...)...))
	out, err := Disassemble(bin)
	if err != nil {
		t.Fatal(err)
	}
	if want := "%14 = OpString \"a\nb\"\n"; !strings.Contains(string(out), want) {
		t.Fatalf("output lacks %q:\n%s", want, out)
	}
	_, insts, err := Decode(bin)
	if err != nil {
		t.Fatal(err)
	}
	if n := linesOutsideStrings(string(out)); n != 5+len(insts) {
		t.Fatalf("%d lines outside strings for %d instructions:\n%s", n, len(insts), out)
	}
}
