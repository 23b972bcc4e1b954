package lit

import (
	"strings"
	"testing"
)

func TestFileCheck(t *testing.T) {
	input := `func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<4xf32>
  %1 = stablehlo.multiply %0, %arg0 : tensor<4xf32>

  return %1 : tensor<4xf32>
}
func.func @other() {
  %0 = stablehlo.constant dense<1> : tensor<i32>
}
`
	cases := []matchCase{
		{"plain", "// CHECK: stablehlo.add\n// CHECK: return", ""},
		{"order", "// CHECK: return\n// CHECK: stablehlo.add", "CHECK: expected string not found in input"},
		{"next", "// CHECK: stablehlo.add\n// CHECK-NEXT: stablehlo.multiply", ""},
		{"next-fails", "// CHECK: stablehlo.add\n// CHECK-NEXT: return", "is not on the line after the previous match"},
		{"same", "// CHECK: stablehlo.add\n// CHECK-SAME: : tensor<4xf32>", ""},
		{"same-fails", "// CHECK: stablehlo.add\n// CHECK-SAME: multiply", "CHECK-SAME: expected string not found"},
		{"not", "// CHECK: stablehlo.add\n// CHECK-NOT: subtract\n// CHECK: return", ""},
		{"not-fails", "// CHECK: stablehlo.add\n// CHECK-NOT: multiply\n// CHECK: return", "CHECK-NOT: excluded string found in input"},
		{"empty", "// CHECK: stablehlo.multiply\n// CHECK-EMPTY:\n// CHECK-NEXT: return", ""},
		{"empty-fails", "// CHECK: stablehlo.add\n// CHECK-EMPTY:", "expected empty line not found"},
		{"label", "// CHECK-LABEL: @main\n// CHECK: add\n// CHECK-LABEL: @other\n// CHECK-NEXT: constant", ""},
		{"label-confines", "// CHECK-LABEL: @main\n// CHECK: constant\n// CHECK-LABEL: @other", "CHECK: expected string not found"},
		{"dag", "// CHECK-DAG: multiply\n// CHECK-DAG: add\n// CHECK: return", ""},
		{"dag-fails", "// CHECK-DAG: multiply\n// CHECK-DAG: subtract", "CHECK-DAG: expected string not found"},
		{"regex", "// CHECK: %{{[0-9]+}} = stablehlo.{{add|sub}}", ""},
		{"vars", "// CHECK: [[V:%[0-9]+]] = stablehlo.add\n// CHECK: stablehlo.multiply [[V]], %arg0", ""},
		{"vars-group", "// CHECK: [[V:%(0|1)]] = stablehlo.add\n// CHECK: [[W:%[0-9]]] = stablehlo.multiply [[V]]\n// CHECK: return [[W]]", ""},
		{"vars-mismatch", "// CHECK: [[V:%[0-9]+]] = stablehlo.multiply\n// CHECK: stablehlo.add [[V]]", "expected string not found"},
		{"whitespace", "// CHECK: %0   =   stablehlo.add", ""},
		{"undefined-var", "// CHECK: [[NOPE]]", "undefined variable: NOPE"},
	}
	runMatchCases(t, "t.mlir", input, cases)
}

// matchCase is a check file and the error it should fail with.
type matchCase struct {
	name   string
	checks string
	errSub string // "" means the checks pass
}

// runMatchCases parses each case's checks as file and matches them
// against input: the match passes or fails with an error containing
// errSub.
func runMatchCases(t *testing.T, file, input string, cases []matchCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checks, err := ParseChecks("file", c.checks, nil)
			if err != nil {
				t.Fatal(err)
			}
			err = Match(checks, input, "<stdin>")
			if c.errSub == "" {
				if err != nil {
					t.Fatalf("want pass, got:\n%v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.errSub) {
				t.Fatalf("want error containing %q, got %v", c.errSub, err)
			}
		})
	}
}

func TestFileCheckErrorFormat(t *testing.T) {
	checks, err := ParseChecks("t.mlir", "// CHECK: nothing-like-this", nil)
	if err != nil {
		t.Fatal(err)
	}
	err = Match(checks, "line one\nline two\n", "<stdin>")
	want := "t.mlir:1:11: error: CHECK: expected string not found in input\n// CHECK: nothing-like-this\n          ^\n<stdin>:1:1: note: scanning from here\nline one\n^\n"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("got:\n%v\nwant prefix:\n%s", err, want)
	}
}

func TestParseChecksErrors(t *testing.T) {
	for src, want := range map[string]string{
		"// CHECK-NEX: x":      "unknown check directive CHECK-NEX",
		"// CHECK:":            "found empty check string with prefix 'CHECK:'",
		"nothing here":         "no check strings found with prefix 'CHECK:'",
		"// CHECK-NEXT: x":     "found 'CHECK-NEXT' without previous 'CHECK: line",
		"// CHECK: {{unclosed": "", // reported at match time
	} {
		_, err := ParseChecks("f", src, nil)
		if want == "" {
			if err != nil {
				t.Errorf("%q: unexpected %v", src, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: want %q, got %v", src, want, err)
		}
	}
}

func TestPrefixes(t *testing.T) {
	checks, err := ParseChecks("f", "// FOO: a\n// CHECK: zzz\n// BAR-NEXT: b", []string{"FOO", "BAR"})
	if err != nil {
		t.Fatal(err)
	}
	if len(checks) != 2 {
		t.Fatalf("want 2 checks, got %d", len(checks))
	}
	if err := Match(checks, "a\nb\n", "in"); err != nil {
		t.Fatal(err)
	}
}

func TestSplitWords(t *testing.T) {
	got, err := splitWords(`zmlc --emit=mlir %s | FileCheck "a b" 'c|d' e\ f`)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"zmlc", "--emit=mlir", "%s", "|", "FileCheck", "a b", "c|d", "e f"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("got %q want %q", got, want)
	}
	if _, err := splitWords(`a "b`); err == nil {
		t.Fatal("want unterminated quote error")
	}
}

func TestRunLines(t *testing.T) {
	src := "// RUN: zmlc %s \\\n// RUN:   --emit=mlir | FileCheck %s\n// RUN: not zmlc %s\n"
	got := RunLines(src)
	if len(got) != 2 || got[0] != "zmlc %s --emit=mlir | FileCheck %s" || got[1] != "not zmlc %s" {
		t.Fatalf("got %q", got)
	}
}
