package kernel

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
)

// Verify checks a kernel: every operand is defined before use in an
// enclosing body (or is a constant), operand and result types agree with
// the kind's rules, loads and stores name the kernel's own buffers and
// respect their roles, Vector loop bodies are straight-line code, Grid
// loops are not nested inside other levels, and every index whose range is
// known statically (loop indices, constants and arithmetic on them) stays
// within its buffer. It returns the first problem found, naming the kernel
// and the node.
func Verify(k *Kernel) error {
	Number(k)
	v := &verifier{k: k, defined: map[*Node]bool{}}
	// dead counts enclosing loops of zero trip count: their bodies never
	// run, so bounds are not checked there.
	for i, p := range k.Params {
		if p.Index != i || p.Space != Global || len(p.Strides) != len(p.Shape) {
			return fmt.Errorf("kernel %s: parameter %d (%s) is malformed", k.Name, i, p.Name)
		}
	}
	for i, p := range k.Shared {
		if p.Index != i || p.Space != Shared || len(p.Strides) != len(p.Shape) {
			return fmt.Errorf("kernel %s: shared buffer %d (%s) is malformed", k.Name, i, p.Name)
		}
	}
	return v.body(k.Body, true, false)
}

type verifier struct {
	k       *Kernel
	defined map[*Node]bool
	dead    int
}

func (v *verifier) errorf(n *Node, format string, a ...any) error {
	return fmt.Errorf("kernel %s: %%%d (%s): %s", v.k.Name, n.ID, n.Kind, fmt.Sprintf(format, a...))
}

func (v *verifier) body(body []*Node, gridOK, inVector bool) error {
	var local []*Node
	defer func() {
		for _, n := range local {
			delete(v.defined, n)
		}
	}()
	for _, n := range body {
		if err := v.node(n, gridOK, inVector); err != nil {
			return err
		}
		if n.Kind != Loop {
			gridOK = false
		}
		if n.Kind.IsValue() {
			v.defined[n] = true
			local = append(local, n)
		}
	}
	return nil
}

func (v *verifier) node(n *Node, gridOK, inVector bool) error {
	if n.Kind == Invalid || n.Kind >= numKinds {
		return v.errorf(n, "invalid kind")
	}
	if n.Kind == Const {
		return v.errorf(n, "constants are operands, not body nodes")
	}
	if len(n.Args) != n.Kind.NumArgs() {
		return v.errorf(n, "has %d operands, want %d", len(n.Args), n.Kind.NumArgs())
	}
	for i, a := range n.Args {
		if a == nil {
			return v.errorf(n, "operand %d is nil", i)
		}
		if a.Kind != Const && !v.defined[a] {
			return v.errorf(n, "operand %d (%%%d) is not defined before use", i, a.ID)
		}
		if a.Kind == Const && a.Type == ir.Invalid {
			return v.errorf(n, "operand %d is an untyped constant", i)
		}
	}
	if inVector && (n.Kind == Loop || n.Kind == If || n.Kind == Barrier) {
		return v.errorf(n, "a vector loop body must be straight-line code")
	}
	switch c := n.Kind.Class(); c {
	case ClassUnary, ClassPred:
		x := n.Args[0].Type
		want := x
		if c == ClassPred {
			want = ir.I1
		}
		if n.Type != want {
			return v.errorf(n, "result type %s, want %s", n.Type, want)
		}
		if !kindAccepts(n.Kind, x) {
			return v.errorf(n, "not defined on %s", x)
		}
	case ClassBinary, ClassCompare:
		x, y := n.Args[0].Type, n.Args[1].Type
		if x != y {
			return v.errorf(n, "operand types %s and %s differ", x, y)
		}
		want := x
		if c == ClassCompare {
			want = ir.I1
		}
		if n.Type != want {
			return v.errorf(n, "result type %s, want %s", n.Type, want)
		}
		if !kindAccepts(n.Kind, x) {
			return v.errorf(n, "not defined on %s", x)
		}
	case ClassSelect:
		if n.Args[0].Type != ir.I1 || n.Args[1].Type != n.Type || n.Args[2].Type != n.Type {
			return v.errorf(n, "select(%s, %s, %s) -> %s is ill-typed", n.Args[0].Type, n.Args[1].Type, n.Args[2].Type, n.Type)
		}
	case ClassTernary:
		x := n.Args[0].Type
		if x != ir.F32 && x != ir.F64 || n.Args[1].Type != x || n.Args[2].Type != x || n.Type != x {
			return v.errorf(n, "fma(%s, %s, %s) -> %s is ill-typed (f32 or f64 only)", x, n.Args[1].Type, n.Args[2].Type, n.Type)
		}
	case ClassConvert:
		if n.Kind == Bitcast && n.Args[0].Type.Bits() != n.Type.Bits() {
			return v.errorf(n, "bitcast between %s and %s of different widths", n.Args[0].Type, n.Type)
		}
		if n.Type == ir.Invalid || n.Type.IsComplex() {
			return v.errorf(n, "bad result type %s", n.Type)
		}
	}
	switch n.Kind {
	case Loop:
		if n.N < 0 {
			return v.errorf(n, "negative trip count %d", n.N)
		}
		if n.Type != ir.Index {
			return v.errorf(n, "loop index has type %s, want index", n.Type)
		}
		if n.Level == Grid && !gridOK {
			return v.errorf(n, "a grid loop must be at the top of the kernel or directly inside grid loops")
		}
		v.defined[n] = true
		if n.N == 0 {
			v.dead++
		}
		err := v.body(n.Body, gridOK && n.Level == Grid, inVector || n.Level == Vector)
		if n.N == 0 {
			v.dead--
		}
		delete(v.defined, n)
		return err
	case If:
		if n.Args[0].Type != ir.I1 {
			return v.errorf(n, "condition has type %s, want i1", n.Args[0].Type)
		}
		if err := v.body(n.Body, false, inVector); err != nil {
			return err
		}
		return v.body(n.Else, false, inVector)
	case Load, Store:
		if err := v.buffer(n); err != nil {
			return err
		}
		if n.Kind == Load && n.Buf.Space == Global && n.Buf.Role == Write {
			return v.errorf(n, "loads from %%%s, a write-only parameter", n.Buf.Name)
		}
		if n.Kind == Store && n.Buf.Space == Global && n.Buf.Role == Read {
			return v.errorf(n, "stores to %%%s, a read-only parameter", n.Buf.Name)
		}
		if n.Kind == Load && n.Type != n.Buf.Elem {
			return v.errorf(n, "loads %s from a %s buffer", n.Type, n.Buf.Elem)
		}
		if n.Kind == Store && n.Args[1].Type != n.Buf.Elem {
			return v.errorf(n, "stores %s into a %s buffer", n.Args[1].Type, n.Buf.Elem)
		}
		if n.Args[0].Type != ir.Index {
			return v.errorf(n, "index has type %s, want index", n.Args[0].Type)
		}
		if lo, hi, ok := indexRange(n.Args[0]); ok && v.dead == 0 && (lo < 0 || hi >= n.Buf.Len()) {
			return v.errorf(n, "index range [%d, %d] is outside %%%s (%d elements)", lo, hi, n.Buf.Name, n.Buf.Len())
		}
	case Var:
		if n.Type != n.Args[0].Type {
			return v.errorf(n, "type %s, initial value %s", n.Type, n.Args[0].Type)
		}
	case Get, Set:
		if n.Args[0].Kind != Var {
			return v.errorf(n, "operand 0 is not a var")
		}
		if n.Kind == Set && n.Args[1].Type != n.Args[0].Type {
			return v.errorf(n, "assigns %s to a %s var", n.Args[1].Type, n.Args[0].Type)
		}
	case Const:
	}
	return nil
}

