package interp

// Control flow and calls (spec: while, if, case; func.call;
// stablehlo.custom_call, of which the interpreter runs the `check.*`
// targets of StableHLO's test suite).

import (
	"errors"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

func init() {
	Register("stablehlo.while", evalWhile)
	Register("stablehlo.if", evalIf)
	Register("stablehlo.case", evalCase)
	Register("func.call", evalCall)
	Register("stablehlo.custom_call", evalCustomCall)
}

// evalWhile runs body while cond returns true; both regions take the loop
// values. The loop is not bounded: a program whose condition never becomes
// false does not terminate, as on any other backend.
func evalWhile(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	if len(op.Regions) != 2 {
		return nil, errorAt(op, "needs a cond and a body region, has %d regions", len(op.Regions))
	}
	vals := append([]Value{}, args...)
	for {
		c, err := in.RunRegion(op.Regions[0], vals)
		if err != nil {
			return nil, err
		}
		ok, err := regionBool(op, c, "cond")
		if err != nil {
			return nil, err
		}
		if !ok {
			return vals, nil
		}
		vals, err = in.RunRegion(op.Regions[1], vals)
		if err != nil {
			return nil, err
		}
		if len(vals) != len(args) {
			return nil, errorAt(op, "body returned %d values, the loop carries %d", len(vals), len(args))
		}
	}
}

// regionBool reads the single tensor<i1> a cond region returns.
func regionBool(op *ir.Op, vals []Value, what string) (bool, error) {
	if len(vals) != 1 {
		return false, errorAt(op, "%s returned %d values, want one tensor<i1>", what, len(vals))
	}
	t, ok := vals[0].(*ir.Tensor)
	if !ok {
		return false, errorAt(op, "%s returned %T, want a tensor<i1>", what, vals[0])
	}
	return scalarBool(op, t, what+" result")
}

func evalIf(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	p, err := tensorArg(op, args, 0)
	if err != nil {
		return nil, err
	}
	b, err := scalarBool(op, p, "pred")
	if err != nil {
		return nil, err
	}
	if len(op.Regions) != 2 {
		return nil, errorAt(op, "needs true and false branches, has %d regions", len(op.Regions))
	}
	r := op.Regions[1]
	if b {
		r = op.Regions[0]
	}
	return in.RunRegion(r, nil)
}

// evalCase runs branch index, or the last branch when index is out of
// range (spec: case).
func evalCase(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	t, err := tensorArg(op, args, 0)
	if err != nil {
		return nil, err
	}
	i, err := scalarInt(op, t, "index")
	if err != nil {
		return nil, err
	}
	n := int64(len(op.Regions))
	if n == 0 {
		return nil, errorAt(op, "has no branches")
	}
	if i < 0 || i >= n { // ui64 indices above 2^63 read as negative: out of range too
		i = n - 1
	}
	return in.RunRegion(op.Regions[i], nil)
}

func evalCall(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	c, ok := op.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return nil, errorAt(op, "missing callee symbol")
	}
	res, err := in.Call(c.Name, args)
	if err != nil {
		// An error already located inside the callee keeps its own
		// location; only the callee's argument and depth errors are
		// located at this call.
		var located *OpError
		if errors.As(err, &located) {
			return nil, err
		}
		return nil, errorAt(op, "%v", err)
	}
	return res, nil
}

// evalCustomCall runs the `check.*` targets (see check_custom.go); any
// other target is an error naming it.
func evalCustomCall(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	var target string
	switch a := op.Attr("call_target_name").(type) {
	case ir.StringAttr:
		target = string(a)
	case *ir.SymbolRefAttr:
		target = a.Name
	}
	if strings.HasPrefix(target, "check.") {
		return evalCustomCallCheck(in, op, target, args)
	}
	return nil, errorAt(op, "the interpreter does not support custom_call target %q", target)
}
