package frontend

import (
	"fmt"
	"strings"
	"testing"
)

// TestKeywordsReserved checks that every keyword is refused as a name, at
// the keyword's position, in each place the grammar takes a name, and
// that names merely starting with a keyword stay names.
func TestKeywordsReserved(t *testing.T) {
	places := []struct {
		src string // %s is the keyword
		col int    // 1-based column of %s
		msg string // "" means the reserved-name message
	}{
		{"model M { fn f(x: f32) -> f32 { let %s = x\n return x } }", 37, ""},
		{"model M { fn f(x: f32) -> f32 { let y, %s = x, x\n return x } }", 40, ""},
		{"model M { fn %s(x: f32) -> f32 { return x } }", 14, ""},
		{"model M { param %s: f32 }", 17, ""},
		{"model %s { }", 7, ""},
		{"model M { fn f(x: f32) -> f32 { for %s in 0..3 { } return x } }", 37, ""},
		{"model M { fn f(x: f32) -> f32 { return x.%s } }", 42, ""},
		{"model M { fn f(x: f32) -> f32 { let y = %s\n return x } }", 41, "syntax error: unexpected %q, expected an expression"},
		{"model M { fn f(%s: f32) -> f32 { return x } }", 16, "syntax error: unexpected %q, expected \")\""},
	}
	for _, kw := range keywords {
		for _, p := range places {
			src := fmt.Sprintf(p.src, kw)
			msg := fmt.Sprintf("syntax error: %q is a reserved keyword and cannot be used as a name", kw)
			if p.msg != "" {
				msg = fmt.Sprintf(p.msg, kw)
			}
			want := fmt.Sprintf("t.zml:1:%d: error: %s", p.col, msg)
			if kw == "scan" && strings.HasPrefix(p.src, "model M { fn f(x: f32) -> f32 { let y = %s") {
				// `let y = scan` starts a scan, which wants its loop
				// variable where return stands.
				want = `t.zml:2:2: error: syntax error: "return" is a reserved keyword and cannot be used as a name`
			}
			_, err := Parse("t.zml", []byte(src))
			if err == nil {
				t.Errorf("%q parsed", src)
				continue
			}
			if got := strings.SplitN(err.Error(), "\n", 2)[0]; got != want {
				t.Errorf("%q:\n got %s\nwant %s", src, got, want)
			}
		}
	}
}

// TestKeywordPrefixNames checks that names containing a keyword (returned,
// index, format, lets) and member names are still names.
func TestKeywordPrefixNames(t *testing.T) {
	src := "model M { fn f(returned: f32[a=2]) -> f32[a] { let index = returned\n let format = returned\n let lets = index + format\n return lets } }"
	if _, err := Compile("t.zml", []byte(src), Options{}); err != nil {
		t.Fatal(err)
	}
}
