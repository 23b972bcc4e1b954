package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zmlc/zmlc/lit"
)

// litDirs are the folders whose lit tests run against the built zmlc (the
// passes' own lit files, testdata/passes, are run by the passes package).
var litDirs = []string{"../../testdata/lit"}

// TestLit runs every .zml and .mlir file with RUN lines under litDirs
// (recursively) as a subtest, with `zmlc` in RUN lines being the binary
// TestMain built and FileCheck lit's built-in checker.
func TestLit(t *testing.T) {
	var files []string
	for _, dir := range litDirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || (filepath.Ext(path) != ".zml" && filepath.Ext(path) != ".mlir") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if len(lit.RunLines(string(src))) > 0 {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 40 {
		t.Fatalf("found %d lit tests, want at least 40", len(files))
	}
	for _, f := range files {
		name := strings.TrimPrefix(filepath.ToSlash(f), "../../testdata/")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := lit.Runner{Tools: map[string]string{"zmlc": zmlcBin}, Timeout: time.Minute, TempDir: t.TempDir()}
			var unsupported *lit.UnsupportedError
			if err := r.RunFile(f); errors.As(err, &unsupported) {
				t.Skip(err)
			} else if err != nil {
				t.Error(err)
			}
		})
	}
}
