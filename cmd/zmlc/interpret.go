package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
)

// interpretOptions are the flags of `zmlc interpret`.
type interpretOptions struct {
	Entry     string
	Inputs    []string
	OutputDir string
	Dims      []string // --dim NAME=SIZE for a .zml input
	Help      bool
	Args      []string
}

// newInterpretFlags returns the flag set of `zmlc interpret`, bound to o.
func newInterpretFlags(o *interpretOptions) *pflag.FlagSet {
	fs := newFlagSet("zmlc interpret")
	fs.StringVar(&o.Entry, "entry", "", "run only the function `NAME` (it may take arguments: see --input)")
	fs.StringArrayVar(&o.Inputs, "input", nil, "argument of --entry, a `FILE.npy` (repeat, one per argument, in order)")
	fs.StringVar(&o.OutputDir, "output-dir", "", "also write each result as .npy into `DIR`")
	fs.StringArrayVar(&o.Dims, "dim", nil, "bind a symbolic dimension of a .zml input, `NAME=SIZE` (repeatable)")
	fs.BoolVarP(&o.Help, "help", "h", false, "print this help and exit")
	return fs
}

// parseInterpretArgs parses the command line of `zmlc interpret`. Errors
// are *usageError values.
func parseInterpretArgs(args []string) (*interpretOptions, error) {
	o := &interpretOptions{}
	fs := newInterpretFlags(o)
	if err := fs.Parse(normalizeArgs(fs, args)); err != nil {
		return nil, &usageError{err.Error()}
	}
	o.Args = fs.Args()
	if o.Help {
		return o, nil
	}
	if err := oneArg(o.Args, "input file"); err != nil {
		return nil, err
	}
	if len(o.Inputs) > 0 && o.Entry == "" {
		return nil, &usageError{"--input needs --entry NAME (the function the inputs are for)"}
	}
	return o, nil
}

// interpretMain is `zmlc interpret`. It returns the exit status: 1 when any
// part failed to parse or verify, a function failed to run, or a check
// failed.
func interpretMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseInterpretArgs(args)
	if err != nil {
		reportUsage(stderr, err, "zmlc interpret")
		return exitUsage
	}
	if o.Help {
		printInterpretHelp(stdout)
		return exitOK
	}
	// Results are for reading: print every element in decimal, never as a
	// hex blob (exact either way; --output-dir gives the raw values).
	ir.HexElementsThreshold = -1
	filename, src, err := readInput(o.Args[0], stdin)
	if err != nil {
		reportError(stderr, err, "", nil)
		return exitError
	}
	var inputs []interp.Value
	for _, p := range o.Inputs {
		t, err := readTensor(p)
		if err != nil {
			if pe, ok := err.(*os.PathError); ok {
				err = pe.Err
			}
			reportError(stderr, fmt.Errorf("--input %s: %v", p, err), "", nil)
			return exitError
		}
		inputs = append(inputs, t)
	}
	if o.OutputDir != "" {
		if err := os.MkdirAll(o.OutputDir, 0o755); err != nil {
			reportError(stderr, fmt.Errorf("--output-dir: %v", err), "", nil)
			return exitError
		}
	}
	var mods []*ir.Module
	if inputKind(o.Args[0]) == "zml" {
		// A .zml model is compiled by the front end first, as `zmlc opt` does.
		dims, _, err := parseDims(o.Dims)
		if err != nil {
			reportUsage(stderr, err, "zmlc interpret")
			return exitUsage
		}
		m, err := compileZML(filename, src, dims)
		if err != nil {
			reportError(stderr, err, filename, src)
			return exitError
		}
		mods = []*ir.Module{m}
	} else if mods, err = parseSplitFile(filename, src); err != nil {
		reportError(stderr, err, filename, src)
		return exitError
	}
	r := &interpretRun{opts: o, stdout: stdout, stderr: stderr, filename: filename, src: src, split: len(mods) > 1}
	for k, m := range mods {
		r.module(k, m, inputs)
	}
	switch {
	case o.Entry != "" && r.ran == 0 && r.errors == 0:
		reportError(stderr, fmt.Errorf("%s: no function @%s", filename, o.Entry), "", nil)
		return exitError
	case o.Entry == "" && r.ran == 0 && r.errors == 0:
		reportError(stderr, fmt.Errorf("%s: no public function without arguments to run; use --entry NAME with --input", filename), "", nil)
		return exitError
	}
	if r.failedChecks > 0 || r.errors > 0 {
		fmt.Fprintf(stderr, "zmlc: %s: %d function(s) run, %d check(s) failed, %d error(s)\n", filename, r.ran, r.failedChecks, r.errors)
		return exitError
	}
	return exitOK
}

