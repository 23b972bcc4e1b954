// Package tempfiles makes zmlc's temporary folders and removes the ones a
// killed zmlc left behind.
//
// A temporary name made here carries the creating process's id
// (`PREFIX<pid>-<random>`), so a later zmlc can tell a leftover from a
// folder that a running process still uses: Sweep removes the entries of
// its prefix whose process no longer exists. A live process that happens
// to reuse the id keeps its entry (the rule errs on the side of keeping).
// Process ids alone are not enough where processes in other PID
// namespaces (containers, Bazel's sandbox) share the folder, so the owner
// also holds an flock(2) on its entry (Lock) for as long as it uses it,
// and Sweep removes only an entry whose lock it can take and that is at
// least MinAge old (the moment between creating an entry and locking it).
package tempfiles

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// MinAge is the age below which Sweep leaves an entry alone.
const MinAge = 2 * time.Second

// MkdirTemp creates a new folder `PREFIX<pid>-*` in dir (os.TempDir() when
// dir is ""), after sweeping that folder of the leftovers of dead
// processes with the same prefix (Sweep), and locks it (Lock). The caller
// calls release, then removes the folder, when done. Errors are
// os.MkdirTemp's.
func MkdirTemp(dir, prefix string) (path string, release func(), err error) {
	if dir == "" {
		dir = os.TempDir()
	}
	Sweep(dir, prefix)
	path, err = os.MkdirTemp(dir, prefix+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return "", nil, err
	}
	release = func() {}
	if f, err := os.Open(path); err == nil {
		if Lock(f) == nil {
			release = func() { f.Close() }
		} else {
			f.Close()
		}
	}
	return path, release, nil
}

// Sweep removes, from dir, every entry named `PREFIX<pid>-...` (file or
// folder, with its contents) whose pid names no running process, that is
// at least MinAge old and whose lock (Lock) no process holds. Entries
// it cannot parse, entries of live processes and entries it cannot remove
// are left alone; it reports nothing, since a leftover is harmless.
func Sweep(dir, prefix string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok {
			continue
		}
		pidText, _, ok := strings.Cut(rest, "-")
		if !ok {
			continue
		}
		pid, err := strconv.Atoi(pidText)
		if err != nil || pid <= 0 || pid == os.Getpid() || Alive(pid) {
			continue
		}
		if info, err := e.Info(); err != nil || time.Since(info.ModTime()) < MinAge {
			continue
		}
		path := filepath.Join(dir, e.Name())
		f, err := os.Open(path)
		if err != nil {
			continue
		}
		free := TryLock(f)
		f.Close()
		if free {
			os.RemoveAll(path)
		}
	}
}
