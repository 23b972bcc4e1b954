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
// (ApplyRules) and erases pure ops left without readers, as MLIR's
// canonicalizer does. It does not fold constants: that is constant-fold.
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
		if _, err := ApplyRules(f.Body, p.rules, eff, limit); err != nil {
			return err
		}
	}
	return nil
}
