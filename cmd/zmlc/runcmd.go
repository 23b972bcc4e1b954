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
	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/runtime/drivers"
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
	Help      bool
	Args      []string
	Trust     trustOptions // --trusted-key, --require-signed (sign.go)
}

// newRunFlags returns the flag set of `zmlc run`, bound to o.
func newRunFlags(o *runOptions) *pflag.FlagSet {
	fs := newFlagSet("zmlc run")
	fs.StringVar(&o.Weights, "weights", "", "bind the parameters from safetensors `FILE` (not needed when the bundle embeds them)")
	fs.StringArrayVar(&o.Inputs, "input", nil, "an argument of the entry, a `FILE.npy` (repeat, one per argument, in order)")
	fs.StringVar(&o.Entry, "entry", "", "the entry point `NAME` to run (default: the bundle's only one)")
	fs.StringVar(&o.OutputDir, "output-dir", "", "write result i as `DIR`/ENTRY_i.npy instead of printing it")
	fs.IntVar(&o.Bench, "bench", 0, "after one warm-up run, time `N` runs and print latency percentiles and throughput")
	fs.IntVar(&o.Workers, "workers", 0, "worker `COUNT` for wasm kernels (or cpu threads); 0: one per CPU")
	fs.StringVar(&o.Device, "device", "", "the GPU: a device `NUMBER` (cuda, rocm) or part of its name (vulkan); default: the first (vulkan: the best)")
	addTrustFlags(fs, &o.Trust, true)
	fs.BoolVarP(&o.Help, "help", "h", false, "print this help and exit")
	return fs
}

// parseRunArgs parses the command line of `zmlc run`. Errors are
// *usageError values.
func parseRunArgs(args []string) (*runOptions, error) {
	o := &runOptions{}
	fs := newRunFlags(o)
	if err := fs.Parse(normalizeArgs(fs, args)); err != nil {
		return nil, &usageError{err.Error()}
	}
	o.Args = fs.Args()
	if o.Help {
		return o, nil
	}
	if err := oneArg(o.Args, "bundle file"); err != nil {
		return nil, err
	}
	if o.Bench < 0 {
		return nil, &usageError{fmt.Sprintf("invalid --bench %d: want a number of runs, at least 1", o.Bench)}
	}
	if o.Workers < 0 {
		return nil, &usageError{fmt.Sprintf("invalid --workers %d: want 0 (one per CPU) or more", o.Workers)}
	}
	return o, nil
}

// runMain is `zmlc run BUNDLE`: it opens the bundle with the launcher
// (package runtime, with the driver of the bundle's target), binds the
// weights, reads the inputs, runs the entry point and prints its results
// as MLIR dense literals after a `// @ENTRY` line, or writes them to
// --output-dir; with --bench it times N more runs. Every failure prints one
// `zmlc: error: ...` line and exits 1.
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
	inputs := make([]*ir.Tensor, len(o.Inputs))
	for i, p := range o.Inputs {
		t, err := readTensor(p)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return fail(fmt.Errorf("--input %s: %v", p, err))
		}
		inputs[i] = t
	}
	rt, err := openBundle(o.Args[0], o)
	if err != nil {
		return fail(err)
	}
	defer rt.Close()
	entry, err := chooseEntry(rt.Manifest(), o.Entry)
	if err != nil {
		return fail(err)
	}
	if o.OutputDir != "" {
		if err := os.MkdirAll(o.OutputDir, 0o755); err != nil {
			return fail(fmt.Errorf("--output-dir: %v", err))
		}
	}
	ctx := context.Background()
	outs, err := rt.Run(ctx, entry.Name, inputs)
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
	} else if o.Bench == 0 {
		ir.HexElementsThreshold = -1
		fmt.Fprintf(stdout, "// @%s\n", entry.Name)
		for _, t := range outs {
			fmt.Fprintln(stdout, t.String())
		}
	}
	if o.Bench > 0 {
		times, err := benchmark(ctx, rt, entry.Name, inputs, o.Bench)
		if err != nil {
			return fail(err)
		}
		fmt.Fprint(stdout, benchReport(entry, o.Bench, times))
	}
	return exitOK
}

// openBundle opens the bundle at path and prepares it to run with the
// driver of its target (runtime/drivers) and the weights of o, under the
// trust policy of o's --trusted-key and --require-signed (and the
// environment's), which runtime.OpenBundle checks before the driver
// loads anything.
func openBundle(path string, o *runOptions) (*runtime.Runtime, error) {
	trust, err := o.Trust.policy()
	if err != nil {
		return nil, err
	}
	b, err := emit.Open(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("cannot read %s", describeOpenError(path, err))
		}
		return nil, err
	}
	drv, err := drivers.New(b.Manifest.Target.Name, drivers.Options{Workers: o.Workers, Device: o.Device})
	if err != nil {
		b.Close()
		return nil, err
	}
	return runtime.OpenBundle(b, runtime.Options{Weights: o.Weights, Driver: drv, Workers: o.Workers, Trust: trust})
}

// chooseEntry returns the entry point called name, or the bundle's only one
// when name is "".
func chooseEntry(man *emit.Manifest, name string) (emit.Entry, error) {
	names := make([]string, len(man.Entries))
	for i, e := range man.Entries {
		if e.Name == name || name == "" && len(man.Entries) == 1 {
			return e, nil
		}
		names[i] = e.Name
	}
	if name == "" {
		return emit.Entry{}, fmt.Errorf("the bundle has %d entry points (%s): choose one with --entry", len(names), strings.Join(names, ", "))
	}
	return emit.Entry{}, fmt.Errorf("the bundle has no entry point %q; its entry points are %s", name, strings.Join(names, ", "))
}
