package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/passes"
)

// optOptions are the flags of `zmlc opt`, named as mlir-opt's.
type optOptions struct {
	Passes         string
	OptLevel       int
	SplitInputFile bool
	VerifyEach     bool
	PrintBefore    []string
	PrintAfter     []string
	PrintBeforeAll bool
	PrintAfterAll  bool
	Timing         bool
	Generic        bool
	Output         string
	Dims           []string
	ListPasses     bool
	Help           bool
	Args           []string
	// PassItems are the passes given by their own flags (-canonicalize
	// -cse), in command-line order.
	PassItems []string
	// PassPipeline is --pass-pipeline (mlir-opt's), `builtin.module(...)`.
	PassPipeline string
	Lang         string // -x
}

func newOptFlags(o *optOptions) *pflag.FlagSet {
	fs := newFlagSet("zmlc opt")
	fs.StringVar(&o.PassPipeline, "pass-pipeline", "", "run the textual pipeline `P`, as mlir-opt: builtin.module(func.func(canonicalize,cse)) (not with pass flags)")
	fs.StringVar(&o.Passes, "passes", "", "run the pipeline `P`: pass arguments separated by commas, with options in braces (inline{public=true},cse); the same as --pass-pipeline")
	fs.IntVarP(&o.OptLevel, "opt-level", "O", 0, "run the pipeline of optimisation `LEVEL` 0, 1 or 2 before --passes (-O2)")
	fs.BoolVar(&o.SplitInputFile, "split-input-file", false, "optimise each part of a file split on \"// -----\" lines on its own")
	fs.BoolVar(&o.VerifyEach, "verify-each", true, "verify the module after every pass (--verify-each=false turns it off)")
	fs.StringSliceVar(&o.PrintBefore, "mlir-print-ir-before", nil, "dump the module before the `PASSES` named (comma-separated) to stderr")
	fs.StringSliceVar(&o.PrintAfter, "mlir-print-ir-after", nil, "dump the module after the `PASSES` named (comma-separated) to stderr")
	fs.BoolVar(&o.PrintBeforeAll, "mlir-print-ir-before-all", false, "dump the module before every pass")
	fs.BoolVar(&o.PrintAfterAll, "mlir-print-ir-after-all", false, "dump the module after every pass")
	fs.BoolVar(&o.Timing, "mlir-timing", false, "report each pass's wall time on stderr")
	fs.BoolVar(&o.Generic, "mlir-print-op-generic", false, "print the result in MLIR's generic syntax")
	fs.StringVarP(&o.Output, "output", "o", "", "write the result to `FILE` (atomically); default stdout")
	fs.StringArrayVar(&o.Dims, "dim", nil, "bind a symbolic dimension of a .zml input, `NAME=SIZE` (repeatable)")
	fs.BoolVar(&o.ListPasses, "list-passes", false, "list the registered passes and exit")
	fs.BoolVarP(&o.Help, "help", "h", false, "print this help and exit")
	addLanguageFlag(fs, &o.Lang)
	addPassFlags(fs, &o.PassItems)
	return fs
}

// optMain is `zmlc opt [flags] FILE`, mlir-opt's counterpart: it reads a
// .mlir file (or - for stdin; a .zml model is compiled first), runs -O's
// pipeline then --passes (passes.Opt), and prints the result.
func optMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o := &optOptions{}
	fs := newOptFlags(o)
	if err := fs.Parse(normalizeArgs(fs, args)); err != nil {
		if name := unknownLongFlag(fs, args); name != "" {
			err = fmt.Errorf("unknown flag '%s': not a flag nor a registered pass (zmlc opt --list-passes lists them)", name)
		}
		reportUsage(stderr, err, "zmlc opt")
		return exitUsage
	}
	o.Args = fs.Args()
	switch {
	case o.Help:
		printOptHelp(stdout)
		return exitOK
	case o.ListPasses:
		fmt.Fprint(stdout, passTable("  "))
		return exitOK
	}
	usage := func(format string, a ...any) int {
		reportUsage(stderr, fmt.Errorf(format, a...), "zmlc opt")
		return exitUsage
	}
	if len(o.Args) != 1 {
		return usage("one input file expected, got %d", len(o.Args))
	}
	if err := checkLanguage(o.Lang); err != nil {
		reportUsage(stderr, err, "zmlc opt")
		return exitUsage
	}
	if o.OptLevel < 0 || o.OptLevel > 2 {
		return usage("invalid optimisation level -O%d; valid levels: -O0, -O1, -O2", o.OptLevel)
	}
	pipeline, err := passes.DefaultPipeline(o.OptLevel)
	if err != nil {
		return usage("%v", err)
	}
	text, err := optPipelineText(o)
	if err != nil {
		return usage("%v", err)
	}
	extra, err := passes.ParsePipeline(text)
	if err != nil {
		return usage("%v", err)
	}
	pipeline = append(pipeline, extra...)
	dims, order, err := parseDims(o.Dims)
	if err != nil {
		reportUsage(stderr, err, "zmlc opt")
		return exitUsage
	}
	input := o.Args[0]
	kind := inputKind(input, o.Lang)
	if kind == "" {
		return usage("cannot tell the kind of input %q: want a .mlir or .zml file (or - for MLIR on stdin)", input)
	}
	if kind == "mlir" && len(order) > 0 {
		return usage("--dim applies to a .zml input (a .mlir file has static shapes)")
	}
	filename, src, err := readInput(input, stdin)
	if err != nil {
		reportError(stderr, err, "", nil)
		return exitError
	}
	pm := passes.NewManager(pipeline)
	pm.VerifyEach = o.VerifyEach
	pm.PrintIRBefore, pm.PrintIRAfter = o.PrintBefore, o.PrintAfter
	pm.PrintIRBeforeAll, pm.PrintIRAfterAll = o.PrintBeforeAll, o.PrintAfterAll
	pm.Out = stderr
	if o.Timing {
		pm.Timing = &passes.Timing{}
	}
	printOpts := asm.Options{Generic: o.Generic}
	start := time.Now()
	var out bytes.Buffer
	if kind == "zml" {
		err = optZML(&out, filename, src, dims, order, o.SplitInputFile, pm, printOpts)
	} else {
		err = passes.Opt(&out, filename, src, passes.OptConfig{Manager: pm, SplitInputFile: o.SplitInputFile, PrintOptions: printOpts})
	}
	if pm.Timing != nil {
		pm.Timing.WriteReport(stderr, time.Since(start))
	}
	if err != nil {
		fmt.Fprintln(stderr, elide(err.Error()))
		// The parts that succeeded still print, as mlir-opt prints them;
		// an output file is never written for a failed run.
		if o.Output == "" || o.Output == "-" {
			io.Copy(stdout, &out)
		}
		return exitError
	}
	if err := writeTo(o.Output, stdout, out.Bytes()); err != nil {
		reportError(stderr, err, "", nil)
		return exitError
	}
	return exitOK
}

