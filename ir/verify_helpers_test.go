package ir

import (
	"strings"
	"testing"
)

// opCase is one op to verify in isolation: a function whose arguments are
// the operands, holding the op (results unused) and an empty func.return.
type opCase struct {
	name     string // test name
	op       string
	operands []Type
	attrs    Attrs
	results  []Type
	regions  []func(*Op)
	want     string // "" when valid, else a fragment of the error
}

var caseLoc = Location{File: "case.mlir", Line: 3, Col: 5}

func (c opCase) run() error {
	f := NewFunc("f", c.operands, nil)
	op := NewOp(c.op, f.Args(), c.results, c.attrs)
	op.Loc = caseLoc
	for _, r := range c.regions {
		r(op)
	}
	f.Body.Entry().Append(op)
	f.Body.Entry().Append(NewOp("func.return", nil, nil, nil))
	return Verify(&Module{Funcs: []*Func{f}})
}

func runCases(t *testing.T, cases []opCase) {
	t.Helper()
	for _, c := range cases {
		err := c.run()
		if c.want == "" {
			if err != nil {
				t.Errorf("%s (%s): want valid, got %v", c.name, c.op, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s (%s): want error containing %q, got none", c.name, c.op, c.want)
			continue
		}
		msg := err.Error()
		prefix := caseLoc.String() + ": error: '" + c.op + "' op "
		if !strings.Contains(msg, c.want) || !strings.Contains(msg, prefix) {
			t.Errorf("%s (%s): want error %q containing %q, got %q", c.name, c.op, prefix, c.want, msg)
		}
	}
}

func tt(e ElementType, dims ...int64) *TensorType { return TensorOf(e, dims...) }

func ts(t ...Type) []Type { return t }

func ia(v ...int64) *DenseArrayAttr { return I64Array(v...) }

func iv(v int64) *IntegerAttr { return &IntegerAttr{Value: v, Type: I64} }

func at(kv ...any) Attrs {
	var a Attrs
	for i := 0; i+1 < len(kv); i += 2 {
		a = append(a, NamedAttr{Name: kv[i].(string), Value: kv[i+1].(Attribute)})
	}
	return a
}

func enum(kind, v string) *EnumAttr { return &EnumAttr{Dialect: "stablehlo", Kind: kind, Value: v} }

// dense2 returns a rank-2 i64 dense elements attribute of the given rows.
func dense2(rows ...[]int64) *DenseElementsAttr {
	k := int64(0)
	if len(rows) > 0 {
		k = int64(len(rows[0]))
	}
	x := MustTensor(TensorOf(I64, int64(len(rows)), k))
	for i, r := range rows {
		copy(x.I[int64(i)*k:], r)
	}
	return &DenseElementsAttr{Value: x}
}

// region returns a region builder: a block with args whose terminator
// returns what build returns.
func region(args []Type, build func(b *Builder, a []*Value) []*Value) func(*Op) {
	return func(op *Op) {
		blk := op.AddRegion(args...)
		vals := build(&Builder{Block: blk}, blk.Args)
		blk.Append(NewOp("stablehlo.return", vals, nil, nil))
	}
}

// binBody is a region (tensor<e>, tensor<e>) -> tensor<e> computing name.
func binBody(name string, e ElementType) func(*Op) {
	return region(ts(tt(e), tt(e)), func(b *Builder, a []*Value) []*Value {
		v, _ := b.Binary(name, a[0], a[1])
		return []*Value{v}
	})
}

// retBody is a region with the given args returning args[idx...].
func retBody(args []Type, idx ...int) func(*Op) {
	return region(args, func(b *Builder, a []*Value) []*Value {
		var r []*Value
		for _, i := range idx {
			r = append(r, a[i])
		}
		return r
	})
}

// constBody is a region without args returning constants of the types.
func constBody(types ...*TensorType) func(*Op) {
	return region(nil, func(b *Builder, _ []*Value) []*Value {
		var r []*Value
		for _, t := range types {
			v, _ := b.Constant(MustTensor(t))
			r = append(r, v)
		}
		return r
	})
}

// cmpBody is a comparator region over pairs of scalars of the types.
func cmpBody(elems ...ElementType) func(*Op) {
	var args []Type
	for _, e := range elems {
		args = append(args, tt(e), tt(e))
	}
	return region(args, func(b *Builder, a []*Value) []*Value {
		if len(a) < 2 {
			v, _ := b.Constant(MustTensor(TensorOf(I1)))
			return []*Value{v}
		}
		v, _ := b.Compare("LT", "", a[0], a[1])
		return []*Value{v}
	})
}
