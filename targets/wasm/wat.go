package wasm

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// WAT prints the module in a WAT-like text form: the imports, memory,
// globals, data segments (summarised when long) and every function with
// its locals and instructions, indented by block depth. It is for reading
// (zmlc --emit=wasm); the binary from Encode is what runs.
func (m *Module) WAT() string {
	var sb strings.Builder
	sb.WriteString("(module\n")
	for i, f := range m.Imports {
		fmt.Fprintf(&sb, "  (import %q %q (func $%s (;%d;)%s))\n", f.Module, f.Name, f.Name, i, sigText(f.Type))
	}
	fmt.Fprintf(&sb, "  (import \"env\" \"memory\" (memory %d %d shared))\n", m.MemMin, m.MemMax)
	for i, g := range m.Globals {
		exp := ""
		if g.Export {
			exp = fmt.Sprintf(" (export %q)", g.Name)
		}
		fmt.Fprintf(&sb, "  (global $%s (;%d;)%s i32 (i32.const %d))\n", g.Name, i, exp, g.Value)
	}
	for _, d := range m.Data {
		shown := d.Bytes
		more := ""
		if len(shown) > 32 {
			shown, more = shown[:32], fmt.Sprintf(" ;; ... %d bytes in all", len(d.Bytes))
		}
		var hex strings.Builder
		for _, c := range shown {
			fmt.Fprintf(&hex, "\\%02x", c)
		}
		fmt.Fprintf(&sb, "  (data (i32.const %d) \"%s\")%s\n", d.Addr, hex.String(), more)
	}
	names := func(i int64) string {
		if i < int64(len(m.Imports)) {
			return "$" + m.Imports[i].Name
		}
		if j := i - int64(len(m.Imports)); j < int64(len(m.Funcs)) {
			return "$" + m.Funcs[j].Name
		}
		return strconv.FormatInt(i, 10)
	}
	for i, f := range m.Funcs {
		exp := ""
		if f.Export {
			exp = fmt.Sprintf(" (export %q)", f.Name)
		}
		fmt.Fprintf(&sb, "  (func $%s (;%d;)%s%s\n", f.Name, m.FuncIndex(i), exp, sigText(f.Type))
		if len(f.Locals) > 0 {
			sb.WriteString("    (local")
			for _, l := range f.Locals {
				sb.WriteString(" " + l.String())
			}
			sb.WriteString(")\n")
		}
		depth := 2
		for _, in := range f.Body {
			if in.Op == OpEnd || in.Op == OpElse {
				depth--
			}
			sb.WriteString(strings.Repeat("  ", depth))
			sb.WriteString(instrText(in, names))
			sb.WriteByte('\n')
			switch in.Op {
			case OpBlock, OpLoop, OpIf, OpElse:
				depth++
			}
		}
		sb.WriteString("  )\n")
	}
	sb.WriteString(")\n")
	return sb.String()
}

func sigText(t FuncType) string {
	var sb strings.Builder
	if len(t.Params) > 0 {
		sb.WriteString(" (param")
		for _, p := range t.Params {
			sb.WriteString(" " + p.String())
		}
		sb.WriteString(")")
	}
	if len(t.Results) > 0 {
		sb.WriteString(" (result")
		for _, p := range t.Results {
			sb.WriteString(" " + p.String())
		}
		sb.WriteString(")")
	}
	return sb.String()
}

func instrText(in Instr, funcName func(int64) string) string {
	info := opTable[in.Op]
	switch info.imm {
	case immBlock:
		if in.A == blockEmpty {
			return info.name
		}
		return fmt.Sprintf("%s (result %s)", info.name, ValType(in.A))
	case immLabel, immLocal, immGlobal, immI32, immI64, immLane:
		return fmt.Sprintf("%s %d", info.name, in.A)
	case immFunc:
		return fmt.Sprintf("%s %s", info.name, funcName(in.A))
	case immF32:
		return fmt.Sprintf("%s %s", info.name, floatText(in.F, 32))
	case immF64:
		return fmt.Sprintf("%s %s", info.name, floatText(in.F, 64))
	case immMem:
		s := info.name
		if in.B != 0 {
			s += fmt.Sprintf(" offset=%d", in.B)
		}
		return s + fmt.Sprintf(" align=%d", 1<<in.A)
	case immV128:
		var parts []string
		for i := 0; i < 16; i += 4 {
			parts = append(parts, fmt.Sprintf("0x%02x%02x%02x%02x", in.V[i+3], in.V[i+2], in.V[i+1], in.V[i]))
		}
		return info.name + " i32x4 " + strings.Join(parts, " ")
	}
	return info.name
}

func floatText(f float64, bits int) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return strconv.FormatFloat(f, 'g', -1, bits)
}
