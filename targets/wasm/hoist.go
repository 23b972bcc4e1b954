package wasm

import "github.com/zmlc/zmlc/targets/kernel"

// Loop-invariant code motion: a pure value node (arithmetic, comparison,
// select, conversion — none of which can trap in the rendered code) whose
// operands are all defined outside some enclosing loops is computed once
// before the outermost such loop instead of on every iteration. Kernels
// compute index expressions where they are used, so this removes most
// index arithmetic from inner loops. The kernel itself is not changed.

type hoistPlan struct {
	pre     map[*kernel.Node][]*kernel.Node // loop -> nodes to compute before it
	hoisted map[*kernel.Node]bool
}

func pureValue(n *kernel.Node) bool {
	switch n.Kind.Class() {
	case kernel.ClassUnary, kernel.ClassPred, kernel.ClassBinary, kernel.ClassCompare, kernel.ClassSelect, kernel.ClassConvert:
		return true
	}
	return false
}

func planHoist(body []*kernel.Node) *hoistPlan {
	p := &hoistPlan{pre: map[*kernel.Node][]*kernel.Node{}, hoisted: map[*kernel.Node]bool{}}
	home := map[*kernel.Node]int{}
	var loops []*kernel.Node
	var walk func(nodes []*kernel.Node, d int)
	walk = func(nodes []*kernel.Node, d int) {
		for _, n := range nodes {
			switch {
			case n.Kind == kernel.Loop:
				home[n] = d + 1
				loops = append(loops, n)
				walk(n.Body, d+1)
				loops = loops[:len(loops)-1]
			case n.Kind == kernel.If:
				walk(n.Body, d)
				walk(n.Else, d)
			case pureValue(n):
				h := 0
				for _, a := range n.Args {
					if a.Kind != kernel.Const {
						h = max(h, home[a])
					}
				}
				home[n] = h
				if h < d {
					p.pre[loops[h]] = append(p.pre[loops[h]], n)
					p.hoisted[n] = true
				}
			default:
				home[n] = d
			}
		}
	}
	walk(body, 0)
	return p
}

// preLoop computes the nodes hoisted before loop n.
func (r *kr) preLoop(n *kernel.Node, mult int64) error {
	for _, m := range r.hp.pre[n] {
		r.work += mult
		if err := r.scalar(m); err != nil {
			return err
		}
		if err := r.define(m); err != nil {
			return err
		}
	}
	return nil
}
