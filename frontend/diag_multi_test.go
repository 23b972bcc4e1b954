package frontend

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// TestSeveralErrors checks that independent errors in one file are all
// reported, in source order (helper is lowered first, then again where
// f inlines it, reported once), while statements that depend on a failed one
// (here z uses y, w calls a fn whose body failed) add no follow-on error.
func TestSeveralErrors(t *testing.T) {
	src := `model M {
  param weight: f32[d=4]
  fn helper(x: f32[d]) -> f32[d] {
    return x + wieght
  }
  fn f(x: f32[d]) -> f32[d] {
    let y = x.sofmax(d)
    let z = y + 1.0
    let w = helper(x)
    let v = x.sum(e)
    return x
  }
  fn g(x: f32[d]) -> f32[d] {
    return undefined_fn(x)
  }
}`
	_, err := Compile("t.zml", []byte(src), Options{})
	var ds ir.Diagnostics
	if !errors.As(err, &ds) {
		t.Fatalf("got %T %v, want ir.Diagnostics", err, err)
	}
	want := []string{
		"t.zml:4:16: error: undefined: wieght (did you mean weight?)",
		"t.zml:7:15: error: unknown method sofmax (did you mean softmax?)",
		"t.zml:10:19: error: f32[d=4] has no dimension e",
		"t.zml:14:12: error: undefined function undefined_fn",
	}
	var got []string
	for _, d := range ds {
		got = append(got, strings.SplitN(d.Error(), "\n", 2)[0])
		if d.Source == nil {
			t.Errorf("%s: no source attached", d.Message)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestErrorLimit checks that at most maxErrors errors are reported.
func TestErrorLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("model M { fn f(x: f32) -> f32 {\n")
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&b, "  let y%d = nope%d\n", i, i)
	}
	b.WriteString("  return x } }\n")
	_, err := Compile("t.zml", []byte(b.String()), Options{})
	var ds ir.Diagnostics
	if !errors.As(err, &ds) || len(ds) != maxErrors {
		t.Fatalf("got %d diagnostics (%T), want %d", len(ds), err, maxErrors)
	}
	if ds[maxErrors-1].Loc.Line != maxErrors+1 {
		t.Fatalf("last diagnostic at line %d, want %d", ds[maxErrors-1].Loc.Line, maxErrors+1)
	}
}

// TestLoopBodyErrors checks that errors inside a loop body are each
// reported and that the loop's variables then add no follow-on error.
func TestLoopBodyErrors(t *testing.T) {
	src := `model M { fn f(x: f32[t=3]) -> f32 {
  let s = zeros(f32)
  for i in 0..t {
    s = s + x[i].frob()
    let q = x.mean(u)
  }
  return s + 1.0 } }`
	_, err := Compile("t.zml", []byte(src), Options{})
	var ds ir.Diagnostics
	if !errors.As(err, &ds) || len(ds) != 2 {
		t.Fatalf("got %v, want two diagnostics", err)
	}
	if ds[0].Loc.Line != 4 || ds[1].Loc.Line != 5 {
		t.Fatalf("diagnostics at lines %d and %d, want 4 and 5: %v", ds[0].Loc.Line, ds[1].Loc.Line, err)
	}
}
