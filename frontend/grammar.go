package frontend

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The .zml grammar as participle structs: the parse tree. parse.go turns it
// into the AST of ast.go (binary operators by precedence, positions as
// line:col). docs/LANGUAGE.md gives the same grammar in EBNF.

// zmlLexer splits .zml text into tokens. Comments run from `//` to the end
// of the line. Floats need a digit after the dot so that `0..4` is a range.
var zmlLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `//[^\n]*`},
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	{Name: "Float", Pattern: `[0-9]+\.[0-9]+([eE][-+]?[0-9]+)?|[0-9]+[eE][-+]?[0-9]+`},
	{Name: "Int", Pattern: `[0-9]+`},
	{Name: "String", Pattern: `"[^"\n]*"`},
	// Keywords (reserved: keywords.go) are their own token type, so that
	// no @Ident of the grammar takes one.
	{Name: "Keyword", Pattern: keywordPattern()},
	{Name: "Ident", Pattern: `[A-Za-z_][A-Za-z0-9_]*`},
	{Name: "Punct", Pattern: `->|\.\.|==|!=|<=|>=|&&|\|\||\*\*|[-+*/%<>=!(){}\[\],:;.?]`},
})

type gFile struct {
	Decls []*gDecl `parser:"@@*"`
}

type gDecl struct {
	Pos     lexer.Position
	Kind    string     `parser:"@('model' | 'block' | 'submodule')"`
	Name    string     `parser:"@Ident"`
	Members []*gMember `parser:"'{' @@* '}'"`
	EndPos  lexer.Position
}

type gMember struct {
	Param *gParam `parser:"  @@"`
	Fn    *gFn    `parser:"| @@"`
	Sub   *gSub   `parser:"| @@"`
}

type gParam struct {
	Pos  lexer.Position
	Name []string `parser:"'param' @Ident ('.' @Ident)*"`
	Type *gType   `parser:"':' @@ ';'?"`
}

type gSub struct {
	Pos   lexer.Position
	Name  string  `parser:"@Ident ':'"`
	Block string  `parser:"@Ident"`
	Count *string `parser:"('[' @(Int | Ident) ']')? ';'?"`
}

type gType struct {
	Pos   lexer.Position
	DType string  `parser:"@Ident"`
	Dims  []*gDim `parser:"('[' (@@ (',' @@)*)? ']')?"`
}

// gDim is one dimension of a type: `d=4`, `b=?`, `b` or `4`; parsed by
// hand (exprparse.go) so that `d=]` is reported at the `]`.
type gDim struct {
	Pos  lexer.Position
	Name *string
	Sym  bool
	Size *string
	Anon *string
}

type gFn struct {
	Pos     lexer.Position
	Name    string   `parser:"'fn' @Ident"`
	Args    []*gArg  `parser:"'(' (@@ ((?= ',' Ident) ',' @@)* ','?)? ')'"`
	Results []*gType `parser:"('->' ( '(' @@ (',' @@)* ')' | @@ ))?"`
	Body    []*gStmt `parser:"'{' @@* '}'"`
}

type gArg struct {
	Pos  lexer.Position
	Name string `parser:"@Ident"`
	Type *gType `parser:"':' @@"`
}

type gStmt struct {
	Pos    lexer.Position
	Let    *gLet    `parser:"(  @@"`
	Return *gReturn `parser:" | @@"`
	For    *gFor    `parser:" | @@"`
	While  *gWhile  `parser:" | @@"`
	Yield  *gYield  `parser:" | @@"`
	Assign *gAssign `parser:" | @@ ) ';'?"`
}

type gLet struct {
	Names []string `parser:"'let' @Ident (',' @Ident)*"`
	Scan  *gScan   `parser:"'=' ( @@"`
	Value *gExpr   `parser:"    | @@ )"`
}

// gScan is `scan i in a..b { ... yield y }`, the value of a let.
type gScan struct {
	Pos  lexer.Position
	Var  string   `parser:"'scan' @Ident 'in'"`
	From *gExpr   `parser:"@@ '..'"`
	To   *gExpr   `parser:"@@"`
	Body []*gStmt `parser:"'{' @@* '}'"`
}

type gYield struct {
	Values []*gExpr `parser:"'yield' @@ (',' @@)*"`
}

type gReturn struct {
	Values []*gExpr `parser:"'return' @@ (',' @@)*"`
}

type gFor struct {
	Var  string   `parser:"'for' @Ident 'in'"`
	From *gExpr   `parser:"@@"`
	To   *gExpr   `parser:"( '..' @@ )?"`
	Body []*gStmt `parser:"'{' @@* '}'"`
}

type gWhile struct {
	Cond *gExpr   `parser:"'while' @@"`
	Body []*gStmt `parser:"'{' @@* '}'"`
}

type gAssign struct {
	Names []string `parser:"@Ident (',' @Ident)*"`
	Value *gExpr   `parser:"'=' @@"`
}

// gExpr is a flat chain; parse.go applies precedence.
type gExpr struct {
	Pos  lexer.Position
	Left *gUnary
	Rest []*gBinR
}

type gBinR struct {
	Pos   lexer.Position
	Op    string
	Right *gUnary
}

type gUnary struct {
	Pos  lexer.Position
	Ops  []string
	Post *gPostfix
}

type gPostfix struct {
	Pos     lexer.Position
	Primary *gPrimary
	Suffix  []*gSuffix
}

type gSuffix struct {
	Pos    lexer.Position
	Member *string
	Call   *gCall
	Index  *gIndexes
}

type gCall struct {
	Open bool
	Args []*gArg2
}

type gArg2 struct {
	Pos   lexer.Position
	Name  *string
	Value *gExpr
}

type gIndexes struct {
	Items []*gIndex
}

type gIndex struct {
	Pos   lexer.Position
	Start *gExpr
	Colon bool
	End   *gExpr
	Step  *gExpr
}

type gPrimary struct {
	Pos    lexer.Position
	Float  *string
	Int    *string
	Bool   *string
	String *string
	List   *gList
	Ident  *string
	Paren  *gExpr
}

type gList struct {
	Open  bool
	Elems []*gExpr
}

var zmlParser = participle.MustBuild[gFile](
	participle.Lexer(zmlLexer),
	participle.Elide("Comment", "Whitespace"),
	// No backtracking: a construct that has consumed a token and then
	// fails is a syntax error at the token where it failed (the trailing
	// comma of an argument list is told apart by a lookahead group).
	participle.UseLookahead(0),
)
