package passes

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
)

// Rule is one rewrite rule, in the spirit of MLIR's RewritePattern and of
// the rules of Go's SSA back end: the op it applies to, a side-effect-free
// match, and a rewrite that the driver runs when Match returns true.
// Rewrite edits through the Rewriter only (Create, ReplaceOp,
// ReplaceAllUses), typically replacing op by existing or new values.
type Rule struct {
	// Name identifies the rule in statistics and test failures
	// (`add-zero`).
	Name string
	// Op is the full op name the rule applies to (`stablehlo.add`).
	Op string
	// Match reports whether the rule applies to op; it must not change
	// anything.
	Match func(op *ir.Op) bool
	// Rewrite performs the rewrite of a matched op.
	Rewrite func(rw *Rewriter, op *ir.Op)
}

// RuleSet indexes rules by op name; rules for one op are tried in the
// order they were added.
type RuleSet struct {
	byOp map[string][]*Rule
}

// NewRuleSet returns a set holding rules.
func NewRuleSet(rules ...*Rule) *RuleSet {
	s := &RuleSet{byOp: map[string][]*Rule{}}
	for _, r := range rules {
		s.Add(r)
	}
	return s
}

// Add appends a rule to the set.
func (s *RuleSet) Add(r *Rule) { s.byOp[r.Op] = append(s.byOp[r.Op], r) }

// RewriteStats counts what ApplyRules did: rewrites per rule name and dead
// ops erased.
type RewriteStats struct {
	Applied map[string]int
	Erased  int
}

// ApplyRules rewrites body with the rules of s until none applies (MLIR's
// greedy pattern rewrite driver): a worklist holds every op; an op popped
// from it is erased if it is dead (pure with unused results), or else the
// first matching rule rewrites it; the ops a rewrite creates or changes,
// the readers of replaced values and the definitions of erased ops'
// operands return to the worklist. maxRewrites bounds the number of
// rewrites (a safeguard against rules that undo each other); exceeding it
// is an error. eff decides side effects (nil: ir.Op.IsPure).
func ApplyRules(body *ir.Region, s *RuleSet, eff *effects, maxRewrites int) (RewriteStats, error) {
	stats := RewriteStats{Applied: map[string]int{}}
	rw := NewRewriter(body)
	var work []*ir.Op
	inWork := map[*ir.Op]bool{}
	push := func(op *ir.Op) {
		if op != nil && !inWork[op] {
			inWork[op] = true
			work = append(work, op)
		}
	}
	rw.OnChange = push
	// Post-order, reversed below, so that producers are visited before
	// their consumers when popping from the end.
	var all []*ir.Op
	body.Walk(func(op *ir.Op) bool { all = append(all, op); return true })
	for i := len(all) - 1; i >= 0; i-- {
		push(all[i])
	}
	pure := func(op *ir.Op) bool {
		if eff != nil {
			return !eff.has(op)
		}
		return op.IsPure()
	}
	rewrites := 0
	for len(work) > 0 {
		op := work[len(work)-1]
		work = work[:len(work)-1]
		delete(inWork, op)
		if rw.IsErased(op) {
			continue
		}
		if len(op.Results) > 0 && !op.HasTrait(ir.Terminator) && rw.ResultsUnused(op) && pure(op) {
			for _, v := range op.Operands {
				push(v.Def)
			}
			rw.Erase(op)
			stats.Erased++
			continue
		}
		for _, r := range s.byOp[op.Name] {
			if !r.Match(op) {
				continue
			}
			if rewrites >= maxRewrites {
				rw.Finish(body)
				return stats, fmt.Errorf("%s: rewriting did not converge after %d rewrites (last rule %s)", op.Loc, rewrites, r.Name)
			}
			rewrites++
			stats.Applied[r.Name]++
			operands := append([]*ir.Value{}, op.Operands...)
			var readers []*ir.Op
			for _, res := range op.Results {
				readers = append(readers, rw.Users(res)...)
			}
			r.Rewrite(rw, op)
			for _, v := range operands {
				push(v.Def)
			}
			for _, u := range readers {
				push(u)
			}
			if !rw.IsErased(op) {
				push(op)
			}
			break
		}
	}
	rw.Finish(body)
	return stats, nil
}
