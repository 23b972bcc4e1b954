package spirv

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
	"testing"
)

// TestDisassembleEnumerants builds a module naming every Capability,
// every StorageClass (in pointer type names), every BuiltIn (in friendly
// names and decorations), every opcode-free GLSL.std.450 instruction and
// every Decoration without parameters, and checks it against spirv-dis:
// the generated tables pick the names spirv-dis prints.
func TestDisassembleEnumerants(t *testing.T) {
	tool := needTool(t, "spirv-dis", "spirv-tools")
	var insts [][]uint32
	next := uint32(1)
	id := func() uint32 { next++; return next - 1 }
	for _, e := range disKinds[kindCapability].enums {
		insts = append(insts, inst(OpCapability, e.value))
	}
	glsl := id()
	insts = append(insts, inst(OpExtInstImport, append([]uint32{glsl}, str("GLSL.std.450")...)...))
	var decos, types, code [][]uint32
	u32 := id()
	types = append(types, inst(OpTypeInt, u32, 32, 0))
	for _, e := range disKinds[kindStorageClass].enums {
		types = append(types, inst(OpTypePointer, id(), e.value, u32))
	}
	ptr := id()
	types = append(types, inst(OpTypePointer, ptr, uint32(StorageClassInput), u32))
	for _, e := range disKinds[kindBuiltIn].enums {
		v := id()
		decos = append(decos, inst(OpDecorate, v, uint32(DecorationBuiltIn), e.value))
		types = append(types, inst(OpVariable, ptr, v, uint32(StorageClassInput)))
	}
	for _, e := range disKinds[kindDecoration].enums {
		if len(e.params) == 0 {
			decos = append(decos, inst(OpDecorate, u32, e.value))
		}
	}
	var nums []uint32
	for n := range disGLSL {
		nums = append(nums, n)
	}
	sort.Slice(nums, func(i, j int) bool { return nums[i] < nums[j] })
	for _, n := range nums {
		ops := []uint32{u32, id(), glsl, n}
		for _, o := range disGLSL[n].operands {
			if o.quant == qOne {
				ops = append(ops, u32)
			}
		}
		code = append(code, inst(OpExtInst, ops...))
	}
	insts = append(insts, inst(OpMemoryModel, uint32(AddressingModelLogical), uint32(MemoryModelGLSL450)))
	for _, s := range [][][]uint32{decos, types, code} {
		insts = append(insts, s...)
	}
	if n := len(disKinds[kindCapability].enums) + len(disKinds[kindBuiltIn].enums) + len(nums); n < 300 {
		t.Fatalf("only %d enumerants and instructions", n)
	}
	// spirv-dis 2023.1 was built with an older grammar than Debian's
	// spirv-headers: drop each instruction it rejects for an unknown
	// enumerant (naming it) until it accepts the module.
	invalid := regexp.MustCompile(`error: (\d+): Invalid (\w+) operand: (\d+)`)
	var dropped []string
	for {
		bin := disModule(insts...)
		_, err := spirvDis(t, tool, bin)
		if err == nil {
			sameAsSpirvDis(t, tool, "enumerants", bin)
			break
		}
		m := invalid.FindStringSubmatch(err.Error())
		if m == nil || len(dropped) > 40 {
			t.Fatalf("spirv-dis: %v (after dropping %v)", err, dropped)
		}
		i, _ := strconv.Atoi(m[1])
		v, _ := strconv.ParseUint(m[3], 10, 32)
		if i < 1 || i > len(insts) || !slices.Contains(insts[i-1][1:], uint32(v)) {
			t.Fatalf("spirv-dis: %v: instruction %d does not hold %d", err, i, v)
		}
		dropped = append(dropped, m[2]+" "+m[3])
		insts = slices.Delete(insts, i-1, i)
	}
	t.Logf("spirv-dis does not know %d enumerants: %v", len(dropped), dropped)
}
