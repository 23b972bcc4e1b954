package tempfiles

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// deadPID returns the id of a process that has exited.
func deadPID(t *testing.T) int {
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skipf("cannot run true: %v", err)
	}
	return cmd.Process.Pid
}

// TestSweep: the leftovers of a dead process go, the folders of live ones
// (this test's own and its parent's) and names of other shapes stay.
func TestSweep(t *testing.T) {
	dir := t.TempDir()
	dead := deadPID(t)
	mk := func(name string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Join(p, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
		old := time.Now().Add(-time.Hour)
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
		return p
	}
	gone := mk("zmlc-llvm-" + strconv.Itoa(dead) + "-123")
	mine := mk("zmlc-llvm-" + strconv.Itoa(os.Getpid()) + "-456")
	parent := mk("zmlc-llvm-" + strconv.Itoa(os.Getppid()) + "-789")
	odd := mk("zmlc-llvm-notapid")
	other := mk("zmlc-other-" + strconv.Itoa(dead) + "-1")
	// A dead pid whose entry is locked: its owner lives in another PID
	// namespace (a container sharing the folder), so it stays.
	locked := mk("zmlc-llvm-" + strconv.Itoa(dead) + "-777")
	lf, err := os.Open(locked)
	if err != nil {
		t.Fatal(err)
	}
	defer lf.Close()
	if err := Lock(lf); err != nil {
		t.Fatal(err)
	}
	// A dead pid's entry made just now: maybe not locked yet, so it stays.
	young := filepath.Join(dir, "zmlc-llvm-"+strconv.Itoa(dead)+"-888")
	if err := os.Mkdir(young, 0o755); err != nil {
		t.Fatal(err)
	}
	Sweep(dir, "zmlc-llvm-")
	if _, err := os.Stat(gone); !os.IsNotExist(err) {
		t.Errorf("%s (dead pid %d) was not removed: %v", gone, dead, err)
	}
	for _, p := range []string{mine, parent, odd, other, locked, young} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed: %v", p, err)
		}
	}
}

// TestMkdirTemp: the folder carries this process's id, so Sweep of a
// later process keeps it while this one lives.
func TestMkdirTemp(t *testing.T) {
	dir := t.TempDir()
	p, release, err := MkdirTemp(dir, "zmlc-x-")
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	want := "zmlc-x-" + strconv.Itoa(os.Getpid()) + "-"
	if base := filepath.Base(p); len(base) <= len(want) || base[:len(want)] != want {
		t.Fatalf("name %q does not start with %q", base, want)
	}
	Sweep(dir, "zmlc-x-")
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("a live process's folder was swept: %v", err)
	}
}