// optPipelineText returns the pipeline after -O's as flat text for
// passes.ParsePipeline: the pass flags in command-line order, or
// --pass-pipeline, or --passes (one of the three, as mlir-opt refuses
// --pass-pipeline with pass flags).
func optPipelineText(o *optOptions) (string, error) {
	given := 0
	for _, g := range []bool{len(o.PassItems) > 0, o.PassPipeline != "", o.Passes != ""} {
		if g {
			given++
		}
	}
	if given > 1 {
		return "", fmt.Errorf("give the passes one way: pass flags (-canonicalize -cse), --pass-pipeline or --passes")
	}
	switch {
	case len(o.PassItems) > 0:
		return strings.Join(o.PassItems, ","), nil
	case o.PassPipeline != "":
		return flattenPipeline(o.PassPipeline)
	}
	return flattenPipeline(o.Passes)
}

// optZML compiles a .zml input (part by part when split) and runs pm on
// each module, writing the results separated by `// -----` lines.
func optZML(w io.Writer, filename string, src []byte, dims map[string]int64, order []string, split bool, pm *passes.Manager, po asm.Options) error {
	mods, errs := loadModules("zml", filename, src, dims, split)
	if len(errs) == 0 {
		if err := checkDims("zml", src, mods, order); err != nil {
			return fmt.Errorf("zmlc: error: %v", err)
		}
	}
	var msgs []string
	for _, e := range errs {
		msgs = append(msgs, ir.WithSource(e, filename, src).Error())
	}
	var outs []string
	for _, m := range mods {
		if m == nil {
			continue
		}
		if err := pm.Run(m); err != nil {
			msgs = append(msgs, ir.WithSource(err, filename, src).Error())
			continue
		}
		outs = append(outs, strings.TrimRight(asm.Print(m, po), "\n")+"\n")
	}
	if _, err := io.WriteString(w, strings.Join(outs, "// -----\n")); err != nil {
		return err
	}
	if len(msgs) > 0 {
		return fmt.Errorf("%s", strings.Join(msgs, "\n"))
	}
	return nil
}

// printOptHelp prints the help of `zmlc opt`.
func printOptHelp(w io.Writer) {
	var o optOptions
	fs := newOptFlags(&o)
	fmt.Fprintf(w, `Usage:
  zmlc opt [flags] FILE

Runs optimisation passes over FILE (.mlir, "-" for stdin, or a .zml model,
compiled first), as mlir-opt does, and prints the result: first the pipeline
of -O (none by default), then the passes given by their own flags, in
command-line order (-canonicalize -cse), or by --pass-pipeline. The module
is verified after every pass (--verify-each).

Flags:
%s
Passes (one flag each; options as --inline='public=true'):
%s
Examples:
  zmlc opt -canonicalize -cse -dce model.mlir
  zmlc opt --pass-pipeline='builtin.module(func.func(canonicalize,cse))' model.mlir
  zmlc opt -O2 --mlir-timing --split-input-file tests.mlir
  zmlc opt --inline='public=true' --mlir-print-ir-after=inline model.mlir
  zmlc opt -O2 --dim b=1 examples/mnist/mnist.zml

Exit status: 0 success, 1 a parse, verification or pass error, 2 usage error.
`, flagUsages(fs), passTable("  "))
}
