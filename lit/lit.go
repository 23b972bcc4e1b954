// Package lit runs lit-style test files (LLVM's lit, llvm.org/docs/CommandGuide/lit.html)
// from `go test`: each file's `RUN:` lines are shell pipelines with
// substitutions (%s the file, %t a temporary path, %S its folder, %T a
// temporary folder, %% a percent sign), run with pipefail as lit's internal
// shell does, where `not CMD` inverts CMD's exit status and `FileCheck` is
// the built-in FileCheck-compatible checker of this package. `REQUIRES:`
// lines name the tools or features a file needs (requires.go).
package lit

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Runner runs the RUN lines of test files.
type Runner struct {
	// Tools maps a command name used in RUN lines to the executable that
	// runs it (for example "zmlc" to a freshly built binary). Other
	// commands are looked up in PATH.
	Tools map[string]string
	// Timeout bounds each RUN line (default one minute).
	Timeout time.Duration
	// TempDir is where %t and %T live; it must exist.
	TempDir string
	// Features are the REQUIRES features available besides Tools and
	// the executables in PATH (requires.go).
	Features map[string]bool
}

// RunLines returns the commands of a test file's `RUN:` lines; a line ending
// in `\` continues on the next RUN line, as in lit.
func RunLines(src string) []string {
	var out []string
	var cur strings.Builder
	cont := false
	for _, line := range strings.Split(src, "\n") {
		i := strings.Index(line, "RUN:")
		if i < 0 {
			continue
		}
		cmd := strings.TrimSpace(line[i+4:])
		if strings.HasSuffix(cmd, "\\") {
			cur.WriteString(strings.TrimSpace(strings.TrimSuffix(cmd, "\\")))
			cur.WriteString(" ")
			cont = true
			continue
		}
		cur.WriteString(cmd)
		out = append(out, cur.String())
		cur.Reset()
		cont = false
	}
	if cont {
		out = append(out, cur.String())
	}
	return out
}

// RunFile runs every RUN line of file and returns the first failure, with
// the command, its exit status and its output, or an error if the file has
// no RUN line. A file whose REQUIRES: features are missing runs nothing:
// the error is an *UnsupportedError (skip the test), or under CI=true a
// failure naming the missing tools and their Debian packages.
func (r *Runner) RunFile(file string) error {
	src, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	if err := r.checkRequires(file, string(src)); err != nil {
		return err
	}
	lines := RunLines(string(src))
	if len(lines) == 0 {
		return fmt.Errorf("%s: no RUN lines", file)
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return err
	}
	tmpBase := filepath.Join(r.TempDir, strings.ReplaceAll(filepath.Base(file), ".", "_"))
	for i, line := range lines {
		cmd := substitute(line, abs, tmpBase+".tmp", r.TempDir)
		if err := r.runLine(cmd, filepath.Dir(abs)); err != nil {
			return fmt.Errorf("%s: RUN line %d failed:\n  $ %s\n%v", file, i+1, cmd, err)
		}
	}
	return nil
}

func substitute(line, file, tmp, tmpDir string) string {
	r := strings.NewReplacer("%%", "%", "%s", file, "%S", filepath.Dir(file), "%t", tmp, "%T", tmpDir)
	return r.Replace(line)
}

// stage is one command of a pipeline.
type stage struct {
	argv      []string
	not       bool
	stdinFile string
	outFile   string
	appendOut bool
	errToOut  bool
}

