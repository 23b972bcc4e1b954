package mnistdata

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestEscapePath(t *testing.T) {
	if got, want := escapePath(Module), "github.com/petar/!go!m!n!i!s!t"; got != want {
		t.Errorf("escapePath(%q) = %q, want %q", Module, got, want)
	}
}

func TestFindDirEnvVar(t *testing.T) {
	dir := t.TempDir()
	writeSet(t, dir, false, 1, 1)
	t.Setenv(EnvVar, dir)
	if got, err := FindDir(); err != nil || got != dir {
		t.Errorf("FindDir() with $%s set = %q, %v; want %q", EnvVar, got, err, dir)
	}
	t.Setenv(EnvVar, t.TempDir())
	if _, err := FindDir(); err == nil || !strings.Contains(err.Error(), EnvVar) {
		t.Errorf("FindDir() with $%s naming an empty folder: got %v, want an error naming it", EnvVar, err)
	}
}

func TestFindDirRunfiles(t *testing.T) {
	root := t.TempDir()
	data := filepath.Join(root, "gazelle++go_deps+com_github_petar_gomnist", "data")
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	writeSet(t, data, true, 1, 1)
	t.Setenv(EnvVar, "")
	t.Setenv("RUNFILES_DIR", root)
	if got, err := FindDir(); err != nil || got != data {
		t.Errorf("FindDir() under Bazel runfiles = %q, %v; want %q", got, err, data)
	}
}

func TestFindDirNotFound(t *testing.T) {
	t.Setenv(EnvVar, "")
	t.Setenv("RUNFILES_DIR", t.TempDir())
	t.Setenv("PATH", t.TempDir()) // no go command
	_, err := FindDir()
	if err == nil {
		t.Fatal("FindDir() without runfiles, build information or go command succeeded")
	}
	for _, want := range []string{"-data=DIR", "no go command", Module, TestImagesFile} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("FindDir() error %q does not mention %q", err, want)
		}
	}
	if got, err := ResolveDir("/some/dir"); err != nil || got != "/some/dir" {
		t.Errorf("ResolveDir with a flag value = %q, %v; want it unchanged", got, err)
	}
}

// TestRealData reads the MNIST files of the GoMNIST module (found with the
// go command, as test binaries carry no dependency versions) and checks
// facts about MNIST that any corruption or mis-decoding would break.
func TestRealData(t *testing.T) {
	dir, err := FindDir()
	if err != nil {
		t.Fatal(err)
	}
	train, err := LoadTrain(dir)
	if err != nil {
		t.Fatal(err)
	}
	test, err := LoadTest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if train.Len() != 60000 || test.Len() != 10000 {
		t.Fatalf("got %d training and %d test images, want 60000 and 10000", train.Len(), test.Len())
	}
	if got, want := train.Labels[:5], []uint8{5, 0, 4, 1, 9}; !slices.Equal(got, want) {
		t.Errorf("first training labels %v, want %v", got, want)
	}
	if got, want := test.Labels[:5], []uint8{7, 2, 1, 0, 4}; !slices.Equal(got, want) {
		t.Errorf("first test labels %v, want %v", got, want)
	}
	// The training set's mean pixel is 0.1307 of full ink (the constant of
	// the usual normalisation), and each digit has 5421 to 6742 images.
	var sum int64
	for _, p := range train.Images {
		sum += int64(p)
	}
	if mean := float64(sum) / float64(len(train.Images)) / 255; mean < 0.13065 || mean > 0.13075 {
		t.Errorf("mean training pixel %.5f, want 0.1307", mean)
	}
	var count [10]int
	for _, l := range train.Labels {
		count[l]++
	}
	if slices.Min(count[:]) != 5421 || slices.Max(count[:]) != 6742 {
		t.Errorf("training images per digit %v, want 5421 (digit 5) to 6742 (digit 1)", count)
	}
}
