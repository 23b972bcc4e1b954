package passes

import (
	"github.com/zmlc/zmlc/ir"
)

// CanonicalRules returns the canonicalisation rules (see canon_arith.go
// and canon_shape.go). New rules plug in by appending to the list this
// returns before building a RuleSet, or by adding them to
// canonicalize's set in this package.
func CanonicalRules() []*Rule {
	return append(arithRules(), shapeRules()...)
}

// canonicalizePass applies CanonicalRules to a fixpoint in every function
// (ApplyRules), erases pure ops left without readers and folds ops whose
// operands are all constants, as MLIR's canonicalizer does (its greedy
// driver calls each op's fold hook, which for StableHLO evaluates
// elementwise and shape ops on constant operands): rules and folding
// alternate until neither changes the function, at most
// canonMaxIterations rounds (MLIR's GreedyRewriteConfig::maxIterations).
// Folding is constant-fold's (foldPass, with its default limit of
// DefaultFoldMaxElements elements per result); constant-fold remains a
// pass of its own for pipelines that want folding without the rules.
type canonicalizePass struct {
	rules       *RuleSet
	maxRewrites int64
}

func init() {
	Register(&PassInfo{
		Argument: "canonicalize",
		Name:     "Canonicalizer",
		Summary:  "Canonicalize operations",
		Options: map[string]string{
			"max-rewrites": "rewrites allowed per function before giving up (default 10 per op + 1000)",
		},
		New: func(o map[string]string) (Pass, error) {
			n, err := intOption(o, "max-rewrites", 0, 1)
			return &canonicalizePass{rules: NewRuleSet(CanonicalRules()...), maxRewrites: n}, err
		},
	})
}

func (*canonicalizePass) Name() string     { return "Canonicalizer" }
func (*canonicalizePass) Argument() string { return "canonicalize" }
func (*canonicalizePass) Summary() string  { return Lookup("canonicalize").Summary }

// Run canonicalises every function of m.
func (p *canonicalizePass) Run(m *ir.Module) error {
	eff := newEffects(m)
	for _, f := range m.Funcs {
		if f.Body == nil {
			continue
		}
		limit := int(p.maxRewrites)
		if limit == 0 {
			n := 0
			f.Body.Walk(func(*ir.Op) bool { n++; return true })
			limit = 10*n + 1000
		}
		fold := &foldPass{maxElements: DefaultFoldMaxElements}
		for range canonMaxIterations {
			if _, err := ApplyRules(f.Body, p.rules, eff, limit); err != nil {
				return err
			}
			if fold.foldRegion(m, f.Body, eff) == 0 {
				break
			}
		}
	}
	return nil
}

// canonMaxIterations bounds the rounds of rules and folding in one
// function, as MLIR's greedy rewrite driver bounds its iterations (10).
const canonMaxIterations = 10
