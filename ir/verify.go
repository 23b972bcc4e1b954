package ir

import (
	"errors"
	"fmt"
)

// Verify checks a module: its structure (unique function names, function
// bodies whose entry block matches the function type, every block ending in
// a terminator, every operand defined before its use by a dominating
// definition, each value defined once, func.return and func.call agreeing
// with the function types) and, for every registered op, the constraints of
// the StableHLO specification (openxla/stablehlo docs/spec.md, the
// "Constraints" section of each op, quoted as (C1), (C2)...) and the result
// types its type inference determines.
//
// It returns nil or a Diagnostics holding every error found, each
// `file:line:col: error: 'stablehlo.add' op <rule>` at the op's location.
// Ops of dialects zmlc does not model (anything but stablehlo, chlo, check
// and func) are accepted unchecked; an unknown op of those four dialects is
// an error.
func Verify(m *Module) error {
	v := &verifier{mod: m}
	names := map[string]*Func{}
	for _, f := range m.Funcs {
		if f == nil {
			v.errorf(m.Loc, "module holds a null function")
			continue
		}
		if prev, dup := names[f.Name]; dup && prev != f {
			v.errorf(f.Loc, "'func.func' op redefinition of symbol '@%s'", f.Name)
		}
		names[f.Name] = f
	}
	for _, g := range m.Globals {
		if g != nil {
			v.verifyOp(g, nil)
		}
	}
	for _, f := range m.Funcs {
		if f != nil {
			v.verifyFunc(f)
		}
	}
	return v.result()
}

// VerifyFunc checks one function of m as Verify does (m is used to resolve
// func.call callees; it may be nil, then calls are not checked against
// their callees).
func VerifyFunc(m *Module, f *Func) error {
	v := &verifier{mod: m}
	v.verifyFunc(f)
	return v.result()
}

// verifier collects diagnostics while walking a module.
type verifier struct {
	mod   *Module
	diags Diagnostics
	// visible holds the values that dominate the op being checked.
	visible map[*Value]bool
	// defined holds every value defined so far in the current function.
	defined map[*Value]bool
}

func (v *verifier) errorf(loc Location, format string, a ...any) {
	v.diags = append(v.diags, Errorf(loc, format, a...))
}

func (v *verifier) opErrorf(op *Op, format string, a ...any) {
	v.diags = append(v.diags, Errorf(op.Loc, "'%s' op %s", op.Name, fmt.Sprintf(format, a...)))
}

func (v *verifier) result() error {
	if len(v.diags) == 0 {
		return nil
	}
	return v.diags
}

func (v *verifier) verifyFunc(f *Func) {
	if f.Type == nil {
		v.errorf(f.Loc, "'func.func' op @%s has no function type", f.Name)
		return
	}
	if len(f.ArgAttrs) > len(f.Type.Inputs) {
		v.errorf(f.Loc, "'func.func' op @%s has %d argument attribute dictionaries for %d inputs", f.Name, len(f.ArgAttrs), len(f.Type.Inputs))
	}
	if len(f.ResultAttrs) > len(f.Type.Results) {
		v.errorf(f.Loc, "'func.func' op @%s has %d result attribute dictionaries for %d results", f.Name, len(f.ResultAttrs), len(f.Type.Results))
	}
	if f.Body == nil {
		if f.IsPublic() {
			v.errorf(f.Loc, "'func.func' op symbol declaration @%s cannot have public visibility", f.Name)
		}
		return
	}
	entry := f.Body.Entry()
	if entry == nil {
		v.errorf(f.Loc, "'func.func' op @%s has a body region without blocks", f.Name)
		return
	}
	if len(entry.Args) != len(f.Type.Inputs) {
		v.errorf(f.Loc, "'func.func' op @%s: entry block has %d arguments but the function type has %d inputs", f.Name, len(entry.Args), len(f.Type.Inputs))
	} else {
		for i, a := range entry.Args {
			if a != nil && !TypesEqual(a.Type, f.Type.Inputs[i]) {
				v.errorf(f.Loc, "'func.func' op @%s: type of entry block argument #%d (%s) must match the type of the corresponding argument in the function signature (%s)", f.Name, i, typeStr(a.Type), typeStr(f.Type.Inputs[i]))
			}
		}
	}
	v.visible = map[*Value]bool{}
	v.defined = map[*Value]bool{}
	v.verifyRegion(f.Body, nil, f)
}

