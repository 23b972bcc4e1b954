package asm

import (
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// Small helpers that build IR for the printer tests with ir.NewOp.

func tt(e ir.ElementType, shape ...int64) *ir.TensorType { return ir.TensorOf(e, shape...) }

func types(ts ...ir.Type) []ir.Type { return ts }

// testFunc is a function under construction: ops are appended to cur.
type testFunc struct {
	f   *ir.Func
	cur *ir.Block
}

// newTestFunc returns a public function with an entry block whose arguments
// have the given types.
func newTestFunc(name string, in, out []ir.Type) *testFunc {
	f := &ir.Func{Name: name, Type: &ir.FunctionType{Inputs: in, Results: out}}
	f.Body = &ir.Region{}
	b := &ir.Block{Parent: f.Body}
	for _, t := range in {
		b.AddArg(t)
	}
	f.Body.Blocks = []*ir.Block{b}
	return &testFunc{f: f, cur: b}
}

func (tf *testFunc) arg(i int) *ir.Value { return tf.f.Body.Blocks[0].Args[i] }

// op appends an op to the current block and returns it.
func (tf *testFunc) op(name string, operands []*ir.Value, results []ir.Type, attrs ir.Attrs) *ir.Op {
	return tf.cur.Append(ir.NewOp(name, operands, results, attrs))
}

// v1 appends a one-result op and returns its result.
func (tf *testFunc) v1(name string, operands []*ir.Value, result ir.Type, attrs ir.Attrs) *ir.Value {
	return tf.op(name, operands, []ir.Type{result}, attrs).Result(0)
}

// in runs fn with cur set to blk, then restores it.
func (tf *testFunc) in(blk *ir.Block, fn func()) {
	saved := tf.cur
	tf.cur = blk
	fn()
	tf.cur = saved
}

func vals(vs ...*ir.Value) []*ir.Value { return vs }

func attrs(kv ...any) ir.Attrs {
	var a ir.Attrs
	for i := 0; i+1 < len(kv); i += 2 {
		a = append(a, ir.NamedAttr{Name: kv[i].(string), Value: kv[i+1].(ir.Attribute)})
	}
	return a
}

func i64(v int64) *ir.IntegerAttr { return &ir.IntegerAttr{Value: v, Type: ir.I64} }
func i32(v int64) *ir.IntegerAttr { return &ir.IntegerAttr{Value: v, Type: ir.I32} }

func enum(kind, v string) *ir.EnumAttr {
	return &ir.EnumAttr{Dialect: "stablehlo", Kind: kind, Value: v}
}

func dense(t *ir.TensorType, v ...any) *ir.DenseElementsAttr {
	x := ir.MustTensor(t)
	for i := range v {
		x.Set(i, v[i])
	}
	return &ir.DenseElementsAttr{Value: x}
}

// body returns the printed lines of the function body without the header,
// the closing brace and the final return, with indentation relative to the
// function body.
func body(t *testing.T, f *ir.Func, opts Options) string {
	t.Helper()
	s := PrintFunc(f, opts)
	lines := strings.Split(s, "\n")
	if len(lines) < 3 {
		t.Fatalf("unexpected function text:\n%s", s)
	}
	lines = lines[1 : len(lines)-1] // header, closing brace
	if len(lines) > 0 && strings.HasPrefix(lines[0], "^bb0") {
		lines = lines[1:] // generic entry block label
	}
	last := strings.TrimSpace(lines[len(lines)-1])
	if strings.HasPrefix(last, "return") || strings.HasPrefix(last, `"func.return"`) {
		lines = lines[:len(lines)-1]
	}
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "  ")
	}
	return strings.Join(lines, "\n")
}

// diffText reports the first differing line of two texts.
func diffText(t *testing.T, what, got, want string) {
	t.Helper()
	if got == want {
		return
	}
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			t.Errorf("%s: line %d differs\n got: %q\nwant: %q\nfull output:\n%s", what, i+1, gl, wl, got)
			return
		}
	}
}
