package ir

import (
	"errors"
	"strings"
	"testing"
)

func TestBuilderArgmax(t *testing.T) {
	// The argmax: reduce over (values, iota) keeping the larger value
	// and, on a tie, the lower index.
	vt := tt(F32, 4)
	f := NewFunc("argmax", ts(vt), ts(tt(I32)))
	b := &Builder{Block: f.Body.Entry(), Loc: Location{File: "m.zml", Line: 1, Col: 1}}
	must := func(v *Value, err error) *Value {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	idx := must(b.Iota(tt(I32, 4), 0))
	ninf := must(b.Constant(Scalar(F32, -1e30)))
	zero := must(b.Constant(Scalar(I32, int64(0))))
	res, err := b.Reduce([]*Value{f.Args()[0], idx}, []*Value{ninf, zero}, []int64{0}, func(b *Builder, a []*Value) []*Value {
		av, ai, bv, bi := a[0], a[1], a[2], a[3]
		gt := must(b.Compare("GT", "FLOAT", av, bv))
		eq := must(b.Compare("EQ", "FLOAT", av, bv))
		lt := must(b.Compare("LT", "SIGNED", ai, bi))
		tie := must(b.And(eq, lt))
		keepA := must(b.Or(gt, tie))
		return []*Value{must(b.Select(keepA, av, bv)), must(b.Select(keepA, ai, bi))}
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := typesStr([]Type{res[0].Type, res[1].Type}); got != "tensor<f32>, tensor<i32>" {
		t.Errorf("reduce results: %s", got)
	}
	if err := b.Return(res[1]); err != nil {
		t.Fatal(err)
	}
	if err := Verify(&Module{Funcs: []*Func{f}}); err != nil {
		t.Fatalf("built module does not verify: %v", err)
	}
	red := f.Body.Entry().Ops[3]
	if red.Name != "stablehlo.reduce" || red.Regions[0].Parent != red || red.Regions[0].Entry().Terminator().Name != "stablehlo.return" {
		t.Errorf("reduce op not linked: %s", red.Name)
	}
	if red.Loc != b.Loc {
		t.Errorf("op location %v, want %v", red.Loc, b.Loc)
	}
}

func TestBuilderTypedOps(t *testing.T) {
	f := NewFunc("ops", ts(tt(F32, 2, 3), tt(F32, 1, 2, 3), tt(F32, 1, 4, 2, 3)), nil)
	b := &Builder{Block: f.Body.Entry()}
	x, l, r := f.Args()[0], f.Args()[1], f.Args()[2]
	check := func(v *Value, err error, want string) {
		t.Helper()
		if err != nil {
			t.Fatalf("want %s: %v", want, err)
		}
		if v.Type.String() != want {
			t.Errorf("got %s, want %s", v.Type, want)
		}
	}
	v, err := b.DotGeneral(l, r, &DotDimensionNumbersAttr{LhsBatchingDimensions: []int64{0, 1}, RhsBatchingDimensions: []int64{0, 2}, LhsContractingDimensions: []int64{2}, RhsContractingDimensions: []int64{3}})
	check(v, err, "tensor<1x2x4xf32>")
	v, err = b.Transpose(x, []int64{1, 0})
	check(v, err, "tensor<3x2xf32>")
	v, err = b.Reshape(x, []int64{6})
	check(v, err, "tensor<6xf32>")
	v, err = b.BroadcastInDim(x, []int64{5, 2, 3}, []int64{1, 2})
	check(v, err, "tensor<5x2x3xf32>")
	v, err = b.Slice(x, []int64{0, 1}, []int64{2, 3}, []int64{1, 1})
	check(v, err, "tensor<2x2xf32>")
	v, err = b.Concatenate(0, x, x, x)
	check(v, err, "tensor<6x3xf32>")
	v, err = b.Convert(x, BF16)
	check(v, err, "tensor<2x3xbf16>")
	s, _ := b.Constant(Scalar(F32, 0.0))
	v, err = b.Pad(x, s, []int64{1, 0}, []int64{0, 0}, []int64{1, 0})
	check(v, err, "tensor<4x3xf32>")
	v, err = b.Compare("GE", "", x, x)
	check(v, err, "tensor<2x3xi1>")
	c := v
	v, err = b.Select(c, x, x)
	check(v, err, "tensor<2x3xf32>")
	i0, _ := b.Constant(Scalar(I32, int64(0)))
	v, err = b.DynamicSlice(x, []*Value{i0, i0}, []int64{1, 2})
	check(v, err, "tensor<1x2xf32>")
	v, err = b.Unary("chlo.erf", x)
	check(v, err, "tensor<2x3xf32>")
	v, err = b.Maximum(x, x)
	check(v, err, "tensor<2x3xf32>")
	w, err := b.While([]*Value{i0}, func(b *Builder, a []*Value) *Value {
		v, _ := b.Compare("LT", "SIGNED", a[0], a[0])
		return v
	}, func(b *Builder, a []*Value) []*Value {
		v, _ := b.Add(a[0], a[0])
		return []*Value{v}
	})
	if err != nil || len(w) != 1 || w[0].Type.String() != "tensor<i32>" {
		t.Errorf("while: %v %v", w, err)
	}
	p, _ := b.Constant(Scalar(I1, int64(1)))
	iv, err := b.If(p, func(b *Builder) []*Value { return []*Value{i0} }, func(b *Builder) []*Value {
		v, _ := b.Negate(i0)
		return []*Value{v}
	})
	if err != nil || len(iv) != 1 {
		t.Errorf("if: %v %v", iv, err)
	}
	if err := b.Return(); err != nil {
		t.Fatal(err)
	}
	if err := Verify(&Module{Funcs: []*Func{f}}); err != nil {
		t.Fatalf("built module does not verify: %v", err)
	}
}

func TestBuilderErrors(t *testing.T) {
	f := NewFunc("bad", ts(tt(F32, 2, 3), tt(I32, 2, 3)), nil)
	loc := Location{File: "model.zml", Line: 7, Col: 12}
	b := &Builder{Block: f.Body.Entry(), Loc: loc}
	x, y := f.Args()[0], f.Args()[1]
	type failure struct {
		err  error
		want string
	}
	var fails []failure
	add := func(_ any, err error, want string) { fails = append(fails, failure{err, want}) }
	_, err := b.Add(x, y)
	add(nil, err, "model.zml:7:12: error: 'stablehlo.add' op requires type(lhs) = type(rhs) = type(result) (C1)")
	_, err = b.Transpose(x, []int64{0, 0})
	add(nil, err, "'stablehlo.transpose' op requires permutation to be a permutation of range(rank(operand)) (C2)")
	_, err = b.Reshape(x, []int64{5})
	add(nil, err, "'stablehlo.reshape' op requires size(operand) = size(result) (C2)")
	_, err = b.Sqrt(y)
	add(nil, err, "'stablehlo.sqrt' op operand must be a tensor of floating-point or complex type (I1)")
	_, err = b.Add(nil, x)
	add(nil, err, "'stablehlo.add' op operand #0 is nil")
	_, err = b.Op("stablehlo.bogus", nil, nil)
	add(nil, err, "'stablehlo.bogus' op is not a registered operation")
	_, err = b.Op("stablehlo.reshape", []*Value{x}, nil)
	add(nil, err, "'stablehlo.reshape' op requires an explicit result type")
	// An error inside a region body is reported by the op owning it.
	_, err = b.Reduce([]*Value{x}, []*Value{x}, []int64{0}, func(b *Builder, a []*Value) []*Value {
		v, _ := b.Add(a[0], a[1])
		return []*Value{v}
	})
	add(nil, err, "'stablehlo.reduce' op init_values must be 0-dimensional")
	s, _ := b.Constant(Scalar(F32, 0.0))
	_, err = b.Reduce([]*Value{y}, []*Value{s}, []int64{0}, func(b *Builder, a []*Value) []*Value {
		v, _ := b.Rsqrt(a[0])
		return []*Value{v}
	})
	add(nil, err, "'stablehlo.rsqrt' op operand must be a tensor of floating-point or complex type")
	for i, c := range fails {
		var d *Diagnostic
		if c.err == nil || !errors.As(c.err, &d) {
			t.Errorf("#%d: want a *Diagnostic containing %q, got %v", i, c.want, c.err)
			continue
		}
		if !strings.Contains(c.err.Error(), c.want) || d.Loc != loc {
			t.Errorf("#%d: want %q at %v, got %q at %v", i, c.want, loc, c.err, d.Loc)
		}
	}
	// Failed ops are not appended: only the scalar constant is.
	if n := len(f.Body.Entry().Ops); n != 1 {
		t.Errorf("want 1 op in the block, got %d", n)
	}
}

func TestNewFunc(t *testing.T) {
	f := NewFunc("f", ts(tt(F32, 2), tt(I32)), ts(tt(F32, 2)))
	if len(f.Args()) != 2 || f.Args()[1].Type.String() != "tensor<i32>" || f.Args()[0].Block != f.Body.Entry() || f.Body.Entry().Parent != f.Body {
		t.Errorf("entry block: %+v", f.Body.Entry())
	}
	if f.Type.String() != "(tensor<2xf32>, tensor<i32>) -> tensor<2xf32>" || !f.IsPublic() {
		t.Errorf("type %s", f.Type)
	}
	// A function without ops does not verify (no terminator).
	if err := VerifyFunc(nil, f); err == nil {
		t.Error("empty function verified")
	}
}