func (v *verifier) buffer(n *Node) error {
	b := n.Buf
	if b == nil {
		return v.errorf(n, "no buffer")
	}
	list := v.k.Params
	if b.Space == Shared {
		list = v.k.Shared
	}
	if b.Index < 0 || b.Index >= len(list) || list[b.Index] != b {
		return v.errorf(n, "buffer %%%s is not one of the kernel's", b.Name)
	}
	return nil
}

// kindAccepts reports whether the scalar op k is defined on operands of type t.
func kindAccepts(k Kind, t ir.ElementType) bool {
	isInt := t.IsInteger()
	isFloat := t.IsFloat()
	switch k {
	case Not, And, Or, Xor:
		return isInt || t == ir.I1
	case Shl, ShrA, ShrL, Popcnt, Clz:
		return isInt
	case Exp, Expm1, Log, Log1p, Sqrt, Rsqrt, Cbrt, Tanh, Logistic, Sin, Cos, Tan, Erf,
		Floor, Ceil, RoundEven, RoundAway, IsFinite, Atan2:
		return isFloat
	case Neg, Abs, Sign, Div, Rem, Pow:
		return isInt || isFloat
	case Add, Sub, Mul, Max, Min, EQ, NE, LT, LE, GT, GE:
		return isInt || isFloat || t == ir.I1
	}
	return true
}

// indexRange returns the static range of an index expression, when known.
func indexRange(n *Node) (lo, hi int64, ok bool) {
	switch n.Kind {
	case Const:
		return n.I, n.I, true
	case Loop:
		if n.N == 0 {
			return 0, 0, true
		}
		return 0, n.N - 1, true
	case Add, Sub, Mul, Max, Min:
		al, ah, ok1 := indexRange(n.Args[0])
		bl, bh, ok2 := indexRange(n.Args[1])
		if !ok1 || !ok2 {
			return 0, 0, false
		}
		switch n.Kind {
		case Add:
			return al + bl, ah + bh, true
		case Sub:
			return al - bh, ah - bl, true
		case Mul:
			c := []int64{al * bl, al * bh, ah * bl, ah * bh}
			return min(c[0], c[1], c[2], c[3]), max(c[0], c[1], c[2], c[3]), true
		case Max:
			return max(al, bl), max(ah, bh), true
		case Min:
			return min(al, bl), min(ah, bh), true
		}
	case Div, Rem:
		al, ah, ok1 := indexRange(n.Args[0])
		if !ok1 || n.Args[1].Kind != Const || n.Args[1].I <= 0 || al < 0 {
			return 0, 0, false
		}
		c := n.Args[1].I
		if n.Kind == Div {
			return al / c, ah / c, true
		}
		if ah-al+1 >= c || al%c > ah%c {
			return 0, c - 1, true
		}
		return al % c, ah % c, true
	case Select:
		bl, bh, ok1 := indexRange(n.Args[1])
		cl, ch, ok2 := indexRange(n.Args[2])
		if ok1 && ok2 {
			return min(bl, cl), max(bh, ch), true
		}
	}
	return 0, 0, false
}
