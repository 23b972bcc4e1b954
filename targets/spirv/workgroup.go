package spirv

import "fmt"

// Workgroup memory accounting (Vulkan VUID-RuntimeSpirv-Workgroup-06530:
// "the sum of size in bytes for variables and padding in the Workgroup
// storage class in the GLCompute Execution Model must be less than or equal
// to maxComputeSharedMemorySize").
//
// The VUID names no entry point, and Vulkan-Docs issue 2272 (open) records
// the working group's reading that such runtime rules apply to the whole
// shader module. VK_LAYER_KHRONOS_validation checks it so: every version
// from SDK 1.3.239 (Debian bookworm's; layers/shader_validation.cpp,
// ValidateComputeSharedMemory) to the 2026 sources (cc_spirv.cpp,
// ValidateWorkgroupSharedMemory over Module::CalculateWorkgroupSharedMemory)
// sums every Workgroup OpVariable of the module at each compute pipeline,
// whichever entry point the pipeline names (Vulkan-ValidationLayers issue
// 6961, open). A module of several kernels whose Workgroup variables add
// up to more than the device's limit is therefore split before it is given
// to vkCreateShaderModule (Extract), even when each entry point's own
// variables fit.

// workgroupSizes returns, per Workgroup OpVariable id, its packed size in
// bytes: scalars of their width, vectors, matrices and arrays of their
// elements, structs of their members, with no padding, as the validation
// layer counts (Module::GetTypeBitsSize). A type the count does not know
// (or an array sized by a spec constant) is an error naming its id.
func workgroupSizes(insts []Instruction) (map[uint32]int64, error) {
	defs := map[uint32]Instruction{}
	for _, in := range insts {
		switch in.Op {
		case OpTypeBool, OpTypeInt, OpTypeFloat, OpTypeVector, OpTypeMatrix, OpTypeArray, OpTypeStruct, OpTypePointer, OpConstant:
			if id, ok := resultID(in); ok {
				defs[id] = in
			}
		}
	}
	var size func(id uint32, depth int) (int64, error)
	size = func(id uint32, depth int) (int64, error) {
		in, ok := defs[id]
		if !ok || depth > 64 {
			return 0, fmt.Errorf("spirv: workgroup variable of type %%%d: the size of this type is not known", id)
		}
		o := in.Operands
		switch in.Op {
		case OpTypeBool:
			return 4, nil
		case OpTypeInt, OpTypeFloat:
			if len(o) < 2 {
				break
			}
			return int64(o[1]+7) / 8, nil
		case OpTypeVector, OpTypeMatrix:
			if len(o) < 3 {
				break
			}
			e, err := size(o[1], depth+1)
			return e * int64(o[2]), err
		case OpTypeArray:
			if len(o) < 3 {
				break
			}
			n, ok := defs[o[2]]
			if !ok || n.Op != OpConstant || len(n.Operands) < 3 {
				return 0, fmt.Errorf("spirv: array type %%%d: its length %%%d is not an OpConstant", id, o[2])
			}
			e, err := size(o[1], depth+1)
			return e * int64(n.Operands[2]), err
		case OpTypeStruct:
			var s int64
			for _, m := range o[1:] {
				e, err := size(m, depth+1)
				if err != nil {
					return 0, err
				}
				s += e
			}
			return s, nil
		}
		return 0, fmt.Errorf("spirv: workgroup variable of type %%%d (opcode %d): the size of this type is not known", id, in.Op)
	}
	out := map[uint32]int64{}
	inFunc := false
	for _, in := range insts {
		switch in.Op {
		case OpFunction:
			inFunc = true
		case OpFunctionEnd:
			inFunc = false
		case OpVariable:
			if inFunc || len(in.Operands) < 3 || StorageClass(in.Operands[2]) != StorageClassWorkgroup {
				continue
			}
			pt, ok := defs[in.Operands[0]]
			if !ok || pt.Op != OpTypePointer || len(pt.Operands) < 3 {
				return nil, fmt.Errorf("spirv: workgroup variable %%%d: its type %%%d is not a pointer type", in.Operands[1], in.Operands[0])
			}
			s, err := size(pt.Operands[2], 0)
			if err != nil {
				return nil, err
			}
			out[in.Operands[1]] = s
		}
	}
	return out, nil
}

// resultID returns the result id of a type, constant or variable
// declaration: the first operand of OpType* (but OpTypeForwardPointer),
// the second of instructions with a result type.
func resultID(in Instruction) (uint32, bool) {
	switch in.Op {
	case OpTypeVoid, OpTypeBool, OpTypeInt, OpTypeFloat, OpTypeVector, OpTypeMatrix, OpTypeArray, OpTypeRuntimeArray, OpTypeStruct, OpTypePointer, OpTypeFunction:
		if len(in.Operands) >= 1 {
			return in.Operands[0], true
		}
	case OpConstant, OpVariable:
		if len(in.Operands) >= 2 {
			return in.Operands[1], true
		}
	}
	return 0, false
}
