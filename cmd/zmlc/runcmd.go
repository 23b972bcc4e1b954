package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"
	zmlcapi "github.com/zmlc/zmlc"
	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/runtime/pjrt"
)

// runOptions are the flags of `zmlc run`.
type runOptions struct {
	Weights   string
	Inputs    []string
	Entry     string
	OutputDir string
	Bench     int
	Workers   int
	Device    string
	// PJRTPlugin and PJRTProgram are --pjrt-plugin and --pjrt-program
	// (tpu, neuron and xla-cpu bundles).
	PJRTPlugin  string
	PJRTProgram string
	Help        bool
	Args        []string
	resultOptions
}

// newRunFlags returns the flag set of `zmlc run`, bound to o.
func newRunFlags(o *runOptions) *pflag.FlagSet {
	fs := newFlagSet("zmlc run")
	fs.StringVar(&o.Weights, "weights", "", "bind the parameters from the safetensors weights at `LOCATION`: a file or folder (model.safetensors or the shards of model.safetensors.index.json), hf://ORG/NAME[@REV][/FILE], s3://BUCKET/KEY or https://... (not needed when the bundle embeds them)")
	fs.StringArrayVar(&o.Inputs, "input", nil, "an argument of the entry (repeat, in order), as iree-run-module: `TENSOR` = 2x3xf32=1,2,3,4,5,6, f32=1.5, @x.npy, @x.npz (one per array)")
	fs.StringVar(&o.Entry, "entry", "", "the entry point `NAME` to run (default: the bundle's only one, or every entry when none takes inputs)")
	fs.StringVar(&o.Entry, "function", "", "the same as --entry `NAME` (iree-run-module's name)")
	addResultFlags(fs, &o.resultOptions, true)
	fs.StringVar(&o.OutputDir, "output-dir", "", "write result i as `DIR`/ENTRY_i.npy instead of printing it")
	fs.IntVar(&o.Bench, "bench", 0, "after one warm-up run, time `N` runs and print latency percentiles and throughput")
	fs.IntVar(&o.Workers, "workers", 0, "worker `COUNT` for wasm kernels (or cpu threads); 0: one per CPU")
	fs.StringVar(&o.Device, "device", "", "the GPU: a device `NUMBER` (cuda, rocm) or part of its name (vulkan); default: the first (vulkan: the best)")
	fs.StringVar(&o.PJRTPlugin, "pjrt-plugin", "", "the PJRT plugin `FILE` for tpu, neuron and xla-cpu bundles; default: $ZMLC_PJRT_PLUGIN, else the bundle's plugin in ~/.cache/zmlc")
	fs.StringVar(&o.PJRTProgram, "pjrt-program", "", "the `FORM` PJRT compiles: mlir (StableHLO) or hlo (HloModuleProto); default: the bundle's first")
	fs.BoolVarP(&o.Help, "help", "h", false, "print this help and exit")
	return fs
}

// parseRunArgs parses the command line of `zmlc run`. Errors are
// *usageError values.
func parseRunArgs(args []string) (*runOptions, error) {
	o := &runOptions{}
	fs := newRunFlags(o)
	if err := fs.Parse(normalizeArgs(fs, args)); err != nil {
		return nil, &usageError{msg: err.Error()}
	}
	o.Args = fs.Args()
	if o.Help {
		return o, nil
	}
	if err := oneArg(o.Args, "bundle file"); err != nil {
		return nil, err
	}
	if o.Bench < 0 || fs.Changed("bench") && o.Bench == 0 {
		return nil, &usageError{msg: fmt.Sprintf("invalid --bench %d: want a number of runs, at least 1", o.Bench)}
	}
	if (len(o.Outputs) > 0 || len(o.Expected) > 0) && o.OutputDir != "" {
		return nil, &usageError{msg: "--output-dir writes every result: --output and --expected_output apply to a run without it"}
	}
	if o.Workers < 0 {
		return nil, &usageError{msg: fmt.Sprintf("invalid --workers %d: want 0 (one per CPU) or more", o.Workers)}
	}
	if o.PJRTProgram != "" && o.PJRTProgram != "mlir" && o.PJRTProgram != "hlo" {
		return nil, &usageError{msg: fmt.Sprintf("invalid --pjrt-program %q: want mlir or hlo", o.PJRTProgram)}
	}
	return o, nil
}

