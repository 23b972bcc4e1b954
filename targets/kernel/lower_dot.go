package kernel

import (
	"fmt"
	"slices"

	"github.com/zmlc/zmlc/ir"
)

// dotPlan is a dot_general in matrix form: B batches of an MxK by KxN
// product, with at most one free dimension per side and one contracting
// dimension (the forms dense layers and im2col produce).
type dotPlan struct {
	op              *ir.Op
	lb, rb          []int64
	lc, rc          int64
	lf, rf          int // free dims, -1 when absent
	batch, m, n, kk int64
	tm, tn, tk      int64
	resultElem      ir.ElementType
	lshape, rshape  []int64
	resultShape     []int64
}

// resultIndex is the result multi-index of p for batch indices bi, row i
// and column j (each only where its side has a free dim).
func (p *dotPlan) resultIndex(bi []*Node, i, j *Node) []*Node {
	r := append([]*Node{}, bi...)
	if p.lf >= 0 {
		r = append(r, i)
	}
	if p.rf >= 0 {
		r = append(r, j)
	}
	return r
}

// dotOperand loads operand x of p (0: left, 1: right) at batch indices bi,
// free index free (unused where that side has no free dim) and contracting
// index kx, converted to the result element type.
func (k *kgen) dotOperand(p *dotPlan, x int, bi []*Node, free, kx *Node) *Node {
	shape, bd, cd, fd := p.lshape, p.lb, p.lc, p.lf
	if x == 1 {
		shape, bd, cd, fd = p.rshape, p.rb, p.rc, p.rf
	}
	idx := make([]*Node, len(shape))
	for n, d := range bd {
		idx[d] = bi[n]
	}
	idx[cd] = kx
	if fd >= 0 {
		idx[fd] = free
	}
	return k.b.Convert(k.valueAt(p.op.Operands[x], idx), p.resultElem)
}

func largestDivisor(n, limit int64) int64 {
	for t := min(n, limit); t > 1; t-- {
		if n%t == 0 {
			return t
		}
	}
	return 1
}

// planDot returns the matrix form of op, or nil if it has another shape.
func (l *lowerer) planDot(op *ir.Op) *dotPlan {
	lb, rb, lc, rc, err := dotDims(op)
	if err != nil || len(lc) != 1 {
		return nil
	}
	ls, rs := shapeOf(op.Operands[0]), shapeOf(op.Operands[1])
	lfree, rfree := freeDims(len(ls), lb, lc), freeDims(len(rs), rb, rc)
	if len(lfree) > 1 || len(rfree) > 1 {
		return nil
	}
	p := &dotPlan{op: op, lb: lb, rb: rb, lc: lc[0], rc: rc[0], lf: -1, rf: -1, batch: 1, m: 1, n: 1,
		kk: ls[lc[0]], resultElem: op.Results[0].Tensor().Elem, lshape: ls, rshape: rs, resultShape: op.Results[0].Tensor().Shape}
	for _, d := range lb {
		p.batch *= ls[d]
	}
	if len(lfree) == 1 {
		p.lf, p.m = lfree[0], ls[lfree[0]]
	}
	if len(rfree) == 1 {
		p.rf, p.n = rfree[0], rs[rfree[0]]
	}
	// Narrow floats take the per-element form (dotAt), which accumulates
	// in f32 (AccumElem); the tiled forms accumulate in the result type.
	if p.m*p.n*p.kk == 0 || !p.resultElem.IsFloat() && !p.resultElem.IsInteger() || AccumElem(p.resultElem) != p.resultElem {
		return nil
	}
	p.tm = largestDivisor(p.m, int64(l.t.TileM))
	p.tn = largestDivisor(p.n, int64(l.t.TileN))
	p.tk = largestDivisor(p.kk, int64(l.t.TileK))
	return p
}

// tiledDot lowers a standalone dot_general of matrix form to a tiled
// kernel; ok is false for other forms (the per-element lowering takes them).
func (l *lowerer) tiledDot(op *ir.Op) (ok bool, err error) {
	return l.lowerDot(op, false)
}