// verifyRegion checks the blocks of r, owned by parent (nil for the body of
// function f). Values of the entry block stay visible in later blocks.
func (v *verifier) verifyRegion(r *Region, parent *Op, f *Func) {
	if r == nil {
		if parent != nil {
			v.opErrorf(parent, "has a null region")
		}
		return
	}
	if r.Parent != parent && r.Parent != nil {
		v.errorLoc(parent, f, "region's parent link does not point to its owner")
	}
	var entryScope []*Value
	for bi, b := range r.Blocks {
		if b == nil {
			v.errorLoc(parent, f, "region holds a null block")
			continue
		}
		if b.Parent != nil && b.Parent != r {
			v.errorLoc(parent, f, "block's parent link does not point to its region")
		}
		scope := v.verifyBlock(b, parent, f)
		if bi == 0 {
			entryScope = scope
		} else {
			v.hide(scope)
		}
	}
	v.hide(entryScope)
}

func (v *verifier) hide(vals []*Value) {
	for _, x := range vals {
		delete(v.visible, x)
	}
}

func (v *verifier) errorLoc(parent *Op, f *Func, format string, a ...any) {
	if parent != nil {
		v.opErrorf(parent, format, a...)
	} else if f != nil {
		v.errorf(f.Loc, "'func.func' op @%s: %s", f.Name, fmt.Sprintf(format, a...))
	} else {
		v.errorf(Location{}, format, a...)
	}
}

// verifyBlock checks one block and returns the values it made visible (the
// caller hides them when leaving their scope).
func (v *verifier) verifyBlock(b *Block, parent *Op, f *Func) []*Value {
	var scope []*Value
	for i, a := range b.Args {
		if a == nil {
			v.errorLoc(parent, f, "block argument #%d is null", i)
			continue
		}
		if a.Def != nil || a.Index != i || (a.Block != nil && a.Block != b) {
			v.errorLoc(parent, f, "block argument #%d is not linked to its block", i)
		}
		if v.defined[a] {
			v.errorLoc(parent, f, "block argument #%d is defined more than once", i)
		}
		v.defined[a] = true
		v.visible[a] = true
		scope = append(scope, a)
	}
	if len(b.Ops) == 0 {
		v.errorLoc(parent, f, "empty block: expect at least a terminator")
		return scope
	}
	for i, op := range b.Ops {
		if op == nil {
			v.errorLoc(parent, f, "block holds a null op")
			continue
		}
		v.verifyOp(op, f)
		last := i == len(b.Ops)-1
		d := LookupOp(op.Name)
		if d.Has(Terminator) && !last {
			v.opErrorf(op, "must be the last operation in the parent block")
		}
		if last && d != nil && !d.Has(Terminator) {
			v.opErrorf(op, "is not a terminator: the block must end with %s", wantTerminator(parent))
		}
		if last && d.Has(Terminator) {
			want := wantTerminator(parent)
			if parent == nil && op.Name != "func.return" {
				v.opErrorf(op, "cannot terminate a function body: expected %s", want)
			}
			if parent != nil && op.Name == "func.return" {
				v.opErrorf(op, "expects parent op 'func.func', but is inside '%s'", parent.Name)
			}
		}
		for j, r := range op.Results {
			if r == nil {
				continue
			}
			if v.defined[r] {
				v.opErrorf(op, "result #%d is already defined elsewhere (SSA values have one definition)", j)
			}
			v.defined[r] = true
			v.visible[r] = true
			scope = append(scope, r)
		}
	}
	return scope
}

func wantTerminator(parent *Op) string {
	if parent == nil {
		return "'func.return'"
	}
	if knownDialect(parent.Dialect()) {
		return "'stablehlo.return'"
	}
	return "a terminator"
}

// knownDialect reports whether the dialect is one zmlc models fully, so that
// an unknown op of it is an error.
func knownDialect(d string) bool {
	switch d {
	case "stablehlo", "chlo", "check", "func":
		return true
	}
	return false
}

