package passes

import "github.com/zmlc/zmlc/ir"

// effects answers whether ops have side effects, for CSE, DCE and folding.
// An op has effects when it is not pure (ir.Op.IsPure: check.*,
// custom_call, after_all, collectives, unregistered ops), when an op in
// one of its regions has effects, or when it is a func.call whose callee
// (transitively) has effects, is a declaration or is missing. A
// zml.fusion (unregistered) has effects only through its region.
// Terminators inside regions do not count.
type effects struct {
	m     *ir.Module
	funcs map[string]int8 // 1 visiting, 2 pure, 3 effects
}

func newEffects(m *ir.Module) *effects { return &effects{m: m, funcs: map[string]int8{}} }

// has reports whether op has side effects.
func (e *effects) has(op *ir.Op) bool {
	if op.Name == "func.call" {
		if e.funcHas(calleeName(op)) {
			return true
		}
	} else if op.Name != FusionOp && !op.IsPure() {
		return true
	}
	for _, r := range op.Regions {
		if e.regionHas(r) {
			return true
		}
	}
	return false
}

func (e *effects) regionHas(r *ir.Region) bool {
	for _, b := range r.Blocks {
		for _, op := range b.Ops {
			if op.HasTrait(ir.Terminator) {
				continue
			}
			if e.has(op) {
				return true
			}
		}
	}
	return false
}

// funcHas reports whether calling the function has effects. A recursive
// function counts as having effects (it may not terminate).
func (e *effects) funcHas(name string) bool {
	switch e.funcs[name] {
	case 1, 3:
		return true
	case 2:
		return false
	}
	f := e.m.Func(name)
	if f == nil || f.Body == nil {
		e.funcs[name] = 3
		return true
	}
	e.funcs[name] = 1
	res := e.regionHas(f.Body)
	if res {
		e.funcs[name] = 3
	} else {
		e.funcs[name] = 2
	}
	return res
}

// calleeName returns the callee symbol of a func.call, or "".
func calleeName(op *ir.Op) string {
	if s, ok := op.Attr("callee").(*ir.SymbolRefAttr); ok {
		return s.Name
	}
	return ""
}
