package interp

// The `check` dialect of StableHLO's interpreter tests
// (openxla/stablehlo stablehlo/tests/CheckOps.td): check.expect_eq,
// expect_eq_const, expect_almost_eq, expect_almost_eq_const, expect_close
// and expect_serialized_eq. A failed check appends a CheckFailure to
// in.Failures naming the function, the first differing element's index and
// both values; the run continues. Malformed checks (wrong operands or
// attributes) are errors. The comparisons and their messages are package
// ir/check's, which compiled bundles share (the launcher compares their
// check outputs the same way).

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/check"
)

func init() {
	for _, name := range []string{"check.expect_eq", "check.expect_eq_const", "check.expect_almost_eq", "check.expect_almost_eq_const", "check.expect_close"} {
		Register(name, evalCheck)
	}
	Register("check.expect_serialized_eq", evalExpectSerializedEq)
}

// evalCheck runs a check op comparing operand 0 with operand 1 or, for
// the _const forms, with the `value` attribute.
func evalCheck(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	s, err := check.FromOp(op)
	if err != nil {
		return nil, errorAt(op, "%v", err)
	}
	ts, err := tensorArgs(op, args, s.Operands())
	if err != nil {
		return nil, err
	}
	expected := s.Const
	if expected == nil {
		expected = ts[1]
	}
	in.checkResult(op, s, check.Run(s.Compare, ts[0], expected, s.Params))
	return nil, nil
}

// checkResult records a failure (detail != "") of the check s.
func (in *Interpreter) checkResult(op *ir.Op, s check.Spec, detail string) {
	if detail == "" {
		return
	}
	in.Failures = append(in.Failures, CheckFailure{Func: in.curFunc, Loc: op.Loc, Message: s.Message(detail)})
}

// evalExpectSerializedEq: comparing with probe files written by an
// instrumented run (index.csv) is not supported; the check is recorded as
// a failure that says so, so that a run relying on it cannot pass silently.
func evalExpectSerializedEq(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	probe := ""
	if s, ok := op.Attr("probe_id").(ir.StringAttr); ok {
		probe = string(s)
	}
	in.checkResult(op, check.Spec{Op: op.Name}, fmt.Sprintf("unsupported: zmlc does not read serialized probe files (probe %q)", probe))
	return nil, nil
}
