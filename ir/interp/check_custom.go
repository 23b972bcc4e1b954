package interp

// The `stablehlo.custom_call @check.*(%actual, %expected)` forms of
// StableHLO's generated test data (stablehlo/testdata), with the defaults
// of StableHLO's stablehlo-translate:
//   - @check.expect_eq: exact equality (as check.expect_eq);
//   - @check.expect_almost_eq: tolerance 1e-3;
//   - @check.expect_close: ULP distance in [0, 3];
//   - @check.eq: integers exact, floats and complex within 1e-4; its
//     result is a tensor<i1> saying whether the check passed.
//
// Attributes `tolerance`, `min_ulp_difference` and `max_ulp_difference` on
// the custom_call override these defaults. A failure is recorded in
// in.Failures like the check dialect's.

import (
	"github.com/zmlc/zmlc/ir"
)

func evalCustomCallCheck(in *Interpreter, op *ir.Op, target string, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, 2)
	if err != nil {
		return nil, errorAt(op, "custom_call @%s takes (actual, expected): %v", target, err)
	}
	actual, expected := ts[0], ts[1]
	p := checkParams{tolerance: defaultTolerance, maxULP: 1}
	var f checkFunc
	switch target {
	case "check.expect_eq":
		f = checkEq
	case "check.expect_almost_eq":
		f, p.tolerance = checkAlmostEq, 1e-3
	case "check.expect_close":
		f, p.maxULP = checkClose, 3
	case "check.eq":
		f = checkEq
		if e := expected.Type.Elem; e.IsFloat() || e.IsComplex() {
			f = checkAlmostEq
		}
	default:
		return nil, errorAt(op, "the interpreter does not support custom_call target %q", target)
	}
	if op.Attr("tolerance") != nil || op.Attr("max_ulp_difference") != nil || op.Attr("min_ulp_difference") != nil {
		q, err := checkParamsOf(op)
		if err != nil {
			return nil, err
		}
		if op.Attr("tolerance") != nil {
			p.tolerance = q.tolerance
		}
		if op.Attr("max_ulp_difference") != nil {
			p.maxULP = q.maxULP
		}
		if op.Attr("min_ulp_difference") != nil {
			p.minULP = q.minULP
		}
	}
	msg := runCheck(f, actual, expected, p)
	if msg != "" {
		msg = "@" + target + ": " + msg
	}
	in.checkResult(op, msg)
	res := make([]Value, len(op.Results))
	for i := range res {
		t, err := newResult(op, i)
		if err != nil {
			return nil, err
		}
		if t.Type.Elem == ir.I1 && t.Len() == 1 && msg == "" {
			t.I[0] = 1
		}
		res[i] = t
	}
	return res, nil
}
