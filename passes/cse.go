package passes

import (
	"sort"
	"strconv"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// csePass merges ops that compute the same thing: same name, operands,
// attributes (all of them, discardable ones included), result types and
// structurally equal regions, where the earlier op dominates the later
// (it is earlier in the same block, or in a block enclosing the later
// op's region). Operands of commutative ops (ir.Commutative) are compared
// as an unordered pair. Ops with side effects (see effects) are never
// merged, nor are ops with regions containing such ops.
type csePass struct{}

func init() {
	Register(&PassInfo{
		Argument: "cse",
		Name:     "CSE",
		Summary:  "Eliminate common sub-expressions",
		New:      func(map[string]string) (Pass, error) { return csePass{}, nil },
	})
}

func (csePass) Name() string     { return "CSE" }
func (csePass) Argument() string { return "cse" }
func (csePass) Summary() string  { return Lookup("cse").Summary }

// Run eliminates common subexpressions in every function of m.
func (csePass) Run(m *ir.Module) error {
	eff := newEffects(m)
	for _, f := range m.Funcs {
		if f.Body != nil {
			cseRegion(f.Body, eff)
		}
	}
	return nil
}

// cse holds the state of one function's elimination.
type cse struct {
	rw     *Rewriter
	eff    *effects
	ids    map[*ir.Value]int
	scopes []map[string][]*ir.Op
	merged int
}

func cseRegion(body *ir.Region, eff *effects) int {
	c := &cse{rw: NewRewriter(body), eff: eff, ids: map[*ir.Value]int{}}
	c.region(body)
	c.rw.Finish(body)
	return c.merged
}

func (c *cse) id(v *ir.Value) int {
	if n, ok := c.ids[v]; ok {
		return n
	}
	n := len(c.ids) + 1
	c.ids[v] = n
	return n
}

func (c *cse) region(r *ir.Region) {
	for _, b := range r.Blocks {
		c.scopes = append(c.scopes, map[string][]*ir.Op{})
		for _, op := range b.Ops {
			c.op(op)
		}
		c.scopes = c.scopes[:len(c.scopes)-1]
	}
}

func (c *cse) op(op *ir.Op) {
	if op.HasTrait(ir.Terminator) || len(op.Results) == 0 || c.eff.has(op) {
		for _, r := range op.Regions {
			c.region(r)
		}
		return
	}
	// Regions first: equivalent ops inside them merge, which lets two
	// region ops with equivalent bodies compare equal.
	for _, r := range op.Regions {
		c.region(r)
	}
	key := c.key(op)
	for i := len(c.scopes) - 1; i >= 0; i-- {
		for _, prev := range c.scopes[i][key] {
			if regionsEqual(prev.Regions, op.Regions) {
				c.rw.ReplaceOp(op, prev.Results...)
				c.merged++
				return
			}
		}
	}
	top := c.scopes[len(c.scopes)-1]
	top[key] = append(top[key], op)
}

// key returns a string identifying op's name, operands, attributes and
// result types (regions are compared separately).
func (c *cse) key(op *ir.Op) string {
	var b strings.Builder
	b.WriteString(op.Name)
	ids := make([]int, len(op.Operands))
	for i, v := range op.Operands {
		ids[i] = c.id(v)
	}
	if op.HasTrait(ir.Commutative) {
		sort.Ints(ids)
	}
	for _, id := range ids {
		b.WriteString(" %")
		b.WriteString(strconv.Itoa(id))
	}
	b.WriteString(attrsKey(op.Attrs))
	b.WriteString(" :")
	for _, r := range op.Results {
		b.WriteString(" ")
		b.WriteString(r.Type.String())
	}
	b.WriteString(" regions=")
	b.WriteString(strconv.Itoa(len(op.Regions)))
	return b.String()
}

// attrsKey prints an attribute dictionary sorted by name.
func attrsKey(a ir.Attrs) string {
	s := make([]string, len(a))
	for i, n := range a {
		s[i] = n.Name + "=" + ir.AttrString(n.Value)
	}
	sort.Strings(s)
	return " {" + strings.Join(s, ", ") + "}"
}

// regionsEqual reports whether two lists of regions are structurally
// equal: the same blocks with the same argument types, and ops equal one
// for one (name, attributes, result types, regions), where an operand
// defined inside the regions corresponds to its counterpart and any other
// operand must be the very same value.
func regionsEqual(a, b []*ir.Region) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 {
		return true
	}
	m := map[*ir.Value]*ir.Value{}
	for i := range a {
		if !regionEqual(a[i], b[i], m) {
			return false
		}
	}
	return true
}

func regionEqual(a, b *ir.Region, m map[*ir.Value]*ir.Value) bool {
	if len(a.Blocks) != len(b.Blocks) {
		return false
	}
	for i := range a.Blocks {
		ba, bb := a.Blocks[i], b.Blocks[i]
		if len(ba.Args) != len(bb.Args) || len(ba.Ops) != len(bb.Ops) {
			return false
		}
		for j := range ba.Args {
			if !ir.TypesEqual(ba.Args[j].Type, bb.Args[j].Type) {
				return false
			}
			m[ba.Args[j]] = bb.Args[j]
		}
		for j := range ba.Ops {
			if !opEqual(ba.Ops[j], bb.Ops[j], m) {
				return false
			}
		}
	}
	return true
}

func opEqual(x, y *ir.Op, m map[*ir.Value]*ir.Value) bool {
	if x.Name != y.Name || len(x.Operands) != len(y.Operands) || len(x.Results) != len(y.Results) ||
		len(x.Regions) != len(y.Regions) || attrsKey(x.Attrs) != attrsKey(y.Attrs) {
		return false
	}
	for i, v := range x.Operands {
		w, ok := m[v]
		if !ok {
			w = v // defined outside the regions: must be the same value
		}
		if w != y.Operands[i] {
			return false
		}
	}
	for i, r := range x.Results {
		if !ir.TypesEqual(r.Type, y.Results[i].Type) {
			return false
		}
		m[r] = y.Results[i]
	}
	for i := range x.Regions {
		if !regionEqual(x.Regions[i], y.Regions[i], m) {
			return false
		}
	}
	return true
}
