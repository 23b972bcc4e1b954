package spirv

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
	"testing"
)

// grammarFiller builds instructions from the grammar tables: every
// operand, optional and variadic ones included once, gets a plausible
// word (ids of a few fixed definitions, literal 1, the string "s", an
// enumerant).
type grammarFiller struct {
	next                  uint32
	u32, c1, glsl, fnType uint32
}

func (f *grammarFiller) id() uint32 { f.next++; return f.next - 1 }

// operands fills ops for opcode op; pick gives the value of the first
// operand of a kind (else the kind's first enumerant, or 0 for masks).
func (f *grammarFiller) operands(op Opcode, ops []operandDesc, pick map[operandKind]uint32, out []uint32) []uint32 {
	for _, o := range ops {
		k := &disKinds[o.kind]
		switch {
		case o.kind == kindIdResult:
			out = append(out, f.id())
		case o.kind == kindIdResultType:
			out = append(out, f.u32)
		case k.cat == catID:
			if op == OpExtInst && len(out) == 2 {
				out = append(out, f.glsl)
			} else {
				out = append(out, f.c1)
			}
		case o.kind == kindLiteralString:
			out = append(out, str("s")...)
		case o.kind == kindLiteralExtInstInteger:
			return append(out, 1, f.c1) // Round x, and nothing after
		case o.kind == kindLiteralSpecConstantOpInteger:
			out = append(out, uint32(OpIAdd), f.c1, f.c1)
		case k.cat == catLiteral:
			out = append(out, 1)
		case k.cat == catComposite:
			for _, b := range k.bases {
				out = f.operands(op, []operandDesc{{kind: b}}, pick, out)
			}
		case k.cat == catValueEnum, k.cat == catBitEnum:
			v, ok := pick[o.kind]
			if ok {
				delete(pick, o.kind)
			} else if k.cat == catValueEnum {
				v = k.enums[0].value
			}
			out = append(out, v)
			for bit := uint32(1); bit != 0; bit <<= 1 {
				if k.cat == catBitEnum && v&bit != 0 {
					e, _ := k.enum(bit)
					out = f.operands(op, e.params, pick, out)
				}
			}
			if e, ok := k.enum(v); ok && (k.cat == catValueEnum || v == 0) {
				out = f.operands(op, e.params, pick, out)
			}
		}
	}
	return out
}

// carrier is an instruction that has a required operand of kind k, and
// the enumerant picks that reach it (through a parameter of another
// kind's enumerant when no instruction has k itself).
func carrier(ops []Opcode, k operandKind) (Opcode, map[operandKind]uint32, bool) {
	has := func(op Opcode, k operandKind) bool {
		for _, o := range disInsts[op].operands {
			if o.kind == k && o.quant == qOne {
				return true
			}
		}
		return false
	}
	for _, op := range ops {
		if has(op, k) {
			return op, map[operandKind]uint32{}, true
		}
	}
	for p := range disKinds {
		for _, e := range disKinds[p].enums {
			for _, prm := range e.params {
				if prm.kind != k || prm.quant != qOne {
					continue
				}
				for _, op := range ops {
					if has(op, operandKind(p)) {
						return op, map[operandKind]uint32{operandKind(p): e.value}, true
					}
				}
			}
		}
	}
	return 0, nil, false
}

// TestDisassembleGrammar builds one instruction of every opcode and, for
// every enumerant of every enumerated operand kind, an instruction that
// carries it (parameters included), and checks the module against
// spirv-dis byte for byte. Instructions spirv-dis 2023.1 rejects because
// its grammar predates Debian's spirv-headers are dropped (and counted).
func TestDisassembleGrammar(t *testing.T) {
	tool := needTool(t, "spirv-dis", "spirv-tools")
	f := &grammarFiller{next: 1}
	f.u32, f.c1, f.glsl = f.id(), f.id(), f.id()
	insts := [][]uint32{
		inst(OpExtInstImport, append([]uint32{f.glsl}, str("GLSL.std.450")...)...),
		inst(OpTypeInt, f.u32, 32, 0),
		inst(OpConstant, f.u32, f.c1, 7),
	}
	var ops []Opcode
	for op, d := range disInsts {
		if d.avail && op != OpExtInstImport {
			ops = append(ops, op)
		}
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i] < ops[j] })
	for _, op := range ops {
		insts = append(insts, inst(op, f.operands(op, disInsts[op].operands, nil, nil)...))
	}
	enums := 0
	for k := range disKinds {
		kd := &disKinds[k]
		if kd.cat != catValueEnum && kd.cat != catBitEnum {
			continue
		}
		op, base, ok := carrier(ops, operandKind(k))
		if !ok {
			t.Logf("no instruction carries %s", kd.name)
			continue
		}
		for _, e := range kd.enums {
			pick := map[operandKind]uint32{operandKind(k): e.value}
			for bk, bv := range base {
				pick[bk] = bv
			}
			insts = append(insts, inst(op, f.operands(op, disInsts[op].operands, pick, nil)...))
			enums++
		}
	}
	if len(ops) < 500 || enums < 600 {
		t.Fatalf("only %d opcodes and %d enumerants", len(ops), enums)
	}
	invalid := regexp.MustCompile(`error: (\d+): Invalid (opcode|\w+ operand): (\d+)`)
	var dropped []string
	for {
		bin := disModule(insts...)
		_, err := spirvDis(t, tool, bin)
		if err == nil {
			sameAsSpirvDis(t, tool, "grammar", bin)
			break
		}
		m := invalid.FindStringSubmatch(err.Error())
		if m == nil || len(dropped) > 200 {
			t.Fatalf("spirv-dis: %v (after dropping %v)", err, dropped)
		}
		i, _ := strconv.Atoi(m[1])
		v, _ := strconv.ParseUint(m[3], 10, 32)
		if i < 1 || i > len(insts) || !slices.Contains(insts[i-1], uint32(v)) && insts[i-1][0]&0xffff != uint32(v) {
			t.Fatalf("spirv-dis: %v: instruction %d does not hold %d", err, i, v)
		}
		dropped = append(dropped, m[2]+" "+m[3])
		insts = slices.Delete(insts, i-1, i)
	}
	t.Logf("%d opcodes, %d enumerants; spirv-dis does not know %d: %v", len(ops), enums, len(dropped), dropped)
}
