package interp

import "github.com/zmlc/zmlc/ir"

// zml.fusion (made by the passes package's fusion pass) holds one region
// whose entry block takes one argument per operand and returns the fusion's
// results with stablehlo.return; running it runs that region, so a fused
// program computes exactly what the unfused one does.

func init() { Register("zml.fusion", evalFusion) }

func evalFusion(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	if len(op.Regions) != 1 {
		return nil, errorAt(op, "must have one region, got %d", len(op.Regions))
	}
	res, err := in.RunRegion(op.Regions[0], args)
	if err != nil {
		return nil, err
	}
	if len(res) != len(op.Results) {
		return nil, errorAt(op, "region returns %d values, op has %d results", len(res), len(op.Results))
	}
	for i, r := range op.Results {
		if err := checkValueType(res[i], r.Type); err != nil {
			return nil, errorAt(op, "result %d: %v", i, err)
		}
	}
	return res, nil
}
