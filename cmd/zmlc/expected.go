package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

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
