package frontend

import (
	"errors"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func TestDiagnostics(t *testing.T) {
	if len(diagCases) < 30 {
		t.Fatalf("only %d diagnostic cases", len(diagCases))
	}
	for _, tc := range diagCases {
		m, err := Compile("t.zml", []byte(tc.src), Options{})
		if err == nil {
			t.Errorf("%q: compiled (%d funcs), want error %q", tc.src, len(m.Funcs), tc.want)
			continue
		}
		var d *ir.Diagnostic
		if !errors.As(err, &d) {
			t.Errorf("%q: error %T is not an *ir.Diagnostic", tc.src, err)
			continue
		}
		if d.Source == nil {
			t.Errorf("%q: diagnostic has no source attached", tc.src)
		}
		got := strings.SplitN(err.Error(), "\n", 2)[0]
		if got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
}

// TestDiagnosticCaret checks the full text: location, message, source line
// and a caret under the offending column (tabs kept).
func TestDiagnosticCaret(t *testing.T) {
	src := "model M {\n\tfn f(x: f32[a=2, 3], y: f32[a=2, 4]) -> f32[a] {\n\t\treturn x + y\n\t}\n}\n"
	_, err := Compile("m.zml", []byte(src), Options{})
	want := "m.zml:3:12: error: cannot broadcast f32[a=2, 3] with f32[a=2, 4]: dimension 3 does not match 4 (sizes differ)\n" +
		"\t\treturn x + y\n" +
		"\t\t         ^"
	if err == nil || err.Error() != want {
		t.Fatalf("got\n%v\nwant\n%s", err, want)
	}
}

// TestSymbolicDimBinding checks that --dim binds `b=?` and that the bound
// size reaches the IR.
func TestSymbolicDimBinding(t *testing.T) {
	src := `model M { fn f(x: f32[b=?, d=3]) -> f32[b, d] { return x * 2.0 } }`
	for _, b := range []int64{1, 64} {
		m := compileOK(t, src, map[string]int64{"b": b})
		got := m.Funcs[0].Type.Inputs[0].String()
		want := ir.TensorOf(ir.F32, b, 3).String()
		if got != want {
			t.Fatalf("b=%d: input type %s, want %s", b, got, want)
		}
	}
	_, err := Compile("t.zml", []byte(src), Options{Dims: map[string]int64{"c": 2}})
	if err == nil || !strings.Contains(err.Error(), "symbolic dimension b is not bound (bind it with --dim b=N)") {
		t.Fatalf("unbound b: got %v", err)
	}
}
