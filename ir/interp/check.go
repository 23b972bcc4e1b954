package interp

// The `check` dialect of StableHLO's interpreter tests
// (openxla/stablehlo stablehlo/tests/CheckOps.td): check.expect_eq,
// expect_eq_const, expect_almost_eq, expect_almost_eq_const, expect_close
// and expect_serialized_eq. A failed check appends a CheckFailure to
// in.Failures naming the function, the first differing element's index and
// both values; the run continues. Malformed checks (wrong operands or
// attributes) are errors.
//
// Equality (expect_eq, expect_eq_const) is exact, with two rules for
// floats: any NaN equals any NaN (payloads are not compared), and -0.0
// differs from +0.0 (StableHLO's reference uses IEEE ==, which fails on NaN
// and ignores the sign of zero; zmlc is stricter on zeros so that tests can
// pin the sign of zero results). Complex numbers compare part by part.
//
// expect_almost_eq passes when both values are NaN, or equal, or finite
// with |a - b| <= tolerance (default 1e-4, the attribute `tolerance`); an
// infinity only matches itself. expect_close measures the ULP distance of
// the element type's encodings (0 for bitwise-equal values and for two
// NaNs, the maximum for any other non-finite pair) and passes when
// min_ulp_difference <= distance <= max_ulp_difference (defaults 0 and 1);
// complex takes the larger distance of the two parts.

import (
	"fmt"
	"math"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

func init() {
	Register("check.expect_eq", evalCheck(checkEq, false))
	Register("check.expect_eq_const", evalCheck(checkEq, true))
	Register("check.expect_almost_eq", evalCheck(checkAlmostEq, false))
	Register("check.expect_almost_eq_const", evalCheck(checkAlmostEq, true))
	Register("check.expect_close", evalCheck(checkClose, false))
	Register("check.expect_serialized_eq", evalExpectSerializedEq)
}

// defaultTolerance is expect_almost_eq's default tolerance (CheckOps.td).
const defaultTolerance = 1e-4

// checkParams are a check's parameters from its attributes.
type checkParams struct {
	tolerance      float64
	minULP, maxULP uint64
}

// checkFunc compares actual with expected and returns "" or a description
// of the first mismatch.
type checkFunc func(actual, expected *ir.Tensor, p checkParams) string

// evalCheck builds the evaluator of a check op comparing operand 0 with
// operand 1 or, for the _const forms, with the `value` attribute.
func evalCheck(f checkFunc, constForm bool) EvalFunc {
	return func(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
		n := 2
		if constForm {
			n = 1
		}
		ts, err := tensorArgs(op, args, n)
		if err != nil {
			return nil, err
		}
		actual, expected := ts[0], (*ir.Tensor)(nil)
		if constForm {
			a, ok := op.Attr("value").(*ir.DenseElementsAttr)
			if !ok || a.Value == nil {
				return nil, errorAt(op, "missing dense elements attribute value")
			}
			expected = a.Value
		} else {
			expected = ts[1]
		}
		p, err := checkParamsOf(op)
		if err != nil {
			return nil, err
		}
		in.checkResult(op, runCheck(f, actual, expected, p))
		return nil, nil
	}
}

// checkParamsOf reads tolerance, min_ulp_difference and max_ulp_difference.
func checkParamsOf(op *ir.Op) (checkParams, error) {
	p := checkParams{tolerance: defaultTolerance, maxULP: 1}
	switch a := op.Attr("tolerance").(type) {
	case nil:
	case *ir.FloatAttr:
		p.tolerance = a.Value
	case *ir.IntegerAttr:
		p.tolerance = float64(a.Value)
	default:
		return p, errorAt(op, "tolerance must be a float attribute")
	}
	v, err := attrIntOr(op, "max_ulp_difference", 1)
	if err != nil {
		return p, err
	}
	p.maxULP = uint64(v)
	v, err = attrIntOr(op, "min_ulp_difference", 0)
	if err != nil {
		return p, err
	}
	p.minULP = uint64(v)
	return p, nil
}

// runCheck checks types, then runs f.
func runCheck(f checkFunc, actual, expected *ir.Tensor, p checkParams) string {
	if actual.Type.Elem != expected.Type.Elem || !sameShape(actual.Type.Shape, expected.Type.Shape) {
		return fmt.Sprintf("type mismatch: got %s, want %s", actual.Type, expected.Type)
	}
	return f(actual, expected, p)
}

// checkResult records a failure message (msg != "").
func (in *Interpreter) checkResult(op *ir.Op, msg string) {
	if msg == "" {
		return
	}
	in.Failures = append(in.Failures, CheckFailure{Func: in.curFunc, Loc: op.Loc, Message: op.Name + ": " + msg})
}

// mismatch describes element i of the tensors.
func mismatch(actual, expected *ir.Tensor, i int, extra string) string {
	idx := multiIndex(int64(i), actual.Type.Shape, make([]int64, actual.Type.Rank()))
	parts := make([]string, len(idx))
	for d, v := range idx {
		parts[d] = fmt.Sprint(v)
	}
	s := fmt.Sprintf("element [%s] differs: got %s, want %s", strings.Join(parts, ", "), describe(actual, i), describe(expected, i))
	if extra != "" {
		s += " (" + extra + ")"
	}
	return s
}

// floatSame is expect_eq's float equality (see the file comment).
func floatSame(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return a == b && math.Signbit(a) == math.Signbit(b)
}

func checkEq(actual, expected *ir.Tensor, _ checkParams) string {
	for i := range actual.I {
		if actual.I[i] != expected.I[i] {
			return mismatch(actual, expected, i, "")
		}
	}
	for i := range actual.F {
		if !floatSame(actual.F[i], expected.F[i]) {
			return mismatch(actual, expected, i, "")
		}
	}
	for i := range actual.C {
		a, b := actual.C[i], expected.C[i]
		if !floatSame(real(a), real(b)) || !floatSame(imag(a), imag(b)) {
			return mismatch(actual, expected, i, "")
		}
	}
	return ""
}

// almostEqual is expect_almost_eq on one float pair.
func almostEqual(a, b, tol float64) bool {
	switch {
	case math.IsNaN(a) || math.IsNaN(b):
		return math.IsNaN(a) && math.IsNaN(b)
	case a == b:
		return true
	case math.IsInf(a, 0) || math.IsInf(b, 0):
		return false
	}
	return math.Abs(a-b) <= tol
}

func checkAlmostEq(actual, expected *ir.Tensor, p checkParams) string {
	e := actual.Type.Elem
	if !e.IsFloat() && !e.IsComplex() {
		return fmt.Sprintf("needs float or complex operands, got %s", actual.Type)
	}
	extra := fmt.Sprintf("tolerance %g", p.tolerance)
	for i := range actual.F {
		if !almostEqual(actual.F[i], expected.F[i], p.tolerance) {
			return mismatch(actual, expected, i, extra)
		}
	}
	for i := range actual.C {
		a, b := actual.C[i], expected.C[i]
		if !almostEqual(real(a), real(b), p.tolerance) || !almostEqual(imag(a), imag(b), p.tolerance) {
			return mismatch(actual, expected, i, extra)
		}
	}
	return ""
}

// ulpDistance is the number of values of float type e between a and b
// (see the file comment for non-finite values).
func ulpDistance(a, b float64, e ir.ElementType) uint64 {
	ba, bb := ir.FloatBits(a, e), ir.FloatBits(b, e)
	if ba == bb {
		return 0
	}
	if math.IsNaN(a) && math.IsNaN(b) {
		return 0
	}
	if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return math.MaxUint64
	}
	ua, ub := ir.FloatBits(math.Abs(a), e), ir.FloatBits(math.Abs(b), e)
	if math.Signbit(a) != math.Signbit(b) {
		return ua + ub
	}
	if ua > ub {
		return ua - ub
	}
	return ub - ua
}

