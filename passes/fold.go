package passes

import (
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
)

// DefaultFoldMaxElements is constant-fold's default limit on the elements
// of one folded result (option max-elements): larger results are not
// materialised as constants.
const DefaultFoldMaxElements = 1 << 16

// foldPass replaces an op whose operands are all stablehlo.constant by
// constants holding its results, computed with EvalOp (the interpreter's
// own code: NaN in minimum/maximum, integer wraparound, negative padding,
// f16 rounding are exactly what running gives). Ops are visited in order,
// producers before readers, so chains of constant ops fold completely in
// one run; input constants left without readers are erased.
//
// Not folded: ops with side effects (see effects), ops without operands
// (iota, replica_id, partition_id: the latter depend on the process),
// stablehlo.while and func.call and ops whose regions contain them (they
// may not terminate), ops whose regions read values defined outside them,
// ops with a result that is not a static tensor or has more than
// max-elements elements, and ops the interpreter fails on (the error is
// left for run time).
type foldPass struct{ maxElements int64 }

func init() {
	Register(&PassInfo{
		Argument: "constant-fold",
		Name:     "ConstantFold",
		Summary:  "Evaluate operations whose operands are constants",
		Options:  map[string]string{"max-elements": "largest result folded, in elements (default 65536)"},
		New: func(o map[string]string) (Pass, error) {
			n, err := intOption(o, "max-elements", DefaultFoldMaxElements, 0)
			return &foldPass{maxElements: n}, err
		},
	})
}

func (*foldPass) Name() string     { return "ConstantFold" }
func (*foldPass) Argument() string { return "constant-fold" }
func (*foldPass) Summary() string  { return Lookup("constant-fold").Summary }

func allTensors(vs []interp.Value) bool {
	for _, v := range vs {
		if _, ok := v.(*ir.Tensor); !ok {
			return false
		}
	}
	return true
}

// Run folds constants in every function of m.
func (p *foldPass) Run(m *ir.Module) error {
	eff := newEffects(m)
	for _, f := range m.Funcs {
		if f.Body != nil {
			p.foldRegion(m, f.Body, eff)
		}
	}
	return nil
}

// foldRegion folds the ops of body in order (pre-order, so producers fold
// before their readers), then erases constants left without readers.
func (p *foldPass) foldRegion(m *ir.Module, body *ir.Region, eff *effects) int {
	rw := NewRewriter(body)
	n := 0
	var ops []*ir.Op
	body.Walk(func(op *ir.Op) bool { ops = append(ops, op); return true })
	for _, op := range ops {
		if rw.IsErased(op) || !p.foldable(op, eff) {
			continue
		}
		args := make([]interp.Value, len(op.Operands))
		for i, v := range op.Operands {
			args[i] = constValue(v)
		}
		res, err := EvalOp(m, op, args)
		if err != nil || len(res) != len(op.Results) {
			continue
		}
		if !allTensors(res) {
			continue
		}
		vals := make([]*ir.Value, len(res))
		for i, r := range res {
			t := r.(*ir.Tensor)
			// Keep the op's declared type (encoding included) for the
			// constant's result.
			c := rw.Create(op, "stablehlo.constant", nil, []ir.Type{op.Results[i].Type}, ir.Attrs{{Name: "value", Value: &ir.DenseElementsAttr{Value: t}}})
			vals[i] = c.Result(0)
		}
		rw.ReplaceOp(op, vals...)
		n++
		for _, v := range op.Operands {
			if v.Def != nil && v.Def.Name == "stablehlo.constant" && !rw.HasUses(v) {
				rw.Erase(v.Def)
			}
		}
	}
	rw.Finish(body)
	return n
}

// foldable reports whether op may be folded now.
func (p *foldPass) foldable(op *ir.Op, eff *effects) bool {
	if op.Name == "stablehlo.constant" || len(op.Operands) == 0 || len(op.Results) == 0 || eff.has(op) {
		return false
	}
	if !interp.Supported(op.Name) {
		return false
	}
	for _, v := range op.Operands {
		if constValue(v) == nil {
			return false
		}
	}
	for _, r := range op.Results {
		t := r.Tensor()
		if t == nil || !t.IsStatic() || t.NumElements() > p.maxElements {
			return false
		}
	}
	return regionsSelfContained(op)
}

// regionsSelfContained reports whether op's regions read only values
// defined inside them and contain no loop or call.
func regionsSelfContained(op *ir.Op) bool {
	if op.Name == "stablehlo.while" || op.Name == "func.call" {
		return false
	}
	if len(op.Regions) == 0 {
		return true
	}
	defined := map[*ir.Value]bool{}
	ok := true
	for _, r := range op.Regions {
		r.Walk(func(o *ir.Op) bool {
			if o.Name == "stablehlo.while" || o.Name == "func.call" {
				ok = false
			}
			for _, b := range o.Regions {
				for _, blk := range b.Blocks {
					for _, a := range blk.Args {
						defined[a] = true
					}
				}
			}
			return ok
		})
		for _, b := range r.Blocks {
			for _, a := range b.Args {
				defined[a] = true
			}
		}
	}
	if !ok {
		return false
	}
	// Results are defined in order, so a second walk sees definitions
	// before uses.
	for _, r := range op.Regions {
		r.Walk(func(o *ir.Op) bool {
			for _, v := range o.Operands {
				if !defined[v] {
					ok = false
				}
			}
			for _, res := range o.Results {
				defined[res] = true
			}
			return ok
		})
	}
	return ok
}
