package kernel

import (
	"github.com/zmlc/zmlc/ir"
)

// Lane-split products for dense layers at small batch. A PyTorch Linear
// weight arrives as [n, k] and is read through a transposed view
// (lower_view.go): along the output columns j its stride is k, so the
// column-vector form of emitTiledDot loads every weight vector lane by
// lane. When the contraction is contiguous in both operands and the rows
// are few (at most viewMaxRows per batch), the product is vectorised along
// k instead:
//
//	grid over batches and groups of NJ columns (NJ <= MicroM*MicroN/VectorWidth,
//	a multiple of Cores groups at small batch, the last group narrower),
//	so batch-1 layers use every core:
//	  serial i (rows):
//	    vector l: part[i, j_r, l] = 0                          (each r < NJ)
//	    serial k0 < K/VW: vector l: kk = k0*VW + l; a = A[i, kk]
//	      part[i, j_r, l] += a * B[kk, j_r]                    (each r < NJ)
//	    serial t < K%VW: part[i, j_r, t] += A[i, kk]*B[kk, j_r] (kk = K/VW*VW + t)
//	    out[i, j_r] = epilogue(((part[.., 0] + part[.., 1]) + ...) + part[.., VW-1])
//
// part (a Temp buffer of batch*m*n*VW elements) holds VW partial sums per
// output; a renderer keeps those of one group in registers across k
// (wasm: NJ v128 accumulators, promote.go).
//
// Sum order (differs from the interpreter's): partial sum l adds the
// products of k = l, l+VW, l+2VW, ... in ascending order, and the VW
// partial sums are added left to right. Both this and the interpreter's
// ascending sum are recursive summations of the same K products, so each
// is within gamma_K * sum|a_k*b_k| of the exact value (gamma_K = K*u/(1-K*u),
// u = 2^-24 for f32; Higham, "Accuracy and Stability of Numerical
// Algorithms", 2nd ed., section 4.2) and they differ by at most twice
// that; the tests compare with the interpreter within
// corpustest.Reassociated (1e-6 of the larger of the element's and the
// result's largest magnitude, f32).

// operandStride returns the element stride of dim d of v in the buffer it
// is read from, when v is read straight from a buffer (possibly through a
// transposed view).
func (k *kgen) operandStride(v *ir.Value, d int) (int64, bool) {
	id, ok := k.ext[v]
	perm := k.perms[v]
	if !ok {
		return 0, false
	}
	tt := v.Tensor()
	if tt == nil || tt.Elem.IsComplex() {
		return 0, false
	}
	st := ir.Strides(k.l.p.Buffers[id].Shape)
	if perm != nil {
		return st[perm[d]], true
	}
	return st[d], true
}

// splitDotOK reports whether p takes the lane-split form: CPU targets, a
// float result, few rows, both operands contiguous along k, and the right
// one strided along its free dim.
func (k *kgen) splitDotOK(p *dotPlan) bool {
	t := k.l.t
	if t.GPU || !p.resultElem.IsFloat() || p.m > viewMaxRows || p.rf < 0 || p.kk < int64(t.VectorWidth) {
		return false
	}
	la, okA := k.operandStride(p.op.Operands[0], int(p.lc))
	rk, okB := k.operandStride(p.op.Operands[1], int(p.rc))
	rj, okJ := k.operandStride(p.op.Operands[1], p.rf)
	return okA && okB && okJ && la == 1 && rk == 1 && rj != 1
}

