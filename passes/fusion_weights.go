package passes

import (
	"slices"
	"sort"

	"github.com/zmlc/zmlc/ir"
)

// Weight-only work and fusion.
//
// A value of a function's entry block is weight-only when it is computed
// from the arguments marked zml.param (the model's weights) and constants
// alone, reading at least one weight. The kernel lowering turns every
// top-level kernel that reads only weights, constants and earlier such
// results into the entry's prologue (kernel.SplitPrologue,
// docs/RUNTIME.md "The prologue"), which runs once; the same work fused
// into a consumer runs on every call, once per element of the consumer's
// output. So the fusion pass
//
//   - first sinks broadcasts below weight-only elementwise ops: in the
//     entry block, an elementwise op whose operands are broadcast_in_dims
//     of weight-only values (one dimension map, one operand shape) and
//     splat constants becomes the op on the unbroadcast operands (splats
//     rebuilt at that shape) followed by one broadcast_in_dim. Elementwise
//     ops compute each element alone, so every element is bitwise the
//     same; batch norm's rsqrt(var + eps) becomes a per-channel vector;
//   - then keeps weight-only elementwise ops whose result has fewer
//     elements than what their consumers compute out of those consumers'
//     regions: they form weights groups (fusionGroup.weights), as does
//     weight-only elementwise work that joins no group for other reasons
//     (read by several groups). Such a region reads only weights and
//     constants, so its kernel is a prologue launch. The broadcast that
//     reads the result stays fused in the consumer, which reads the
//     precomputed vector;
//   - merges the weights groups of a block into as few regions as their
//     placement allows (placeWeightGroups): one region with one result per
//     vector, placed where its operands are all defined.
type weightValues struct {
	class map[*ir.Value]weightClass
}

// weightClass is what a value is computed from.
type weightClass uint8

const (
	wOther weightClass = iota // reads a non-weight argument, has effects or regions
	wConst                    // constants (and iota) only
	wParam                    // weights and constants, at least one weight
)

// newWeightValues classifies the values of f's entry block (its arguments
// and the results of its top-level ops); nested values are not classified
// (they are wOther).
func newWeightValues(f *ir.Func, eff *effects) *weightValues {
	w := &weightValues{class: map[*ir.Value]weightClass{}}
	entry := f.Body.Entry()
	if entry == nil {
		return w
	}
	for i, a := range entry.Args {
		if s, ok := f.ArgAttr(i, "zml.param").(ir.StringAttr); ok && s != "" {
			w.class[a] = wParam
		}
	}
	for _, op := range entry.Ops {
		c := wConst
		if !op.IsPure() || eff.has(op) || (len(op.Regions) > 0 && (op.Name != "stablehlo.reduce" || !selfContained(op))) {
			c = wOther
		}
		for _, v := range op.Operands {
			c = combineClass(c, w.class[v])
		}
		for _, r := range op.Results {
			w.class[r] = c
		}
	}
	return w
}

// selfContained reports whether the ops in op's regions read only values
// defined in those regions.
func selfContained(op *ir.Op) bool {
	defined := map[*ir.Value]bool{}
	args := func(r *ir.Region) {
		for _, b := range r.Blocks {
			for _, a := range b.Args {
				defined[a] = true
			}
		}
	}
	ok := true
	for _, r := range op.Regions {
		args(r)
		r.Walk(func(o *ir.Op) bool {
			for _, v := range o.Operands {
				ok = ok && defined[v]
			}
			for _, x := range o.Results {
				defined[x] = true
			}
			for _, nr := range o.Regions {
				args(nr)
			}
			return ok
		})
	}
	return ok
}

// combineClass is the class of a value computed from values of classes a
// and b.
func combineClass(a, b weightClass) weightClass {
	switch {
	case a == wOther || b == wOther:
		return wOther
	case a == wParam || b == wParam:
		return wParam
	}
	return wConst
}

// weightOnly reports whether every result of op is weight-only.
func (w *weightValues) weightOnly(op *ir.Op) bool {
	if w == nil || len(op.Results) == 0 {
		return false
	}
	for _, r := range op.Results {
		if w.class[r] != wParam {
			return false
		}
	}
	return true
}

// weightElementwise reports whether op is an elementwise op whose results
// are weight-only.
func (w *weightValues) weightElementwise(op *ir.Op) bool {
	return op.HasTrait(ir.Elementwise) && w.weightOnly(op)
}

