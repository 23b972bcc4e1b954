package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/tensorio"
)

// resultOptions are the flags shared by zmlc run and zmlc interpret that
// say what happens to an entry's results (iree-run-module's --output and
// --expected_output).
type resultOptions struct {
	// Outputs are --output values, one per result in order: @FILE.npy
	// writes the result, +FILE.npy appends it to FILE.npy (numpy.load
	// reads the arrays of such a file one after another from an open
	// file), - discards it. Results past the last --output print.
	Outputs []string
	// Expected are --expected_output values (as --input), one per result.
	Expected []string
	// PrintFull prints every element of a large result (zmlc run).
	PrintFull bool
}

// handleOutputs sends results to the --output destinations; it returns the
// results left to print (those past the last --output).
func handleOutputs(specs []string, outs []*ir.Tensor) ([]*ir.Tensor, error) {
	if len(specs) > len(outs) {
		return nil, fmt.Errorf("%d --output flags for %d results", len(specs), len(outs))
	}
	for i, s := range specs {
		switch {
		case s == "-":
		case strings.HasPrefix(s, "@"):
			path := s[1:]
			if err := writeTensor(path, outs[i]); err != nil {
				return nil, fmt.Errorf("--output=%s: %v", s, unwrapPath(err))
			}
		case strings.HasPrefix(s, "+"):
			if err := appendNpy(s[1:], outs[i]); err != nil {
				return nil, fmt.Errorf("--output=%s: %v", s, unwrapPath(err))
			}
		default:
			return nil, fmt.Errorf("--output=%s: want @FILE.npy (write), +FILE.npy (append) or - (discard)", s)
		}
	}
	return outs[len(specs):], nil
}

// appendNpy appends t as one more .npy array at the end of path (created
// when missing), as iree-run-module's --output=+FILE.npy does.
func appendNpy(path string, t *ir.Tensor) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	err = tensorio.EncodeNpy(f, t)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// printResults writes `// @ENTRY` and one literal per result.
func printResults(w io.Writer, entry string, outs []*ir.Tensor, full bool) {
	fmt.Fprintf(w, "// @%s\n", entry)
	for _, t := range outs {
		fmt.Fprintln(w, resultString(t, full))
	}
}

// addResultFlags registers --output and --expected_output on fs, and
// --print-full when printFull (zmlc run; zmlc interpret always prints
// every element).
func addResultFlags(fs *pflag.FlagSet, o *resultOptions, printFull bool) {
	fs.StringArrayVar(&o.Outputs, "output", nil, "where result i goes (repeat, in order): `@FILE.npy` writes it, +FILE.npy appends, - drops it; later results print")
	fs.StringArrayVar(&o.Expected, "expected_output", nil, "a `TENSOR` result i must match (repeat, in order; as --input); a mismatch exits 1")
	if printFull {
		fs.BoolVar(&o.PrintFull, "print-full", false, "print every element of results with more than 1000 (default: NumPy's summary, 3 at each end of each axis)")
	}
}
