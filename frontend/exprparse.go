package frontend

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Expressions are parsed by hand (gExpr implements participle.Parseable)
// rather than by participle's grammar tags: participle backtracks out of an
// optional repetition that fails after one token, so `1 + }` was reported
// as `unexpected "+"`; this recursive-descent parser reports the token
// where the expression actually breaks (`unexpected "}", expected an
// expression`). It builds the same parse-tree structs (gExpr, gUnary,
// gPostfix, ...) that parse.go converts, with operator precedence still
// applied there. The grammar is docs/LANGUAGE.md's:
//
//	expr    = unary (binop unary)* ;
//	unary   = ("-" | "!")* postfix ;
//	postfix = primary ("." Ident | "(" args? ")" | "[" index ("," index)* "]")* ;
//	args    = arg2 ("," arg2)* ","? ;   arg2 = (Ident ":")? expr ;
//	index   = expr | expr? ":" expr? (":" expr?)? ;
//	primary = Float | Int | "true" | "false" | String | "[" (expr ("," expr)* ","?)? "]"
//	        | Ident | "(" expr ")" ;

// Token types of zmlLexer.
var (
	tokFloat   = zmlLexer.Symbols()["Float"]
	tokInt     = zmlLexer.Symbols()["Int"]
	tokString  = zmlLexer.Symbols()["String"]
	tokIdent   = zmlLexer.Symbols()["Ident"]
	tokKeyword = zmlLexer.Symbols()["Keyword"]
	tokPunct   = zmlLexer.Symbols()["Punct"]
)

// exprParser parses one expression from participle's token stream.
type exprParser struct{ lex *lexer.PeekingLexer }

// Parse implements participle.Parseable: it returns participle.NextMatch
// when no expression starts at the next token (nothing consumed), and a
// syntax error at the offending token when one starts but breaks off.
func (e *gExpr) Parse(lex *lexer.PeekingLexer) error {
	p := &exprParser{lex}
	if !p.startsExpr() {
		return participle.NextMatch
	}
	g, err := p.expr()
	if err != nil {
		return err
	}
	*e = *g
	return nil
}

func (p *exprParser) peek() *lexer.Token { return p.lex.Peek() }

// is reports whether the next token is the punctuation s.
func (p *exprParser) is(s string) bool {
	t := p.peek()
	return !t.EOF() && t.Type == tokPunct && t.Value == s
}

// expect consumes the punctuation s or fails at the next token.
func (p *exprParser) expect(s string) (*lexer.Token, error) {
	if !p.is(s) {
		return nil, p.unexpected(`"` + s + `"`)
	}
	return p.lex.Next(), nil
}

func (p *exprParser) unexpected(want string) error {
	return &participle.UnexpectedTokenError{Unexpected: *p.peek(), Expect: want}
}

// startsExpr reports whether the next token can begin an expression.
func (p *exprParser) startsExpr() bool {
	t := p.peek()
	switch {
	case t.EOF():
		return false
	case t.Type == tokIdent:
		return true
	case t.Type == tokFloat, t.Type == tokInt, t.Type == tokString:
		return true
	case t.Type == tokPunct:
		switch t.Value {
		case "-", "!", "(", "[":
			return true
		}
	}
	return false
}

func (p *exprParser) expr() (*gExpr, error) {
	g := &gExpr{Pos: p.peek().Pos}
	var err error
	if g.Left, err = p.unary(); err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		if t.EOF() || t.Type != tokPunct {
			return g, nil
		}
		if _, ok := binaryPrec[t.Value]; !ok {
			return g, nil
		}
		p.lex.Next()
		r := &gBinR{Pos: t.Pos, Op: t.Value}
		if r.Right, err = p.unary(); err != nil {
			return nil, err
		}
		g.Rest = append(g.Rest, r)
	}
}

func (p *exprParser) unary() (*gUnary, error) {
	if !p.startsExpr() {
		return nil, p.unexpected("an expression")
	}
	u := &gUnary{Pos: p.peek().Pos}
	for p.is("-") || p.is("!") {
		u.Ops = append(u.Ops, p.lex.Next().Value)
	}
	var err error
	u.Post, err = p.postfix()
	return u, err
}

