package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/ir/tensorio"
	"github.com/zmlc/zmlc/weights/source"
)

// interpretOptions are the flags of `zmlc interpret`.
type interpretOptions struct {
	Entry     string
	Inputs    []string
	OutputDir string
	Dims      []string // --dim NAME=SIZE for a .zml input
	Weights   string   // --weights LOCATION: binds the zml.param arguments
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
	fs.StringVar(&o.Weights, "weights", "", "bind the model's parameters (zml.param arguments) from the safetensors weights at `LOCATION` (a file or folder, hf://ORG/NAME[@REV][/FILE], s3://BUCKET/KEY, https://...)")
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
	var weights *tensorio.Shards
	if o.Weights != "" {
		if weights, err = openWeights(o.Weights); err != nil {
			reportError(stderr, err, "", nil)
			return exitError
		}
		defer weights.Close()
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
	r := &interpretRun{opts: o, stdout: stdout, stderr: stderr, filename: filename, src: src, split: len(mods) > 1, weights: weights}
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
	split          bool             // the file has several `// -----` parts
	weights        *tensorio.Shards // --weights, or nil

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
		if f.IsPublic() && len(f.Type.Inputs) == r.params(f) {
			r.call(k, m, f, nil)
		}
	}
}

// call runs f with args on a fresh interpreter and reports its results and
// failed checks.
func (r *interpretRun) call(k int, m *ir.Module, f *ir.Func, args []interp.Value) {
	r.ran++
	args, err := r.bind(f, args)
	if err != nil {
		reportError(r.stderr, err, "", nil)
		r.errors++
		return
	}
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

// params returns the number of f's arguments bound from --weights: those
// with a zml.param attribute, when --weights is given.
func (r *interpretRun) params(f *ir.Func) int {
	n := 0
	for i := range f.Type.Inputs {
		if _, ok := f.ArgAttr(i, "zml.param").(ir.StringAttr); ok && r.weights != nil {
			n++
		}
	}
	return n
}

// bind returns f's arguments: with --weights, each zml.param argument is
// the checkpoint's tensor of that name (its type checked against the
// argument's) and inputs fill the others, in order; without, inputs.
func (r *interpretRun) bind(f *ir.Func, inputs []interp.Value) ([]interp.Value, error) {
	if r.weights == nil {
		return inputs, nil
	}
	var args []interp.Value
	for i, ty := range f.Type.Inputs {
		name, ok := f.ArgAttr(i, "zml.param").(ir.StringAttr)
		if !ok {
			if len(inputs) == 0 {
				return nil, fmt.Errorf("@%s: argument %d has no --input", f.Name, i)
			}
			args, inputs = append(args, inputs[0]), inputs[1:]
			continue
		}
		x, err := r.weights.Tensor(string(name))
		if err != nil {
			return nil, fmt.Errorf("--weights %s: %w", r.opts.Weights, err)
		}
		if !ir.TypesEqual(x.Type, ty) {
			return nil, fmt.Errorf("--weights %s: tensor %q is %s, @%s wants %s", r.opts.Weights, name, x.Type, f.Name, ty)
		}
		args = append(args, x)
	}
	return append(args, inputs...), nil
}

// openWeights resolves the --weights location (fetching remote files into
// the cache) and maps its safetensors files.
func openWeights(loc string) (*tensorio.Shards, error) {
	m, err := source.Open(context.Background(), loc, nil)
	if err != nil {
		return nil, err
	}
	s, err := m.OpenSafetensors()
	if err != nil {
		return nil, fmt.Errorf("weights %s: %w", loc, err)
	}
	return s, nil
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
