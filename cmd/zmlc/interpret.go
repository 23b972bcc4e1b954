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
	// Weights is --weights LOCATION: binds the zml.param arguments (a
	// .zml model's parameters) by name.
	Weights string
	Lang    string // -x
	Help    bool
	Args    []string
	resultOptions
}

// newInterpretFlags returns the flag set of `zmlc interpret`, bound to o.
func newInterpretFlags(o *interpretOptions) *pflag.FlagSet {
	fs := newFlagSet("zmlc interpret")
	fs.StringVar(&o.Entry, "entry", "", "run only the function `NAME` (it may take arguments: see --input)")
	fs.StringVar(&o.Entry, "function", "", "the same as --entry `NAME` (iree-run-module's name)")
	fs.StringArrayVar(&o.Inputs, "input", nil, "an argument of --entry (repeat, in order), as iree-run-module: `TENSOR` = 2x3xf32=1,2,3,4,5,6, f32=1.5, @x.npy, @x.npz (one per array)")
	addResultFlags(fs, &o.resultOptions, false)
	addLanguageFlag(fs, &o.Lang)
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
		return nil, &usageError{msg: err.Error()}
	}
	o.Args = fs.Args()
	if o.Help {
		return o, nil
	}
	if err := oneArg(o.Args, "input file"); err != nil {
		return nil, err
	}
	if err := checkLanguage(o.Lang); err != nil {
		return nil, err
	}
	for _, f := range []struct {
		name string
		set  bool
	}{{"--input", len(o.Inputs) > 0}, {"--weights", o.Weights != ""}, {"--output", len(o.Outputs) > 0}, {"--expected_output", len(o.Expected) > 0}} {
		if f.set && o.Entry == "" {
			what := "it is"
			if f.name == "--input" {
				what = "the inputs are"
			}
			return nil, &usageError{msg: fmt.Sprintf("%s needs --entry NAME (the function %s for)", f.name, what)}
		}
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
	expected, err := parseTensorArgs("expected_output", o.Expected, nil)
	if err != nil {
		reportError(stderr, err, "", nil)
		return exitError
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
	if inputKind(o.Args[0], o.Lang) == "zml" {
		// A .zml model is compiled by the front end first, as `zmlc opt` does.
		dims, order, err := parseDims(o.Dims)
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
		if err := checkDims("zml", src, mods, order); err != nil {
			reportError(stderr, err, "", nil)
			return exitError
		}
	} else if len(o.Dims) > 0 {
		reportUsage(stderr, &usageError{msg: "--dim applies to a .zml input (a .mlir file has static shapes)"}, "zmlc interpret")
		return exitUsage
	} else if mods, err = parseSplitFile(filename, src); err != nil {
		reportError(stderr, err, filename, src)
		return exitError
	}
	// A .npz input is read by the entry's argument names (its parameters
	// excepted), as zmlc run reads it by the manifest's input names.
	var inputs []interp.Value
	ts, err := parseTensorArgs("input", o.Inputs, entryArgNames(mods, o.Entry))
	if err != nil {
		reportError(stderr, err, "", nil)
		return exitError
	}
	for _, t := range ts {
		inputs = append(inputs, t)
	}
	r := &interpretRun{opts: o, stdout: stdout, stderr: stderr, filename: filename, src: src, split: len(mods) > 1, weights: weights, expected: expected}
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
	expected       []*ir.Tensor

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
				args, err := r.bindArgs(f, inputs)
				if err != nil {
					reportError(r.stderr, fmt.Errorf("@%s: %v", f.Name, err), "", nil)
					r.errors++
					r.ran++
					continue
				}
				r.call(k, m, f, args)
			}
			continue
		}
		if f.IsPublic() && len(f.Type.Inputs) == r.params(f) {
			args, err := r.bindArgs(f, nil)
			if err != nil {
				reportError(r.stderr, fmt.Errorf("@%s: %v", f.Name, err), "", nil)
				r.errors++
				r.ran++
				continue
			}
			r.call(k, m, f, args)
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
	if r.opts.Entry != "" && (len(r.opts.Outputs) > 0 || len(r.opts.Expected) > 0) {
		r.entryResults(f, res)
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

// bindArgs returns the arguments of f: the parameters (arguments with a
// zml.param attribute) from --weights by name, checked against their
// declared type, and the others from inputs, in order.
func (r *interpretRun) bindArgs(f *ir.Func, inputs []interp.Value) ([]interp.Value, error) {
	var args []interp.Value
	next := 0
	for k, t := range f.Type.Inputs {
		name, isParam := f.ArgAttr(k, "zml.param").(ir.StringAttr)
		if !isParam || name == "" {
			if next < len(inputs) {
				args = append(args, inputs[next])
			}
			next++
			continue
		}
		if r.weights == nil {
			return nil, fmt.Errorf("parameter %q (%s) needs its weights: pass --weights LOCATION", string(name), t)
		}
		w, err := r.weights.Tensor(string(name))
		if err != nil {
			return nil, fmt.Errorf("--weights %s: %v", r.opts.Weights, err)
		}
		if !ir.TypesEqual(w.Type, t) {
			return nil, fmt.Errorf("--weights %s: tensor %q is %s, the model wants %s", r.opts.Weights, string(name), w.Type, t)
		}
		args = append(args, w)
	}
	if next != len(inputs) {
		if params := len(f.Type.Inputs) - next; params > 0 {
			return nil, fmt.Errorf("takes %d arguments besides its %d parameters (bound by --weights), got %d", next, params, len(inputs))
		}
		return nil, fmt.Errorf("takes %d arguments, got %d", next, len(inputs))
	}
	return args, nil
}

// entryResults sends the results of --entry to --output and checks them
// against --expected_output; results left over print in full.
func (r *interpretRun) entryResults(f *ir.Func, res []interp.Value) {
	outs := make([]*ir.Tensor, len(res))
	for i, v := range res {
		t, ok := v.(*ir.Tensor)
		if !ok {
			reportError(r.stderr, fmt.Errorf("@%s: result %d is %s, not a tensor: --output and --expected_output take tensors", f.Name, i, valueString(v)), "", nil)
			r.errors++
			return
		}
		outs[i] = t
	}
	rest, err := handleOutputs(r.opts.Outputs, outs)
	if err != nil {
		reportError(r.stderr, err, "", nil)
		r.errors++
		return
	}
	if len(r.opts.Expected) > 0 {
		if err := checkExpected(f.Name, r.expected, outs); err != nil {
			reportError(r.stderr, err, "", nil)
			r.errors++
			return
		}
		fmt.Fprintf(r.stdout, "// @%s: %d result(s) match --expected_output\n", f.Name, len(outs))
		return
	}
	if len(rest) > 0 {
		printResults(r.stdout, f.Name, rest, true)
	}
}

// entryArgNames returns the names of the arguments of the function called
// entry that are not parameters (zml.param), in order ("" for an unnamed
// one); nil when entry is "" or no module has it.
func entryArgNames(mods []*ir.Module, entry string) []string {
	if entry == "" {
		return nil
	}
	for _, m := range mods {
		if m == nil {
			continue
		}
		for _, f := range m.Funcs {
			if f.Name != entry || f.Body == nil {
				continue
			}
			var names []string
			args := f.Args()
			for k := range f.Type.Inputs {
				if s, ok := f.ArgAttr(k, "zml.param").(ir.StringAttr); ok && s != "" {
					continue
				}
				name := ""
				if k < len(args) {
					name = args[k].Name
				}
				names = append(names, name)
			}
			return names
		}
	}
	return nil
}