// keepOut reports whether op, an op whose readers are all in one group, is
// weight-only elementwise work or reduction smaller than what those
// readers compute, so that it stays out of the readers' group (a kept-out
// reduction starts an ordinary group: weights groups take loop ops only).
func (w *weightValues) keepOut(op *ir.Op, readers []*ir.Op) bool {
	if !w.weightElementwise(op) && (op.Name != "stablehlo.reduce" || !w.weightOnly(op)) {
		return false
	}
	n := int64(0)
	for _, r := range op.Results {
		n = max(n, elements(r))
	}
	for _, u := range readers {
		for _, r := range u.Results {
			if elements(r) > n {
				return true
			}
		}
	}
	return false
}

// elements returns the number of elements of a static tensor value, 0 for
// others.
func elements(v *ir.Value) int64 {
	if t := v.Tensor(); t != nil && t.IsStatic() {
		return t.NumElements()
	}
	return 0
}

// sinkWeightBroadcasts rewrites the elementwise ops of f's entry block
// that read only broadcasts of weight-only values and splat constants
// (see weightValues) into the op at the unbroadcast shape and one
// broadcast_in_dim. It records the new values' classes in w and erases
// the broadcasts and constants nothing reads any more. The caller runs
// rw.Finish.
func sinkWeightBroadcasts(rw *Rewriter, f *ir.Func, w *weightValues, eff *effects) {
	entry := f.Body.Entry()
	if entry == nil {
		return
	}
	var dead []*ir.Op // ops that may have lost their last reader
	for _, op := range entry.Ops {
		if !op.HasTrait(ir.Elementwise) || len(op.Regions) > 0 || len(op.Results) != 1 || op.Dialect() != "stablehlo" || eff.has(op) {
			continue
		}
		rt := op.Results[0].Tensor()
		if rt == nil || !rt.IsStatic() {
			continue
		}
		bc := sinkableBroadcast(op, w)
		if bc == nil {
			continue
		}
		small := bc.Operands[0].Tensor().Shape
		operands := make([]*ir.Value, len(op.Operands))
		for i, v := range op.Operands {
			if d := v.Def; d != nil && d.Name == "stablehlo.broadcast_in_dim" && sameBroadcast(d, bc) {
				operands[i] = d.Operands[0]
			} else {
				operands[i] = splatConstant(rw, op, ir.TensorOf(elemOf(v), small...), splatValue(v))
				w.class[operands[i]] = wConst
			}
			dead = append(dead, v.Def)
		}
		n := rw.Create(op, op.Name, operands, []ir.Type{ir.TensorOf(rt.Elem, small...)}, append(ir.Attrs{}, op.Attrs...))
		w.class[n.Results[0]] = wParam
		b := rw.Create(op, "stablehlo.broadcast_in_dim", []*ir.Value{n.Results[0]}, []ir.Type{op.Results[0].Type},
			ir.Attrs{{Name: "broadcast_dimensions", Value: ir.I64Array(ints(bc, "broadcast_dimensions")...)}})
		w.class[b.Results[0]] = wParam
		rw.ReplaceOp(op, b.Results[0])
		dead = append(dead, b)
	}
	// Readers come after what they read: erase from the last.
	for i := len(dead) - 1; i >= 0; i-- {
		if d := dead[i]; d != nil && !rw.IsErased(d) && rw.ResultsUnused(d) && d.IsPure() && !eff.has(d) {
			rw.Erase(d)
		}
	}
}

// sinkableBroadcast returns the broadcast_in_dim that op's operands share
// when every operand is either such a broadcast of a weight-only value
// (same dimension map, same operand shape, fewer elements than the
// result) or a splat constant; nil otherwise.
func sinkableBroadcast(op *ir.Op, w *weightValues) *ir.Op {
	var bc *ir.Op
	for _, v := range op.Operands {
		d := v.Def
		if d != nil && d.Name == "stablehlo.broadcast_in_dim" && len(d.Operands) == 1 && w.class[d.Operands[0]] == wParam {
			t := d.Operands[0].Tensor()
			if t == nil || !t.IsStatic() || t.NumElements() >= elements(v) {
				return nil
			}
			if bc == nil {
				bc = d
			} else if !sameBroadcast(d, bc) {
				return nil
			}
			continue
		}
		if splatValue(v) == nil {
			return nil
		}
	}
	return bc
}

// sameBroadcast reports whether two broadcast_in_dims map the same operand
// shape to the same result shape with the same dimension map.
func sameBroadcast(a, b *ir.Op) bool {
	ta, tb := a.Operands[0].Tensor(), b.Operands[0].Tensor()
	return ta != nil && tb != nil && slices.Equal(ta.Shape, tb.Shape) &&
		slices.Equal(a.Results[0].Tensor().Shape, b.Results[0].Tensor().Shape) &&
		slices.Equal(ints(a, "broadcast_dimensions"), ints(b, "broadcast_dimensions"))
}