// interpretRun is the state of one `zmlc interpret` run.
type interpretRun struct {
	opts           *interpretOptions
	stdout, stderr io.Writer
	filename       string
	src            []byte
	split          bool // the file has several `// -----` parts

	ran, failedChecks, errors int
}

// module verifies part k of the file and runs its functions.
func (r *interpretRun) module(k int, m *ir.Module, inputs []interp.Value) {
	if err := verifyModule(m); err != nil {
		reportError(r.stderr, err, r.filename, r.src)
		r.errors++
		return
	}
	for _, f := range m.Funcs {
		if f.Body == nil {
			continue
		}
		if r.opts.Entry != "" {
			if f.Name == r.opts.Entry {
				r.call(k, m, f, inputs)
			}
			continue
		}
		if f.IsPublic() && len(f.Type.Inputs) == 0 {
			r.call(k, m, f, nil)
		}
	}
}

// call runs f with args on a fresh interpreter and reports its results and
// failed checks.
func (r *interpretRun) call(k int, m *ir.Module, f *ir.Func, args []interp.Value) {
	r.ran++
	in := interp.New(m)
	res, err := in.Call(f.Name, args)
	for _, cf := range in.Failures {
		r.failedChecks++
		fn := cf.Func
		if fn == "" {
			fn = f.Name
		}
		reportError(r.stderr, &ir.Diagnostic{Loc: cf.Loc, Message: fmt.Sprintf("check failed in @%s: %s", fn, cf.Message)}, r.filename, r.src)
	}
	if err != nil {
		if !strings.Contains(firstLine(err.Error()), ": error: ") {
			// Name the function unless the error names its location.
			err = fmt.Errorf("@%s: %w", f.Name, err)
		}
		reportError(r.stderr, err, r.filename, r.src)
		r.errors++
		return
	}
	if len(res) == 0 {
		return
	}
	fmt.Fprintf(r.stdout, "// @%s\n", f.Name)
	for i, v := range res {
		fmt.Fprintln(r.stdout, valueString(v))
		if r.opts.OutputDir != "" {
			name := fmt.Sprintf("%s_%d", f.Name, i)
			if r.split {
				name = fmt.Sprintf("part%d_%s", k, name)
			}
			if err := r.writeValue(name, v); err != nil {
				reportError(r.stderr, err, "", nil)
				r.errors++
			}
		}
	}
}

// writeValue writes v as DIR/name.npy; a tuple's elements go to
// DIR/name_j.npy, and tokens are skipped.
func (r *interpretRun) writeValue(name string, v interp.Value) error {
	switch x := v.(type) {
	case *ir.Tensor:
		path := filepath.Join(r.opts.OutputDir, name+".npy")
		if err := writeTensor(path, x); err != nil {
			return fmt.Errorf("cannot write %s: %v", path, err)
		}
	case interp.Tuple:
		for j, e := range x {
			if err := r.writeValue(fmt.Sprintf("%s_%d", name, j), e); err != nil {
				return err
			}
		}
	}
	return nil
}

// valueString prints a run-time value: a tensor as an MLIR dense literal
// with its type, a tuple as `(a, b)`, a token as `!stablehlo.token`.
func valueString(v interp.Value) string {
	switch x := v.(type) {
	case *ir.Tensor:
		return x.String()
	case interp.Tuple:
		s := make([]string, len(x))
		for i, e := range x {
			s[i] = valueString(e)
		}
		return "(" + strings.Join(s, ", ") + ")"
	case interp.Token:
		return "!stablehlo.token"
	}
	return fmt.Sprintf("<%T>", v)
}
