// Package ir holds zmlc's intermediate representation: StableHLO programs as
// MLIR modules of `func.func`s whose bodies are `stablehlo.*` (and a few
// `chlo.*`, `check.*` and `func.*`) operations in SSA form, following the
// StableHLO specification (openxla/stablehlo docs/spec.md) for op names,
// operand order, attribute names, type rules and semantics.
//
// The structure mirrors MLIR's: a Module holds Funcs; a Func has a body Region;
// a Region holds Blocks; a Block holds block arguments and Ops; an Op has
// operands (Values), results (Values), attributes and nested Regions. Every
// Value has exactly one definition, either an Op result or a Block argument.
//
// Sub-packages: ir/asm reads and writes the MLIR text forms, ir/interp is the
// reference interpreter, ir/tensorio reads and writes .npy and safetensors.
package ir

import "fmt"

// Location is a source position `file:line:col` (1-based line and column),
// as MLIR's FileLineColLoc. Text, when set, is an MLIR location this struct
// does not model (`loc(unknown)`, `loc("name"(...))`, `loc(#loc3)`), kept
// verbatim for printing.
type Location struct {
	File      string
	Line, Col int
	Text      string
}

// IsKnown reports whether l names a file position.
func (l Location) IsKnown() bool { return l.Line > 0 }

// String returns `file:line:col`, or Text, or "<unknown>".
func (l Location) String() string {
	if l.Line > 0 {
		return fmt.Sprintf("%s:%d:%d", l.File, l.Line, l.Col)
	}
	if l.Text != "" {
		return l.Text
	}
	return "<unknown>"
}

// Module is an MLIR `module @name attributes {...} { ... }`: functions, plus
// other top-level operations such as `sdy.mesh` (kept in Globals, printed
// before the functions).
type Module struct {
	Name    string // symbol name without '@'; "" when the module has none
	Attrs   Attrs
	Globals []*Op
	Funcs   []*Func
	Loc     Location
}

