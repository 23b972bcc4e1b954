package passes

import (
	"github.com/zmlc/zmlc/ir"
)

// normalizePass rewrites contractions into the layouts the code generators
// want, with explicit transposes and reshapes around them that
// canonicalize folds away when they are identities or compose with
// neighbours (and constant-fold computes for constant weights):
//
//   - stablehlo.dot_general (and stablehlo.dot) becomes a matrix product
//     lhs [M, K] · rhs [K, N] -> [M, N] without batch dimensions, or a
//     batched one lhs [B, M, K] · rhs [B, K, N] -> [B, M, N] (batch leading,
//     contracting_dims = [2] x [1], batching_dims = [0] x [0]): the rhs is
//     K-major, [B, K, N], as the kernel lowering's tiled dot reads it
//     (row-major rows of N for the vector loop). Several batch, free or
//     contracting dimensions are each collapsed into one, in the order the
//     op lists them (free dimensions in operand order), so the sum runs
//     over the same products in the same order; a missing M or N becomes a
//     dimension of size 1. The result is reshaped back to the op's type.
//   - stablehlo.convolution becomes NHWC input, HWIO kernel and NHWC
//     output (`[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` for two spatial
//     dimensions, likewise for any number), with transposes of the input
//     and kernel and a transpose of the result back; window attributes,
//     which are indexed by spatial dimension, are unchanged.
//
// An operand that is an argument of the function (a weight, read on every
// call) keeps its layout when that needs no reshape: the op's dimension
// numbers name its dimensions instead, so no transpose (which would be a
// kernel of its own, copying the weight on every call) is inserted; the
// kernel lowering reads contractions in any layout.
//
// Ops already in canonical form are left alone (the pass is idempotent).
// Dynamic shapes are left alone. Results are unchanged bit for bit: the
// interpreter sums in the same order (it packs operands into (batch, free,
// contracting) order itself).
type normalizePass struct{}

func init() {
	Register(&PassInfo{
		Argument: "normalize-layouts",
		Name:     "NormalizeLayouts",
		Summary:  "Rewrite dot_general to [B,M,K]x[B,K,N] and convolution to NHWC/HWIO/NHWC with explicit transposes",
		New:      func(map[string]string) (Pass, error) { return normalizePass{}, nil },
	})
}

func (normalizePass) Name() string     { return "NormalizeLayouts" }
func (normalizePass) Argument() string { return "normalize-layouts" }
func (normalizePass) Summary() string  { return Lookup("normalize-layouts").Summary }

// Run normalises every contraction of every function of m.
func (normalizePass) Run(m *ir.Module) error {
	for _, f := range m.Funcs {
		if f.Body == nil {
			continue
		}
		var todo []*ir.Op
		f.Body.Walk(func(op *ir.Op) bool {
			switch op.Name {
			case "stablehlo.dot_general", "stablehlo.dot", "stablehlo.convolution":
				todo = append(todo, op)
			}
			return true
		})
		if len(todo) == 0 {
			continue
		}
		rw := NewRewriter(f.Body)
		entry := f.Body.Entry()
		isArg := func(v *ir.Value) bool { return v.IsBlockArg() && v.Block == entry && entry != nil }
		for _, op := range todo {
			var err error
			if op.Name == "stablehlo.convolution" {
				err = normalizeConv(rw, op, isArg)
			} else {
				err = normalizeDot(rw, op, isArg)
			}
			if err != nil {
				rw.Finish(f.Body)
				return err
			}
		}
		rw.Finish(f.Body)
	}
	return nil
}

func prod(shape []int64, dims []int64) int64 {
	n := int64(1)
	for _, d := range dims {
		n *= shape[d]
	}
	return n
}

// freeDims returns the dimensions of a rank-r operand not in a or b.
func freeDims(r int, a, b []int64) []int64 {
	used := map[int64]bool{}
	for _, d := range a {
		used[d] = true
	}
	for _, d := range b {
		used[d] = true
	}
	var f []int64
	for d := int64(0); d < int64(r); d++ {
		if !used[d] {
			f = append(f, d)
		}
	}
	return f
}

func cat(lists ...[]int64) []int64 {
	var r []int64
	for _, l := range lists {
		r = append(r, l...)
	}
	return r
}

// staticTensors reports whether all values are tensors of static shape.
func staticTensors(vs ...*ir.Value) bool {
	for _, v := range vs {
		if t := v.Tensor(); t == nil || !t.IsStatic() {
			return false
		}
	}
	return true
}

