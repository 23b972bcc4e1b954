package tensorio

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedData returns the path of rel under the project's shared data folder
// ($ZMLC_SHARED_DATA, else ../shared/data next to the repository, or
// shared/data inside it). When
// the file is missing the test fails under CI=true and is skipped otherwise.
func sharedData(t *testing.T, rel string) string {
	t.Helper()
	// Under Bazel, scripts/setup_bazel.sh passes the absolute path of
	// ../shared/data with --test_env where it exists.
	if base := os.Getenv("ZMLC_SHARED_DATA"); base != "" {
		if p := filepath.Join(base, rel); fileExists(p) {
			return p
		}
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("go.mod not found above the test's folder")
		}
		dir = parent
	}
	for _, base := range []string{filepath.Join(dir, "..", "shared", "data"), filepath.Join(dir, "shared", "data")} {
		p := filepath.Join(base, rel)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	msg := "shared data ../shared/data/" + rel + " is absent"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + " (required under CI=true)")
	}
	t.Skip(msg + "; skipping")
	return ""
}

// fileExists reports whether path names an existing file or folder.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
