package passes

import (
	"sort"

	"github.com/zmlc/zmlc/ir"
)

// fusionPass groups ops of each function body into zml.fusion regions
// (see FusionOp), producer into consumer, as XLA's instruction fusion does,
// so that the kernel generator makes one kernel per region:
//
//   - loop fusion: elementwise ops (compare, select, clamp and convert
//     included), broadcast_in_dim, broadcast, reshape, transpose, iota and
//     the index-mapping ops slice, concatenate, pad and reverse fuse into
//     the op that consumes them;
//   - input fusion: the same producers fuse into a reduce's inputs; a
//     reduce also fuses into a consumer region that holds no reduction or
//     contraction yet (its result read back through a broadcast, as the
//     sum of a softmax feeding the division), so that a softmax is two
//     regions: the max, and the rest; a reduction over more than
//     maxFusedReduceExtent elements read through a broadcast stays out
//     (fusion_reduce.go);
//   - output fusion: a dot_general or convolution fuses into the region of
//     its elementwise consumers when that region has no other reduction
//     or contraction (bias + relu + batch norm after a convolution is one
//     region); the producers of its operands stay outside, so the
//     contraction reads the region's arguments (what the kernel lowering's
//     tiled dot with an epilogue needs).
//
// The grouping is one walk from the last op of each block up: an op joins
// the group of its consumers when all its readers are in one group and
// that group accepts it (above), otherwise it starts a group. Ops are not
// duplicated, so a value read by two groups is computed once. Groups of
// one op are left as they are. Each group becomes a zml.fusion placed
// where its last op was; its operands are the values the group reads from
// outside (small or splat constants are cloned in instead, see
// fusionCloneLimit) and its results the values read after it. Ops with
// side effects or with regions other than reduce's (while, if, sort,
// scatter, calls, collectives) never fuse; nested regions are not fused.
//
// Weight-only work stays out of the regions that run on every call
// (fusion_weights.go): in a function's entry block, broadcasts of values
// computed from zml.param arguments and constants alone first sink below
// the elementwise ops that read them, and weight-only elementwise ops (and
// reductions) smaller than their readers' results do not join the
// readers' group; they form weights regions, merged where placement
// allows and placed before their first reader, whose kernels read only
// weights and so run once, in the entry's prologue
// (kernel.SplitPrologue). Batch norm's rsqrt(var + eps) is computed per
// channel there instead of per output element in the convolution's region.
//
// Every op in a region is an ordinary StableHLO op that the interpreter
// runs exactly as before, so fusion changes no result (the sinking
// rewrites elementwise ops of broadcasts into broadcasts of elementwise
// ops, which compute each element the same way).
type fusionPass struct{}

func init() {
	Register(&PassInfo{
		Argument: "fusion",
		Name:     "Fusion",
		Summary:  "Fuse producers into consumers as zml.fusion regions (loop, input and output fusion)",
		New:      func(map[string]string) (Pass, error) { return fusionPass{}, nil },
	})
}

func (fusionPass) Name() string     { return "Fusion" }
func (fusionPass) Argument() string { return "fusion" }
func (fusionPass) Summary() string  { return Lookup("fusion").Summary }

// fusionCloneLimit is the largest constant (in elements) cloned into a
// region instead of passed as an operand; splat constants are always
// cloned (they print as one value).
const fusionCloneLimit = 64

// Run fuses the blocks of every function body of m.
func (fusionPass) Run(m *ir.Module) error {
	eff := newEffects(m)
	for _, f := range m.Funcs {
		if f.Body == nil {
			continue
		}
		rw := NewRewriter(f.Body)
		w := newWeightValues(f, eff)
		sinkWeightBroadcasts(rw, f, w, eff)
		rw.Finish(f.Body)
		for _, b := range f.Body.Blocks {
			var wb *weightValues // weight-only work is kept apart in the entry block only
			if b == f.Body.Entry() {
				wb = w
			}
			fuseBlock(rw, b, eff, wb)
		}
		rw.Finish(f.Body)
	}
	return nil
}

// fusionRole classifies an op for fusion.
type fusionRole int

const (
	roleNone     fusionRole = iota // never fused
	roleLoop                       // elementwise and data movement ops
	roleReduce                     // stablehlo.reduce
	roleContract                   // dot_general, dot, convolution
)

