package llvm

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Tool names a program of LLVM 19 and the Debian package that installs it.
type Tool struct {
	Name    string // the command, e.g. "llc-19"
	Package string // its Debian package, e.g. "llvm-19"
}

// The LLVM 19 tools the targets run.
var (
	ToolOpt     = Tool{"opt-19", "llvm-19"}
	ToolLLC     = Tool{"llc-19", "llvm-19"}
	ToolLLD     = Tool{"ld.lld-19", "lld-19"}
	ToolReadELF = Tool{"llvm-readelf-19", "llvm-19"}
	ToolObjdump = Tool{"llvm-objdump-19", "llvm-19"}
)

// ErrMissingTool is wrapped by the error of a tool that is not installed.
var ErrMissingTool = errors.New("tool not installed")

// Path returns the tool's executable from PATH (or /usr/lib/llvm-19/bin),
// or an error wrapping ErrMissingTool naming the Debian package:
// "llc-19 not found: install the Debian package llvm-19 (scripts/setup.sh)".
func (t Tool) Path() (string, error) {
	if p, err := exec.LookPath(t.Name); err == nil {
		return p, nil
	}
	base := strings.TrimSuffix(t.Name, "-19")
	alt := filepath.Join("/usr/lib/llvm-19/bin", base)
	if st, err := os.Stat(alt); err == nil && !st.IsDir() {
		return alt, nil
	}
	return "", fmt.Errorf("%s not found: install the Debian package %s (scripts/setup.sh): %w", t.Name, t.Package, ErrMissingTool)
}

// Run runs the tool with args and stdin, returning its stdout; a failure
// returns an error with the tool's stderr.
func (t Tool) Run(ctx context.Context, stdin []byte, args ...string) ([]byte, error) {
	path, err := t.Path()
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, path, args...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 4000 {
			msg = msg[:4000] + "..."
		}
		return nil, fmt.Errorf("%s %s: %v: %s", t.Name, strings.Join(args, " "), err, msg)
	}
	return stdout.Bytes(), nil
}
