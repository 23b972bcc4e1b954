package passes

import (
	"github.com/zmlc/zmlc/ir"
)

// Rewriter edits the ops of one function while keeping use lists (which
// ops read each value), since ir.Value records only its definition. Edits
// cost O(1): erased ops are marked and inserted ops queued, and Finish
// rebuilds the blocks once. Until Finish the blocks' Ops slices still show
// the old ops; passes iterate over ops they hold, not over blocks.
type Rewriter struct {
	users map[*ir.Value][]*ir.Op // one entry per operand slot that reads the value
	// stale counts entries of users[v] that are erased ops, dropped
	// lazily (compact) so that erasing a reader of a value with many
	// readers costs O(1), not a scan of them.
	stale  map[*ir.Value]int
	erased map[*ir.Op]bool
	before map[*ir.Op][]*ir.Op // ops to insert before an existing op
	// OnChange, when set, is called for every op inserted and every op whose
	// operands change, so that a driver can revisit them.
	OnChange func(op *ir.Op)
}

// NewRewriter returns a rewriter for the ops of body (nested regions
// included).
func NewRewriter(body *ir.Region) *Rewriter {
	rw := &Rewriter{
		users:  map[*ir.Value][]*ir.Op{},
		stale:  map[*ir.Value]int{},
		erased: map[*ir.Op]bool{},
		before: map[*ir.Op][]*ir.Op{},
	}
	body.Walk(func(op *ir.Op) bool {
		rw.addUses(op)
		return true
	})
	return rw
}

func (rw *Rewriter) addUses(op *ir.Op) {
	for _, v := range op.Operands {
		rw.users[v] = append(rw.users[v], op)
	}
}

func (rw *Rewriter) removeUse(v *ir.Value, op *ir.Op) {
	us := rw.users[v]
	for i, u := range us {
		if u == op {
			us[i] = us[len(us)-1]
			us = us[:len(us)-1]
			break
		}
	}
	if len(us) == 0 {
		delete(rw.users, v)
	} else {
		rw.users[v] = us
	}
}

// compact drops erased ops from v's readers.
func (rw *Rewriter) compact(v *ir.Value) {
	if rw.stale[v] == 0 {
		return
	}
	delete(rw.stale, v)
	us := rw.users[v][:0]
	for _, u := range rw.users[v] {
		if !rw.erased[u] {
			us = append(us, u)
		}
	}
	if len(us) == 0 {
		delete(rw.users, v)
	} else {
		rw.users[v] = us
	}
}

// Users returns the ops that read v (an op appears once per operand slot).
func (rw *Rewriter) Users(v *ir.Value) []*ir.Op {
	rw.compact(v)
	return rw.users[v]
}

// HasUses reports whether any live op reads v.
func (rw *Rewriter) HasUses(v *ir.Value) bool { return len(rw.users[v])-rw.stale[v] > 0 }

// ResultsUnused reports whether no op reads any result of op.
func (rw *Rewriter) ResultsUnused(op *ir.Op) bool {
	for _, r := range op.Results {
		if rw.HasUses(r) {
			return false
		}
	}
	return true
}

// IsErased reports whether op was erased.
func (rw *Rewriter) IsErased(op *ir.Op) bool { return rw.erased[op] }

// ReplaceAllUses makes every reader of old read new instead.
func (rw *Rewriter) ReplaceAllUses(old, new *ir.Value) {
	if old == new {
		return
	}
	rw.compact(old)
	us := rw.users[old]
	delete(rw.users, old)
	for _, u := range us {
		for i, v := range u.Operands {
			if v == old {
				u.Operands[i] = new
				rw.users[new] = append(rw.users[new], u)
				break // one slot per entry of us
			}
		}
		if rw.OnChange != nil {
			rw.OnChange(u)
		}
	}
}

// SetOperand makes op read v as operand i.
func (rw *Rewriter) SetOperand(op *ir.Op, i int, v *ir.Value) {
	rw.compact(op.Operands[i])
	rw.removeUse(op.Operands[i], op)
	op.Operands[i] = v
	rw.users[v] = append(rw.users[v], op)
	if rw.OnChange != nil {
		rw.OnChange(op)
	}
}

// InsertBefore places op (and the ops of its regions) before pos, in pos's
// block, and records its uses.
func (rw *Rewriter) InsertBefore(pos, op *ir.Op) {
	op.Parent = pos.Parent
	rw.before[pos] = append(rw.before[pos], op)
	rw.addUses(op)
	for _, r := range op.Regions {
		r.Walk(func(o *ir.Op) bool { rw.addUses(o); return true })
	}
	if rw.OnChange != nil {
		rw.OnChange(op)
	}
}

// Create builds an op with ir.NewOp, sets its location to pos's and
// inserts it before pos.
func (rw *Rewriter) Create(pos *ir.Op, name string, operands []*ir.Value, resultTypes []ir.Type, attrs ir.Attrs) *ir.Op {
	op := ir.NewOp(name, operands, resultTypes, attrs)
	op.Loc = pos.Loc
	rw.InsertBefore(pos, op)
	return op
}

// Erase removes op and the ops of its regions; their operands lose a use.
// The caller makes sure no live op reads op's results.
func (rw *Rewriter) Erase(op *ir.Op) {
	if rw.erased[op] {
		return
	}
	rw.erased[op] = true
	for _, v := range op.Operands {
		rw.stale[v]++
	}
	for _, r := range op.Regions {
		r.Walk(func(o *ir.Op) bool {
			if !rw.erased[o] {
				rw.erased[o] = true
				for _, v := range o.Operands {
					rw.stale[v]++
				}
			}
			return true
		})
	}
}

// ReplaceOp makes the readers of op's results read vals (one per result)
// and erases op.
func (rw *Rewriter) ReplaceOp(op *ir.Op, vals ...*ir.Value) {
	for i, r := range op.Results {
		rw.ReplaceAllUses(r, vals[i])
	}
	rw.Erase(op)
}

// Finish applies the queued insertions and erasures to every block of
// body. The rewriter stays usable.
func (rw *Rewriter) Finish(body *ir.Region) {
	if len(rw.erased) == 0 && len(rw.before) == 0 {
		return
	}
	for v := range rw.stale {
		rw.compact(v)
	}
	var fix func(r *ir.Region)
	var emit func(b *ir.Block, out []*ir.Op, op *ir.Op) []*ir.Op
	emit = func(b *ir.Block, out []*ir.Op, op *ir.Op) []*ir.Op {
		for _, n := range rw.before[op] {
			out = emit(b, out, n)
		}
		if rw.erased[op] {
			return out
		}
		op.Parent = b
		for _, r := range op.Regions {
			fix(r)
		}
		return append(out, op)
	}
	fix = func(r *ir.Region) {
		for _, b := range r.Blocks {
			out := make([]*ir.Op, 0, len(b.Ops))
			for _, op := range b.Ops {
				out = emit(b, out, op)
			}
			b.Ops = out
		}
	}
	fix(body)
	rw.erased = map[*ir.Op]bool{}
	rw.before = map[*ir.Op][]*ir.Op{}
}
