package ir

import (
	"errors"
	"fmt"
	"strings"
)

// Builder appends ops at the end of Block, each at location Loc. Every op
// it creates is checked by the op's verification rule (the spec's
// constraints, as Verify applies them) before it is appended, and its result
// types are inferred when the caller gives none. Errors are *Diagnostic
// values at Loc naming the op and the rule. Construct it with field names:
// `&ir.Builder{Block: f.Body.Entry(), Loc: loc}`.
type Builder struct {
	Block *Block
	Loc   Location

	// errs, when set (builders of region bodies), collects the errors of the
	// builder's methods so that the op owning the region can report them.
	errs *[]error
}

// NewFunc returns a public function with the given type and a body of one
// entry block whose arguments have the input types (and no ops yet).
func NewFunc(name string, inputs, results []Type) *Func {
	f := &Func{Name: name, Type: &FunctionType{Inputs: append([]Type{}, inputs...), Results: append([]Type{}, results...)}}
	f.Body = &Region{}
	b := &Block{Parent: f.Body}
	for _, t := range inputs {
		b.AddArg(t)
	}
	f.Body.Blocks = []*Block{b}
	return f
}

// RegionBody describes one region for OpWithRegions: the entry block's
// argument types and a function that fills the block through a Builder and
// returns the values the region yields (a `stablehlo.return` of them is
// appended).
type RegionBody struct {
	Args  []Type
	Build func(b *Builder, args []*Value) []*Value
}

func (b *Builder) fail(err error) error {
	if b.errs != nil {
		*b.errs = append(*b.errs, err)
	}
	return err
}

func (b *Builder) errorf(name, format string, a ...any) error {
	return b.fail(Errorf(b.Loc, "'%s' op %s", name, fmt.Sprintf(format, a...)))
}

// Op creates op name with the given operands and attributes, infers its
// result types when resultTypes is empty (InferResultTypes), checks it
// against its rule and appends it to the block. Ops of dialects zmlc does
// not model are appended unchecked, with the given result types.
func (b *Builder) Op(name string, operands []*Value, attrs Attrs, resultTypes ...Type) (*Op, error) {
	return b.OpWithRegions(name, operands, attrs, nil, resultTypes...)
}

// OpWithRegions is Op for ops with regions (reduce, sort, while, if, case,
// scatter...): each RegionBody becomes one single-block region.
func (b *Builder) OpWithRegions(name string, operands []*Value, attrs Attrs, bodies []RegionBody, resultTypes ...Type) (*Op, error) {
	if b.Block == nil {
		return nil, b.errorf(name, "builder has no block")
	}
	types := make([]Type, len(operands))
	for i, x := range operands {
		if x == nil {
			return nil, b.errorf(name, "operand #%d is nil (did an earlier op fail?)", i)
		}
		types[i] = x.Type
	}
	regions := make([]*Region, len(bodies))
	for i, body := range bodies {
		r, err := b.buildRegion(name, i, body)
		if err != nil {
			return nil, b.fail(err)
		}
		regions[i] = r
	}
	d := LookupOp(name)
	if d == nil && knownDialect(dialectOf(name)) {
		return nil, b.errorf(name, "is not a registered operation of dialect '%s'", dialectOf(name))
	}
	if len(resultTypes) == 0 && d != nil {
		ts, err := InferResultTypes(name, types, attrs, regions)
		switch {
		case err == nil:
			resultTypes = ts
		case errors.Is(err, errNeedsResultType) && (name == "stablehlo.custom_call" || name == "func.call"):
			// A custom_call or call without results.
		default:
			return nil, b.fail(&Diagnostic{Loc: b.Loc, Message: err.Error()})
		}
	}
	op := NewOp(name, operands, resultTypes, append(Attrs{}, attrs...))
	op.Loc = b.Loc
	for _, r := range regions {
		r.Parent = op
		op.Regions = append(op.Regions, r)
	}
	if d != nil {
		if err := checkRegions(op); err != nil {
			return nil, b.errorf(name, "%s", err)
		}
		if err := checkOp(op, nil); err != nil {
			return nil, b.errorf(name, "%s", err)
		}
	}
	b.Block.Append(op)
	return op, nil
}

func dialectOf(name string) string {
	if i := strings.IndexByte(name, '.'); i >= 0 {
		return name[:i]
	}
	return ""
}

// buildRegion makes one region from body; errors of the body's ops are
// reported as the first one.
func (b *Builder) buildRegion(name string, i int, body RegionBody) (*Region, error) {
	r := &Region{}
	blk := &Block{Parent: r}
	r.Blocks = []*Block{blk}
	for _, t := range body.Args {
		blk.AddArg(t)
	}
	var errs []error
	sub := &Builder{Block: blk, Loc: b.Loc, errs: &errs}
	if body.Build == nil {
		return nil, Errorf(b.Loc, "'%s' op region #%d has no body", name, i)
	}
	vals := body.Build(sub, blk.Args)
	if len(errs) > 0 {
		return nil, errs[0]
	}
	for k, v := range vals {
		if v == nil {
			return nil, Errorf(b.Loc, "'%s' op region #%d yields a nil value #%d", name, i, k)
		}
	}
	ret := NewOp("stablehlo.return", vals, nil, nil)
	ret.Loc = b.Loc
	blk.Append(ret)
	return r, nil
}

// value1 returns the single result of an op created by Op.
func value1(op *Op, err error) (*Value, error) {
	if err != nil {
		return nil, err
	}
	if len(op.Results) != 1 {
		return nil, Errorf(op.Loc, "'%s' op has %d results, expected 1", op.Name, len(op.Results))
	}
	return op.Results[0], nil
}

// values returns the results of an op created by Op.
func values(op *Op, err error) ([]*Value, error) {
	if err != nil {
		return nil, err
	}
	return op.Results, nil
}

// Return appends the block's terminator: `func.return` in a function body,
// `stablehlo.return` in a region of an op.
func (b *Builder) Return(vals ...*Value) error {
	name := "func.return"
	if b.Block != nil && b.Block.Parent != nil && b.Block.Parent.Parent != nil {
		name = "stablehlo.return"
	}
	_, err := b.Op(name, vals, nil)
	return err
}

// Call appends `func.call @f(args...)`; the argument types must equal f's
// input types. It returns f's results.
func (b *Builder) Call(f *Func, args ...*Value) ([]*Value, error) {
	if f == nil || f.Type == nil {
		return nil, b.errorf("func.call", "callee is nil or has no type")
	}
	if len(args) != len(f.Type.Inputs) {
		return nil, b.errorf("func.call", "incorrect number of operands for callee @%s: expected %d, got %d", f.Name, len(f.Type.Inputs), len(args))
	}
	for i, a := range args {
		if a == nil {
			return nil, b.errorf("func.call", "operand #%d is nil (did an earlier op fail?)", i)
		}
		if !TypesEqual(a.Type, f.Type.Inputs[i]) {
			return nil, b.errorf("func.call", "operand type mismatch: expected operand type '%s', but provided '%s' for operand number %d", f.Type.Inputs[i], typeStr(a.Type), i)
		}
	}
	attrs := Attrs{{Name: "callee", Value: &SymbolRefAttr{Name: f.Name}}}
	return values(b.Op("func.call", args, attrs, f.Type.Results...))
}
