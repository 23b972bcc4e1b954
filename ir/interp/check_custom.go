package interp

// The `stablehlo.custom_call @check.*(%actual, %expected)` forms of
// StableHLO's generated test data (stablehlo/testdata), with the defaults
// of StableHLO's stablehlo-translate (package ir/check): @check.expect_eq,
// @check.expect_almost_eq, @check.expect_close and @check.eq, whose result
// is a tensor<i1> saying whether the check passed. A failure is recorded
// in in.Failures like the check dialect's.

import (
	"errors"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/check"
)

func evalCustomCallCheck(in *Interpreter, op *ir.Op, target string, args []Value) ([]Value, error) {
	s, err := check.FromOp(op)
	if errors.Is(err, check.ErrUnsupported) {
		return nil, errorAt(op, "the interpreter does not support custom_call target %q", target)
	}
	if err != nil {
		return nil, errorAt(op, "%v", err)
	}
	ts, err := tensorArgs(op, args, 2)
	if err != nil {
		return nil, errorAt(op, "custom_call @%s takes (actual, expected): %v", target, err)
	}
	msg := check.Run(s.Compare, ts[0], ts[1], s.Params)
	in.checkResult(op, s, msg)
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
