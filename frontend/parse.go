package frontend

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/zmlc/zmlc/ir"
)

// Parse reads a .zml file into its AST. Syntax errors are *ir.Diagnostic
// values `file:line:col: error: syntax error: ...` with the source attached.
func Parse(filename string, src []byte) (*File, error) {
	s := newSource(filename, src)
	f, err := s.parse()
	if err != nil {
		return nil, err
	}
	return f, nil
}

func (s *source) parse() (f *File, err error) {
	g, perr := zmlParser.ParseBytes(s.file, s.src)
	if perr != nil {
		return nil, s.syntaxError(perr)
	}
	defer func() {
		if r := recover(); r != nil {
			ce, ok := r.(compileError)
			if !ok {
				panic(r)
			}
			f, err = nil, ce.d
		}
	}()
	return s.convFile(g), nil
}

// syntaxError turns a participle error into our wording and position.
func (s *source) syntaxError(err error) *ir.Diagnostic {
	var ute *participle.UnexpectedTokenError
	if errors.As(err, &ute) {
		p := s.posAt(ute.Unexpected.Pos.Offset)
		exp := expectedDesc(ute.Message())
		if ute.Unexpected.Type == tokKeyword && exp == "a name" {
			return s.errorf(p, "%s", reservedNameError(tokenDesc(ute.Unexpected)))
		}
		what := "unexpected " + tokenDesc(ute.Unexpected)
		if exp != "" {
			what += ", expected " + exp
		}
		return s.errorf(p, "syntax error: %s", what)
	}
	var pe participle.Error
	if errors.As(err, &pe) {
		p := s.posAt(pe.Position().Offset)
		msg := pe.Message()
		if strings.HasPrefix(msg, "lexer: invalid input text") {
			r := ""
			if off := pe.Position().Offset; off < len(s.src) {
				r = strconv.QuoteRune(rune(s.src[off]))
				if s.src[off] >= 0x80 {
					r = "byte " + strconv.Quote(string(s.src[off:off+1]))
				}
			}
			if strings.HasPrefix(string(s.src[min(pe.Position().Offset, len(s.src)):]), "\"") {
				return s.errorf(p, "syntax error: unterminated string")
			}
			return s.errorf(p, "syntax error: unexpected character %s", r)
		}
		return s.errorf(p, "syntax error: %s", strings.TrimPrefix(msg, "lexer: "))
	}
	return s.errorf(Pos{1, 1}, "syntax error: %v", err)
}

func tokenDesc(t lexer.Token) string {
	if t.EOF() {
		return "end of file"
	}
	return strconv.Quote(t.Value)
}

// expectedDesc extracts participle's "(expected X)" and rewords grammar
// node names into what a user writes.
func expectedDesc(msg string) string {
	i := strings.Index(msg, "(expected ")
	if i < 0 || !strings.HasSuffix(msg, ")") {
		return ""
	}
	e := msg[i+len("(expected ") : len(msg)-1]
	if strings.HasPrefix(e, `"`) {
		if j := strings.Index(e[1:], `"`); j >= 0 {
			return e[:j+2]
		}
	}
	// Grammar node names appear as participle spells them (GType); match
	// them case-insensitively.
	l := strings.ToLower(e)
	switch {
	case strings.HasPrefix(e, "<ident>"):
		return "a name"
	case strings.HasPrefix(e, "<int>"):
		return "an integer"
	case strings.Contains(l, "gexpr") || strings.Contains(l, "gunary") || strings.Contains(l, "gprimary") || strings.Contains(l, "gpostfix"):
		return "an expression"
	case strings.Contains(l, "gtype"):
		return "a type"
	case strings.Contains(l, "gdim"):
		return "a dimension"
	case strings.Contains(l, "gstmt") || strings.Contains(l, "glet"):
		return "a statement"
	case strings.Contains(l, "gmember") || strings.Contains(l, "gparam"):
		return "a declaration"
	case strings.Contains(l, "garg"):
		return "an argument"
	case strings.Contains(l, "gindex"):
		return "an index"
	}
	return e
}

func (s *source) pos(p lexer.Position) Pos { return s.posAt(p.Offset) }

func (s *source) fail(p Pos, format string, a ...any) {
	panic(compileError{s.errorf(p, format, a...)})
}

