package atomicfile

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"testing"
	"time"
)

// entries lists the names in dir, sorted.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

func wantContent(t *testing.T, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s holds %d bytes %.40q, want %d bytes %.40q", path, len(got), got, len(want), want)
	}
}

func wantPerm(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	if runtime.GOOS == "windows" {
		return // Windows keeps only a read-only bit
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != want {
		t.Errorf("%s has mode %v, want %v", path, st.Mode().Perm(), want)
	}
}

func TestWriteFileNewAndReplace(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f.bin")
	if err := WriteFile(p, []byte("one")); err != nil {
		t.Fatal(err)
	}
	wantContent(t, p, []byte("one"))
	wantPerm(t, p, NewFileMode)
	if err := WriteFile(p, []byte("second")); err != nil {
		t.Fatal(err)
	}
	wantContent(t, p, []byte("second"))
	if got := entries(t, dir); len(got) != 1 || got[0] != "f.bin" {
		t.Errorf("folder holds %q, want only f.bin", got)
	}
}

func TestReplaceKeepsMode(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows has no permission bits to keep")
	}
	for _, mode := range []os.FileMode{0o600, 0o755, 0o640} {
		p := filepath.Join(t.TempDir(), "f")
		if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		if err := Write(p, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
			t.Fatal(err)
		}
		wantContent(t, p, []byte("new"))
		wantPerm(t, p, mode)
	}
}

func TestWriteStreamsPastTheBuffer(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big")
	want := make([]byte, 3<<20+17)
	for i := range want {
		want[i] = byte(i*7 + i>>12)
	}
	err := Write(p, func(w io.Writer) error {
		for rest := want; len(rest) > 0; {
			n := min(len(rest), 100_000)
			if _, err := w.Write(rest[:n]); err != nil {
				return err
			}
			rest = rest[n:]
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	wantContent(t, p, want)
}

func TestWriteErrorLeavesOldFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	if err := WriteFile(p, []byte("old")); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(p, func(w io.Writer) error {
		w.Write(bytes.Repeat([]byte("x"), 2<<20)) // past the buffer: the temporary file holds data
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want the writer's error", err)
	}
	wantContent(t, p, []byte("old"))
	if got := entries(t, dir); len(got) != 1 {
		t.Errorf("folder holds %q after a failed write, want only f", got)
	}
}

func TestWriteErrorCreatesNothing(t *testing.T) {
	dir := t.TempDir()
	boom := errors.New("boom")
	err := Write(filepath.Join(dir, "f"), func(w io.Writer) error {
		io.WriteString(w, "partial")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want the writer's error", err)
	}
	if got := entries(t, dir); len(got) != 0 {
		t.Errorf("folder holds %q after a failed write, want nothing", got)
	}
}

func TestDestinationIsFolder(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(sub, []byte("x"))
	var pe *os.PathError
	if !errors.Is(err, ErrNotRegular) || !errors.As(err, &pe) || pe.Path != sub {
		t.Fatalf("err = %v, want a PathError for %s wrapping ErrNotRegular", err, sub)
	}
	if st, err := os.Stat(sub); err != nil || !st.IsDir() {
		t.Errorf("the folder was replaced: %v %v", st, err)
	}
	if got := entries(t, dir); len(got) != 1 || got[0] != "sub" {
		t.Errorf("folder holds %q, want only sub", got)
	}
}

func TestMissingFolder(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "no", "such", "f")
	called := false
	err := Write(p, func(w io.Writer) error { called = true; return nil })
	if err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("err = %v, want a not-exist error", err)
	}
	if called {
		t.Errorf("write was called although no temporary file could be made")
	}
	if got := entries(t, dir); len(got) != 0 {
		t.Errorf("folder holds %q, want nothing", got)
	}
}

func TestBareFileName(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := WriteFile("plain", []byte("here")); err != nil {
		t.Fatal(err)
	}
	wantContent(t, filepath.Join(dir, "plain"), []byte("here"))
	if got := entries(t, dir); len(got) != 1 || got[0] != "plain" {
		t.Errorf("folder holds %q, want only plain", got)
	}
}

// TestSweepsLeftovers: the temporary file a killed writer left (its name
// carries the dead process's id) is removed by the next write of the same
// destination; a live process's temporary file is kept.
func TestSweepsLeftovers(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skipf("cannot run true: %v", err)
	}
	dead := filepath.Join(dir, ".out.zpkg.tmp-"+strconv.Itoa(cmd.Process.Pid)+"-123")
	live := filepath.Join(dir, ".out.zpkg.tmp-"+strconv.Itoa(os.Getppid())+"-456")
	old := time.Now().Add(-time.Hour)
	for _, p := range []string{dead, live} {
		if err := os.WriteFile(p, []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	if err := WriteFile(filepath.Join(dir, "out.zpkg"), []byte("whole")); err != nil {
		t.Fatal(err)
	}
	got := entries(t, dir)
	want := []string{filepath.Base(live), "out.zpkg"}
	if !slices.Equal(got, want) {
		t.Fatalf("folder holds %q, want %q", got, want)
	}
}
