package hlo

import (
	"errors"
	"fmt"
	"slices"
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
//
// A while, if or case carrying tuples (which zmlc's IR allows and
// StableHLO does not: its region ops take tensors and tokens) has no such
// form: the error wraps ErrNotStableHLO.
func EntryMLIR(m *ir.Module, entry string) ([]byte, error) {
	var bad *ir.Op
	m.Walk(func(o *ir.Op) bool {
		switch o.Name {
		case "stablehlo.while", "stablehlo.if", "stablehlo.case":
			for _, v := range append(slices.Clone(o.Operands), o.Results...) {
				if _, ok := v.Type.(*ir.TupleType); ok && bad == nil {
					bad = o
				}
			}
		}
		return true
	})
	if bad != nil {
		return nil, opErrWrap(bad, ErrNotStableHLO, "carries a tuple, which StableHLO's %s does not take", bad.Name)
	}
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

// ErrNotStableHLO marks a module that has no StableHLO form for PJRT.
var ErrNotStableHLO = errors.New("no StableHLO form")

// opErrWrap is opErr wrapping err.
func opErrWrap(o *ir.Op, err error, format string, a ...any) error {
	return fmt.Errorf("%w (%w)", opErr(o, format, a...), err)
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
