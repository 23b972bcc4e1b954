package passes

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
)

// EvalOp computes op's results from operand values with the reference
// interpreter (ir/interp), so that a folded result is bit for bit what
// running the program gives. It builds a one-block region holding a copy
// of op whose operands are the block's arguments, followed by func.return,
// and runs it with interp.Interpreter.RunRegion; m resolves func.call
// callees (it may be nil when op calls nothing). Regions of op are shared,
// not copied. It returns the interpreter's error, or an error if the
// interpreter panics (a bug there must not crash the compiler).
func EvalOp(m *ir.Module, op *ir.Op, args []interp.Value) (res []interp.Value, err error) {
	if len(args) != len(op.Operands) {
		return nil, fmt.Errorf("%s takes %d operands, got %d values", op.Name, len(op.Operands), len(args))
	}
	if m == nil {
		m = &ir.Module{}
	}
	r := &ir.Region{}
	b := &ir.Block{Parent: r}
	r.Blocks = []*ir.Block{b}
	operands := make([]*ir.Value, len(op.Operands))
	for i, v := range op.Operands {
		operands[i] = b.AddArg(v.Type)
	}
	types := make([]ir.Type, len(op.Results))
	for i, v := range op.Results {
		types[i] = v.Type
	}
	c := ir.NewOp(op.Name, operands, types, op.Attrs)
	c.Loc = op.Loc
	c.Regions = op.Regions
	b.Append(c)
	ret := ir.NewOp("func.return", c.Results, nil, nil)
	ret.Loc = op.Loc
	b.Append(ret)
	defer func() {
		if p := recover(); p != nil {
			res, err = nil, fmt.Errorf("%s: interpreter panic evaluating %s: %v", op.Loc, op.Name, p)
		}
	}()
	return interp.New(m).RunRegion(r, args)
}
