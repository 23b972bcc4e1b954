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
		// splitDotOK holds, so p.rf >= 0.
		resIdx := func(i, j *Node) []*Node { return p.resultIndex(bi, i, j) }
		lhs := func(i, kx *Node) *Node { return k.dotOperand(p, 0, bi, i, kx) }
		rhs := func(kx, j *Node) *Node { return k.dotOperand(p, 1, bi, j, kx) }
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
							// Last column first: its weight row has the largest
							// offset (one bounds check on wazero, lower_micro_conv.go).
							for r := w - 1; r >= 0; r-- {
								off := b.Bin(Add, pbase[r], l)
								b.Store(part, off, k.microStep(b.Load(part, off), rhs(kx, js[r]), a))
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
							b.Store(part, off, k.microStep(b.Load(part, off), rhs(kx, js[r]), a))
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

// Register-blocked products (every other matrix-form dot_general on CPU
// targets). Each pass computes a micro-tile of MR rows x NR columns
// (MicroM, MicroN; the last ones narrower) over the whole contraction,
// its MR*NR/VectorWidth accumulator vectors kept in registers by the
// renderer (wasm: promote.go):
//
//	grid over batches and chunks of TM rows (TileM, shrunk to a divisor of m);
//	  serial over column tiles j0 (NR wide):
//	    serial over row blocks i0 of the chunk (MR tall):
//	      vector j: out[i0+r, j0+j] = 0                       (each r < MR)
//	      serial k (ReduceSteps terms at a time when they divide k):
//	        a_r = A[i0+r, k]                                  (each r < MR)
//	        vector j: y = B[k, j0+j]; out[i0+r, j0+j] += y * a_r
//	      epilogue: vector j: out[i0+r, j0+j] = f(out[i0+r, j0+j], ...)
//
// When the batches times the row chunks are fewer than the cores (batch-1
// products with few rows), the grid runs over the column tiles instead and
// each grid iteration takes all rows. Each output sums its products in
// ascending k, exactly as the per-element form and the interpreter, so the
// results are the same (bit for bit in the tests); with TargetParams.FMA
// each step is one fused multiply-add, within about K*2^-24 of the
// largest magnitude of the unfused sums for K terms.

// emitMicroDot emits the register-blocked product into out.
func (k *kgen) emitMicroDot(p *dotPlan, out *Buffer, epilogue func(idx []*Node, acc *Node) *Node) {
	b := k.b
	t := k.l.t
	nb := len(p.lb)
	et := p.resultElem
	mr, nr := int64(t.MicroM), int64(t.MicroN)
	vw := int64(t.VectorWidth)
	bshape := make([]int64, nb)
	for i, d := range p.lb {
		bshape[i] = p.lshape[d]
	}
	b.Nest(bshape, nb, func(bi []*Node) {
		resIdx := func(i, j *Node) []*Node { return p.resultIndex(bi, i, j) }
		lhs := func(i, kx *Node) *Node { return k.dotOperand(p, 0, bi, i, kx) }
		rhs := func(kx, j *Node) *Node { return k.dotOperand(p, 1, bi, j, kx) }
		// tile emits one pass: rows i0+r (r < h) by columns j0+j (j < w).
		tile := func(i0 *Node, h int64, j0 *Node, w int64) {
			vec := Vector
			if w < vw {
				vec = Serial
			}
			rows := make([]*Node, h)
			for r := range h {
				rows[r] = i0
				if r > 0 {
					rows[r] = b.Bin(Add, i0, Idx(r))
				}
			}
			col := func(j *Node) *Node { return b.Bin(Add, j0, j) }
			k.memo = map[string]memoEntry{}
			b.Loop(vec, w, func(j *Node) {
				for r := range h {
					b.Store(out, b.Offset(out, resIdx(rows[r], col(j))), ConstOf(et, int64(0)))
				}
			})
			// steps: reduction steps for terms kxs in order in one vector
			// loop (acc + y0*a0 + y1*a1: the sum order of one step after
			// the other); last term and last row first, as in
			// lower_micro_conv.go.
			steps := func(kxs []*Node) {
				u := len(kxs)
				as := make([][]*Node, u)
				for st := u - 1; st >= 0; st-- {
					as[st] = make([]*Node, h)
					for r := h - 1; r >= 0; r-- {
						as[st][r] = lhs(rows[r], kxs[st])
					}
				}
				b.Loop(vec, w, func(j *Node) {
					ys := make([]*Node, u)
					for st := u - 1; st >= 0; st-- {
						ys[st] = rhs(kxs[st], col(j))
					}
					for r := range h {
						off := b.Offset(out, resIdx(rows[r], col(j)))
						acc := b.Load(out, off)
						for st := range u {
							acc = k.microStep(acc, ys[st], as[st][r])
						}
						b.Store(out, off, acc)
					}
				})
			}
			k.reduceStepLoop(p.kk, steps)
			if epilogue != nil {
				for r := range h {
					k.memo = map[string]memoEntry{}
					b.Loop(vec, w, func(j *Node) {
						idx := resIdx(rows[r], col(j))
						off := b.Offset(out, idx)
						b.Store(out, off, epilogue(idx, b.Load(out, off)))
					})
				}
			}
			k.memo = map[string]memoEntry{}
		}
		// rowBlocks calls fn for the row blocks of [start, start+count).
		rowBlocks := func(start *Node, count int64, fn func(i0 *Node, h int64)) {
			if nfull := count / mr; nfull == 1 {
				fn(start, mr)
			} else if nfull > 1 {
				b.Loop(Serial, nfull, func(xb *Node) { fn(b.Bin(Add, start, b.Bin(Mul, xb, Idx(mr))), mr) })
			}
			if rem := count % mr; rem > 0 {
				fn(b.Bin(Add, start, Idx(count/mr*mr)), rem)
			}
		}
		full, rem := p.n/nr, p.n%nr
		if p.batch*(p.m/p.tm) >= int64(t.Cores) || full+min(rem, 1) < 2 {
			b.Loop(Grid, p.m/p.tm, func(ic *Node) {
				i0 := b.Bin(Mul, ic, Idx(p.tm))
				if full == 1 {
					rowBlocks(i0, p.tm, func(r0 *Node, h int64) { tile(r0, h, Idx(0), nr) })
				} else if full > 1 {
					b.Loop(Serial, full, func(jt *Node) {
						rowBlocks(i0, p.tm, func(r0 *Node, h int64) { tile(r0, h, b.Bin(Mul, jt, Idx(nr)), nr) })
					})
				}
				if rem > 0 {
					rowBlocks(i0, p.tm, func(r0 *Node, h int64) { tile(r0, h, Idx(full*nr), rem) })
				}
			})
			return
		}
		// Few rows: the grid runs over the column tiles.
		b.Loop(Grid, full+min(rem, 1), func(g *Node) {
			switch {
			case rem == 0:
				rowBlocks(Idx(0), p.m, func(r0 *Node, h int64) { tile(r0, h, b.Bin(Mul, g, Idx(nr)), nr) })
			case full == 0:
				rowBlocks(Idx(0), p.m, func(r0 *Node, h int64) { tile(r0, h, Idx(0), rem) })
			default:
				// Clamped so that the index ranges stay provably in bounds.
				jf := b.Bin(Mul, b.Bin(Min, g, Idx(full-1)), Idx(nr))
				b.If(b.Cmp(LT, g, Idx(full), false),
					func() { rowBlocks(Idx(0), p.m, func(r0 *Node, h int64) { tile(r0, h, jf, nr) }) },
					func() { rowBlocks(Idx(0), p.m, func(r0 *Node, h int64) { tile(r0, h, Idx(full*nr), rem) }) })
			}
		})
	})
	k.memo = map[string]memoEntry{}
}
