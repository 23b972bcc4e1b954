package main

import (
	"fmt"
	"github.com/spf13/pflag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// compileMain is `zmlc [flags] INPUT`: it reads INPUT (.mlir parsed, or
// .zml compiled by the front end), verifies it, runs the optimisation
// pipeline of -O (none at -O0), and either prints a stage (--emit) or
// compiles for --target and writes the bundle (codegen). With --verify-diagnostics the errors are checked
// against the input's annotations instead. It returns the exit status.
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
	for _, w := range o.Warnings {
		fmt.Fprintf(stderr, "zmlc: warning: %s\n", w)
	}
	input := o.Args[0]
	kind := inputKind(input, o.Lang)
	if kind == "" {
		reportUsage(stderr, fmt.Errorf("cannot tell the kind of input %q: want a .mlir or .zml file (or - for MLIR on stdin)", input), "zmlc")
		return exitUsage
	}
	if err := checkNotInput(o.Output, input); err != nil {
		reportError(stderr, err, "", nil)
		return exitError
	}
	filename, src, err := readInput(input, stdin)
	if err != nil {
		reportError(stderr, err, "", nil)
		return exitError
	}
	mods, errs := loadModules(kind, filename, src, o.Dims, o.Split)
	if err := checkDims(kind, src, mods, o.DimOrder); err != nil && len(errs) == 0 {
		reportError(stderr, err, "", nil)
		return exitError
	}
	if o.VerifyDiagnostics {
		if !verifyDiagnostics(stderr, filename, src, errs) {
			return exitError
		}
		if o.Emit == "" {
			return exitOK
		}
		mods = slices.DeleteFunc(mods, func(m *ir.Module) bool { return m == nil })
	} else if len(errs) > 0 {
		for _, err := range errs {
			reportError(stderr, err, filename, src)
		}
		return exitError
	}
	if o.Entry != "" {
		for _, m := range mods {
			if m.Func(o.Entry) == nil {
				reportError(stderr, fmt.Errorf("%s: no function @%s (--entry)%s", filename, o.Entry, funcNames(m)), "", nil)
				return exitError
			}
		}
	}
	if o.Emit != "mlir" && o.Emit != "mlir-generic" {
		// A bundle, the kernels or the Wasm module: one module through
		// package compile.
		if len(mods) != 1 {
			reportError(stderr, fmt.Errorf("%s has %d parts split by // -----; %s compiles one", filename, len(mods), stageName(o.Emit)), "", nil)
			return exitError
		}
		return codegen(o, filename, src, stdout, stderr)
	}
	if err := optimize(mods, o.OptLevel, o.VerifyEach); err != nil {
		reportError(stderr, err, filename, src)
		return exitError
	}
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
	if err := writeTo(o.Output, stdout, []byte(text)); err != nil {
		reportError(stderr, err, "", nil)
		return exitError
	}
	return exitOK
}

// stageName names what compile mode makes for --emit=emit, for messages.
func stageName(emit string) string {
	if emit == "" {
		return "a bundle"
	}
	return "--emit=" + emit
}

// funcNames lists m's functions for an error message: `; it has @a, @b`.
func funcNames(m *ir.Module) string {
	if len(m.Funcs) == 0 {
		return ""
	}
	names := make([]string, len(m.Funcs))
	for i, f := range m.Funcs {
		names[i] = "@" + f.Name
	}
	return "; the functions are " + strings.Join(names, ", ")
}

// inputKind returns "mlir" or "zml" for the input: lang when -x gave it,
// else from the input's name ("-", stdin, is MLIR), or "" when it is
// neither.
func inputKind(path, lang string) string {
	if lang != "" {
		return lang
	}
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

// languages are the values of -x.
var languages = []string{"mlir", "zml"}

// addLanguageFlag registers -x (clang's spelling) on fs.
func addLanguageFlag(fs *pflag.FlagSet, lang *string) {
	fs.StringVarP(lang, "language", "x", "", "read the input as `LANG` (mlir or zml) whatever its name, as clang -x: zmlc -x zml - reads .zml from stdin")
}

// checkLanguage returns a usage error for an unknown -x value.
func checkLanguage(lang string) error {
	if lang != "" && !slices.Contains(languages, lang) {
		return &usageError{msg: fmt.Sprintf("unknown -x %q; valid languages: %s", lang, strings.Join(languages, ", "))}
	}
	return nil
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
