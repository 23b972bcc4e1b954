package vulkan

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestEnsureRuntimeDir: with XDG_RUNTIME_DIR unset, every process of a
// user gets the same private folder (so runs leave at most one behind),
// and a path there that is not a private folder of ours is not trusted.
func TestEnsureRuntimeDir(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	want := filepath.Join(tmp, "zmlc-xdg-"+strconv.Itoa(os.Getuid()))
	for i := 0; i < 2; i++ {
		t.Setenv("XDG_RUNTIME_DIR", "")
		os.Unsetenv("XDG_RUNTIME_DIR")
		ensureRuntimeDir()
		if got := os.Getenv("XDG_RUNTIME_DIR"); got != want {
			t.Fatalf("call %d: XDG_RUNTIME_DIR=%q, want %q", i, got, want)
		}
	}
	if fi, err := os.Stat(want); err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("%s: %v, mode %v, want a 0700 folder", want, err, fi)
	}
	if ents, _ := os.ReadDir(tmp); len(ents) != 1 {
		t.Fatalf("TMPDIR holds %d entries, want 1", len(ents))
	}
	// A folder others can read is not used: a fresh one is made.
	if err := os.Chmod(want, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Unsetenv("XDG_RUNTIME_DIR")
	ensureRuntimeDir()
	if got := os.Getenv("XDG_RUNTIME_DIR"); got == want || got == "" {
		t.Fatalf("XDG_RUNTIME_DIR=%q: the 0755 folder was trusted", got)
	}
}