// verifyOp checks op's links, operands' dominance and regions, then the
// rules of its kind. f is the enclosing function (nil for module globals).
func (v *verifier) verifyOp(op *Op, f *Func) {
	for i, x := range op.Operands {
		switch {
		case x == nil:
			v.opErrorf(op, "operand #%d is null", i)
		case v.visible != nil && !v.visible[x]:
			if v.defined[x] {
				v.opErrorf(op, "operand #%d does not dominate this use", i)
			} else {
				v.opErrorf(op, "operand #%d is used before it is defined (or is defined in another function or region)", i)
			}
		}
	}
	for i, r := range op.Results {
		if r == nil {
			v.opErrorf(op, "result #%d is null", i)
		} else if r.Def != op || r.Index != i {
			v.opErrorf(op, "result #%d is not linked to its op", i)
		}
	}
	d := LookupOp(op.Name)
	if d == nil && knownDialect(op.Dialect()) {
		v.opErrorf(op, "is not a registered operation of dialect '%s'", op.Dialect())
	}
	if d != nil {
		if err := checkRegions(op); err != nil {
			v.opErrorf(op, "%s", err)
		}
	}
	for _, r := range op.Regions {
		if v.visible != nil {
			v.verifyRegion(r, op, f)
		}
	}
	if d == nil {
		return
	}
	if err := checkOp(op, v.mod); err != nil {
		v.opErrorf(op, "%s", err)
	}
	if op.Name == "func.return" && f != nil && f.Type != nil {
		v.checkFuncReturn(op, f)
	}
}

// checkRegions checks the number of regions and, for ops of the known
// dialects, that each has exactly one block.
func checkRegions(op *Op) error {
	want, ok := regionCounts[op.Name]
	if !ok {
		want = 0
	}
	switch {
	case want < 0 && len(op.Regions) == 0:
		return errors.New("requires at least one region")
	case want >= 0 && len(op.Regions) != want:
		return fmt.Errorf("requires %d region(s), got %d", want, len(op.Regions))
	}
	for i, r := range op.Regions {
		if r != nil && len(r.Blocks) != 1 && knownDialect(op.Dialect()) {
			return fmt.Errorf("region #%d must have exactly one block, got %d", i, len(r.Blocks))
		}
	}
	return nil
}

func (v *verifier) checkFuncReturn(op *Op, f *Func) {
	want := f.Type.Results
	if len(op.Operands) != len(want) {
		v.opErrorf(op, "has %d operands, but enclosing function (@%s) returns %d", len(op.Operands), f.Name, len(want))
		return
	}
	for i, x := range op.Operands {
		if x != nil && !TypesEqual(x.Type, want[i]) {
			v.opErrorf(op, "type of return operand %d ('%s') doesn't match function result type ('%s') in function @%s", i, typeStr(x.Type), typeStr(want[i]), f.Name)
		}
	}
}

// checkOp runs the rule of op's kind and compares the result types it
// infers with op's. It returns the first violated rule.
func checkOp(op *Op, m *Module) error {
	rule := opRules[op.Name]
	if rule == nil {
		return nil
	}
	c := &opCtx{name: op.Name, attrs: op.Attrs, regions: op.Regions, mod: m}
	c.operands = make([]Type, len(op.Operands))
	for i, x := range op.Operands {
		if x == nil {
			return fmt.Errorf("operand #%d is null", i)
		}
		c.operands[i] = x.Type
	}
	c.results = make([]Type, len(op.Results))
	for i, r := range op.Results {
		if r == nil {
			return fmt.Errorf("result #%d is null", i)
		}
		c.results[i] = r.Type
	}
	inferred, err := rule(c)
	if err != nil {
		return err
	}
	if inferred == nil {
		return nil
	}
	return compareResults(inferred, c.results)
}

// compareResults checks that the op's result types are compatible with the
// inferred ones.
func compareResults(inferred, actual []Type) error {
	ok := len(inferred) == len(actual)
	for i := 0; ok && i < len(inferred); i++ {
		ok = TypesCompatible(inferred[i], actual[i])
	}
	if !ok {
		return fmt.Errorf("inferred type(s) '%s' are incompatible with return type(s) of operation '%s'", typesStr(inferred), typesStr(actual))
	}
	return nil
}