func (p *exprParser) postfix() (*gPostfix, error) {
	g := &gPostfix{Pos: p.peek().Pos}
	var err error
	if g.Primary, err = p.primary(); err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		switch {
		case p.is("."):
			p.lex.Next()
			name := p.peek()
			if name.EOF() || name.Type != tokIdent {
				return nil, p.unexpected("a name")
			}
			p.lex.Next()
			g.Suffix = append(g.Suffix, &gSuffix{Pos: t.Pos, Member: &name.Value})
		case p.is("("):
			p.lex.Next()
			call := &gCall{Open: true}
			if call.Args, err = p.args(); err != nil {
				return nil, err
			}
			g.Suffix = append(g.Suffix, &gSuffix{Pos: t.Pos, Call: call})
		case p.is("["):
			p.lex.Next()
			ix := &gIndexes{}
			for {
				it, err := p.index()
				if err != nil {
					return nil, err
				}
				ix.Items = append(ix.Items, it)
				if !p.is(",") {
					break
				}
				p.lex.Next()
			}
			if _, err := p.expect("]"); err != nil {
				return nil, err
			}
			g.Suffix = append(g.Suffix, &gSuffix{Pos: t.Pos, Index: ix})
		default:
			return g, nil
		}
	}
}

// args parses call arguments up to and including the closing ")".
func (p *exprParser) args() ([]*gArg2, error) {
	var args []*gArg2
	for !p.is(")") {
		a := &gArg2{Pos: p.peek().Pos}
		if t := p.peek(); !t.EOF() && t.Type == tokIdent {
			cp := p.lex.MakeCheckpoint()
			p.lex.Next()
			if p.is(":") {
				p.lex.Next()
				name := t.Value
				a.Name = &name
			} else {
				p.lex.LoadCheckpoint(cp)
			}
		}
		if !p.startsExpr() {
			if a.Name == nil && len(args) == 0 {
				return nil, p.unexpected(`an expression or ")"`)
			}
			return nil, p.unexpected("an expression")
		}
		var err error
		if a.Value, err = p.expr(); err != nil {
			return nil, err
		}
		args = append(args, a)
		if !p.is(",") {
			break
		}
		p.lex.Next()
	}
	if _, err := p.expect(")"); err != nil {
		return nil, err
	}
	return args, nil
}

// index parses one entry of an index list: `e`, `a:b`, `a:b:s`, `::s`, or
// nothing (reported as an empty index when converted).
func (p *exprParser) index() (*gIndex, error) {
	it := &gIndex{Pos: p.peek().Pos}
	var err error
	if p.startsExpr() {
		if it.Start, err = p.expr(); err != nil {
			return nil, err
		}
	}
	if !p.is(":") {
		return it, nil
	}
	p.lex.Next()
	it.Colon = true
	if p.startsExpr() {
		if it.End, err = p.expr(); err != nil {
			return nil, err
		}
	}
	if p.is(":") {
		p.lex.Next()
		if p.startsExpr() {
			if it.Step, err = p.expr(); err != nil {
				return nil, err
			}
		}
	}
	return it, nil
}

func (p *exprParser) primary() (*gPrimary, error) {
	t := p.peek()
	g := &gPrimary{Pos: t.Pos}
	if t.EOF() {
		return nil, p.unexpected("an expression")
	}
	v := t.Value
	switch t.Type {
	case tokFloat:
		g.Float = &v
	case tokInt:
		g.Int = &v
	case tokString:
		g.String = &v
	case tokIdent:
		if v == "true" || v == "false" {
			g.Bool = &v
		} else {
			g.Ident = &v
		}
	case tokPunct:
		switch v {
		case "(":
			p.lex.Next()
			e, err := p.expr()
			if err != nil {
				return nil, err
			}
			if _, err := p.expect(")"); err != nil {
				return nil, err
			}
			g.Paren = e
			return g, nil
		case "[":
			p.lex.Next()
			l := &gList{Open: true}
			for !p.is("]") {
				if !p.startsExpr() {
					return nil, p.unexpected(`an expression or "]"`)
				}
				e, err := p.expr()
				if err != nil {
					return nil, err
				}
				l.Elems = append(l.Elems, e)
				if !p.is(",") {
					break
				}
				p.lex.Next()
			}
			if _, err := p.expect("]"); err != nil {
				return nil, err
			}
			g.List = l
			return g, nil
		default:
			return nil, p.unexpected("an expression")
		}
	default:
		return nil, p.unexpected("an expression")
	}
	p.lex.Next()
	return g, nil
}

// Parse implements participle.Parseable for one dimension of a type:
// `Ident ("=" ("?" | Int))? | Int`.
func (d *gDim) Parse(lex *lexer.PeekingLexer) error {
	p := &exprParser{lex}
	t := p.peek()
	if t.EOF() || (t.Type != tokIdent && t.Type != tokInt) {
		return participle.NextMatch
	}
	d.Pos = t.Pos
	v := lex.Next().Value
	if t.Type == tokInt {
		d.Anon = &v
		return nil
	}
	d.Name = &v
	if !p.is("=") {
		return nil
	}
	lex.Next()
	switch t := p.peek(); {
	case p.is("?"):
		d.Sym = true
	case !t.EOF() && t.Type == tokInt:
		size := t.Value
		d.Size = &size
	default:
		return p.unexpected(`a size or "?"`)
	}
	lex.Next()
	return nil
}