func (s *source) convFile(g *gFile) *File {
	f := &File{}
	for _, d := range g.Decls {
		m := &ModelDecl{Pos: s.pos(d.Pos), Kind: d.Kind, Name: d.Name}
		if m.Kind == "submodule" {
			m.Kind = "block"
		}
		for _, mem := range d.Members {
			switch {
			case mem.Param != nil:
				m.Members = append(m.Members, &ParamDecl{Pos: s.pos(mem.Param.Pos), Name: strings.Join(mem.Param.Name, "."), Type: s.convType(mem.Param.Type)})
			case mem.Sub != nil:
				sd := &SubDecl{Pos: s.pos(mem.Sub.Pos), Name: mem.Sub.Name, Block: mem.Sub.Block, Count: -1}
				if c := mem.Sub.Count; c != nil && isCountName(*c) {
					sd.CountDim = *c
				} else if c != nil {
					sd.Count = s.parseCount(sd.Pos, *c)
				}
				m.Members = append(m.Members, sd)
			case mem.Fn != nil:
				m.Fns = append(m.Fns, s.convFn(mem.Fn))
			}
		}
		f.Decls = append(f.Decls, m)
	}
	return f
}

func (s *source) parseCount(p Pos, text string) int64 {
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil || n > 1<<20 {
		s.fail(p, "integer %s is too large", text)
	}
	return n
}

func (s *source) convType(g *gType) *TypeExpr {
	t := &TypeExpr{Pos: s.pos(g.Pos), DType: g.DType}
	for _, d := range g.Dims {
		de := &DimExpr{Pos: s.pos(d.Pos), Size: -1}
		switch {
		case d.Anon != nil:
			de.Size = s.parseDimSize(de.Pos, *d.Anon)
		case d.Name != nil:
			de.Name = *d.Name
			de.Symbolic = d.Sym
			if d.Size != nil {
				de.Size = s.parseDimSize(de.Pos, *d.Size)
			}
		}
		t.Dims = append(t.Dims, de)
	}
	return t
}

// maxDim bounds dimension sizes so that element counts stay far from
// overflowing int64.
const maxDim = 1 << 31

func (s *source) parseDimSize(p Pos, text string) int64 {
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil || n > maxDim {
		s.fail(p, "dimension size %s is too large (at most %d)", text, int64(maxDim))
	}
	return n
}

func (s *source) convFn(g *gFn) *FnDecl {
	fn := &FnDecl{Pos: s.pos(g.Pos), Name: g.Name}
	for _, a := range g.Args {
		fn.Args = append(fn.Args, &ArgDecl{Pos: s.pos(a.Pos), Name: a.Name, Type: s.convType(a.Type)})
	}
	for _, r := range g.Results {
		fn.Results = append(fn.Results, s.convType(r))
	}
	fn.Body = s.convStmts(g.Body)
	return fn
}

func (s *source) convStmts(gs []*gStmt) []Stmt {
	var out []Stmt
	for _, g := range gs {
		p := s.pos(g.Pos)
		switch {
		case g.Let != nil && g.Let.Scan != nil:
			sc := g.Let.Scan
			out = append(out, &LetStmt{Pos: p, Names: g.Let.Names, Value: &ScanExpr{Pos: s.pos(sc.Pos), Var: sc.Var,
				From: s.convExpr(sc.From), To: s.convExpr(sc.To), Body: s.convStmts(sc.Body)}})
		case g.Let != nil:
			out = append(out, &LetStmt{Pos: p, Names: g.Let.Names, Value: s.convExpr(g.Let.Value)})
		case g.Yield != nil:
			y := &YieldStmt{Pos: p}
			for _, v := range g.Yield.Values {
				y.Values = append(y.Values, s.convExpr(v))
			}
			out = append(out, y)
		case g.Assign != nil:
			out = append(out, &AssignStmt{Pos: p, Names: g.Assign.Names, Value: s.convExpr(g.Assign.Value)})
		case g.Return != nil:
			r := &ReturnStmt{Pos: p}
			for _, v := range g.Return.Values {
				r.Values = append(r.Values, s.convExpr(v))
			}
			out = append(out, r)
		case g.For != nil:
			f := &ForStmt{Pos: p, Var: g.For.Var, From: s.convExpr(g.For.From), Body: s.convStmts(g.For.Body)}
			if g.For.To != nil {
				f.To = s.convExpr(g.For.To)
			}
			out = append(out, f)
		case g.While != nil:
			out = append(out, &WhileStmt{Pos: p, Cond: s.convExpr(g.While.Cond), Body: s.convStmts(g.While.Body)})
		}
	}
	return out
}

// binaryPrec gives each binary operator's precedence (higher binds
// tighter); all are left-associative except `**` (right). Comparisons are
// non-associative: `a < b < c` is an error.
var binaryPrec = map[string]int{
	"||": 1,
	"&&": 2,
	"==": 3, "!=": 3, "<": 3, "<=": 3, ">": 3, ">=": 3,
	"+": 4, "-": 4,
	"*": 5, "/": 5, "%": 5,
	"**": 7, // above unary minus (6): -x**2 is -(x**2)
}

