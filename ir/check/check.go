// Package check holds the semantics of StableHLO's test checks (the
// `check` dialect of openxla/stablehlo stablehlo/tests/CheckOps.td, and the
// `stablehlo.custom_call @check.*` forms of StableHLO's generated test
// data) shared by the reference interpreter (ir/interp), which runs them,
// the compiler (compile/), which turns each into outputs of the program,
// and the launcher (runtime/), which compares those outputs on the host:
// which comparison an op asks for, with which parameters, and the message
// a failure prints. It depends on package ir alone.
//
// Equality (Eq: expect_eq, expect_eq_const) is exact, with two rules for
// floats: any NaN equals any NaN (payloads are not compared), and -0.0
// differs from +0.0 (StableHLO's reference uses IEEE ==, which fails on
// NaN and ignores the sign of zero; zmlc is stricter on zeros so that
// tests can pin the sign of zero results). Complex numbers compare part
// by part.
//
// AlmostEq (expect_almost_eq) passes when both values are NaN, or equal,
// or finite with |a - b| <= Tolerance (default 1e-4, the attribute
// `tolerance`); an infinity only matches itself. Close (expect_close)
// measures the ULP distance of the element type's encodings (0 for
// bitwise-equal values and for two NaNs, the maximum for any other
// non-finite pair) and passes when MinULP <= distance <= MaxULP (defaults
// 0 and 1); complex takes the larger distance of the two parts.
//
// The custom_call forms take (actual, expected) with the defaults of
// StableHLO's stablehlo-translate: @check.expect_eq exact, as expect_eq;
// @check.expect_almost_eq tolerance 1e-3; @check.expect_close ULP
// distance in [0, 3]; @check.eq integers exact, floats and complex within
// 1e-4 (its i1 result says whether the check passed). Attributes
// `tolerance`, `min_ulp_difference` and `max_ulp_difference` override
// these defaults.
package check

