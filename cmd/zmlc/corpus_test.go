package main

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// corpusFiles returns the .mlir files of the op corpus (testdata/ops/ at
// the repository root), or none while it does not exist.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir("../../testdata/ops", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".mlir") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return files
}

// TestInterpretCorpus runs `zmlc interpret` on every corpus program, as a
// user would: each must exit 0 with nothing on stderr (every check passes).
func TestInterpretCorpus(t *testing.T) {
	for _, f := range corpusFiles(t) {
		t.Run(strings.TrimPrefix(f, "../../"), func(t *testing.T) {
			r := zmlc(t, "interpret", f)
			r.wantCode(t, exitOK)
			if r.stderr != "" {
				t.Errorf("stderr:\n%s", r.stderr)
			}
		})
	}
}
