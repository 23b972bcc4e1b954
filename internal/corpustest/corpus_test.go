package corpustest

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
)

const twoChecks = `
func.func @f() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.add %a, %a : tensor<2xi32>
  check.expect_eq_const %b, dense<[2, 4]> : tensor<2xi32>
  %c = stablehlo.constant dense<1.5> : tensor<f32>
  check.expect_eq %c, %c : tensor<f32>
  func.return
}
`

func parse(t *testing.T, src string) *ir.Module {
	t.Helper()
	m, err := asm.Parse("test.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestChecksToOutputs(t *testing.T) {
	m := parse(t, twoChecks)
	f := m.Funcs[0]
	if !ChecksToOutputs(f) {
		t.Fatal("ChecksToOutputs refused a function with top-level checks only")
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("rewritten module does not verify: %v", err)
	}
	for _, op := range f.Body.Entry().Ops {
		if op.Dialect() == "check" {
			t.Errorf("check op %s kept", op.Name)
		}
	}
	var types []string
	for _, r := range f.Type.Results {
		types = append(types, r.String())
	}
	if got := strings.Join(types, ", "); got != "tensor<2xi32>, tensor<f32>, tensor<f32>" {
		t.Errorf("results %s, want the checks' three tensor operands", got)
	}
	got, err := Interpret(m, "f")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].I[1] != 4 || got[1].F[0] != 1.5 || got[2].F[0] != 1.5 {
		t.Errorf("interpreted results %v, want [2 4], 1.5, 1.5", got)
	}
}

func TestChecksToOutputsNested(t *testing.T) {
	m := parse(t, `
func.func @g() {
  %i = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.case"(%i) ({
    %c = stablehlo.constant dense<1> : tensor<i64>
    check.expect_eq_const %c, dense<1> : tensor<i64>
    stablehlo.return %c : tensor<i64>
  }) : (tensor<i32>) -> tensor<i64>
  func.return
}
`)
	f := m.Funcs[0]
	n := len(f.Body.Entry().Ops)
	if ChecksToOutputs(f) {
		t.Fatal("ChecksToOutputs accepted a check inside a region")
	}
	if len(f.Body.Entry().Ops) != n || len(f.Type.Results) != 0 {
		t.Error("a refused function was changed")
	}
}

func TestInterpretError(t *testing.T) {
	m := parse(t, twoChecks)
	if _, err := Interpret(m, "nosuch"); err == nil {
		t.Error("interpreting a missing function succeeded")
	}
}

func TestFuncs(t *testing.T) {
	if !strings.HasSuffix(Dir(t), filepath.Join("testdata", "ops")) {
		t.Errorf("Dir = %s", Dir(t))
	}
	n, files := 0, map[string]bool{}
	Funcs(t, func(name string, m *ir.Module, f *ir.Func) {
		n++
		file, fn, ok := strings.Cut(name, ":@")
		if !ok || fn != f.Name || !strings.HasSuffix(file, ".mlir") {
			t.Errorf("name %q does not say file.mlir:@%s", name, f.Name)
		}
		files[file] = true
		if len(f.Type.Inputs) != 0 || !f.IsPublic() {
			t.Errorf("%s: takes arguments or is private", name)
		}
		for _, op := range f.Body.Entry().Ops {
			if op.Dialect() == "check" {
				t.Errorf("%s: check op kept", name)
			}
		}
	})
	if n < 300 || len(files) < 40 {
		t.Errorf("only %d functions in %d files", n, len(files))
	}
}