import (
	"fmt"
	"math"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Compare is the comparison a check makes.
type Compare string

// The comparisons.
const (
	Eq       Compare = "eq"        // exact (see the package comment)
	AlmostEq Compare = "almost_eq" // absolute tolerance
	Close    Compare = "close"     // ULP distance in a range
)

// DefaultTolerance is expect_almost_eq's default tolerance (CheckOps.td).
const DefaultTolerance = 1e-4

// Params are a check's parameters: AlmostEq's absolute tolerance, Close's
// allowed range of ULP distances.
type Params struct {
	Tolerance      float64
	MinULP, MaxULP uint64
}

// Spec is what one check op asks for.
type Spec struct {
	// Op is the op's name: "check.expect_eq_const", "stablehlo.custom_call".
	Op string
	// Target is the custom_call's call_target_name ("check.expect_eq"),
	// "" for the check dialect.
	Target  string
	Compare Compare
	Params  Params
	// Const is the expected value of the _const forms (the `value`
	// attribute); nil when the expected value is operand 1.
	Const *ir.Tensor
}

// Operands is the number of tensor operands the check takes: 1 for the
// _const forms (actual), 2 otherwise (actual, expected).
func (s Spec) Operands() int {
	if s.Const != nil {
		return 1
	}
	return 2
}

// Message is the failure message of the check for a mismatch description
// (what Run returns), as the interpreter prints it after "check failed in
// @func: ": "check.expect_eq_const: element [1] differs: got 4, want 5",
// "stablehlo.custom_call: @check.expect_eq: element ...".
func (s Spec) Message(detail string) string {
	if s.Target != "" {
		return s.Op + ": @" + s.Target + ": " + detail
	}
	return s.Op + ": " + detail
}

// IsCheck reports whether op is a check: an op of the check dialect or a
// custom_call whose target starts with "check.".
func IsCheck(op *ir.Op) bool {
	if op.Dialect() == "check" {
		return true
	}
	return op.Name == "stablehlo.custom_call" && strings.HasPrefix(CallTarget(op), "check.")
}

// CallTarget returns a custom_call's call_target_name ("" if it has none).
func CallTarget(op *ir.Op) string {
	switch a := op.Attr("call_target_name").(type) {
	case ir.StringAttr:
		return string(a)
	case *ir.SymbolRefAttr:
		return a.Name
	}
	return ""
}

// ErrUnsupported is wrapped by FromOp's error for a check op that is not
// a comparison of two tensors (check.expect_serialized_eq) or an unknown
// one.
var ErrUnsupported = fmt.Errorf("unsupported check")

// FromOp reads the check op's kind and parameters. The error (not
// positioned: callers add the op's location) says what is malformed: a
// missing `value`, a non-float tolerance, a non-integer ULP bound, or an
// op that is not a supported check (wrapping ErrUnsupported).
func FromOp(op *ir.Op) (Spec, error) {
	s := Spec{Op: op.Name, Params: Params{Tolerance: DefaultTolerance, MaxULP: 1}}
	name := op.Name
	if op.Name == "stablehlo.custom_call" {
		s.Target = CallTarget(op)
		name = s.Target
	}
	if s.Target == "" {
		switch name {
		case "check.expect_eq", "check.expect_eq_const":
			s.Compare = Eq
		case "check.expect_almost_eq", "check.expect_almost_eq_const":
			s.Compare = AlmostEq
		case "check.expect_close":
			s.Compare = Close
		default:
			return s, fmt.Errorf("%w: %s", ErrUnsupported, name)
		}
		if strings.HasSuffix(name, "_const") {
			a, ok := op.Attr("value").(*ir.DenseElementsAttr)
			if !ok || a.Value == nil {
				return s, fmt.Errorf("missing dense elements attribute value")
			}
			s.Const = a.Value
		}
		p, err := paramsOf(op, s.Params)
		s.Params = p
		return s, err
	}
	switch s.Target {
	case "check.expect_eq":
		s.Compare = Eq
	case "check.expect_almost_eq":
		s.Compare, s.Params.Tolerance = AlmostEq, 1e-3
	case "check.expect_close":
		s.Compare, s.Params.MaxULP = Close, 3
	case "check.eq":
		s.Compare = Eq
		if len(op.Operands) > 1 {
			if t := op.Operands[1].Tensor(); t != nil && (t.Elem.IsFloat() || t.Elem.IsComplex()) {
				s.Compare = AlmostEq
			}
		}
	default:
		return s, fmt.Errorf("%w: custom_call target %q", ErrUnsupported, s.Target)
	}
	p, err := paramsOf(op, s.Params)
	s.Params = p
	return s, err
}

// paramsOf returns p, the op's defaults, with the attributes tolerance,
// min_ulp_difference and max_ulp_difference the op has over it.
func paramsOf(op *ir.Op, p Params) (Params, error) {
	switch a := op.Attr("tolerance").(type) {
	case nil:
	case *ir.FloatAttr:
		p.Tolerance = a.Value
	case *ir.IntegerAttr:
		p.Tolerance = float64(a.Value)
	default:
		return p, fmt.Errorf("tolerance must be a float attribute")
	}
	for _, u := range []struct {
		name string
		dst  *uint64
	}{{"max_ulp_difference", &p.MaxULP}, {"min_ulp_difference", &p.MinULP}} {
		a := op.Attr(u.name)
		if a == nil {
			continue
		}
		v, ok := ir.IntValue(a)
		if !ok {
			return p, fmt.Errorf("attribute %s must be an integer", u.name)
		}
		*u.dst = uint64(v)
	}
	return p, nil
}

// Run compares actual with expected as c asks and returns "" when the
// check passes, else a description of the first mismatch: "type
// mismatch: got tensor<2xi32>, want tensor<3xi32>", "element [1, 0]
// differs: got 4, want 5 (tolerance 0.0001)".
func Run(c Compare, actual, expected *ir.Tensor, p Params) string {
	if actual.Type.Elem != expected.Type.Elem || !sameShape(actual.Type.Shape, expected.Type.Shape) {
		return fmt.Sprintf("type mismatch: got %s, want %s", actual.Type, expected.Type)
	}
	switch c {
	case Eq:
		return eq(actual, expected)
	case AlmostEq:
		return almostEq(actual, expected, p)
	case Close:
		return closeULP(actual, expected, p)
	}
	return fmt.Sprintf("unknown comparison %q", string(c))
}

func sameShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// mismatch describes element i of the tensors.
func mismatch(actual, expected *ir.Tensor, i int, extra string) string {
	shape := actual.Type.Shape
	idx := make([]string, len(shape))
	lin := int64(i)
	for d := len(shape) - 1; d >= 0; d-- {
		if shape[d] == 0 {
			idx[d] = "0"
			continue
		}
		idx[d] = fmt.Sprint(lin % shape[d])
		lin /= shape[d]
	}
	s := fmt.Sprintf("element [%s] differs: got %s, want %s", strings.Join(idx, ", "), describe(actual, i), describe(expected, i))
	if extra != "" {
		s += " (" + extra + ")"
	}
	return s
}

// describe formats element i of x in MLIR's spelling.
func describe(x *ir.Tensor, i int) string {
	e := x.Type.Elem
	switch {
	case e.IsComplex():
		p := e.ComplexPart()
		return fmt.Sprintf("(%s, %s)", ir.FormatFloat(real(x.C[i]), p), ir.FormatFloat(imag(x.C[i]), p))
	case e.IsFloat():
		return ir.FormatFloat(x.F[i], e)
	}
	return ir.FormatInt(x.I[i], e)
}

// floatSame is Eq on one float pair (see the package comment).
func floatSame(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return a == b && math.Signbit(a) == math.Signbit(b)
}

func eq(actual, expected *ir.Tensor) string {
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

// almostEqual is AlmostEq on one float pair.
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

func almostEq(actual, expected *ir.Tensor, p Params) string {
	e := actual.Type.Elem
	if !e.IsFloat() && !e.IsComplex() {
		return fmt.Sprintf("needs float or complex operands, got %s", actual.Type)
	}
	extra := fmt.Sprintf("tolerance %g", p.Tolerance)
	for i := range actual.F {
		if !almostEqual(actual.F[i], expected.F[i], p.Tolerance) {
			return mismatch(actual, expected, i, extra)
		}
	}
	for i := range actual.C {
		a, b := actual.C[i], expected.C[i]
		if !almostEqual(real(a), real(b), p.Tolerance) || !almostEqual(imag(a), imag(b), p.Tolerance) {
			return mismatch(actual, expected, i, extra)
		}
	}
	return ""
}

// ULPDistance is the number of values of float type e between a and b
// (see the package comment for non-finite values).
func ULPDistance(a, b float64, e ir.ElementType) uint64 {
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

func closeULP(actual, expected *ir.Tensor, p Params) string {
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
			d = max(ULPDistance(real(a), real(b), pe), ULPDistance(imag(a), imag(b), pe))
		} else {
			d = ULPDistance(actual.F[i], expected.F[i], pe)
		}
		if d < p.MinULP || d > p.MaxULP {
			dist := fmt.Sprint(d)
			if d == math.MaxUint64 {
				dist = "infinite"
			}
			return mismatch(actual, expected, i, fmt.Sprintf("ULP difference %s, allowed [%d, %d]", dist, p.MinULP, p.MaxULP))
		}
	}
	return ""
}