func roleOf(op *ir.Op, eff *effects) fusionRole {
	if len(op.Results) == 0 || op.HasTrait(ir.Terminator) || eff.has(op) {
		return roleNone
	}
	for _, r := range op.Results {
		if t := r.Tensor(); t == nil || !t.IsStatic() {
			return roleNone
		}
	}
	switch op.Name {
	case "stablehlo.reduce":
		return roleReduce
	case "stablehlo.dot_general", "stablehlo.dot", "stablehlo.convolution":
		return roleContract
	case "stablehlo.broadcast_in_dim", "stablehlo.broadcast", "stablehlo.reshape", "stablehlo.transpose", "stablehlo.iota",
		"stablehlo.slice", "stablehlo.concatenate", "stablehlo.pad", "stablehlo.reverse":
		return roleLoop
	}
	if op.HasTrait(ir.Elementwise) && len(op.Regions) == 0 && op.Dialect() == "stablehlo" {
		return roleLoop
	}
	return roleNone
}

// fusionGroup is one future region.
type fusionGroup struct {
	ops      []*ir.Op // in reverse program order while grouping
	reduces  int
	contract *ir.Op // the dot or convolution, if any
	// weights marks a group of weight-only elementwise work that joined
	// no group (kept out by weightValues.keepOut, or read by several
	// groups); only loop ops join it, placeWeightGroups places it.
	weights bool
}

func (g *fusionGroup) kind() string {
	switch {
	case g.contract != nil:
		return FusionOutput
	case g.reduces > 0:
		return FusionInput
	}
	return FusionLoop
}

// fuseBlock groups the ops of b and replaces each group of two or more ops
// by a zml.fusion.
// With w (the entry block's weight classes), weight-only elementwise work
// smaller than its readers' results stays out of their group (see
// weightValues); w is nil for other blocks.
func fuseBlock(rw *Rewriter, b *ir.Block, eff *effects, w *weightValues) {
	pos := make(map[*ir.Op]int, len(b.Ops))
	for i, op := range b.Ops {
		pos[op] = i
	}
	// top maps an op (possibly nested) to its ancestor in b.
	top := func(op *ir.Op) *ir.Op {
		for op != nil {
			if _, ok := pos[op]; ok && op.Parent == b {
				return op
			}
			if op.Parent == nil || op.Parent.Parent == nil {
				return nil
			}
			op = op.Parent.Parent.Parent
		}
		return nil
	}
	group := map[*ir.Op]*fusionGroup{}
	var groups []*fusionGroup
	for i := len(b.Ops) - 1; i >= 0; i-- {
		op := b.Ops[i]
		role := roleOf(op, eff)
		if role == roleNone {
			continue
		}
		// The one group all readers belong to, or nil.
		var target *fusionGroup
		var readers []*ir.Op
		ok := true
		for _, r := range op.Results {
			for _, u := range rw.Users(r) {
				t := top(u)
				readers = append(readers, t)
				g := group[t]
				if t == nil || g == nil || (target != nil && g != target) {
					ok = false
					break
				}
				target = g
				// Producers of a contraction's operands stay outside.
				if g.contract == t {
					ok = false
					break
				}
			}
			if !ok {
				break
			}
		}
		join := ok && target != nil && accepts(target, role) && (!target.weights || role == roleLoop)
		if join && !target.weights && w.keepOut(op, readers) {
			join = false
		}
		if join && role == roleReduce && !reduceFusesInto(op, readers) {
			join = false // fusion_reduce.go
		}
		if join {
			target.ops = append(target.ops, op)
			group[op] = target
			switch role {
			case roleReduce:
				target.reduces++
			case roleContract:
				target.contract = op
			}
			continue
		}
		// Weight-only elementwise work that joins no group starts a
		// weights group (placed and merged by placeWeightGroups).
		g := &fusionGroup{ops: []*ir.Op{op}, weights: role == roleLoop && w.weightElementwise(op)}
		switch role {
		case roleReduce:
			g.reduces = 1
		case roleContract:
			g.contract = op
		}
		group[op] = g
		groups = append(groups, g)
	}
	// Weights groups first: their regions may be placed before the
	// regions that read them, at the same op.
	built := placeWeightGroups(rw, b, groups, pos, top)
	for _, g := range groups {
		if built[g] || len(g.ops) < 2 {
			continue
		}
		sort.Slice(g.ops, func(i, j int) bool { return pos[g.ops[i]] < pos[g.ops[j]] })
		buildFusion(rw, g, g.ops[len(g.ops)-1])
	}
}

