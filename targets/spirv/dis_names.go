package spirv

import (
	"strconv"
	"strings"
)

// nameMap is spirv-dis's friendly name mapper (SPIRV-Tools
// source/name_mapper.cpp): a unique name for every id the module defines,
// from OpName, BuiltIn decorations, types and constants, else the id's
// number; a taken name gets the first free suffix _0, _1, ...
type nameMap struct {
	byID map[uint32]string
	used map[string]bool
}

// name returns id's name, or its number for an id the module never
// defines.
func (m *nameMap) name(id uint32) string {
	if s, ok := m.byID[id]; ok {
		return s
	}
	return strconv.FormatUint(uint64(id), 10)
}

// sanitize replaces every byte but [A-Za-z0-9_] by '_'; empty is "_".
func sanitize(s string) string {
	if s == "" {
		return "_"
	}
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			b[i] = '_'
		}
	}
	return string(b)
}

// save names id after suggested unless it already has a name.
func (m *nameMap) save(id uint32, suggested string) {
	if _, ok := m.byID[id]; ok {
		return
	}
	base := sanitize(suggested)
	name := base
	for i := 0; m.used[name]; i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	m.used[name] = true
	m.byID[id] = name
}

// builtinNames are the names SPIRV-Tools gives variables decorated BuiltIn
// (GLSL's gl_ names where it has them).
var builtinNames = map[BuiltIn]string{
	0: "gl_Position", 1: "gl_PointSize", 3: "gl_ClipDistance", 4: "gl_CullDistance",
	5: "gl_VertexID", 6: "gl_InstanceID", 7: "gl_PrimitiveID", 8: "gl_InvocationID",
	9: "gl_Layer", 10: "gl_ViewportIndex", 11: "gl_TessLevelOuter", 12: "gl_TessLevelInner",
	13: "gl_TessCoord", 14: "gl_PatchVertices", 15: "gl_FragCoord", 16: "gl_PointCoord",
	17: "gl_FrontFacing", 18: "gl_SampleID", 19: "gl_SamplePosition", 20: "gl_SampleMask",
	22: "gl_FragDepth", 23: "gl_HelperInvocation",
	BuiltInNumWorkgroups: "gl_NumWorkGroups", BuiltInWorkgroupSize: "gl_WorkGroupSize",
	BuiltInWorkgroupId: "gl_WorkGroupID", BuiltInLocalInvocationId: "gl_LocalInvocationID",
	BuiltInGlobalInvocationId: "gl_GlobalInvocationID", BuiltInLocalInvocationIndex: "gl_LocalInvocationIndex",
	30: "WorkDim", 31: "GlobalSize", 32: "EnqueuedWorkgroupSize", 33: "GlobalOffset",
	34: "GlobalLinearId", 36: "SubgroupSize", 37: "SubgroupMaxSize", 38: "NumSubgroups",
	39: "NumEnqueuedSubgroups", 40: "SubgroupId", 41: "SubgroupLocalInvocationId",
	42: "gl_VertexIndex", 43: "gl_InstanceIndex", 4425: "gl_BaseInstance", 4416: "SubgroupEqMaskKHR",
	4417: "SubgroupGeMaskKHR", 4418: "SubgroupGtMaskKHR", 4419: "SubgroupLeMaskKHR",
	4420: "SubgroupLtMaskKHR",
}

// friendlyNames names the ids of a parsed module in instruction order, as
// FriendlyNameMapper::ParseInstruction does.
func friendlyNames(insts []parsedInst) *nameMap {
	m := &nameMap{byID: map[uint32]string{}, used: map[string]bool{}}
	for i := range insts {
		in := &insts[i]
		ws := in.words
		op := Opcode(ws[0] & 0xffff)
		switch op {
		case OpName:
			if len(in.operands) == 2 {
				o := in.operands[1]
				m.save(ws[1], decodeString(ws[o.off:o.off+o.n]))
			}
		case OpDecorate:
			if len(ws) > 3 && Decoration(ws[2]) == DecorationBuiltIn {
				if s, ok := builtinNames[BuiltIn(ws[3])]; ok {
					m.save(ws[1], s)
				}
			}
		case OpTypeVoid:
			m.save(in.resultID, "void")
		case OpTypeBool:
			m.save(in.resultID, "bool")
		case OpTypeInt:
			var root, sign string
			switch ws[2] {
			case 8:
				root = "char"
			case 16:
				root = "short"
			case 32:
				root = "int"
			case 64:
				root = "long"
			default:
				root, sign = strconv.FormatUint(uint64(ws[2]), 10), "i"
			}
			if ws[3] == 0 {
				sign = "u"
			}
			m.save(in.resultID, sign+root)
		case OpTypeFloat:
			switch ws[2] {
			case 16:
				m.save(in.resultID, "half")
			case 32:
				m.save(in.resultID, "float")
			case 64:
				m.save(in.resultID, "double")
			default:
				m.save(in.resultID, "fp"+strconv.FormatUint(uint64(ws[2]), 10))
			}
		case OpTypeVector:
			m.save(in.resultID, "v"+strconv.FormatUint(uint64(ws[3]), 10)+m.name(ws[2]))
		case OpTypeMatrix:
			m.save(in.resultID, "mat"+strconv.FormatUint(uint64(ws[3]), 10)+m.name(ws[2]))
		case OpTypeArray:
			m.save(in.resultID, "_arr_"+m.name(ws[2])+"_"+m.name(ws[3]))
		case OpTypeRuntimeArray:
			m.save(in.resultID, "_runtimearr_"+m.name(ws[2]))
		case OpTypePointer:
			m.save(in.resultID, "_ptr_"+enumName(kindStorageClass, ws[2], "StorageClass")+"_"+m.name(ws[3]))
		case OpTypePipe:
			m.save(in.resultID, "Pipe"+enumName(kindAccessQualifier, ws[2], "StorageClass"))
		case OpTypeEvent:
			m.save(in.resultID, "Event")
		case OpTypeDeviceEvent:
			m.save(in.resultID, "DeviceEvent")
		case OpTypeReserveId:
			m.save(in.resultID, "ReserveId")
		case OpTypeQueue:
			m.save(in.resultID, "Queue")
		case OpTypeOpaque:
			o := in.operands[1]
			m.save(in.resultID, "Opaque_"+sanitize(decodeString(ws[o.off:o.off+o.n])))
		case OpTypePipeStorage:
			m.save(in.resultID, "PipeStorage")
		case OpTypeNamedBarrier:
			m.save(in.resultID, "NamedBarrier")
		case OpTypeStruct:
			m.save(in.resultID, "_struct_"+strconv.FormatUint(uint64(in.resultID), 10))
		case OpConstantTrue:
			m.save(in.resultID, "true")
		case OpConstantFalse:
			m.save(in.resultID, "false")
		case OpConstant:
			o := in.operands[2]
			v := strings.ReplaceAll(formatNumber(ws[o.off:o.off+o.n], o.num), "-", "n")
			m.save(in.resultID, m.name(in.typeID)+"_"+v)
		default:
			if in.resultID != 0 {
				m.save(in.resultID, strconv.FormatUint(uint64(in.resultID), 10))
			}
		}
	}
	return m
}

// enumName is the name of value v of an enum kind, or prefix and the
// number when the kind has no such value.
func enumName(k operandKind, v uint32, prefix string) string {
	if e, ok := disKinds[k].enum(v); ok {
		return e.name
	}
	return prefix + strconv.FormatUint(uint64(v), 10)
}
