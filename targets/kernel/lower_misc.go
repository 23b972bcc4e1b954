package kernel

import "github.com/zmlc/zmlc/ir"

// hostOp lowers one op at the host level: it emits its own steps and
// kernels and binds the op's results in l.env.
type hostOp func(l *lowerer, op *ir.Op) error

// hostOps are the ops with their own host-level lowering beyond the ones
// lower.go dispatches itself: the one-process collectives
// (lower_collective.go), chlo.top_k (lower_topk.go), rng_bit_generator
// (lower_rng.go) and select_and_scatter (lower_select_scatter.go).
var hostOps = map[string]hostOp{}

func init() {
	for name := range collectiveOps {
		hostOps[name] = (*lowerer).collective
	}
}

// complexRejected are the ops whose lowerings (here or in lower.go's
// dispatch) have no complex form: with a complex operand or result they
// are a positioned error rather than a kernel the verifier rejects.
var complexRejected = map[string]bool{
	"stablehlo.sort": true, "stablehlo.scatter": true, "stablehlo.convolution": true,
	"stablehlo.select_and_scatter": true, "chlo.top_k": true, "stablehlo.rng_bit_generator": true,
	"stablehlo.reduce_window": true, "stablehlo.map": true,
}

// hasComplex reports whether an operand or result of op is a complex tensor.
func hasComplex(op *ir.Op) bool {
	for _, vs := range [][]*ir.Value{op.Operands, op.Results} {
		for _, v := range vs {
			if tt := v.Tensor(); tt != nil && tt.Elem.IsComplex() {
				return true
			}
		}
	}
	return false
}

// misc lowers op when hostOps has a lowering for it; ok is false otherwise.
func (l *lowerer) misc(op *ir.Op) (ok bool, err error) {
	if complexRejected[op.Name] && hasComplex(op) {
		return true, errorf(op, "complex operands or results are not supported by this op's kernel lowering")
	}
	if op.Name == "zml.fusion" {
		for _, r := range op.Regions {
			for _, blk := range r.Blocks {
				for _, in := range blk.Ops {
					if complexRejected[in.Name] && hasComplex(in) {
						return true, errorf(in, "complex operands or results are not supported by this op's kernel lowering")
					}
				}
			}
		}
	}
	h, ok := hostOps[op.Name]
	if !ok {
		return false, nil
	}
	return true, h(l, op)
}
