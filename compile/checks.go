package compile

import (
	"errors"
	"math"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/check"
)

// Checks in compiled bundles (DESIGN.md, "How we know a target is
// right"): each check op at the top level of an entry function — the
// check dialect (check.expect_eq, expect_eq_const, expect_almost_eq,
// expect_almost_eq_const, expect_close) and the custom_call form JAX's
// test programs use (stablehlo.custom_call @check.expect_eq,
// @check.expect_almost_eq, @check.expect_close, @check.eq) — becomes two
// extra results of the function, its actual and expected tensors (the
// _const forms' value a constant), after the function's own results. The
// manifest's Entry.Checks describes them (docs/BUNDLE.md, "Checks"), and
// the launcher compares them on the host after each run, with package
// ir/check's semantics and messages, as the interpreter does.

// hasChecks reports whether f has a check op anywhere.
func hasChecks(f *ir.Func) bool {
	found := false
	f.Body.Walk(func(op *ir.Op) bool {
		found = found || check.IsCheck(op)
		return !found
	})
	return found
}

// outputChecks rewrites the top-level checks of f into extra results, in
// order, and returns their manifest records (nil when f has none). A
// check the targets cannot carry is a positioned error: one in a nested
// region (a while or if body), check.expect_serialized_eq, a custom_call
// @check.eq whose i1 result is used, a non-finite tolerance.
func outputChecks(f *ir.Func) ([]emit.Check, error) {
	blk := f.Body.Entry()
	top := map[*ir.Op]bool{}
	for _, op := range blk.Ops {
		top[op] = true
	}
	var err error
	f.Body.Walk(func(op *ir.Op) bool {
		if err == nil && check.IsCheck(op) && !top[op] {
			err = ir.Errorf(op.Loc, "%s: checks inside a region (a while, if or case body) cannot be compiled; move the check to the function's top level", op.Name)
		}
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	used := map[*ir.Value]bool{}
	f.Body.Walk(func(op *ir.Op) bool {
		for _, o := range op.Operands {
			used[o] = true
		}
		return true
	})
	var (
		checks []emit.Check
		outs   []*ir.Value
		kept   []*ir.Op
	)
	for _, op := range blk.Ops {
		if !check.IsCheck(op) {
			kept = append(kept, op)
			continue
		}
		s, err := check.FromOp(op)
		if errors.Is(err, check.ErrUnsupported) {
			return nil, ir.Errorf(op.Loc, "%s: %v: compiled targets run the comparisons expect_eq, expect_almost_eq and expect_close (and their _const forms)", op.Name, err)
		}
		if err != nil {
			return nil, ir.Errorf(op.Loc, "%s: %v", op.Name, err)
		}
		for _, r := range op.Results {
			if used[r] {
				return nil, ir.Errorf(op.Loc, "%s: the result of @%s is used; compiled targets compare checks on the host after the run, so a check's result cannot feed the program", op.Name, s.Target)
			}
		}
		if math.IsNaN(s.Params.Tolerance) || math.IsInf(s.Params.Tolerance, 0) {
			return nil, ir.Errorf(op.Loc, "%s: tolerance %v is not finite", op.Name, s.Params.Tolerance)
		}
		if len(op.Operands) != s.Operands() {
			return nil, ir.Errorf(op.Loc, "%s: takes %d operands, got %d", op.Name, s.Operands(), len(op.Operands))
		}
		actual := op.Operands[0]
		expected := (*ir.Value)(nil)
		if s.Const != nil {
			c := ir.NewOp("stablehlo.constant", nil, []ir.Type{ir.TensorOf(s.Const.Type.Elem, s.Const.Type.Shape...)}, nil)
			c.SetAttr("value", &ir.DenseElementsAttr{Value: s.Const})
			c.Loc, c.Parent = op.Loc, blk
			kept = append(kept, c)
			expected = c.Results[0]
		} else {
			expected = op.Operands[1]
		}
		va, err := checkValue(op, actual)
		if err != nil {
			return nil, err
		}
		ve, err := checkValue(op, expected)
		if err != nil {
			return nil, err
		}
		checks = append(checks, emit.Check{Op: s.Op, Target: s.Target, Loc: op.Loc.String(), Compare: string(s.Compare),
			Tolerance: s.Params.Tolerance, MinULP: s.Params.MinULP, MaxULP: s.Params.MaxULP, Actual: va, Expected: ve})
		outs = append(outs, actual, expected)
	}
	if checks == nil {
		return nil, nil
	}
	blk.Ops = kept
	term := blk.Terminator()
	term.Operands = append(term.Operands, outs...)
	res := append([]ir.Type{}, f.Type.Results...)
	for _, o := range outs {
		res = append(res, o.Type)
	}
	f.Type = &ir.FunctionType{Inputs: f.Type.Inputs, Results: res}
	return checks, nil
}

// checkValue describes a check's operand for the manifest; it must be a
// statically shaped tensor.
func checkValue(op *ir.Op, v *ir.Value) (emit.Value, error) {
	t := v.Tensor()
	if t == nil || !t.IsStatic() {
		return emit.Value{}, ir.Errorf(op.Loc, "%s: operand of type %s is not a statically shaped tensor", op.Name, v.Type)
	}
	return emit.Value{DType: t.Elem.String(), Shape: shapeOrEmpty(t.Shape)}, nil
}
