package frontend

// The .zml abstract syntax tree, built from the parse tree by parse.go.
// Every node carries the position (1-based line and byte column) of its
// first token; diagnostics and IR locations use it.

// Pos is a source position: 1-based line and byte column.
type Pos struct{ Line, Col int }

// File is one parsed .zml source file: its models and blocks.
type File struct {
	Decls []*ModelDecl
}

// ModelDecl is `model Name { ... }` (Kind "model") or `block Name { ... }`
// (Kind "block"; `submodule` is a synonym): parameters, sub-module
// instances and functions, in source order.
type ModelDecl struct {
	Pos     Pos
	Kind    string
	Name    string
	Members []Member
	Fns     []*FnDecl
}

// Member is a ParamDecl or a SubDecl: the declarations that own parameters,
// in declaration order.
type Member interface{ memberPos() Pos }

// ParamDecl is `param fc1.weight: f32[hid=500, pix=784]`.
type ParamDecl struct {
	Pos  Pos
	Name string // dotted, as written
	Type *TypeExpr
}

// SubDecl is `layers: Block[5]` (Count 5) or `attn: Attention` (Count -1);
// `layers: Block[n_layers]` takes its count from the bound dimension
// n_layers (CountDim; repeat_count.go).
type SubDecl struct {
	Pos      Pos
	Name     string
	Block    string
	Count    int64
	CountDim string
}

func (p *ParamDecl) memberPos() Pos { return p.Pos }
func (s *SubDecl) memberPos() Pos   { return s.Pos }

// TypeExpr is `f32[b=?, d=784, 28]`; a bare dtype (`f32`) is a scalar.
type TypeExpr struct {
	Pos   Pos
	DType string
	Dims  []*DimExpr
}

// DimExpr is one dimension of a TypeExpr: `d=784` (Name, Size), `b=?`
// (Name, Symbolic), `b` (Name only: a dimension known by name), or `28`
// (Size only).
type DimExpr struct {
	Pos      Pos
	Name     string
	Size     int64 // -1 when not written
	Symbolic bool
}

// FnDecl is `fn name(args) -> results { body }`.
type FnDecl struct {
	Pos     Pos
	Name    string
	Args    []*ArgDecl
	Results []*TypeExpr
	Body    []Stmt
}

// ArgDecl is one function argument `x: f32[b, d]`.
type ArgDecl struct {
	Pos  Pos
	Name string
	Type *TypeExpr
}

// Stmt is a statement: *LetStmt, *AssignStmt, *ReturnStmt, *ForStmt,
// *WhileStmt or *YieldStmt.
type Stmt interface{ stmtPos() Pos }

// LetStmt is `let a = e` or `let a, b = e` (e yields several values).
type LetStmt struct {
	Pos   Pos
	Names []string
	Value Expr
}

// AssignStmt is `a = e` (a already defined): the loop-carried update form.
type AssignStmt struct {
	Pos   Pos
	Names []string
	Value Expr
}

// ReturnStmt is `return e1, e2`.
type ReturnStmt struct {
	Pos    Pos
	Values []Expr
}

// ForStmt is `for i in a..b { ... }` (a counted loop lowering to
// stablehlo.while; To is non-nil) or `for l in layers { ... }` (unrolled
// over a repeated sub-module; To is nil).
type ForStmt struct {
	Pos  Pos
	Var  string
	From Expr
	To   Expr
	Body []Stmt
}

// WhileStmt is `while cond { ... }`, lowering to stablehlo.while.
type WhileStmt struct {
	Pos  Pos
	Cond Expr
	Body []Stmt
}

// YieldStmt is `yield e1, e2`, the last statement of a scan body: the
// values each step contributes to the scan's stacked results.
type YieldStmt struct {
	Pos    Pos
	Values []Expr
}

func (s *YieldStmt) stmtPos() Pos  { return s.Pos }
func (s *LetStmt) stmtPos() Pos    { return s.Pos }
func (s *AssignStmt) stmtPos() Pos { return s.Pos }
func (s *ReturnStmt) stmtPos() Pos { return s.Pos }
func (s *ForStmt) stmtPos() Pos    { return s.Pos }
func (s *WhileStmt) stmtPos() Pos  { return s.Pos }

// Expr is an expression node.
type Expr interface{ exprPos() Pos }

// ScanExpr is `scan i in a..b { body; yield y }` (only as the value of a
// let): a counted loop like ForStmt whose yielded values of each step are
// stacked along a new leading dimension of size b-a.
type ScanExpr struct {
	Pos  Pos
	Var  string
	From Expr
	To   Expr
	Body []Stmt
}

func (e *ScanExpr) exprPos() Pos { return e.Pos }

// NumberLit is an integer (IsInt) or float literal.
type NumberLit struct {
	Pos   Pos
	Text  string
	IsInt bool
	Int   int64
	Float float64
}

// BoolLit is `true` or `false`.
type BoolLit struct {
	Pos   Pos
	Value bool
}

// StringLit is a double-quoted string (used by a few named arguments).
type StringLit struct {
	Pos   Pos
	Value string
}

// ListLit is `[e1, e2, ...]`: a constant tensor, or a list argument
// (`stride: [2, 2]`, `contract: [h, d]`).
type ListLit struct {
	Pos   Pos
	Elems []Expr
}

// Ident is a name: a variable, parameter, sub-module, dimension or dtype,
// resolved by where it is used.
type Ident struct {
	Pos  Pos
	Name string
}

// UnaryExpr is `-x` or `!x`.
type UnaryExpr struct {
	Pos Pos
	Op  string
	X   Expr
}

// BinaryExpr is `x op y`.
type BinaryExpr struct {
	Pos  Pos // the operator's position
	Op   string
	X, Y Expr
}

// MemberExpr is `x.name` (a dotted parameter name, a sub-module member, or
// the callee of a method call).
type MemberExpr struct {
	Pos  Pos // position of the name after the dot
	X    Expr
	Name string
}

// CallExpr is `f(args)` or `x.method(args)` (Fn is a *MemberExpr).
type CallExpr struct {
	Pos  Pos // position of the callee's name
	Fn   Expr
	Args []*Arg
}

// Arg is one call argument, positional (Name "") or named (`contract: pix`).
type Arg struct {
	Pos   Pos
	Name  string
	Value Expr
}

// IndexExpr is `x[i, a:b, :, ::s]`.
type IndexExpr struct {
	Pos   Pos // position of '['
	X     Expr
	Items []*IndexItem
}

// IndexItem is one entry of an IndexExpr: an index (Start only, Slice
// false) or a slice `start:end:step` whose parts may be nil.
type IndexItem struct {
	Pos              Pos
	Slice            bool
	Start, End, Step Expr
}

func (e *NumberLit) exprPos() Pos  { return e.Pos }
func (e *BoolLit) exprPos() Pos    { return e.Pos }
func (e *StringLit) exprPos() Pos  { return e.Pos }
func (e *ListLit) exprPos() Pos    { return e.Pos }
func (e *Ident) exprPos() Pos      { return e.Pos }
func (e *UnaryExpr) exprPos() Pos  { return e.Pos }
func (e *BinaryExpr) exprPos() Pos { return e.Pos }
func (e *MemberExpr) exprPos() Pos { return e.Pos }
func (e *CallExpr) exprPos() Pos   { return e.Pos }
func (e *IndexExpr) exprPos() Pos  { return e.Pos }
