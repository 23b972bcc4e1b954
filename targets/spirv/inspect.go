package spirv

import (
	"encoding/binary"
	"fmt"
)

// Instruction is one decoded SPIR-V instruction: its opcode and operand
// words (spec 2.3, "Physical Layout of a SPIR-V Module and Instruction").
type Instruction struct {
	Op       Opcode
	Operands []uint32
}

// Decode splits a SPIR-V binary (little-endian words) into its header
// (magic, version, generator, bound, schema) and instructions. It fails on
// a wrong magic number, a size that is not whole words, or an instruction
// whose word count is 0 or runs past the end.
func Decode(bin []byte) (header [5]uint32, insts []Instruction, err error) {
	if len(bin)%4 != 0 || len(bin) < 20 {
		return header, nil, fmt.Errorf("spirv: a module of %d bytes is not a header and whole words", len(bin))
	}
	words := make([]uint32, len(bin)/4)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(bin[4*i:])
	}
	if words[0] != Magic {
		return header, nil, fmt.Errorf("spirv: bad magic number %#x", words[0])
	}
	copy(header[:], words)
	for i := 5; i < len(words); {
		n := int(words[i] >> 16)
		if n == 0 || i+n > len(words) {
			return header, nil, fmt.Errorf("spirv: instruction at word %d has word count %d (the module has %d words)", i, n, len(words))
		}
		insts = append(insts, Instruction{Op: Opcode(words[i] & 0xffff), Operands: words[i+1 : i+n]})
		i += n
	}
	return header, insts, nil
}

// Encode is the inverse of Decode.
func Encode(header [5]uint32, insts []Instruction) []byte {
	var s section
	for _, in := range insts {
		s.inst(in.Op, in.Operands...)
	}
	out := make([]byte, 4*(5+len(s)))
	for i, w := range header {
		binary.LittleEndian.PutUint32(out[4*i:], w)
	}
	for i, w := range s {
		binary.LittleEndian.PutUint32(out[20+4*i:], w)
	}
	return out
}

// EntryPoint is a GLCompute entry point of a module: its name, the
// local size of its LocalSize execution mode (zero when absent) and the
// bytes of the Workgroup variables its interface lists (workgroup.go:
// packed sizes; SPIR-V 1.4 and later list every global variable an entry
// point's call tree uses).
type EntryPoint struct {
	Name           string
	LocalSize      [3]uint32
	WorkgroupBytes int64
}

// Info summarises a module: its capabilities, its entry points, the
// float widths its SignedZeroInfNanPreserve execution modes name, and
// WorkgroupBytes, the bytes of all its Workgroup variables together: what
// VK_LAYER_KHRONOS_validation compares with maxComputeSharedMemorySize
// for every compute pipeline made from the module (workgroup.go).
type Info struct {
	Capabilities   []Capability
	Entries        []EntryPoint
	Preserve       map[int]bool
	WorkgroupBytes int64
}

// Inspect decodes bin and returns its Info.
func Inspect(bin []byte) (*Info, error) {
	_, insts, err := Decode(bin)
	if err != nil {
		return nil, err
	}
	info := &Info{Preserve: map[int]bool{}}
	byFn := map[uint32]int{}
	wg, err := workgroupSizes(insts)
	if err != nil {
		return nil, err
	}
	for _, s := range wg {
		info.WorkgroupBytes += s
	}
	for _, in := range insts {
		switch in.Op {
		case OpCapability:
			if len(in.Operands) == 1 {
				info.Capabilities = append(info.Capabilities, Capability(in.Operands[0]))
			}
		case OpEntryPoint:
			if len(in.Operands) < 3 {
				return nil, fmt.Errorf("spirv: OpEntryPoint with %d operands", len(in.Operands))
			}
			byFn[in.Operands[1]] = len(info.Entries)
			e := EntryPoint{Name: decodeString(in.Operands[2:])}
			for _, v := range entryInterface(in) {
				e.WorkgroupBytes += wg[v]
			}
			info.Entries = append(info.Entries, e)
		}
	}
	for _, in := range insts {
		if in.Op != OpExecutionMode || len(in.Operands) < 2 {
			continue
		}
		switch ExecutionMode(in.Operands[1]) {
		case ExecutionModeLocalSize:
			if i, ok := byFn[in.Operands[0]]; ok && len(in.Operands) == 5 {
				copy(info.Entries[i].LocalSize[:], in.Operands[2:])
			}
		case ExecutionModeSignedZeroInfNanPreserve:
			if len(in.Operands) == 3 {
				info.Preserve[int(in.Operands[2])] = true
			}
		}
	}
	return info, nil
}

// entryInterface returns the interface ids of an OpEntryPoint: the
// operands after its name.
func entryInterface(in Instruction) []uint32 {
	for i, w := range in.Operands[2:] {
		if w>>24 == 0 || w>>16&0xff == 0 || w>>8&0xff == 0 || w&0xff == 0 {
			return in.Operands[3+i:]
		}
	}
	return nil
}

// StripFloatControls removes the SignedZeroInfNanPreserve execution modes
// for the float widths keep rejects (a device without
// shaderSignedZeroInfNanPreserveFloatN), and the capability when no such
// mode is left. A module without them is returned unchanged.
func StripFloatControls(bin []byte, keep func(width int) bool) ([]byte, error) {
	header, insts, err := Decode(bin)
	if err != nil {
		return nil, err
	}
	var out []Instruction
	left, removed := 0, 0
	for _, in := range insts {
		if in.Op == OpExecutionMode && len(in.Operands) == 3 && ExecutionMode(in.Operands[1]) == ExecutionModeSignedZeroInfNanPreserve {
			if !keep(int(in.Operands[2])) {
				removed++
				continue
			}
			left++
		}
		out = append(out, in)
	}
	if removed == 0 {
		return bin, nil
	}
	if left == 0 {
		kept := out[:0]
		for _, in := range out {
			if in.Op == OpCapability && len(in.Operands) == 1 && Capability(in.Operands[0]) == CapabilitySignedZeroInfNanPreserve {
				continue
			}
			kept = append(kept, in)
		}
		out = kept
	}
	return Encode(header, out), nil
}