func (s *source) convExpr(g *gExpr) Expr {
	operands := []Expr{s.convUnary(g.Left)}
	var ops []*gBinR
	// Shunting-yard over the flat chain.
	var opStack []*gBinR
	reduce := func() {
		op := opStack[len(opStack)-1]
		opStack = opStack[:len(opStack)-1]
		y := operands[len(operands)-1]
		x := operands[len(operands)-2]
		operands = operands[:len(operands)-2]
		if binaryPrec[op.Op] == 3 {
			if bx, ok := x.(*BinaryExpr); ok && binaryPrec[bx.Op] == 3 {
				s.fail(s.pos(op.Pos), "comparison operators do not chain: parenthesize %s", bx.Op+" ... "+op.Op)
			}
		}
		operands = append(operands, &BinaryExpr{Pos: s.pos(op.Pos), Op: op.Op, X: x, Y: y})
	}
	for _, r := range g.Rest {
		ops = append(ops, r)
		p := binaryPrec[r.Op]
		for len(opStack) > 0 {
			top := binaryPrec[opStack[len(opStack)-1].Op]
			if top > p || (top == p && r.Op != "**") {
				reduce()
				continue
			}
			break
		}
		opStack = append(opStack, r)
		operands = append(operands, s.convUnary(r.Right))
	}
	for len(opStack) > 0 {
		reduce()
	}
	_ = ops
	return operands[0]
}

func (s *source) convUnary(g *gUnary) Expr {
	x := s.convPostfix(g.Post)
	p := s.pos(g.Pos)
	for i := len(g.Ops) - 1; i >= 0; i-- {
		// Fold a minus into a numeric literal so that -1 is a literal.
		if n, ok := x.(*NumberLit); ok && g.Ops[i] == "-" && !strings.HasPrefix(n.Text, "-") {
			x = &NumberLit{Pos: p, Text: "-" + n.Text, IsInt: n.IsInt, Int: -n.Int, Float: -n.Float}
			continue
		}
		x = &UnaryExpr{Pos: p, Op: g.Ops[i], X: x}
	}
	return x
}

func (s *source) convPostfix(g *gPostfix) Expr {
	x := s.convPrimary(g.Primary)
	for _, suf := range g.Suffix {
		p := s.pos(suf.Pos)
		switch {
		case suf.Member != nil:
			x = &MemberExpr{Pos: Pos{p.Line, p.Col + 1}, X: x, Name: *suf.Member}
		case suf.Call != nil:
			c := &CallExpr{Pos: x.exprPos(), Fn: x}
			for _, a := range suf.Call.Args {
				arg := &Arg{Pos: s.pos(a.Pos), Value: s.convExpr(a.Value)}
				if a.Name != nil {
					arg.Name = *a.Name
				}
				c.Args = append(c.Args, arg)
			}
			x = c
		case suf.Index != nil:
			ix := &IndexExpr{Pos: p, X: x}
			for _, it := range suf.Index.Items {
				item := &IndexItem{Pos: s.pos(it.Pos), Slice: it.Colon}
				if it.Start != nil {
					item.Start = s.convExpr(it.Start)
				}
				if it.End != nil {
					item.End = s.convExpr(it.End)
				}
				if it.Step != nil {
					item.Step = s.convExpr(it.Step)
				}
				if !item.Slice && item.Start == nil {
					s.fail(item.Pos, "syntax error: empty index")
				}
				ix.Items = append(ix.Items, item)
			}
			x = ix
		}
	}
	return x
}

func (s *source) convPrimary(g *gPrimary) Expr {
	p := s.pos(g.Pos)
	switch {
	case g.Float != nil:
		v, err := strconv.ParseFloat(*g.Float, 64)
		if err != nil && !math.IsInf(v, 0) {
			s.fail(p, "invalid number %s", *g.Float)
		}
		if math.IsInf(v, 0) {
			s.fail(p, "number %s is out of range", *g.Float)
		}
		return &NumberLit{Pos: p, Text: *g.Float, Float: v}
	case g.Int != nil:
		v, err := strconv.ParseInt(*g.Int, 10, 64)
		if err != nil {
			s.fail(p, "integer %s is out of range", *g.Int)
		}
		return &NumberLit{Pos: p, Text: *g.Int, IsInt: true, Int: v, Float: float64(v)}
	case g.Bool != nil:
		return &BoolLit{Pos: p, Value: *g.Bool == "true"}
	case g.String != nil:
		return &StringLit{Pos: p, Value: strings.Trim(*g.String, `"`)}
	case g.List != nil:
		l := &ListLit{Pos: p}
		for _, e := range g.List.Elems {
			l.Elems = append(l.Elems, s.convExpr(e))
		}
		return l
	case g.Ident != nil:
		return &Ident{Pos: p, Name: *g.Ident}
	case g.Paren != nil:
		return s.convExpr(g.Paren)
	}
	s.fail(p, "syntax error: expected an expression")
	return nil
}
