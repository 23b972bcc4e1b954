package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
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

// checkExpected compares results with the --expected_output tensors: the
// same count, types and shapes, integers exactly and floats within
// tolerance (see closeEnough). The error names the result and its first
// differing element.
func checkExpected(entry string, want, got []*ir.Tensor) error {
	if len(want) != len(got) {
		return fmt.Errorf("@%s has %d results, --expected_output gives %d", entry, len(got), len(want))
	}
	for i := range got {
		if err := compareTensor(got[i], want[i]); err != nil {
			return fmt.Errorf("@%s result %d does not match --expected_output: %v", entry, i, err)
		}
	}
	return nil
}

// compareTensor returns nil when got matches want, else an error naming
// the first differing element by its index.
func compareTensor(got, want *ir.Tensor) error {
	if !ir.TypesEqual(got.Type, want.Type) {
		return fmt.Errorf("got %s, expected %s", got.Type, want.Type)
	}
	e := got.Type.Elem
	for i := 0; i < got.Len(); i++ {
		same := true
		switch {
		case got.I != nil:
			same = got.I[i] == want.I[i]
		case got.F != nil:
			same = closeEnough(got.F[i], want.F[i], e)
		case got.C != nil:
			p := e.ComplexPart()
			same = closeEnough(real(got.C[i]), real(want.C[i]), p) && closeEnough(imag(got.C[i]), imag(want.C[i]), p)
		}
		if !same {
			return fmt.Errorf("element %s is %s, expected %s%s", indexString(got.Type.Shape, i), elemText(got, i), elemText(want, i), toleranceNote(e))
		}
	}
	return nil
}

// tolerance returns the relative and absolute tolerance of element type
// e: numpy.allclose's defaults (rtol 1e-5, atol 1e-8) for f32 and f64, and
// for narrower floats 4 units in the last place (4·2^-p for p bits of
// precision) relative, with an absolute floor of the same size times 1e-3.
func tolerance(e ir.ElementType) (rtol, atol float64) {
	bits := map[ir.ElementType]int{ir.F16: 11, ir.BF16: 8, ir.F8E4M3FN: 4, ir.F8E5M2: 3}
	if p, ok := bits[e]; ok {
		r := 4 * math.Ldexp(1, -p)
		return r, r * 1e-3
	}
	return 1e-5, 1e-8
}

// closeEnough reports whether got is within tolerance of want for element
// type e: |got - want| <= atol + rtol*|want| (numpy.isclose's rule), NaN
// only matching NaN and an infinity only the same infinity.
func closeEnough(got, want float64, e ir.ElementType) bool {
	switch {
	case math.IsNaN(want) || math.IsNaN(got):
		return math.IsNaN(want) && math.IsNaN(got)
	case math.IsInf(want, 0) || math.IsInf(got, 0):
		return got == want
	}
	rtol, atol := tolerance(e)
	return math.Abs(got-want) <= atol+rtol*math.Abs(want)
}

// toleranceNote is the tolerance appended to a float mismatch message.
func toleranceNote(e ir.ElementType) string {
	if e.IsComplex() {
		e = e.ComplexPart()
	}
	if !e.IsFloat() {
		return ""
	}
	rtol, atol := tolerance(e)
	return fmt.Sprintf(" (tolerance: rtol %g, atol %g)", rtol, atol)
}

// indexString writes the multi-index of flat element i of shape: [0, 2].
func indexString(shape []int64, i int) string {
	idx := make([]string, len(shape))
	for d := len(shape) - 1; d >= 0; d-- {
		if shape[d] > 0 {
			idx[d] = strconv.FormatInt(int64(i)%shape[d], 10)
			i /= int(shape[d])
		}
	}
	return "[" + strings.Join(idx, ", ") + "]"
}

// elemText prints element i of t as a literal prints it.
func elemText(t *ir.Tensor, i int) string {
	e := t.Type.Elem
	switch {
	case t.I != nil:
		return ir.FormatInt(t.I[i], e)
	case t.F != nil:
		return ir.FormatFloat(t.F[i], e)
	case t.C != nil:
		p := e.ComplexPart()
		return "(" + ir.FormatFloat(real(t.C[i]), p) + "," + ir.FormatFloat(imag(t.C[i]), p) + ")"
	}
	return "?"
}

// Summarisation of large results, as NumPy prints arrays (numpy.set_printoptions:
// threshold 1000, edgeitems 3): a result with more than summaryThreshold
// elements shows, along every axis longer than 2*summaryEdge, its first
// and last summaryEdge entries around `...`.
const (
	summaryThreshold = 1000
	summaryEdge      = 3
)

// resultString prints t as an MLIR dense literal with its type, every
// element in decimal; with more than summaryThreshold elements and not
// full, abbreviated as NumPy abbreviates (the literal then does not parse
// back: use --output for the values).
func resultString(t *ir.Tensor, full bool) string {
	if full || t.Len() <= summaryThreshold || isSplatTensor(t) {
		return t.String()
	}
	var b strings.Builder
	b.WriteString("dense<")
	shape := t.Type.Shape
	strides := ir.Strides(shape)
	var rec func(d, off int)
	rec = func(d, off int) {
		if d == len(shape) {
			b.WriteString(elemText(t, off))
			return
		}
		b.WriteString("[")
		n := int(shape[d])
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			if n > 2*summaryEdge && i == summaryEdge {
				b.WriteString("..., ")
				i = n - summaryEdge
			}
			rec(d+1, off+i*int(strides[d]))
		}
		b.WriteString("]")
	}
	rec(0, 0)
	b.WriteString("> : ")
	b.WriteString(t.Type.String())
	return b.String()
}

// isSplatTensor reports whether every element of t is the same (a literal
// then prints one value whatever the size).
func isSplatTensor(t *ir.Tensor) bool {
	for i := 1; i < t.Len(); i++ {
		switch {
		case t.I != nil && t.I[i] != t.I[0],
			t.F != nil && math.Float64bits(t.F[i]) != math.Float64bits(t.F[0]),
			t.C != nil && t.C[i] != t.C[0]:
			return false
		}
	}
	return true
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
