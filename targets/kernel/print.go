package kernel

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Number assigns every node in k's bodies a distinct ID in order of
// appearance (constants keep ID -1: they are printed inline). Eval, the
// printer and renderers use the IDs; the lowering calls it on every kernel.
func Number(k *Kernel) int {
	n := 0
	var walk func(body []*Node)
	walk = func(body []*Node) {
		for _, x := range body {
			x.ID = n
			n++
			walk(x.Body)
			walk(x.Else)
		}
	}
	walk(k.Body)
	return n
}

// String prints the kernel in its text form (docs/KERNEL_IR.md):
//
//	kernel k0_add(%a: read f32[4] = buf1, %r: write f32[4] = buf2) {
//	  loop grid %0 < 4 {
//	    %1 = load f32 %a[%0]
//	    ...
func (k *Kernel) String() string {
	Number(k)
	var b strings.Builder
	if k.Source != "" {
		fmt.Fprintf(&b, "// %s\n", k.Source)
	}
	fmt.Fprintf(&b, "kernel %s(", k.Name)
	for i, p := range k.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%%%s: %s %s = buf%d", p.Name, p.Role, bufType(p), p.Host)
	}
	b.WriteString(") {\n")
	for _, s := range k.Shared {
		fmt.Fprintf(&b, "  shared %%%s: %s\n", s.Name, bufType(s))
	}
	printBody(&b, k.Body, 1)
	b.WriteString("}\n")
	return b.String()
}

func bufType(p *Buffer) string {
	dims := make([]string, len(p.Shape))
	for i, d := range p.Shape {
		dims[i] = strconv.FormatInt(d, 10)
	}
	s := fmt.Sprintf("%s[%s]", p.Elem, strings.Join(dims, ", "))
	if !isRowMajor(p) {
		st := make([]string, len(p.Strides))
		for i, d := range p.Strides {
			st[i] = strconv.FormatInt(d, 10)
		}
		s += " strides [" + strings.Join(st, ", ") + "]"
	}
	return s
}

func isRowMajor(p *Buffer) bool {
	rm := ir.Strides(p.Shape)
	for i := range rm {
		if i >= len(p.Strides) || rm[i] != p.Strides[i] {
			return false
		}
	}
	return len(p.Strides) == len(rm)
}

// operand prints a use of n: %ID, or a constant inline (`1:index`, `0.5:f32`).
func operand(n *Node) string {
	if n == nil {
		return "<nil>"
	}
	if n.Kind == Const {
		return constString(n)
	}
	return "%" + strconv.Itoa(n.ID)
}

func constString(n *Node) string {
	if n.Type.IsFloat() {
		var s string
		switch {
		case math.IsInf(n.F, 1):
			s = "inf"
		case math.IsInf(n.F, -1):
			s = "-inf"
		case math.IsNaN(n.F):
			s = fmt.Sprintf("nan(0x%x)", ir.FloatBits(n.F, n.Type))
		default:
			s = strconv.FormatFloat(n.F, 'g', -1, 64)
			if !strings.ContainsAny(s, ".en") {
				s += ".0"
			}
		}
		return s + ":" + n.Type.String()
	}
	return strconv.FormatInt(n.I, 10) + ":" + n.Type.String()
}

func printBody(b *strings.Builder, body []*Node, depth int) {
	ind := strings.Repeat("  ", depth)
	for _, n := range body {
		b.WriteString(ind)
		switch n.Kind {
		case Loop:
			fmt.Fprintf(b, "loop %s %%%d < %d {\n", n.Level, n.ID, n.N)
			printBody(b, n.Body, depth+1)
			b.WriteString(ind + "}\n")
		case If:
			fmt.Fprintf(b, "if %s {\n", operand(n.Args[0]))
			printBody(b, n.Body, depth+1)
			if len(n.Else) > 0 {
				b.WriteString(ind + "} else {\n")
				printBody(b, n.Else, depth+1)
			}
			b.WriteString(ind + "}\n")
		case Barrier:
			b.WriteString("barrier\n")
		case Store:
			fmt.Fprintf(b, "store %%%s[%s], %s\n", n.Buf.Name, operand(n.Args[0]), operand(n.Args[1]))
		case Set:
			fmt.Fprintf(b, "set %s, %s\n", operand(n.Args[0]), operand(n.Args[1]))
		case Load:
			fmt.Fprintf(b, "%%%d = load %s %%%s[%s]\n", n.ID, n.Type, n.Buf.Name, operand(n.Args[0]))
		default:
			args := make([]string, len(n.Args))
			for i, a := range n.Args {
				args[i] = operand(a)
			}
			name := n.Kind.String()
			if n.Total {
				name += ".total"
			}
			fmt.Fprintf(b, "%%%d = %s %s %s\n", n.ID, name, n.Type, strings.Join(args, ", "))
		}
	}
}

// String prints the program: buffers, kernels and the schedule.
func (p *Program) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "program @%s\n", p.Entry)
	for _, buf := range p.Buffers {
		fmt.Fprintf(&b, "  buf%d: %s %s (%d bytes)", buf.ID, buf.Kind, shapeString(buf.Elem, buf.Shape), buf.Bytes)
		switch buf.Kind {
		case Input:
			fmt.Fprintf(&b, " arg %d", buf.Arg)
			if buf.Param != "" {
				fmt.Fprintf(&b, " param %q", buf.Param)
			}
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "  inputs %s\n  outputs %s\n", bufList(p.Inputs), bufList(p.Outputs))
	printSteps(&b, p.Steps, 1, p)
	for _, k := range p.Kernels {
		b.WriteString("\n")
		b.WriteString(k.String())
	}
	return b.String()
}

func shapeString(e ir.ElementType, shape []int64) string {
	dims := make([]string, len(shape))
	for i, d := range shape {
		dims[i] = strconv.FormatInt(d, 10)
	}
	return fmt.Sprintf("%s[%s]", e, strings.Join(dims, ", "))
}

func bufList(ids []int) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = "buf" + strconv.Itoa(id)
	}
	return "(" + strings.Join(s, ", ") + ")"
}

func printSteps(b *strings.Builder, steps []Step, depth int, p *Program) {
	ind := strings.Repeat("  ", depth)
	for _, s := range steps {
		b.WriteString(ind)
		switch s.Kind {
		case Alloc, Free:
			fmt.Fprintf(b, "%s buf%d\n", s.Kind, s.Buf)
		case Launch:
			fmt.Fprintf(b, "launch %s%s\n", p.Kernels[s.Kernel].Name, bufList(s.Args))
		case Copy:
			fmt.Fprintf(b, "copy buf%d -> buf%d\n", s.Src, s.Dst)
		case While:
			b.WriteString("while {\n")
			printSteps(b, s.Cond, depth+1, p)
			fmt.Fprintf(b, "%s} do buf%d {\n", ind, s.Pred)
			printSteps(b, s.Body, depth+1, p)
			b.WriteString(ind + "}\n")
		case IfStep:
			fmt.Fprintf(b, "if buf%d {\n", s.Pred)
			printSteps(b, s.Body, depth+1, p)
			b.WriteString(ind + "} else {\n")
			printSteps(b, s.Else, depth+1, p)
			b.WriteString(ind + "}\n")
		case Case:
			fmt.Fprintf(b, "case buf%d {\n", s.Pred)
			for i, br := range s.Branches {
				fmt.Fprintf(b, "%s  %d:\n", ind, i)
				printSteps(b, br, depth+2, p)
			}
			b.WriteString(ind + "}\n")
		}
	}
}
