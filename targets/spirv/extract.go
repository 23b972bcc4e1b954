package spirv

import (
	"fmt"
	"slices"
)

// Extract returns the module of bin restricted to the named entry points:
// their OpEntryPoint and execution modes, the functions of their call
// trees, and the module-scope variables their interfaces list; the other
// entry points, functions and variables are removed, with the OpName and
// decorations that name them (OpGroupDecorate loses those targets). Capabilities, extensions, types and
// constants are kept (unused ones are valid), and so is the id bound. The
// result declares only the Workgroup variables of the kept entry points,
// which is what a Vulkan driver needs to load kernels whose variables
// together exceed maxComputeSharedMemorySize (workgroup.go).
//
// bin must be SPIR-V 1.4 or later (an entry point's interface lists every
// global variable its call tree uses) and each name an entry point of it;
// errors say which is not.
func Extract(bin []byte, names ...string) ([]byte, error) {
	header, insts, err := Decode(bin)
	if err != nil {
		return nil, err
	}
	if header[1] < 0x00010400 {
		return nil, fmt.Errorf("spirv: Extract needs SPIR-V 1.4 or later (interfaces listing every global), the module is %d.%d", header[1]>>16&0xff, header[1]>>8&0xff)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("spirv: Extract needs at least one entry point")
	}
	entries := map[uint32]bool{} // the kept entry points' functions
	vars := map[uint32]bool{}    // the module-scope variables they use
	found := map[string]bool{}
	for _, in := range insts {
		if in.Op != OpEntryPoint || len(in.Operands) < 3 {
			continue
		}
		name := decodeString(in.Operands[2:])
		if !slices.Contains(names, name) {
			continue
		}
		found[name] = true
		entries[in.Operands[1]] = true
		for _, v := range entryInterface(in) {
			vars[v] = true
		}
	}
	for _, n := range names {
		if !found[n] {
			return nil, fmt.Errorf("spirv: the module has no entry point %q", n)
		}
	}
	// Functions: their extents and callees; then the call trees' closure.
	type fn struct{ start, end int }
	fns := map[uint32]fn{}
	calls := map[uint32][]uint32{}
	var cur uint32
	open := false
	for i, in := range insts {
		switch in.Op {
		case OpFunction:
			if open || len(in.Operands) < 2 {
				return nil, fmt.Errorf("spirv: instruction %d: OpFunction inside a function or with %d operands", i, len(in.Operands))
			}
			cur, open = in.Operands[1], true
			fns[cur] = fn{start: i}
		case OpFunctionEnd:
			if !open {
				return nil, fmt.Errorf("spirv: instruction %d: OpFunctionEnd outside a function", i)
			}
			f := fns[cur]
			f.end, open = i, false
			fns[cur] = f
		case OpFunctionCall:
			if len(in.Operands) >= 3 {
				calls[cur] = append(calls[cur], in.Operands[2])
			}
		case OpEntryPoint, OpExecutionMode, OpExecutionModeId, OpName, OpDecorate, OpDecorateId, OpDecorateString, OpGroupDecorate:
			if len(in.Operands) < 2 {
				return nil, fmt.Errorf("spirv: instruction %d (opcode %d) has %d operands", i, in.Op, len(in.Operands))
			}
		case OpVariable:
			if len(in.Operands) < 3 {
				return nil, fmt.Errorf("spirv: instruction %d: OpVariable with %d operands", i, len(in.Operands))
			}
		}
	}
	if open {
		return nil, fmt.Errorf("spirv: function %%%d has no OpFunctionEnd", cur)
	}
	keptFns := map[uint32]bool{}
	var visit func(id uint32)
	visit = func(id uint32) {
		if keptFns[id] {
			return
		}
		keptFns[id] = true
		for _, c := range calls[id] {
			visit(c)
		}
	}
	for id := range entries {
		visit(id)
	}
	// Ids that disappear: other functions and everything they define, and
	// module-scope variables no kept interface lists.
	dropped := map[uint32]bool{}
	inFunc := false
	for _, in := range insts {
		switch in.Op {
		case OpFunction:
			inFunc = true
			if !keptFns[in.Operands[1]] {
				dropped[in.Operands[1]] = true
			}
		case OpFunctionEnd:
			inFunc = false
		case OpVariable:
			if !inFunc && len(in.Operands) >= 2 && !vars[in.Operands[1]] {
				dropped[in.Operands[1]] = true
			}
		}
	}
	for id, f := range fns {
		if keptFns[id] {
			continue
		}
		for _, in := range insts[f.start:f.end] {
			if r, ok := definedID(in); ok {
				dropped[r] = true
			}
		}
	}
	var out []Instruction
	skip := -1 // the OpFunctionEnd index that ends a dropped function
	for i, in := range insts {
		if i <= skip {
			continue
		}
		switch in.Op {
		case OpFunction:
			if f := fns[in.Operands[1]]; !keptFns[in.Operands[1]] {
				skip = f.end
				continue
			}
		case OpEntryPoint:
			if !entries[in.Operands[1]] {
				continue
			}
		case OpExecutionMode, OpExecutionModeId:
			if len(in.Operands) > 0 && !entries[in.Operands[0]] {
				continue
			}
		case OpName, OpDecorate, OpDecorateId, OpDecorateString:
			if len(in.Operands) > 0 && dropped[in.Operands[0]] {
				continue
			}
		case OpVariable:
			if len(in.Operands) >= 2 && dropped[in.Operands[1]] {
				continue
			}
		case OpGroupDecorate:
			kept := []uint32{in.Operands[0]}
			for _, id := range in.Operands[1:] {
				if !dropped[id] {
					kept = append(kept, id)
				}
			}
			if len(kept) == 1 {
				continue
			}
			in.Operands = kept
		}
		out = append(out, in)
	}
	return Encode(header, out), nil
}

// definedID returns the result id an instruction inside a function
// defines, by the grammar's operand kinds (disInsts: IdResult, after
// IdResultType where there is one).
func definedID(in Instruction) (uint32, bool) {
	d, ok := disInsts[in.Op]
	if !ok {
		return 0, false
	}
	for i, o := range d.operands {
		if i >= len(in.Operands) {
			break
		}
		if o.kind == kindIdResult {
			return in.Operands[i], true
		}
		if o.kind != kindIdResultType {
			break
		}
	}
	return 0, false
}
