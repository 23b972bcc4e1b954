package frontend

import (
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
)

// Lowering tests: the shape of the produced IR (function signature and
// attributes, inlined sub-modules, loops, locations).

const blockSrc = `
block Layer {
  param w: f32[d=4, e=4]
  param b: f32[d=4]
  fn forward(x: f32[n, e]) -> f32[n, d] {
    return relu(x.dot(w, contract: e) + b).rename(d: e).rename(e: d)
  }
}
model Net {
  param scale: f32
  layers: Layer[3]
  head: Layer
  fn forward(x: f32[n=?, e=4]) -> f32[n, d] {
    let h = x
    for l in layers {
      h = l(h).rename(d: e) * scale
    }
    return head.forward(h)
  }
}
`

func TestLowerSignatureAndSubmodules(t *testing.T) {
	m := compileOK(t, blockSrc, map[string]int64{"n": 2})
	if len(m.Funcs) != 1 || m.Funcs[0].Name != "forward" || !m.Funcs[0].IsPublic() || m.Name != "Net" {
		t.Fatalf("want one public @forward in @Net, got %d funcs", len(m.Funcs))
	}
	f := m.Funcs[0]
	wantParams := []string{"scale", "layers.0.w", "layers.0.b", "layers.1.w", "layers.1.b", "layers.2.w", "layers.2.b", "head.w", "head.b"}
	if len(f.Type.Inputs) != len(wantParams)+1 {
		t.Fatalf("%d inputs, want %d", len(f.Type.Inputs), len(wantParams)+1)
	}
	for i, n := range wantParams {
		if got := f.ArgAttr(i, "zml.param"); got != ir.StringAttr(n) {
			t.Errorf("arg %d zml.param = %v, want %q", i, got, n)
		}
	}
	if a := f.ArgAttr(len(wantParams), "zml.param"); a != nil {
		t.Errorf("input has zml.param %v", a)
	}
	dims := f.ArgAttr(len(wantParams), "zml.dims").(ir.ArrayAttr)
	if len(dims) != 2 || dims[0] != ir.StringAttr("n") || dims[1] != ir.StringAttr("e") {
		t.Errorf("input zml.dims = %v", dims)
	}
	if rd := f.ResultAttr(0, "zml.dims").(ir.ArrayAttr); len(rd) != 2 || rd[1] != ir.StringAttr("d") {
		t.Errorf("result zml.dims = %v", rd)
	}
	// Four inlined layers: four dot_generals, no calls.
	counts := map[string]int{}
	m.Walk(func(op *ir.Op) bool { counts[op.Name]++; return true })
	if counts["stablehlo.dot_general"] != 4 || counts["func.call"] != 0 {
		t.Errorf("op counts %v: want 4 dot_general and no call", counts)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
}

func TestLowerLocations(t *testing.T) {
	m := compileOK(t, "model M {\n  fn f(x: f32[4]) -> f32[4] {\n    let y = x * 2.0\n    return exp(y)\n  }\n}\n", nil)
	var mul, exp *ir.Op
	m.Walk(func(op *ir.Op) bool {
		switch op.Name {
		case "stablehlo.multiply":
			mul = op
		case "stablehlo.exponential":
			exp = op
		}
		return true
	})
	if mul == nil || exp == nil {
		t.Fatal("missing ops")
	}
	if mul.Loc != (ir.Location{File: "t.zml", Line: 3, Col: 15}) {
		t.Errorf("multiply at %v, want t.zml:3:15", mul.Loc)
	}
	if exp.Loc != (ir.Location{File: "t.zml", Line: 4, Col: 12}) {
		t.Errorf("exponential at %v, want t.zml:4:12", exp.Loc)
	}
	m.Walk(func(op *ir.Op) bool {
		if !op.Loc.IsKnown() {
			t.Errorf("%s has no location", op.Name)
		}
		return true
	})
}

func TestLowerCountedLoop(t *testing.T) {
	src := `model M { fn f(x: f32[4]) -> f32[4] {
	  let acc = x
	  for i in 0..5 { acc = acc + x }
	  return acc } }`
	m := compileOK(t, src, nil)
	text := asm.Print(m, asm.Options{})
	if !strings.Contains(text, "stablehlo.while") {
		t.Fatalf("no while:\n%s", text)
	}
	got := run(t, src, "f", f32s([]int64{4}, 1, 2, 3, 4))
	near(t, got[0], 0, 6, 12, 18, 24)
	// while with a bool condition, and the loop index used as a value.
	src = `model M { fn f(x: f32) -> f32 {
	  let s = x
	  for i in 0..4 { s = s + i.convert(f32) }
	  while s < 100.0 { s = s * 2.0 }
	  return s } }`
	got = run(t, src, "f", f32s(nil, 1))
	// 1 + 0+1+2+3 = 7; doubled until >= 100: 112.
	near(t, got[0], 0, 112)
}

func TestLowerIndexing(t *testing.T) {
	src := `model M { fn f(x: f32[r=2, c=4]) -> f32[c] { return x[1] }
	  fn g(x: f32[r=2, c=4]) -> f32[r, c=2] { return x[:, 1:4:2] }
	  fn h(x: f32[r=2, c=4]) -> f32[c] { let i = 0
	    for k in 0..1 { i = i + 1 }
	    return x[i] } }`
	x := f32s([]int64{2, 4}, 0, 1, 2, 3, 4, 5, 6, 7)
	near(t, run(t, src, "f", x)[0], 0, 4, 5, 6, 7)
	near(t, run(t, src, "g", x)[0], 0, 1, 3, 5, 7)
	near(t, run(t, src, "h", x)[0], 0, 4, 5, 6, 7)
}

func TestLowerShapeBuiltins(t *testing.T) {
	src := `model M {
	  fn f(x: f32[a=2, b=3]) -> f32[b, a] { return x.transpose(b, a) }
	  fn g(x: f32[a=2, b=3]) -> f32[a, b=6] { return concat(x, x, axis: b) }
	  fn h(x: f32[a=2, b=4]) -> f32[a, b=1] { let p, q = x.split(b, sizes: [3, 1])
	    return q }
	  fn e(t: f32[v=3, d=2], ids: i32[s=2]) -> f32[s, d] { return embedding(t, ids) }
	  fn m(x: f32[q=2, k=2]) -> f32[q, k] { return causal_mask(x) }
	  fn w(x: f32[a=3]) -> f32[a] { return where(x > 0.0, x, 0.0 - x) }
	}`
	x := f32s([]int64{2, 3}, 1, 2, 3, 4, 5, 6)
	near(t, run(t, src, "f", x)[0], 0, 1, 4, 2, 5, 3, 6)
	near(t, run(t, src, "g", x)[0], 0, 1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6)
	near(t, run(t, src, "h", f32s([]int64{2, 4}, 1, 2, 3, 4, 5, 6, 7, 8))[0], 0, 4, 8)
	ids := ir.MustTensor(ir.TensorOf(ir.I32, 2))
	copy(ids.I, []int64{2, 0})
	near(t, run(t, src, "e", f32s([]int64{3, 2}, 0, 1, 10, 11, 20, 21), ids)[0], 0, 20, 21, 0, 1)
	inf := -1.0 / zero()
	near(t, run(t, src, "m", f32s([]int64{2, 2}, 1, 2, 3, 4))[0], 0, 1, inf, 3, 4)
	near(t, run(t, src, "w", f32s([]int64{3}, -2, 0, 5))[0], 0, 2, 0, 5)
}

func zero() float64 { return 0 }
