package hlo

import (
	"fmt"
	"strings"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
)

// EntryMLIR returns the StableHLO module that PJRT's "mlir" program format
// takes for entry point entry of m (MLIR text, which XLA parses like
// bytecode, pjrt_c_api.h PJRT_Program): a copy of m in which entry is the
// public function @main (XLA compiles @main), every other function is
// private, and zmlc's own argument and result attributes (zml.*) are
// dropped. m is not changed.
func EntryMLIR(m *ir.Module, entry string) ([]byte, error) {
	c, err := asm.Parse("entry.mlir", []byte(asm.Print(m, asm.Options{})))
	if err != nil {
		return nil, fmt.Errorf("hlo target: copying the module: %w", err)
	}
	f := c.Func(entry)
	if f == nil || f.Body == nil {
		return nil, fmt.Errorf("hlo target: no function @%s with a body", entry)
	}
	if entry != "main" {
		if other := c.Func("main"); other != nil {
			rename(c, "main", freeName(c, "main_"))
		}
		rename(c, entry, "main")
	}
	for _, g := range c.Funcs {
		if g != f {
			g.Visibility = "private"
		} else {
			g.Visibility = ""
		}
		g.ArgAttrs = stripZML(g.ArgAttrs)
		g.ResultAttrs = stripZML(g.ResultAttrs)
	}
	c.Attrs = nil
	return []byte(asm.Print(c, asm.Options{})), nil
}

// rename renames function from to to, and the calls of it.
func rename(m *ir.Module, from, to string) {
	m.Func(from).Name = to
	m.Walk(func(o *ir.Op) bool {
		if r, ok := o.Attr("callee").(*ir.SymbolRefAttr); ok && r.Name == from {
			o.SetAttr("callee", &ir.SymbolRefAttr{Name: to})
		}
		return true
	})
}

// freeName returns base followed by the first number no function has.
func freeName(m *ir.Module, base string) string {
	for i := 0; ; i++ {
		n := fmt.Sprintf("%s%d", base, i)
		if m.Func(n) == nil {
			return n
		}
	}
}

// stripZML drops zml.* attributes.
func stripZML(as []ir.Attrs) []ir.Attrs {
	out := make([]ir.Attrs, len(as))
	for i, a := range as {
		for _, n := range a {
			if !strings.HasPrefix(n.Name, "zml.") {
				out[i] = append(out[i], n)
			}
		}
	}
	return out
}