// normalizeDot rewrites one dot_general or dot. isArg reports whether a
// value is an argument of the function (a weight): such an operand keeps
// its layout when it needs no reshape (see keepsLayout).
func normalizeDot(rw *Rewriter, op *ir.Op, isArg func(*ir.Value) bool) error {
	if len(op.Operands) != 2 || len(op.Results) != 1 || !staticTensors(op.Operands[0], op.Operands[1], op.Results[0]) {
		return nil
	}
	lhs, rhs := op.Operands[0], op.Operands[1]
	lt, rt := lhs.Tensor(), rhs.Tensor()
	var d ir.DotDimensionNumbersAttr
	if op.Name == "stablehlo.dot" {
		// dot: contract lhs's last dimension with rhs's first.
		if lt.Rank() < 1 || lt.Rank() > 2 || rt.Rank() < 1 || rt.Rank() > 2 {
			return nil
		}
		d.LhsContractingDimensions = []int64{int64(lt.Rank() - 1)}
		d.RhsContractingDimensions = []int64{0}
	} else {
		dn, ok := op.Attr("dot_dimension_numbers").(*ir.DotDimensionNumbersAttr)
		if !ok {
			return nil
		}
		d = *dn
	}
	lb, lc, rb, rc := d.LhsBatchingDimensions, d.LhsContractingDimensions, d.RhsBatchingDimensions, d.RhsContractingDimensions
	if len(lb) != len(rb) || len(lc) != len(rc) {
		return nil
	}
	lf := freeDims(lt.Rank(), lb, lc)
	rf := freeDims(rt.Rank(), rb, rc)
	nb := int64(len(lb))
	// Each side is canonical ([B,] M, K and [B,] K, N), or an argument
	// kept in its own layout, or rewritten.
	lcanon := len(lc) == 1 && len(lf) == 1 && nb <= 1 && (nb == 0 || lb[0] == 0) && lf[0] == nb && lc[0] == nb+1
	rcanon := len(rc) == 1 && len(rf) == 1 && nb <= 1 && (nb == 0 || rb[0] == 0) && rc[0] == nb && rf[0] == nb+1
	lkeep := !lcanon && keepsLayout(lhs, lb, lc, lf, isArg)
	rkeep := !rcanon && keepsLayout(rhs, rb, rc, rf, isArg)
	if op.Name == "stablehlo.dot_general" && (lcanon || lkeep) && (rcanon || rkeep) {
		return nil
	}
	b, m, k, n := prod(lt.Shape, lb), prod(lt.Shape, lf), prod(lt.Shape, lc), prod(rt.Shape, rf)
	e := newEmitter(op.Loc)
	lshape, rshape := []int64{m, k}, []int64{k, n}
	if len(lb) > 0 {
		lshape, rshape = []int64{b, m, k}, []int64{b, k, n}
	}
	l2, r2 := lhs, rhs
	if !lkeep {
		l2 = e.reshape(e.transpose(lhs, cat(lb, lf, lc)), lshape)
	}
	if !rkeep {
		r2 = e.reshape(e.transpose(rhs, cat(rb, rc, rf)), rshape)
	}
	if e.err != nil {
		return nil // not a well-formed contraction for the builder: leave it
	}
	nd := &ir.DotDimensionNumbersAttr{LhsContractingDimensions: []int64{1}, RhsContractingDimensions: []int64{0}}
	outShape := []int64{m, n}
	if len(lb) > 0 {
		nd = &ir.DotDimensionNumbersAttr{LhsBatchingDimensions: []int64{0}, RhsBatchingDimensions: []int64{0},
			LhsContractingDimensions: []int64{2}, RhsContractingDimensions: []int64{1}}
		outShape = []int64{b, m, n}
	}
	if lkeep {
		nd.LhsBatchingDimensions, nd.LhsContractingDimensions = cat(lb), cat(lc)
	}
	if rkeep {
		nd.RhsBatchingDimensions, nd.RhsContractingDimensions = cat(rb), cat(rc)
	}
	attrs := ir.Attrs{{Name: "dot_dimension_numbers", Value: nd}}
	for _, a := range op.Attrs {
		if a.Name != "dot_dimension_numbers" {
			attrs = append(attrs, a)
		}
	}
	res := op.Results[0].Tensor()
	dot := ir.NewOp("stablehlo.dot_general", []*ir.Value{l2, r2}, []ir.Type{res.WithShape(outShape)}, attrs)
	dot.Loc = op.Loc
	e.b.Block.Append(dot)
	out := e.reshape(dot.Results[0], res.Shape)
	if e.err != nil {
		return nil
	}
	e.splice(rw, op)
	rw.ReplaceOp(op, out)
	return nil
}

// keepsLayout reports whether a contraction operand v with batch
// dimensions b, contracting c and free f keeps its layout: v is a function
// argument (isArg) and needs no reshape (at most one batch dimension,
// exactly one contracting and one free one), so the contraction reads it
// through its dimension numbers (the kernel lowering's tiled dot takes any
// such layout) instead of a transpose that would be a kernel of its own,
// copying the weight on every call.
func keepsLayout(v *ir.Value, b, c, f []int64, isArg func(*ir.Value) bool) bool {
	return isArg(v) && len(b) <= 1 && len(c) == 1 && len(f) == 1
}