// lowerDot is tiledDot (packed false: the tiled product) and packedDot
// (packed true: the packed GEMM, only where gemmEnabled), which differ
// only in the product they emit and the kernel's note.
func (l *lowerer) lowerDot(op *ir.Op, packed bool) (ok bool, err error) {
	p := l.planDot(op)
	if p == nil || (packed && !l.gemmEnabled(p)) {
		return false, nil
	}
	k := l.newKgen("dot_general")
	for _, o := range op.Operands {
		x, err := l.valueView(op, o)
		if err != nil {
			return true, err
		}
		k.bind(o, x)
	}
	id := l.temp(op.Results[0].Tensor())
	out := k.b.Param("out0", p.resultElem, p.resultShape, ReadWrite, id)
	note := ""
	if packed {
		k.emitPackedDot(p, out, nil)
		note = " (packed gemm)"
	} else {
		k.emitTiledDot(p, out, nil)
	}
	if k.err != nil {
		return true, k.err
	}
	k.finish(opSource(op) + note)
	l.env[op.Results[0]] = bv{buf: id}
	return true, nil
}

// emitTiledDot emits the product into out (shape batch..., m, n): on CPU
// targets the lane-split form (lower_micro_dot.go) for small-batch dense
// layers whose weights are contiguous along k, else the register-blocked
// form (emitMicroDot); on GPU targets one row per pass (emitRowDot).
func (k *kgen) emitTiledDot(p *dotPlan, out *Buffer, epilogue func(idx []*Node, acc *Node) *Node) {
	if k.l.t.GPU {
		k.emitRowDot(p, out, epilogue)
		return
	}
	if k.splitDotOK(p) {
		k.emitSplitDot(p, out, epilogue)
		return
	}
	k.emitMicroDot(p, out, epilogue)
}

// emitRowDot emits the tiled product into out (shape batch..., m, n), one
// output row per pass (GPU targets):
//
//	grid over batches and row tiles; serial over column tiles:
//	  zero the TMxTN tile of out
//	  for each TK block of k, each row i and k: a = A[i,k];
//	    vector over the tile's columns j: out[i,j] += a * B[k,j]
//	  epilogue (fusion): out[i,j] = f(out[i,j], ...) over the tile
//
// Each element still sums k in ascending order, as the per-element form.
func (k *kgen) emitRowDot(p *dotPlan, out *Buffer, epilogue func(idx []*Node, acc *Node) *Node) {
	b := k.b
	nb := len(p.lb)
	et := p.resultElem
	// resIdx builds the result multi-index from batch indices and (i, j).
	resIdx := p.resultIndex
	bshape := make([]int64, nb)
	for i, d := range p.lb {
		bshape[i] = p.lshape[d]
	}
	b.Nest(bshape, nb, func(bi []*Node) {
		b.Loop(Grid, p.m/p.tm, func(i0 *Node) {
			b.Loop(Serial, p.n/p.tn, func(j0 *Node) {
				tile := func(fn func(i, j *Node)) {
					b.Loop(Serial, p.tm, func(i1 *Node) {
						i := b.Bin(Add, b.Bin(Mul, i0, Idx(p.tm)), i1)
						b.Loop(Vector, p.tn, func(j1 *Node) {
							fn(i, b.Bin(Add, b.Bin(Mul, j0, Idx(p.tn)), j1))
						})
					})
				}
				tile(func(i, j *Node) {
					b.Store(out, b.Offset(out, resIdx(bi, i, j)), ConstOf(et, int64(0)))
				})
				b.Loop(Serial, p.kk/p.tk, func(k0 *Node) {
					b.Loop(Serial, p.tm, func(i1 *Node) {
						i := b.Bin(Add, b.Bin(Mul, i0, Idx(p.tm)), i1)
						b.Loop(Serial, p.tk, func(k1 *Node) {
							kx := b.Bin(Add, b.Bin(Mul, k0, Idx(p.tk)), k1)
							a := k.dotOperand(p, 0, bi, i, kx)
							b.Loop(Vector, p.tn, func(j1 *Node) {
								j := b.Bin(Add, b.Bin(Mul, j0, Idx(p.tn)), j1)
								y := k.dotOperand(p, 1, bi, j, kx)
								off := b.Offset(out, resIdx(bi, i, j))
								b.Store(out, off, b.Bin(Add, b.Load(out, off), b.Bin(Mul, a, y)))
							})
						})
					})
				})
				if epilogue != nil {
					tile(func(i, j *Node) {
						idx := resIdx(bi, i, j)
						off := b.Offset(out, idx)
						b.Store(out, off, epilogue(idx, b.Load(out, off)))
					})
				}
			})
		})
	})
	k.memo = map[string]memoEntry{}
}

