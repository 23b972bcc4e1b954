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

// misc lowers op when hostOps has a lowering for it; ok is false otherwise.
func (l *lowerer) misc(op *ir.Op) (ok bool, err error) {
	h, ok := hostOps[op.Name]
	if !ok {
		return false, nil
	}
	return true, h(l, op)
}