func checkClose(actual, expected *ir.Tensor, p checkParams) string {
	e := actual.Type.Elem
	if !e.IsFloat() && !e.IsComplex() {
		return fmt.Sprintf("needs float or complex operands, got %s", actual.Type)
	}
	pe := e.ComplexPart()
	n := actual.Len()
	for i := 0; i < n; i++ {
		var d uint64
		if e.IsComplex() {
			a, b := actual.C[i], expected.C[i]
			d = max(ulpDistance(real(a), real(b), pe), ulpDistance(imag(a), imag(b), pe))
		} else {
			d = ulpDistance(actual.F[i], expected.F[i], pe)
		}
		if d < p.minULP || d > p.maxULP {
			dist := fmt.Sprint(d)
			if d == math.MaxUint64 {
				dist = "infinite"
			}
			return mismatch(actual, expected, i, fmt.Sprintf("ULP difference %s, allowed [%d, %d]", dist, p.minULP, p.maxULP))
		}
	}
	return ""
}

// evalExpectSerializedEq: comparing with probe files written by an
// instrumented run (index.csv) is not supported; the check is recorded as
// a failure that says so, so that a run relying on it cannot pass silently.
func evalExpectSerializedEq(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	probe := ""
	if s, ok := op.Attr("probe_id").(ir.StringAttr); ok {
		probe = string(s)
	}
	in.checkResult(op, fmt.Sprintf("unsupported: zmlc does not read serialized probe files (probe %q)", probe))
	return nil, nil
}
