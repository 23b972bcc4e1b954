package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	errors []string
	logs   []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, a ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, a...))
}
func (r *recorder) Logf(format string, a ...any) { r.logs = append(r.logs, fmt.Sprintf(format, a...)) }
func (r *recorder) Fatal(a ...any)               { panic(fmt.Sprint(a...)) }

func TestCheckDiffAndUpdate(t *testing.T) {
	if Updating() {
		t.Skip("the check's own behaviour is tested when not updating")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "x.golden")
	r := &recorder{TB: t}
	Check(r, path, []byte("a\n"))
	if len(r.errors) != 1 || !strings.Contains(r.errors[0], "does not exist") {
		t.Errorf("missing golden file: %q", r.errors)
	}
	if err := os.WriteFile(path, []byte("one\ntwo\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = &recorder{TB: t}
	Check(r, path, []byte("one\ntwo\nthree\n"))
	if len(r.errors) != 0 {
		t.Errorf("equal output failed: %q", r.errors)
	}
	Check(r, path, []byte("one\n2\nthree\n"))
	if len(r.errors) != 1 {
		t.Fatalf("different output: %d errors", len(r.errors))
	}
	for _, want := range []string{"--- " + path, "+++ got", "@@ -1,", "-two", "+2", " one", " three"} {
		if !strings.Contains(r.errors[0], want) {
			t.Errorf("diff lacks %q:\n%s", want, r.errors[0])
		}
	}
	// With the environment variable set, Check rewrites the file.
	t.Setenv(EnvUpdate, "1")
	r = &recorder{TB: t}
	Check(r, path, []byte("new\n"))
	if b, _ := os.ReadFile(path); string(b) != "new\n" || len(r.errors) != 0 || len(r.logs) != 1 {
		t.Errorf("update: file %q, errors %q, logs %q", b, r.errors, r.logs)
	}
}