// normalizeConv rewrites one convolution to NHWC / HWIO / NHWC. A kernel
// (or input) that is a function argument keeps its layout: the
// convolution's dimension numbers name it (the kernel lowering's tiled
// convolution reads any layout) instead of a transpose that would be a
// kernel of its own on every call.
func normalizeConv(rw *Rewriter, op *ir.Op, isArg func(*ir.Value) bool) error {
	if len(op.Operands) != 2 || len(op.Results) != 1 || !staticTensors(op.Operands[0], op.Operands[1], op.Results[0]) {
		return nil
	}
	dn, ok := op.Attr("dimension_numbers").(*ir.ConvDimensionNumbersAttr)
	if !ok {
		return nil
	}
	s := len(dn.InputSpatialDimensions)
	if len(dn.KernelSpatialDimensions) != s || len(dn.OutputSpatialDimensions) != s {
		return nil
	}
	in := cat([]int64{dn.InputBatchDimension}, dn.InputSpatialDimensions, []int64{dn.InputFeatureDimension})
	ker := cat(dn.KernelSpatialDimensions, []int64{dn.KernelInputFeatureDimension, dn.KernelOutputFeatureDimension})
	out := cat([]int64{dn.OutputBatchDimension}, dn.OutputSpatialDimensions, []int64{dn.OutputFeatureDimension})
	if !isPerm(in, s+2) || !isPerm(ker, s+2) || !isPerm(out, s+2) {
		return nil
	}
	keepIn, keepKer := isArg(op.Operands[0]), isArg(op.Operands[1])
	if (keepIn || isIdentityPerm(in)) && (keepKer || isIdentityPerm(ker)) && isIdentityPerm(out) {
		return nil
	}
	e := newEmitter(op.Loc)
	x, w := op.Operands[0], op.Operands[1]
	if !keepIn {
		x = e.transpose(x, in)
	}
	if !keepKer {
		w = e.transpose(w, ker)
	}
	if e.err != nil {
		return nil
	}
	seq := func(from, n int) []int64 {
		r := make([]int64, n)
		for i := range r {
			r[i] = int64(from + i)
		}
		return r
	}
	nd := &ir.ConvDimensionNumbersAttr{
		InputBatchDimension: 0, InputSpatialDimensions: seq(1, s), InputFeatureDimension: int64(s + 1),
		KernelSpatialDimensions: seq(0, s), KernelInputFeatureDimension: int64(s), KernelOutputFeatureDimension: int64(s + 1),
		OutputBatchDimension: 0, OutputSpatialDimensions: seq(1, s), OutputFeatureDimension: int64(s + 1),
	}
	if keepIn {
		nd.InputBatchDimension, nd.InputSpatialDimensions, nd.InputFeatureDimension =
			dn.InputBatchDimension, cat(dn.InputSpatialDimensions), dn.InputFeatureDimension
	}
	if keepKer {
		nd.KernelSpatialDimensions, nd.KernelInputFeatureDimension, nd.KernelOutputFeatureDimension =
			cat(dn.KernelSpatialDimensions), dn.KernelInputFeatureDimension, dn.KernelOutputFeatureDimension
	}
	attrs := ir.Attrs{}
	for _, a := range op.Attrs {
		if a.Name == "dimension_numbers" {
			attrs = append(attrs, ir.NamedAttr{Name: a.Name, Value: nd})
		} else {
			attrs = append(attrs, a)
		}
	}
	res := op.Results[0].Tensor()
	// The canonical result has the op's result dimensions in order out.
	cs := make([]int64, len(out))
	for i, d := range out {
		cs[i] = res.Shape[d]
	}
	conv := ir.NewOp("stablehlo.convolution", []*ir.Value{x, w}, []ir.Type{res.WithShape(cs)}, attrs)
	conv.Loc = op.Loc
	e.b.Block.Append(conv)
	// Back: result dim out[i] is canonical dim i, so the inverse.
	inv := make([]int64, len(out))
	for i, d := range out {
		inv[d] = int64(i)
	}
	r := e.transpose(conv.Results[0], inv)
	if e.err != nil {
		return nil
	}
	e.splice(rw, op)
	rw.ReplaceOp(op, r)
	return nil
}

// isPerm reports whether p is a permutation of 0..n-1.
func isPerm(p []int64, n int) bool {
	if len(p) != n {
		return false
	}
	seen := make([]bool, n)
	for _, d := range p {
		if d < 0 || d >= int64(n) || seen[d] {
			return false
		}
		seen[d] = true
	}
	return true
}
