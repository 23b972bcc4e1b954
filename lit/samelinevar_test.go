package lit

import "testing"

// TestSameLineVar checks uses of a variable on the pattern that defines
// it, which LLVM FileCheck matches as a back-reference to the text the
// definition captured.
func TestSameLineVar(t *testing.T) {
	input := `  %x = add %x, %y
  %z = add %y, %w
  %v = add %u, %u
  %long = mul %long, %longer
  return %v
`
	cases := []matchCase{
		{"llvm-style", "// CHECK: %[[X:.*]] = add %[[X]]", ""},
		{"then-later", "// CHECK: %[[X:[a-z]+]] = add %[[X]]\n// CHECK-NEXT: %z = add %y, %w\n// CHECK: return %v\n// CHECK-NOT: %[[X]]", ""},
		{"skips-lines", "// CHECK: %[[A:[a-z]]] = add %[[B:[a-z]]], %[[B]]\n// CHECK-NEXT: mul\n// CHECK: return %[[A]]", ""},
		{"skips-lines-defines", "// CHECK: %[[A:[a-z]]] = add %[[B:[a-z]]], %[[B]]\n// CHECK: return %[[B]]", "expected string not found"},
		{"exact-text", "// CHECK: %[[L:[a-z]+]] = mul %[[L]], %[[L]]{{$}}", "expected string not found"},
		{"prefix-text", "// CHECK: %[[L:[a-z]+]] = mul %[[L]], %[[L]]er", ""},
		{"two-uses", "// CHECK: %[[L:[a-z]+]] = mul %[[L]], %[[L]]", ""},
		{"no-match", "// CHECK: add %[[Q:[a-z]]], %[[Q]], %[[Q]]", "expected string not found"},
		{"not", "// CHECK: %z\n// CHECK-NOT: %[[P:[a-z]]] = add %[[P]]\n// CHECK: return", ""},
		{"not-fails", "// CHECK: %z\n// CHECK-NOT: add %[[P:[a-z]]], %[[P]]\n// CHECK: return", "excluded string found"},
		{"same", "// CHECK: %v\n// CHECK-SAME: add %[[P:[a-z]]], %[[P]]", ""},
		{"next-fails", "// CHECK: %x\n// CHECK-NEXT: add %[[P:[a-z]]], %[[P]]", "is not on the line after the previous match"},
		{"line-start", "// CHECK: {{^}}%[[X:[a-z]]] = add %[[X]]", "expected string not found"},
		{"line-start-ok", "// CHECK: {{^}}  %[[X:[a-z]]] = add %[[X]]", ""},
		{"dag", "// CHECK-DAG: %[[D:long]] = mul %[[D]]\n// CHECK-DAG: add %[[E:u]], %[[E]]\n// CHECK: return", ""},
	}
	runMatchCases(t, "t.ll", input, cases)
}

// TestSameLineVarValue checks the value a same-pattern definition leaves
// for later lines and the spans it reports.
func TestSameLineVarValue(t *testing.T) {
	vars := map[string]string{}
	p, defs, err := compilePattern("%[[A:[a-z]]] = add %[[B:[a-z]]], %[[B]]", vars)
	if err != nil {
		t.Fatal(err)
	}
	s := "  %x = add %x, %y\n  %v = add %u, %u\n"
	m := p.FindStringSubmatchIndex(s)
	if m == nil {
		t.Fatal("no match")
	}
	if got := s[m[0]:m[1]]; got != "%v = add %u, %u" {
		t.Errorf("match %q", got)
	}
	define(vars, defs, s, m)
	if vars["A"] != "v" || vars["B"] != "u" {
		t.Errorf("vars %v, want A=v B=u", vars)
	}
}
