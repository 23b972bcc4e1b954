package passes

import "github.com/zmlc/zmlc/ir"

// dcePass erases ops without side effects whose results nothing reads,
// in every function and every nested region, until none is left (an op
// whose only readers were dead goes too). Functions are kept (the inliner
// erases unused private ones).
type dcePass struct{}

func init() {
	Register(&PassInfo{
		Argument: "dce",
		Name:     "DCE",
		Summary:  "Erase operations without side effects whose results are unused",
		New:      func(map[string]string) (Pass, error) { return dcePass{}, nil },
	})
}

func (dcePass) Name() string     { return "DCE" }
func (dcePass) Argument() string { return "dce" }
func (dcePass) Summary() string  { return Lookup("dce").Summary }

// Run erases the dead ops of every function of m.
func (dcePass) Run(m *ir.Module) error {
	eff := newEffects(m)
	for _, f := range m.Funcs {
		if f.Body != nil {
			eraseDeadOps(f.Body, eff)
		}
	}
	return nil
}

// eraseDeadOps removes dead ops from body. It visits blocks from the last
// op up, so that an op's readers are decided before the op itself; nested
// regions first, since their ops read values of enclosing blocks.
func eraseDeadOps(body *ir.Region, eff *effects) int {
	rw := NewRewriter(body)
	n := 0
	var visit func(r *ir.Region)
	visit = func(r *ir.Region) {
		for bi := len(r.Blocks) - 1; bi >= 0; bi-- {
			b := r.Blocks[bi]
			for i := len(b.Ops) - 1; i >= 0; i-- {
				op := b.Ops[i]
				if rw.IsErased(op) {
					continue
				}
				if isDead(rw, eff, op) {
					rw.Erase(op)
					n++
					continue
				}
				for _, sub := range op.Regions {
					visit(sub)
				}
			}
		}
	}
	visit(body)
	rw.Finish(body)
	return n
}

// isDead reports whether op can be erased: it has results, none is read,
// and it has no side effects.
func isDead(rw *Rewriter, eff *effects, op *ir.Op) bool {
	if len(op.Results) == 0 || op.HasTrait(ir.Terminator) {
		return false
	}
	return rw.ResultsUnused(op) && !eff.has(op)
}