// Func returns the function called name, or nil.
func (m *Module) Func(name string) *Func {
	for _, f := range m.Funcs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Func is a `func.func`. A Func without Body is a declaration.
type Func struct {
	Name        string // symbol name without '@'
	Visibility  string // "public", "private" or "nested"; "" means public
	Type        *FunctionType
	ArgAttrs    []Attrs // per input; nil or shorter means none
	ResultAttrs []Attrs // per result
	Attrs       Attrs   // `attributes {...}` of the function
	Body        *Region
	Loc         Location
}

// IsPublic reports whether the function is visible outside the module.
func (f *Func) IsPublic() bool { return f.Visibility == "" || f.Visibility == "public" }

// Args returns the entry block's arguments (nil for a declaration).
func (f *Func) Args() []*Value {
	if f.Body == nil || len(f.Body.Blocks) == 0 {
		return nil
	}
	return f.Body.Blocks[0].Args
}

// ArgAttr returns attribute name of input i, or nil.
func (f *Func) ArgAttr(i int, name string) Attribute {
	if i < len(f.ArgAttrs) {
		return f.ArgAttrs[i].Get(name)
	}
	return nil
}

// SetArgAttr sets attribute name of input i.
func (f *Func) SetArgAttr(i int, name string, v Attribute) {
	for len(f.ArgAttrs) <= i {
		f.ArgAttrs = append(f.ArgAttrs, nil)
	}
	f.ArgAttrs[i] = f.ArgAttrs[i].Set(name, v)
}

// ResultAttr returns attribute name of result i, or nil.
func (f *Func) ResultAttr(i int, name string) Attribute {
	if i < len(f.ResultAttrs) {
		return f.ResultAttrs[i].Get(name)
	}
	return nil
}

// SetResultAttr sets attribute name of result i.
func (f *Func) SetResultAttr(i int, name string, v Attribute) {
	for len(f.ResultAttrs) <= i {
		f.ResultAttrs = append(f.ResultAttrs, nil)
	}
	f.ResultAttrs[i] = f.ResultAttrs[i].Set(name, v)
}

// Region is an ordered list of blocks owned by an op (or a function body).
type Region struct {
	Blocks []*Block
	Parent *Op // nil for a function body
}

// Entry returns the first block, or nil.
func (r *Region) Entry() *Block {
	if len(r.Blocks) == 0 {
		return nil
	}
	return r.Blocks[0]
}

// Block is a basic block: arguments and a list of ops, the last of which is
// a terminator (`stablehlo.return`, `func.return`).
type Block struct {
	Args   []*Value
	Ops    []*Op
	Parent *Region
}

// AddArg appends a block argument of type t and returns it.
func (b *Block) AddArg(t Type) *Value {
	v := &Value{Type: t, Block: b, Index: len(b.Args)}
	b.Args = append(b.Args, v)
	return v
}

// Terminator returns the last op of the block, or nil.
func (b *Block) Terminator() *Op {
	if len(b.Ops) == 0 {
		return nil
	}
	return b.Ops[len(b.Ops)-1]
}

// Append adds op at the end of the block.
func (b *Block) Append(op *Op) *Op {
	op.Parent = b
	b.Ops = append(b.Ops, op)
	return op
}

// Value is an SSA value: result Index of Def, or, when Def is nil, argument
// Index of Block. Name is the name it had in the source (`%cst`, without
// '%'), a hint printers may use.
type Value struct {
	Type  Type
	Def   *Op
	Block *Block
	Index int
	Name  string
}

// IsBlockArg reports whether v is a block argument.
func (v *Value) IsBlockArg() bool { return v.Def == nil }

// Tensor returns the value's type as a tensor type, or nil.
func (v *Value) Tensor() *TensorType { return AsTensor(v.Type) }

// Op is one operation: `%r = stablehlo.add %a, %b : tensor<4xf32>`.
// Name is the full name with its dialect (`stablehlo.add`, `func.call`).
// Attrs holds both inherent attributes (the op's own: `comparison_direction`,
// `dimensions`) and discardable ones (`mhlo.sharding`).
type Op struct {
	Name     string
	Operands []*Value
	Results  []*Value
	Attrs    Attrs
	Regions  []*Region
	Loc      Location
	Parent   *Block
}

// Attr returns the attribute called name, or nil.
func (o *Op) Attr(name string) Attribute { return o.Attrs.Get(name) }

// SetAttr sets the attribute called name.
func (o *Op) SetAttr(name string, v Attribute) { o.Attrs = o.Attrs.Set(name, v) }

// Result returns result i.
func (o *Op) Result(i int) *Value { return o.Results[i] }

// NewOp returns an op with the given name, operands and result types; the
// results are fresh Values defined by it. Attributes and regions are added by
// the caller (SetAttr, AddRegion).
func NewOp(name string, operands []*Value, resultTypes []Type, attrs Attrs) *Op {
	op := &Op{Name: name, Operands: append([]*Value{}, operands...), Attrs: attrs}
	for i, t := range resultTypes {
		op.Results = append(op.Results, &Value{Type: t, Def: op, Index: i})
	}
	return op
}

// AddRegion appends a region with one empty block whose arguments have the
// given types, and returns the block.
func (o *Op) AddRegion(argTypes ...Type) *Block {
	r := &Region{Parent: o}
	b := &Block{Parent: r}
	for _, t := range argTypes {
		b.AddArg(t)
	}
	r.Blocks = []*Block{b}
	o.Regions = append(o.Regions, r)
	return b
}

// Dialect returns the part of the op name before the first '.'.
func (o *Op) Dialect() string {
	for i := 0; i < len(o.Name); i++ {
		if o.Name[i] == '.' {
			return o.Name[:i]
		}
	}
	return ""
}

// Walk calls fn on every op of the region in pre-order (an op before the ops
// of its regions). If fn returns false, Walk does not descend into that op.
func (r *Region) Walk(fn func(*Op) bool) {
	for _, b := range r.Blocks {
		for _, op := range b.Ops {
			if fn(op) {
				for _, sub := range op.Regions {
					sub.Walk(fn)
				}
			}
		}
	}
}

// Walk calls fn on every op of every function body of the module, in
// pre-order.
func (m *Module) Walk(fn func(*Op) bool) {
	for _, f := range m.Funcs {
		if f.Body != nil {
			f.Body.Walk(fn)
		}
	}
}