func (r *Runner) runLine(line, dir string) error {
	words, err := splitWords(line)
	if err != nil {
		return err
	}
	var stages []*stage
	cur := &stage{}
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "|":
			stages = append(stages, cur)
			cur = &stage{}
		case w == "not" && len(cur.argv) == 0:
			cur.not = !cur.not
		case w == "2>&1":
			cur.errToOut = true
		case w == ">" || w == ">>" || w == "<":
			if i+1 >= len(words) {
				return fmt.Errorf("missing file after %s", w)
			}
			i++
			if w == "<" {
				cur.stdinFile = words[i]
			} else {
				cur.outFile, cur.appendOut = words[i], w == ">>"
			}
		default:
			cur.argv = append(cur.argv, w)
		}
	}
	stages = append(stages, cur)
	timeout := r.Timeout
	if timeout == 0 {
		timeout = time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var in []byte
	var log bytes.Buffer
	for _, s := range stages {
		if len(s.argv) == 0 {
			return fmt.Errorf("empty command in pipeline")
		}
		if s.stdinFile != "" {
			path := s.stdinFile
			if !filepath.IsAbs(path) {
				path = filepath.Join(dir, path)
			}
			if in, err = os.ReadFile(path); err != nil {
				return err
			}
		}
		out, errOut, code, err := r.runStage(ctx, s, in, dir)
		if err != nil {
			return err
		}
		if s.errToOut {
			out = append(out, errOut...)
			errOut = nil
		}
		log.Write(errOut)
		failed := code != 0
		if s.not {
			failed = code == 0
		}
		if failed {
			return fmt.Errorf("command %q exited with status %d (want %s)\nstdout:\n%s\nstderr:\n%s", strings.Join(s.argv, " "), code, map[bool]string{true: "non-zero", false: "0"}[s.not], out, log.String())
		}
		if s.outFile != "" {
			flag := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
			if s.appendOut {
				flag = os.O_CREATE | os.O_WRONLY | os.O_APPEND
			}
			f, err := os.OpenFile(s.outFile, flag, 0o644)
			if err != nil {
				return err
			}
			_, err = f.Write(out)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
			out = nil
		}
		in = out
	}
	return nil
}

// runStage runs one command with stdin and returns its stdout, stderr and
// exit status. FileCheck runs in process.
func (r *Runner) runStage(ctx context.Context, s *stage, stdin []byte, dir string) ([]byte, []byte, int, error) {
	if s.argv[0] == "FileCheck" {
		err := fileCheck(s.argv[1:], stdin)
		if err != nil {
			return nil, []byte(err.Error()), 1, nil
		}
		return nil, nil, 0, nil
	}
	path := s.argv[0]
	if p, ok := r.Tools[path]; ok {
		path = p
	}
	cmd := exec.CommandContext(ctx, path, s.argv[1:]...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ctx.Err() != nil {
		return nil, nil, 0, fmt.Errorf("command %q timed out", strings.Join(s.argv, " "))
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return out.Bytes(), errOut.Bytes(), ee.ExitCode(), nil
	}
	if err != nil {
		return nil, nil, 0, fmt.Errorf("cannot run %q: %v", s.argv[0], err)
	}
	return out.Bytes(), errOut.Bytes(), 0, nil
}

// fileCheck implements `FileCheck CHECKFILE [--check-prefix=P]
// [--check-prefixes=P,Q] [--input-file=F]` over stdin.
func fileCheck(args []string, stdin []byte) error {
	var checkFile, inputFile string
	var prefixes []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		val := func(name string) (string, bool) {
			for _, p := range []string{"--" + name + "=", "-" + name + "="} {
				if strings.HasPrefix(a, p) {
					return a[len(p):], true
				}
			}
			if (a == "--"+name || a == "-"+name) && i+1 < len(args) {
				i++
				return args[i], true
			}
			return "", false
		}
		if v, ok := val("check-prefix"); ok {
			prefixes = append(prefixes, v)
		} else if v, ok := val("check-prefixes"); ok {
			prefixes = append(prefixes, strings.Split(v, ",")...)
		} else if v, ok := val("input-file"); ok {
			inputFile = v
		} else if _, ok := val("dump-input"); ok {
		} else if strings.HasPrefix(a, "-") {
			return fmt.Errorf("FileCheck: unsupported option %s", a)
		} else if checkFile == "" {
			checkFile = a
		} else {
			return fmt.Errorf("FileCheck: more than one check file")
		}
	}
	if checkFile == "" {
		return fmt.Errorf("FileCheck: no check file given")
	}
	src, err := os.ReadFile(checkFile)
	if err != nil {
		return err
	}
	input, inName := stdin, "<stdin>"
	if inputFile != "" {
		if input, err = os.ReadFile(inputFile); err != nil {
			return err
		}
		inName = inputFile
	}
	checks, err := ParseChecks(checkFile, string(src), prefixes)
	if err != nil {
		return err
	}
	return Match(checks, string(input), inName)
}

// splitWords splits a command line into words as a POSIX shell would for
// the subset lit tests use: blanks separate words, single and double quotes
// group, backslash escapes one character outside single quotes, and `|` is
// its own word.
func splitWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	flush := func() {
		if inWord {
			words = append(words, cur.String())
			cur.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			flush()
		case c == '|':
			flush()
			words = append(words, "|")
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated single quote")
			}
			cur.WriteString(s[i+1 : i+1+j])
			inWord = true
			i += j + 1
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("unterminated double quote")
			}
			inWord = true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	flush()
	return words, nil
}