// fusedDot lowers a zml.fusion whose region is one matrix-form
// dot_general followed by elementwise ops on its result (bias, activation)
// into one tiled kernel with the elementwise part as an epilogue; ok is
// false when the region has another form.
func (l *lowerer) fusedDot(op *ir.Op) (ok bool, err error) {
	return l.lowerFusedDot(op, false)
}

// lowerFusedDot is fusedDot (packed false: the tiled product) and
// fusedPackedDot (packed true: the packed GEMM, only where gemmEnabled),
// which differ only in the product they emit and the kernel's note.
func (l *lowerer) lowerFusedDot(op *ir.Op, packed bool) (ok bool, err error) {
	blk := op.Regions[0].Entry()
	if blk == nil || len(op.Results) != 1 || len(blk.Args) != len(op.Operands) {
		return false, nil
	}
	var dot *ir.Op
	for _, o := range blk.Ops {
		switch {
		case o.Name == "stablehlo.dot_general" || o.Name == "stablehlo.dot":
			if dot != nil {
				return false, nil
			}
			dot = o
		case o.Name == "stablehlo.reduce" || o.Name == "stablehlo.convolution" || o.Name == "stablehlo.reduce_window":
			return false, nil
		}
	}
	if dot == nil {
		return false, nil
	}
	p := l.planDot(dot)
	rt := op.Results[0].Tensor()
	if p == nil || (packed && !l.gemmEnabled(p)) || rt.Elem != p.resultElem || !slices.Equal(rt.Shape, p.resultShape) {
		return false, nil
	}
	// The dot's operands must come straight from the fusion's arguments.
	k := l.newKgen("fusion_dot")
	for i, a := range blk.Args {
		x, err := l.valueView(op, op.Operands[i])
		if err != nil {
			return true, err
		}
		if x.tuple != nil {
			return false, nil
		}
		k.bind(a, x)
	}
	for _, o := range dot.Operands {
		if _, isArg := k.ext[o]; !isArg {
			return false, nil
		}
	}
	id := l.temp(rt)
	out := k.b.Param("out0", rt.Elem, rt.Shape, ReadWrite, id)
	res := blk.Terminator().Operands[0]
	var epi func(idx []*Node, acc *Node) *Node
	if res != dot.Results[0] {
		epi = func(idx []*Node, acc *Node) *Node {
			k.scalarsAt = map[*ir.Value]*Node{dot.Results[0]: acc}
			k.memo = map[string]memoEntry{}
			v := k.valueAt(res, idx)
			k.scalarsAt = nil
			return k.b.Convert(v, rt.Elem)
		}
	}
	note := ""
	if packed {
		k.emitPackedDot(p, out, epi)
		note = ", packed gemm"
	} else {
		k.emitTiledDot(p, out, epi)
	}
	if k.err != nil {
		return true, k.err
	}
	k.finish(fmt.Sprintf("%s (dot_general + %d ops%s)", opSource(op), len(blk.Ops)-2, note))
	l.env[op.Results[0]] = bv{buf: id}
	return true, nil
}