// runMain is `zmlc run BUNDLE`: it opens the bundle with the launcher
// (package runtime, with the driver of the bundle's target), binds the
// weights, reads the inputs, runs the entry point and prints its results
// as MLIR dense literals after a `// @ENTRY` line, or writes them to
// --output-dir; with --bench it times N more runs. Every failure prints one
// `zmlc: error: ...` line and exits 1. A bundle's failed checks print the
// interpreter's message (`file:line:col: error: check failed in @f: ...`)
// after the results, and exit 1.
func runMain(args []string, stdout, stderr io.Writer) int {
	o, err := parseRunArgs(args)
	if err != nil {
		reportUsage(stderr, err, "zmlc run")
		return exitUsage
	}
	if o.Help {
		printRunHelp(stdout)
		return exitOK
	}
	fail := func(err error) int {
		reportError(stderr, oneLine(err), "", nil)
		return exitError
	}
	rt, err := openBundle(o.Args[0], o)
	if err != nil {
		return fail(err)
	}
	defer rt.Close()
	for _, w := range runFlagWarnings(rt.Manifest().Target.Name, o) {
		fmt.Fprintf(stderr, "zmlc: warning: %s\n", w)
	}
	entries, err := chooseEntries(rt.Manifest(), o.Entry, len(o.Inputs), o.Bench > 0)
	if err != nil {
		return fail(err)
	}
	if len(entries) > 1 && (len(o.Outputs) > 0 || len(o.Expected) > 0) {
		return fail(fmt.Errorf("--output and --expected_output apply to one entry point: choose one with --entry"))
	}
	expected, err := parseTensorArgs("expected_output", o.Expected, nil)
	if err != nil {
		return fail(err)
	}
	if o.OutputDir != "" {
		if err := os.MkdirAll(o.OutputDir, 0o755); err != nil {
			return fail(fmt.Errorf("--output-dir: %v", err))
		}
	}
	ctx := context.Background()
	failed := 0
	for _, entry := range entries {
		names := make([]string, len(entry.Inputs))
		for i, v := range entry.Inputs {
			names[i] = v.Name
		}
		inputs, err := parseTensorArgs("input", o.Inputs, names)
		if err != nil {
			return fail(err)
		}
		outs, err := rt.Run(ctx, entry.Name, inputs)
		var ce *runtime.CheckError
		if errors.As(err, &ce) {
			err = nil
		}
		if err != nil {
			return fail(err)
		}
		if o.OutputDir != "" {
			for i, t := range outs {
				path := filepath.Join(o.OutputDir, fmt.Sprintf("%s_%d.npy", entry.Name, i))
				if err := writeTensor(path, t); err != nil {
					return fail(fmt.Errorf("cannot write %s: %v", path, err))
				}
			}
			outs = nil
		}
		// The first run's results go to --output, are checked against
		// --expected_output, and the rest print unless --bench times runs.
		rest, err := handleOutputs(o.Outputs, outs)
		if err != nil {
			return fail(err)
		}
		switch {
		case len(o.Expected) > 0:
			if err := checkExpected(entry.Name, expected, outs); err != nil {
				return fail(err)
			}
			fmt.Fprintf(stdout, "// @%s: %d result(s) match --expected_output\n", entry.Name, len(outs))
		case o.Bench == 0 && o.OutputDir == "" && (len(rest) > 0 || len(o.Outputs) == 0):
			// An entry without results (a test program's checks) still
			// prints its name, as zmlc interpret does.
			ir.HexElementsThreshold = -1
			printResults(stdout, entry.Name, rest, o.PrintFull)
		}
		if ce != nil {
			// The interpreter's report (zmlc interpret), without the
			// source line: the bundle does not hold the source.
			for _, f := range ce.Failures {
				fmt.Fprintln(stderr, f.String())
			}
			failed += len(ce.Failures)
			continue
		}
		if o.Bench > 0 {
			times, err := benchmark(ctx, rt, entry.Name, inputs, o.Bench)
			if err != nil {
				return fail(err)
			}
			fmt.Fprint(stdout, benchReport(entry, o.Bench, times))
		}
	}
	if failed > 0 {
		return fail(fmt.Errorf("%d check(s) failed", failed))
	}
	return exitOK
}

// openBundle opens the bundle at path with the API's OpenFile: the driver
// of its target (runtime/drivers) and the weights of o.
func openBundle(path string, o *runOptions) (*runtime.Runtime, error) {
	m, err := zmlcapi.OpenFile(path, zmlcapi.OpenOptions{Weights: o.Weights, Workers: o.Workers, Device: o.Device,
		PJRT: pjrt.Options{Plugin: o.PJRTPlugin, Program: o.PJRTProgram}})
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) && pe.Path == path {
			return nil, fmt.Errorf("cannot read %s", describeOpenError(path, err))
		}
		return nil, err
	}
	return m.Runtime(), nil
}

// runFlagWarnings returns a warning for each launcher flag that does
// nothing for a bundle of target: --device picks a GPU (cuda, rocm,
// vulkan), --workers sets the threads of the wasm and cpu targets.
func runFlagWarnings(target string, o *runOptions) []string {
	var ws []string
	gpu := target == "cuda" || target == "rocm" || target == "vulkan"
	if o.Device != "" && !gpu {
		ws = append(ws, fmt.Sprintf("--device applies to cuda, rocm and vulkan bundles; ignored for this %s bundle", target))
	}
	if o.Workers != 0 && gpu {
		ws = append(ws, fmt.Sprintf("--workers applies to wasm and cpu bundles; ignored for this %s bundle", target))
	}
	return ws
}

// chooseEntries returns the entry point called name; when name is "",
// the bundle's only one, or, when no inputs are given, no benchmark is
// asked for and no entry takes inputs, every entry in order (a compiled
// test program with checks, run as `zmlc interpret` runs its functions).
func chooseEntries(man *emit.Manifest, name string, inputs int, bench bool) ([]emit.Entry, error) {
	names := make([]string, len(man.Entries))
	all := name == "" && inputs == 0 && !bench && len(man.Entries) > 0
	for i, e := range man.Entries {
		if e.Name == name || name == "" && len(man.Entries) == 1 {
			return []emit.Entry{e}, nil
		}
		names[i] = e.Name
		all = all && len(e.Inputs) == 0
	}
	if all {
		return man.Entries, nil
	}
	if name == "" {
		return nil, fmt.Errorf("the bundle has %d entry points (%s): choose one with --entry", len(names), strings.Join(names, ", "))
	}
	return nil, fmt.Errorf("the bundle has no entry point %q; its entry points are %s", name, strings.Join(names, ", "))
}
