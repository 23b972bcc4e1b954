package lit

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// A test file's `REQUIRES: a, b` lines (any number, all must hold) name
// the features it needs, as in LLVM lit: a file whose features are not
// all available is UNSUPPORTED rather than failed. A feature is available
// when the Runner lists it in Features or Tools, or when it names an
// executable found in PATH (an LLVM 19 tool such as llc-19 also in
// /usr/lib/llvm-19/bin). Under CI=true a missing feature is a failure, so
// that CI never passes by skipping.

// toolPackages maps the tools lit tests require to the Debian packages
// that install them (scripts/setup.sh installs them all).
var toolPackages = map[string]string{
	"opt-19": "llvm-19", "llc-19": "llvm-19", "llvm-readelf-19": "llvm-19", "llvm-objdump-19": "llvm-19",
	"ld.lld-19": "lld-19",
	"spirv-dis": "spirv-tools", "spirv-val": "spirv-tools", "spirv-as": "spirv-tools",
}

// lookTool reports whether the executable name is installed; a variable
// so that tests can pretend a tool is missing.
var lookTool = func(name string) bool {
	if _, err := exec.LookPath(name); err == nil {
		return true
	}
	if base, ok := strings.CutSuffix(name, "-19"); ok {
		if st, err := os.Stat(filepath.Join("/usr/lib/llvm-19/bin", base)); err == nil && !st.IsDir() {
			return true
		}
	}
	return false
}

// Requires returns the features named by a test file's REQUIRES: lines,
// in order. Only comma-separated feature names are supported (not lit's
// boolean expressions): anything else is an error naming the line.
func Requires(src string) ([]string, error) {
	var out []string
	for i, line := range strings.Split(src, "\n") {
		j := strings.Index(line, "REQUIRES:")
		if j < 0 {
			continue
		}
		for _, f := range strings.Split(line[j+len("REQUIRES:"):], ",") {
			f = strings.TrimSpace(f)
			if f == "" || strings.ContainsAny(f, " \t!&|()") {
				return nil, fmt.Errorf("line %d: REQUIRES takes comma-separated feature names, got %q", i+1, strings.TrimSpace(line[j:]))
			}
			out = append(out, f)
		}
	}
	return out, nil
}

// MissingFeature is a required feature that is not available, with the
// Debian package that provides it when it is a known tool.
type MissingFeature struct {
	Name    string
	Package string // "" when unknown
}

func (m MissingFeature) String() string {
	if m.Package == "" {
		return m.Name
	}
	return fmt.Sprintf("%s (install the Debian package %s, scripts/setup.sh)", m.Name, m.Package)
}

// UnsupportedError is RunFile's answer for a file whose REQUIRES are not
// met outside CI: the test should be skipped with this message.
type UnsupportedError struct {
	File    string
	Missing []MissingFeature
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("UNSUPPORTED: %s: REQUIRES %s", e.File, missingList(e.Missing))
}

func missingList(ms []MissingFeature) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.String())
	}
	return strings.Join(s, ", ")
}

// missing returns the features of reqs the runner does not have.
func (r *Runner) missing(reqs []string) []MissingFeature {
	var out []MissingFeature
	for _, f := range reqs {
		if r.Features[f] {
			continue
		}
		if _, ok := r.Tools[f]; ok {
			continue
		}
		if lookTool(f) {
			continue
		}
		out = append(out, MissingFeature{Name: f, Package: toolPackages[f]})
	}
	return out
}

// checkRequires returns nil when file's requirements are met, an
// *UnsupportedError when they are not (outside CI), or a failure naming
// the missing features under CI=true.
func (r *Runner) checkRequires(file, src string) error {
	reqs, err := Requires(src)
	if err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	ms := r.missing(reqs)
	if len(ms) == 0 {
		return nil
	}
	if os.Getenv("CI") == "true" {
		return fmt.Errorf("%s: REQUIRES %s: missing, and CI=true makes a missing tool a failure", file, missingList(ms))
	}
	return &UnsupportedError{File: file, Missing: ms}
}
