package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/zmlc/zmlc/compile"
)

// codegen is the part of compile mode past the optimiser: without --emit it
// compiles the input for --target with compile.Compile and writes the bundle
// (to -o, or INPUT-STEM.TARGET.zpkg in the working directory); with
// --emit=kernels, wasm, llvm, ptx, hsaco or spirv it prints that stage (a
// binary hsaco to stdout only when stdout is not a terminal or -o - asks). The source is handed
// to package compile whole, which parses and optimises it again (the
// caller has already checked it, so its diagnostics are the ones printed).
// It returns the exit status.
func codegen(o *compileOptions, filename string, src []byte, stdout, stderr io.Writer) int {
	if !slices.Contains(compile.Targets, o.Target) {
		// No code generator: say so rather than write a fake artifact.
		fmt.Fprintln(stderr, notImplementedLine(o.Target))
		return exitError
	}
	opts := compile.Options{
		Target:       o.Target,
		CPU:          targetOption(o.Target, "cpu", o.CPU),
		Arch:         targetOption(o.Target, "cuda", o.CUDAArch) + targetOption(o.Target, "rocm", o.ROCmArch),
		Dims:         o.Dims,
		OptLevel:     compile.Level(o.OptLevel),
		Entry:        o.Entry,
		EmbedWeights: o.EmbedWeights,
		VerifyEach:   o.VerifyEach,
		Language:     inputKind(o.Args[0], o.Lang),
		NeuronTarget: targetOption(o.Target, "neuron", o.NeuronTarget),
	}
	var out []byte
	var err error
	switch o.Emit {
	case "kernels":
		var text string
		text, err = emitKernels(filename, src, opts)
		out = []byte(text)
	case "wasm":
		var text string
		text, err = emitWasm(filename, src, opts)
		out = []byte(text)
	case "llvm", "ptx", "hsaco", "spirv", "hlo", "hlo-proto":
		if slices.Contains(binaryEmits, o.Emit) && o.Output == "" && isTerminal(stdout) {
			reportUsage(stderr, errBinaryToTerminal, "zmlc")
			return exitUsage
		}
		out, err = emitDevice(o.Emit, filename, src, opts)
	default:
		out, err = compileBundle(filename, src, opts)
	}
	if err != nil {
		if targetUnsupported(err) {
			fmt.Fprintln(stderr, notImplementedLine(o.Target))
			return exitError
		}
		reportError(stderr, oneLine(err), filename, src)
		return exitError
	}
	dest := o.Output
	if dest == "" && o.Emit == "" {
		dest = defaultBundleName(filename, o.Target)
	}
	if err := writeTo(dest, stdout, out); err != nil {
		reportError(stderr, err, "", nil)
		return exitError
	}
	return exitOK
}

// targetOption returns value, a target option such as --cuda-arch, when
// target is the one it is for, else "": the options of other targets are
// ignored.
func targetOption(target, of, value string) string {
	if target != of {
		return ""
	}
	return value
}

// notImplementedLine is the one line printed for a target whose code
// generator does not exist (yet).
func notImplementedLine(target string) string {
	return fmt.Sprintf("zmlc: error: target %q: code generator not implemented yet (--emit=mlir and --emit=mlir-generic work)", target)
}

// targetUnsupported reports whether err is package compile saying that its
// target has no code generator (should compile.Targets and compile.Lower
// ever disagree): an error wrapping errors.ErrUnsupported, or one whose
// message says "no code generator" (compile.Lower's wording).
func targetUnsupported(err error) bool {
	return errors.Is(err, errors.ErrUnsupported) || strings.Contains(err.Error(), "no code generator")
}

// defaultBundleName is the bundle written when -o is absent: the input's
// base name without its extension, then the target, then .zpkg
// (DESIGN.md, Artifacts), in the working directory.
func defaultBundleName(input, target string) string {
	base := filepath.Base(input)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	return stem + "." + target + ".zpkg"
}

// oneLine returns err unchanged when it is a diagnostic or has one line,
// else an error whose message has its lines joined by "; ", so that a
// code-generator or launcher failure prints as one line.
func oneLine(err error) error {
	msg := err.Error()
	if !strings.Contains(msg, "\n") || strings.Contains(firstLine(msg), ": error: ") {
		return err
	}
	lines := strings.Split(strings.TrimRight(msg, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSpace(l)
	}
	return errors.New(strings.Join(lines, "; "))
}