// splatValue returns the one element value (int64, float64 or complex128,
// as ir.Tensor.Set takes) of a non-empty constant whose elements are all
// equal, or of a broadcast_in_dim of a rank-0 constant; nil otherwise.
func splatValue(v *ir.Value) any {
	t := constValue(v)
	if t == nil && v.Def != nil && v.Def.Name == "stablehlo.broadcast_in_dim" && len(v.Def.Operands) == 1 {
		if s := constValue(v.Def.Operands[0]); s != nil && len(s.Type.Shape) == 0 {
			t = s
		}
	}
	if t == nil || t.Len() == 0 || !isSplat(t) {
		return nil
	}
	switch {
	case len(t.F) > 0:
		return t.F[0]
	case len(t.I) > 0:
		return t.I[0]
	case len(t.C) > 0:
		return t.C[0]
	}
	return nil
}

// placeWeightGroups builds the weights groups of b (those of groups with
// weights set) and returns them, with every group merged into another.
//
// The groups are taken in program order of their last op (readers come
// after what they read, so a group only reads groups taken before it) and
// merged greedily: the next group joins the current region when the
// union can still be placed, that is, when some op of b follows every
// definition the union reads from outside (block arguments and cloned
// constants are always available; a region placed before op i is
// available from i on) and precedes every op outside the union that
// reads one of its results. The region goes before that earliest op, so
// its results are computed once, before their first reader. A group of one
// op stays a plain op where it is. A group on its own can always be placed
// (what it reads is available by its first op, its readers follow its
// last); should one not be, it becomes an ordinary group again.
func placeWeightGroups(rw *Rewriter, b *ir.Block, groups []*fusionGroup, pos map[*ir.Op]int, top func(*ir.Op) *ir.Op) map[*fusionGroup]bool {
	var wgs []*fusionGroup
	for _, g := range groups {
		if g.weights {
			sort.Slice(g.ops, func(i, j int) bool { return pos[g.ops[i]] < pos[g.ops[j]] })
			wgs = append(wgs, g)
		}
	}
	if len(wgs) == 0 {
		return nil
	}
	sort.Slice(wgs, func(i, j int) bool { return pos[last(wgs[i].ops)] < pos[last(wgs[j].ops)] })
	// avail: the index from which the results of a placed region (the
	// zml.fusion and the ops it replaced) are available.
	avail := map[*ir.Op]int{}
	availOf := func(d *ir.Op) int {
		if a, ok := avail[d]; ok {
			return a
		}
		return pos[d] + 1
	}
	// place returns the index of the op before which ops (in program
	// order) can go, or false.
	place := func(ops []*ir.Op) (int, bool) {
		in := map[*ir.Op]bool{}
		for _, op := range ops {
			in[op] = true
		}
		p, first := 0, len(b.Ops)
		for _, op := range ops {
			for _, v := range op.Operands {
				if v.Def == nil || (len(ops) > 1 && cloneableConstant(v)) {
					continue
				}
				if a, ok := avail[v.Def]; ok { // a region or op placed before
					p = max(p, a)
					continue
				}
				d := top(v.Def)
				if d == nil {
					return 0, false
				}
				if !in[d] {
					p = max(p, availOf(d))
				}
			}
			for _, r := range op.Results {
				for _, u := range rw.Users(r) {
					t := top(u)
					if t == nil {
						return 0, false
					}
					if in[t] {
						continue
					}
					first = min(first, pos[t])
				}
			}
		}
		return p, p <= first && p < len(b.Ops)
	}
	built := map[*fusionGroup]bool{}
	var cur *fusionGroup
	curAt := 0
	flush := func() {
		if cur == nil {
			return
		}
		built[cur] = true
		for _, op := range cur.ops {
			avail[op] = curAt
		}
		if len(cur.ops) > 1 {
			avail[buildFusion(rw, cur, b.Ops[curAt])] = curAt
		} else { // one op on its own stays where it is (curAt is not after it)
			delete(avail, cur.ops[0])
		}
		cur = nil
	}
	for _, g := range wgs {
		if cur != nil {
			merged := append(append([]*ir.Op{}, cur.ops...), g.ops...)
			sort.Slice(merged, func(i, j int) bool { return pos[merged[i]] < pos[merged[j]] })
			if p, ok := place(merged); ok {
				cur.ops, curAt = merged, p
				built[g] = true
				continue
			}
			flush()
		}
		p, ok := place(g.ops)
		if !ok {
			g.weights = false
			continue
		}
		cur, curAt = g, p
	}
	flush()
	return built
}

// last returns the last op of a non-empty list.
func last(ops []*ir.Op) *ir.Op { return ops[len(ops)-1] }
