// Package tempfiles makes zmlc's temporary folders and removes the ones a
// killed zmlc left behind.
//
// A temporary name made here carries the creating process's id
// (`PREFIX<pid>-<random>`), so a later zmlc can tell a leftover from a
// folder that a running process still uses: Sweep removes the entries of
// its prefix whose process no longer exists. A live process that happens
// to reuse the id keeps its entry (the rule errs on the side of keeping).
package tempfiles

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// MkdirTemp creates a new folder `PREFIX<pid>-*` in dir (os.TempDir() when
// dir is ""), after sweeping that folder of the leftovers of dead
// processes with the same prefix (Sweep). The caller removes it when done.
// Errors are os.MkdirTemp's.
func MkdirTemp(dir, prefix string) (string, error) {
	if dir == "" {
		dir = os.TempDir()
	}
	Sweep(dir, prefix)
	return os.MkdirTemp(dir, prefix+strconv.Itoa(os.Getpid())+"-")
}

// Sweep removes, from dir, every entry named `PREFIX<pid>-...` (file or
// folder, with its contents) whose pid names no running process. Entries
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
		os.RemoveAll(filepath.Join(dir, e.Name()))
	}
}