// emitSplitDot emits the lane-split product into out (shape batch..., m, n).
func (k *kgen) emitSplitDot(p *dotPlan, out *Buffer, epilogue func(idx []*Node, acc *Node) *Node) {
	b := k.b
	t := k.l.t
	vw := int64(t.VectorWidth)
	// Column groups of at most MicroM*MicroN/VectorWidth, as many as a
	// multiple of the cores so the grid splits evenly.
	groups := (p.n + int64(max(1, t.MicroM*t.MicroN/t.VectorWidth)) - 1) / int64(max(1, t.MicroM*t.MicroN/t.VectorWidth))
	if c := int64(t.Cores); p.batch < c && groups%c != 0 {
		groups += c - groups%c
	}
	nj := max(1, (p.n+groups-1)/groups)
	et := p.resultElem
	nb := len(p.lb)
	partID := k.l.temp(&ir.TensorType{Elem: et, Shape: []int64{p.batch * p.m * p.n * vw}})
	part := b.Param("part", et, []int64{p.batch * p.m * p.n * vw}, ReadWrite, partID)
	bshape := make([]int64, nb)
	for i, d := range p.lb {
		bshape[i] = p.lshape[d]
	}
	groups = (p.n + nj - 1) / nj
	kFull := p.kk / vw
	b.Nest(bshape, nb, func(bi []*Node) {
		// Flat batch index, for part.
		bflat := Idx(0)
		for x := range bi {
			bflat = b.Bin(Add, b.Bin(Mul, bflat, Idx(bshape[x])), bi[x])
		}
		resIdx := func(i, j *Node) []*Node {
			r := append([]*Node{}, bi...)
			if p.lf >= 0 {
				r = append(r, i)
			}
			return append(r, j)
		}
		lhs := func(i, kx *Node) *Node {
			li := make([]*Node, len(p.lshape))
			for x, d := range p.lb {
				li[d] = bi[x]
			}
			li[p.lc] = kx
			if p.lf >= 0 {
				li[p.lf] = i
			}
			return b.Convert(k.valueAt(p.op.Operands[0], li), et)
		}
		rhs := func(kx, j *Node) *Node {
			ri := make([]*Node, len(p.rshape))
			for x, d := range p.rb {
				ri[d] = bi[x]
			}
			ri[p.rc] = kx
			ri[p.rf] = j
			return b.Convert(k.valueAt(p.op.Operands[1], ri), et)
		}
		group := func(j0 *Node, w int64) {
			b.Loop(Serial, p.m, func(i *Node) {
				k.memo = map[string]memoEntry{}
				js := make([]*Node, w)
				pbase := make([]*Node, w)
				for r := range w {
					js[r] = b.Bin(Add, j0, Idx(r))
					pbase[r] = b.Bin(Mul, b.Bin(Add, b.Bin(Mul, b.Bin(Add, b.Bin(Mul, bflat, Idx(p.m)), i), Idx(p.n)), js[r]), Idx(vw))
				}
				b.Loop(Vector, vw, func(l *Node) {
					for r := range w {
						b.Store(part, b.Bin(Add, pbase[r], l), ConstOf(et, int64(0)))
					}
				})
				if kFull > 0 {
					b.Loop(Serial, kFull, func(k0 *Node) {
						b.Loop(Vector, vw, func(l *Node) {
							kx := b.Bin(Add, b.Bin(Mul, k0, Idx(vw)), l)
							a := lhs(i, kx)
							for r := range w {
								off := b.Bin(Add, pbase[r], l)
								b.Store(part, off, b.Bin(Add, b.Load(part, off), b.Bin(Mul, a, rhs(kx, js[r]))))
							}
						})
					})
				}
				if tail := p.kk % vw; tail > 0 {
					b.Loop(Serial, tail, func(tl *Node) {
						kx := b.Bin(Add, Idx(kFull*vw), tl)
						a := lhs(i, kx)
						for r := range w {
							off := b.Bin(Add, pbase[r], tl)
							b.Store(part, off, b.Bin(Add, b.Load(part, off), b.Bin(Mul, a, rhs(kx, js[r]))))
						}
					})
				}
				for r := range w {
					s := b.Load(part, pbase[r])
					for l := int64(1); l < vw; l++ {
						s = b.Bin(Add, s, b.Load(part, b.Bin(Add, pbase[r], Idx(l))))
					}
					idx := resIdx(i, js[r])
					if epilogue != nil {
						s = epilogue(idx, s)
					}
					b.Store(out, b.Offset(out, idx), s)
				}
				k.memo = map[string]memoEntry{}
			})
		}
		full, rem := p.n/nj, p.n%nj
		b.Loop(Grid, groups, func(g *Node) {
			j0 := b.Bin(Mul, g, Idx(nj))
			switch {
			case rem == 0:
				group(j0, nj)
			case full == 0:
				group(j0, rem)
			default:
				// Clamped so that the index ranges stay provably in bounds.
				jf := b.Bin(Mul, b.Bin(Min, g, Idx(full-1)), Idx(nj))
				b.If(b.Cmp(LT, g, Idx(full), false), func() { group(jf, nj) }, func() { group(Idx(full*nj), rem) })
			}
		})
	})
	k.memo = map[string]memoEntry{}
}
