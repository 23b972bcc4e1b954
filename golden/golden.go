// Package golden compares test output with files stored in the repository
// (golden files) and rewrites them on request.
//
// A test calls Check(t, path, got). When the stored file differs, the test
// fails with a unified diff (github.com/pmezard/go-difflib) from the stored
// text to the new one. Golden files are rewritten instead of compared when
// the environment variable ZMLC_UPDATE_GOLDEN is 1 (honoured by every test
// that uses this package) or when the test binary has a boolean -update
// flag that is set (`go test ./golden -update`).
package golden

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/pmezard/go-difflib/difflib"
)

// EnvUpdate is the environment variable that makes Check rewrite golden
// files: ZMLC_UPDATE_GOLDEN=1.
const EnvUpdate = "ZMLC_UPDATE_GOLDEN"

// Updating reports whether golden files are to be rewritten: the
// environment variable EnvUpdate is "1", or the test binary defines a
// boolean -update flag and it is set.
func Updating() bool {
	if os.Getenv(EnvUpdate) == "1" {
		return true
	}
	if f := flag.Lookup("update"); f != nil {
		if g, ok := f.Value.(flag.Getter); ok {
			if b, ok := g.Get().(bool); ok {
				return b
			}
		}
	}
	return false
}

// Check compares got with the golden file at path. While updating (see
// Updating) it writes got to path instead and logs that it did. A missing
// golden file fails the test with a hint to run with the update switch; a
// different one fails it with a unified diff.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	if Updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		old, err := os.ReadFile(path)
		if err == nil && string(old) == string(got) {
			return
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("updated %s", path)
		return
	}
	want, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		t.Errorf("golden file %s does not exist; create it with %s=1 go test (or -update)", path, EnvUpdate)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if string(want) == string(got) {
		return
	}
	t.Errorf("output differs from %s (rewrite it with %s=1 go test, or -update):\n%s", path, EnvUpdate, Diff(path, string(want), string(got)))
}

// Diff returns the unified diff from want (the golden file at path) to got,
// with three lines of context.
func Diff(path, want, got string) string {
	d, err := difflib.GetUnifiedDiffString(difflib.UnifiedDiff{
		A:        difflib.SplitLines(want),
		B:        difflib.SplitLines(got),
		FromFile: path,
		ToFile:   "got",
		Context:  3,
	})
	if err != nil {
		return fmt.Sprintf("(no diff: %v)", err)
	}
	return d
}
