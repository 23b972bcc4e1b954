package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// compileMain is `zmlc [flags] INPUT`: it reads INPUT (.mlir, or .zml once
// the front end exists), verifies it, and either prints a stage (--emit) or
// compiles for --target. It returns the exit status.
func compileMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseCompileArgs(args)
	if err != nil {
		reportUsage(stderr, err, "zmlc")
		return exitUsage
	}
	switch {
	case o.Help:
		printCompileHelp(stdout)
		return exitOK
	case o.Version:
		fmt.Fprintf(stdout, "zmlc version %s\n", Version)
		return exitOK
	}
	input := o.Args[0]
	kind := inputKind(input)
	if kind == "" {
		reportUsage(stderr, fmt.Errorf("cannot tell the kind of input %q: want a .mlir or .zml file (or - for MLIR on stdin)", input), "zmlc")
		return exitUsage
	}
	filename, src, err := readInput(input, stdin)
	if err != nil {
		reportError(stderr, err, "", nil)
		return exitError
	}
	if kind == "zml" {
		fmt.Fprintf(stderr, "zmlc: error: %s: the .zml front end is not implemented yet; give a StableHLO .mlir program instead\n", filename)
		return exitError
	}
	// Like mlir-opt --split-input-file, a file split on `// -----` lines is
	// handled part by part, and --emit prints the parts with the same marker.
	mods, err := parseSplitFile(filename, src)
	if err != nil {
		reportError(stderr, err, filename, src)
		return exitError
	}
	failed := false
	for _, m := range mods {
		if err := verifyModule(m); err != nil {
			reportError(stderr, err, filename, src)
			failed = true
		}
	}
	if failed {
		return exitError
	}
	if o.Emit == "" {
		// No code generator exists yet: say so rather than write a fake artifact.
		fmt.Fprintf(stderr, "zmlc: error: target %q: code generator not implemented yet (--emit=mlir and --emit=mlir-generic work)\n", o.Target)
		return exitError
	}
	// The optimisation pipeline does not exist yet, so every -O level prints
	// the verified input.
	parts := make([]string, len(mods))
	for i, m := range mods {
		text, err := printModule(m, o.Emit == "mlir-generic")
		if err != nil {
			reportError(stderr, err, filename, src)
			return exitError
		}
		parts[i] = strings.TrimRight(text, "\n") + "\n"
	}
	text := strings.Join(parts, "\n// -----\n\n")
	if o.Output == "" || o.Output == "-" {
		if _, err := io.WriteString(stdout, text); err != nil {
			reportError(stderr, err, "", nil)
			return exitError
		}
		return exitOK
	}
	if err := writeFileAtomic(o.Output, []byte(text)); err != nil {
		reportError(stderr, fmt.Errorf("cannot write %s: %v", o.Output, err), "", nil)
		return exitError
	}
	return exitOK
}

// inputKind returns "mlir" or "zml" from the input's name ("-" is MLIR on
// stdin), or "" when it is neither.
func inputKind(path string) string {
	if path == "-" {
		return "mlir"
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".mlir":
		return "mlir"
	case ".zml":
		return "zml"
	}
	return ""
}

// readInput reads path ("-" is stdin, named "<stdin>" in diagnostics) and
// returns the name diagnostics use with its contents.
func readInput(path string, stdin io.Reader) (string, []byte, error) {
	if path == "-" {
		src, err := io.ReadAll(stdin)
		if err != nil {
			return "", nil, fmt.Errorf("cannot read stdin: %v", err)
		}
		return "<stdin>", src, nil
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return "", nil, fmt.Errorf("cannot read %s", describeOpenError(path, err))
	}
	return path, src, nil
}

// describeOpenError turns an *os.PathError into `"path": reason`.
func describeOpenError(path string, err error) string {
	if pe, ok := err.(*os.PathError); ok {
		err = pe.Err
	}
	return fmt.Sprintf("%q: %v", path, err)
}