// accepts reports whether an op of role r may join g.
func accepts(g *fusionGroup, r fusionRole) bool {
	switch r {
	case roleLoop:
		return true
	case roleReduce, roleContract:
		return g.reduces == 0 && g.contract == nil
	}
	return false
}

// cloneableConstant reports whether v is a constant small enough (or
// splat) to be cloned into a region.
func cloneableConstant(v *ir.Value) bool {
	t := constValue(v)
	if t == nil {
		return false
	}
	if t.Len() <= fusionCloneLimit {
		return true
	}
	return isSplat(t)
}

// isSplat reports whether every element of t equals the first (bitwise).
func isSplat(t *ir.Tensor) bool {
	s := t
	for i := 1; i < t.Len(); i++ {
		switch {
		case len(s.I) > i:
			if s.I[i] != s.I[0] {
				return false
			}
		case len(s.F) > i:
			if s.F[i] != s.F[0] && !(s.F[i] != s.F[i] && s.F[0] != s.F[0]) {
				return false
			}
		case len(s.C) > i:
			if s.C[i] != s.C[0] {
				return false
			}
		}
	}
	return true
}

// buildFusion replaces the ops of g (in program order) by one zml.fusion
// placed before at (the last of them, or for weights groups an op before
// which all its operands are defined and none of its results is read),
// and returns the zml.fusion.
func buildFusion(rw *Rewriter, g *fusionGroup, at *ir.Op) *ir.Op {
	in := map[*ir.Op]bool{}
	for _, op := range g.ops {
		in[op] = true
	}
	root := g.ops[len(g.ops)-1]
	fusion := ir.NewOp(FusionOp, nil, nil, ir.Attrs{{Name: "kind", Value: ir.StringAttr(g.kind())}})
	fusion.Loc = root.Loc
	blk := fusion.AddRegion()
	vmap := map[*ir.Value]*ir.Value{}
	var cloned []*ir.Op
	for _, op := range g.ops {
		for _, v := range op.Operands {
			if _, done := vmap[v]; done || (v.Def != nil && in[v.Def]) {
				continue
			}
			if cloneableConstant(v) {
				c := cloneOp(v.Def, map[*ir.Value]*ir.Value{})
				blk.Append(c)
				vmap[v] = c.Results[0]
				cloned = append(cloned, v.Def)
				continue
			}
			fusion.Operands = append(fusion.Operands, v)
			vmap[v] = blk.AddArg(v.Type)
		}
		blk.Append(cloneOp(op, vmap))
	}
	// Outputs: results read by ops outside the group.
	var outs []*ir.Value
	for _, op := range g.ops {
		for _, r := range op.Results {
			for _, u := range rw.Users(r) {
				if !inGroup(u, in) {
					outs = append(outs, r)
					break
				}
			}
		}
	}
	var rets []*ir.Value
	for _, r := range outs {
		rets = append(rets, vmap[r])
		fusion.Results = append(fusion.Results, &ir.Value{Type: r.Type, Def: fusion, Index: len(fusion.Results), Name: r.Name})
	}
	ret := ir.NewOp("stablehlo.return", rets, nil, nil)
	ret.Loc = root.Loc
	blk.Append(ret)
	rw.InsertBefore(at, fusion)
	for i, r := range outs {
		rw.ReplaceAllUses(r, fusion.Results[i])
	}
	for _, op := range g.ops {
		rw.Erase(op)
	}
	// Constants now read only inside regions go.
	for _, c := range cloned {
		if !rw.IsErased(c) && rw.ResultsUnused(c) {
			rw.Erase(c)
		}
	}
	return fusion
}

// inGroup reports whether op or an op enclosing it is in the set.
func inGroup(op *ir.Op, in map[*ir.Op]bool) bool {
	for op != nil {
		if in[op] {
			return true
		}
		if op.Parent == nil || op.Parent.Parent == nil {
			return false
		}
		op = op.Parent.Parent.Parent
	}
	return false
}
