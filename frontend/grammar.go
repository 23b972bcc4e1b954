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
	Count *string `parser:"('[' @Int ']')? ';'?"`
}

type gType struct {
	Pos   lexer.Position
	DType string  `parser:"@Ident"`
	Dims  []*gDim `parser:"('[' (@@ (',' @@)*)? ']')?"`
}

type gDim struct {
	Pos  lexer.Position
	Name *string `parser:"(  @Ident"`
	Sym  bool    `parser:"   ( '=' ( @'?'"`
	Size *string `parser:"         | @Int ) )?"`
	Anon *string `parser:"| @Int )"`
}

type gFn struct {
	Pos     lexer.Position
	Name    string   `parser:"'fn' @Ident"`
	Args    []*gArg  `parser:"'(' (@@ (',' @@)* ','?)? ')'"`
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
	Assign *gAssign `parser:" | @@ ) ';'?"`
}

type gLet struct {
	Names []string `parser:"'let' @Ident (',' @Ident)*"`
	Value *gExpr   `parser:"'=' @@"`
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

// gExpr is a flat chain `parser:"u0 op1 u1 op2 u2 ..."`; parse.go applies precedence.
type gExpr struct {
	Pos  lexer.Position
	Left *gUnary  `parser:"@@"`
	Rest []*gBinR `parser:"@@*"`
}

type gBinR struct {
	Pos   lexer.Position
	Op    string  `parser:"@('||' | '&&' | '==' | '!=' | '<=' | '>=' | '<' | '>' | '+' | '-' | '*' | '/' | '%' | '**')"`
	Right *gUnary `parser:"@@"`
}

type gUnary struct {
	Pos  lexer.Position
	Ops  []string  `parser:"@('-' | '!')*"`
	Post *gPostfix `parser:"@@"`
}

type gPostfix struct {
	Pos     lexer.Position
	Primary *gPrimary  `parser:"@@"`
	Suffix  []*gSuffix `parser:"@@*"`
}

type gSuffix struct {
	Pos    lexer.Position
	Member *string   `parser:"(  '.' @Ident"`
	Call   *gCall    `parser:" | @@"`
	Index  *gIndexes `parser:" | @@ )"`
}

type gCall struct {
	Open bool     `parser:"@'('"`
	Args []*gArg2 `parser:"(@@ (',' @@)* ','?)? ')'"`
}

type gArg2 struct {
	Pos   lexer.Position
	Name  *string `parser:"(@Ident ':')?"`
	Value *gExpr  `parser:"@@"`
}

type gIndexes struct {
	Items []*gIndex `parser:"'[' @@ (',' @@)* ']'"`
}

type gIndex struct {
	Pos   lexer.Position
	Start *gExpr `parser:"@@?"`
	Colon bool   `parser:"( @':'"`
	End   *gExpr `parser:"  @@?"`
	Step  *gExpr `parser:"  ( ':' @@? )? )?"`
}

type gPrimary struct {
	Pos    lexer.Position
	Float  *string `parser:"  @Float"`
	Int    *string `parser:"| @Int"`
	Bool   *string `parser:"| @('true' | 'false')"`
	String *string `parser:"| @String"`
	List   *gList  `parser:"| @@"`
	Ident  *string `parser:"| @Ident"`
	Paren  *gExpr  `parser:"| '(' @@ ')'"`
}

type gList struct {
	Open  bool     `parser:"@'['"`
	Elems []*gExpr `parser:"(@@ (',' @@)* ','?)? ']'"`
}

var zmlParser = participle.MustBuild[gFile](
	participle.Lexer(zmlLexer),
	participle.Elide("Comment", "Whitespace"),
	participle.UseLookahead(1),
)
