package kernel

import (
	"github.com/zmlc/zmlc/ir"
)

// Packed GEMM for CPU targets: the BLIS / GotoBLAS loop structure (Goto &
// van de Geijn, "Anatomy of High-Performance Matrix Multiplication", ACM
// TOMS 34(3), 2008; Van Zee & van de Geijn, "BLIS: A Framework for Rapidly
// Instantiating BLAS Functionality", ACM TOMS 41(3), 2015).
//
//	grid over batches and row chunks t (one per core):
//	  for jc (NC columns), pc (KC of the contraction):
//	    pack B[pc, jc] into Bp: NC/NR micro-panels of KC x NR
//	    for ic (MC rows of chunk t):
//	      pack A[ic rows, pc] into Ap: MC/MR micro-panels of KC x MR
//	      for jr (NR columns), ir (MR rows): the micro-kernel:
//	      acc (MR x NR) = 0 (pc = 0) or C's tile
//	      for k < KC, unrolled i < MR: a = Ap[..i]; vector j < NR:
//	        acc[i,j] = fma(a, Bp[..j], acc[i,j])
//	      C's tile = acc (epilogue at the last pc)
//
// Packing pads the panels with zeros past M, N and K, so the micro-kernel
// always runs full KC steps on a full MR x NR tile; tiles crossing the
// edge of C load and store through bounds checks (a second accumulator).
// Ap, Bp and the accumulators are Shared buffers: on a CPU kernel, scratch
// private to one grid iteration (docs/KERNEL_IR.md). The renderer keeps
// the accumulator in registers: its indices are constants once the
// unrolled and vector loops are expanded.
//
// Numerics: each element still sums k in ascending order (KC blocks in
// order, continuing from C), but every step is one fused multiply-add
// instead of a rounded product and a rounded sum.

// gemm block sizes for AVX2 f32 (BLIS's Zen configuration): MR x NR
// accumulators = 12 registers of 8 lanes.
const (
	gemmMR    = 6
	gemmKC    = 256
	gemmMCMax = 144
	gemmNCMax = 4080
)

// gemmShape is the blocking of one packed product.
type gemmShape struct {
	mr, nr      int64
	mc, kc, nc  int64
	nT          int64 // row chunks (the grid: one per core)
	nIC         int64 // MC blocks per chunk
	nKC, nNC    int64 // contraction blocks, column blocks
	mPan, nPan  int64 // micro-panels per block: mc/mr, nc/nr
	rowsChecked bool  // nT*nIC*mc > m: rows past m exist in the blocks
	colsChecked bool  // nNC*nc > n
	kChecked    bool  // nKC*kc > k
}

// gemmEnabled reports whether the target lowers matrix-form products of
// this plan to the packed GEMM: TargetParams.PackedGEMM (set for the cpu
// target by compile), f32 results, and products of at least 12 rows, 16
// columns and 8 terms (smaller ones, and the batch-1 products of
// inference, keep the tiled form).
func (l *lowerer) gemmEnabled(p *dotPlan) bool {
	return l.t.PackedGEMM && !l.t.GPU && p.resultElem == ir.F32 &&
		p.m >= 2*gemmMR && p.n >= 16 && p.kk >= 8
}

func gemmCeil(a, b int64) int64 { return (a + b - 1) / b }

// planGemm chooses the blocks for batch products of m x n x k on cores
// threads with vector lanes: NR = 2 vectors; the rows are cut into one
// chunk per core (unless the batches alone fill the cores), each chunk
// into MC blocks of at most gemmMCMax rows.
func planGemm(batch, m, n, k int64, lanes, cores int) gemmShape {
	g := gemmShape{mr: gemmMR, nr: 2 * int64(lanes)}
	g.nKC = gemmCeil(k, gemmKC)
	g.kc = gemmCeil(k, g.nKC)
	pan := gemmCeil(m, g.mr)
	g.nT = 1
	if c := int64(cores); batch < c {
		g.nT = min(c, pan)
	}
	cPan := gemmCeil(pan, g.nT)
	g.nIC = gemmCeil(cPan, gemmMCMax/g.mr)
	g.mPan = gemmCeil(cPan, g.nIC)
	g.mc = g.mPan * g.mr
	g.nT = gemmCeil(pan, g.nIC*g.mPan)
	npan := gemmCeil(n, g.nr)
	g.nNC = gemmCeil(npan, gemmNCMax/g.nr)
	g.nPan = gemmCeil(npan, g.nNC)
	g.nc = g.nPan * g.nr
	g.rowsChecked = g.nT*g.nIC*g.mc > m
	g.colsChecked = g.nNC*g.nc > n
	g.kChecked = g.nKC*g.kc > k
	return g
}

// packedDot lowers a standalone matrix-form dot_general to the packed
// GEMM when the target enables it; ok is false otherwise.
func (l *lowerer) packedDot(op *ir.Op) (ok bool, err error) {
	return l.lowerDot(op, true)
}

// fusedPackedDot lowers a zml.fusion of one matrix-form dot_general and
// elementwise ops on its result (the form fusedDot takes) to the packed
// GEMM with the elementwise part as the epilogue of the last KC block.
func (l *lowerer) fusedPackedDot(op *ir.Op) (ok bool, err error) {
	return l.lowerFusedDot(op, true)
}

// emitPackedDot emits the packed product of p into out (shape batch...,
// m, n), applying epilogue (nil: none) to each element at the last KC
// block.
func (k *kgen) emitPackedDot(p *dotPlan, out *Buffer, epilogue func(idx []*Node, acc *Node) *Node) {
	b := k.b
	g := planGemm(p.batch, p.m, p.n, p.kk, k.l.t.VectorWidth, k.l.t.Cores)
	et := p.resultElem
	ap := b.SharedAlloc("apack", et, []int64{g.mPan, g.kc, g.mr})
	bp := b.SharedAlloc("bpack", et, []int64{g.nPan, g.kc, g.nr})
	acc := b.SharedAlloc("acc", et, []int64{g.mr, g.nr})
	accE := b.SharedAlloc("acc_edge", et, []int64{g.mr, g.nr})
	nb := len(p.lb)
	bshape := make([]int64, nb)
	for i, d := range p.lb {
		bshape[i] = p.lshape[d]
	}
	zero := ConstOf(et, int64(0))
	add := func(x, y *Node) *Node { return b.Bin(Add, x, y) }
	mul := func(x *Node, c int64) *Node { return b.Bin(Mul, x, Idx(c)) }
	and := func(conds ...*Node) *Node {
		var r *Node
		for _, c := range conds {
			if c == nil {
				continue
			}
			if r == nil {
				r = c
			} else {
				r = b.Bin(And, r, c)
			}
		}
		return r
	}
	// lt returns x < limit, or nil when it holds statically.
	lt := func(x *Node, limit int64, checked bool) *Node {
		if !checked {
			return nil
		}
		return b.Bin(LT, x, Idx(limit))
	}
	// clamp returns min(x, limit-1) when checked: the index is only used
	// under a bounds check, and the clamp keeps its static range (which
	// the verifier checks) inside the buffer.
	clamp := func(x *Node, limit int64, checked bool) *Node {
		if !checked {
			return x
		}
		return b.Bin(Min, x, Idx(limit-1))
	}
	// guarded runs then when cond holds (nil: always), els otherwise.
	guarded := func(cond *Node, then, els func()) {
		if cond == nil {
			then()
			return
		}
		b.If(cond, then, els)
	}
	b.Nest(bshape, nb, func(bi []*Node) {
		resIdx := func(i, j *Node) []*Node { return p.resultIndex(bi, i, j) }
		operand := func(x int, bi []*Node, free, kx *Node) *Node {
			k.memo = map[string]memoEntry{}
			return k.dotOperand(p, x, bi, free, kx)
		}
		b.Loop(Grid, g.nT, func(t *Node) {
			b.Loop(Serial, g.nNC, func(jc *Node) {
				b.Loop(Serial, g.nKC, func(pc *Node) {
					// Pack B: Bp[pan, kk, j] = B[pc*KC + kk, jc*NC + pan*NR + j].
					b.Loop(Serial, g.nPan, func(pan *Node) {
						b.Loop(Serial, g.kc, func(kk *Node) {
							kx := add(mul(pc, g.kc), kk)
							lvl := Vector
							if g.colsChecked || g.kChecked {
								lvl = Serial
							}
							b.Loop(lvl, g.nr, func(j *Node) {
								col := add(add(mul(jc, g.nc), mul(pan, g.nr)), j)
								dst := add(mul(add(mul(pan, g.kc), kk), g.nr), j)
								guarded(and(lt(col, p.n, g.colsChecked), lt(kx, p.kk, g.kChecked)),
									func() {
										b.Store(bp, dst, operand(1, bi, clamp(col, p.n, g.colsChecked), clamp(kx, p.kk, g.kChecked)))
									},
									func() { b.Store(bp, dst, zero) })
							})
						})
					})
					b.Loop(Serial, g.nIC, func(ic *Node) {
						rowB := add(mul(t, g.nIC*g.mc), mul(ic, g.mc))
						// Pack A: Ap[pan, kk, i] = A[rowB + pan*MR + i, pc*KC + kk].
						b.Loop(Serial, g.mPan, func(pan *Node) {
							row0 := add(rowB, mul(pan, g.mr))
							// packA packs the panel at row0; rows are checked
							// only for a panel crossing m (the last ones).
							packA := func(row0 *Node, rowsChecked bool) {
								b.Loop(Serial, g.kc, func(kk *Node) {
									kx := add(mul(pc, g.kc), kk)
									b.Loop(Unrolled, g.mr, func(i *Node) {
										row := add(row0, i)
										dst := add(mul(add(mul(pan, g.kc), kk), g.mr), i)
										guarded(and(lt(row, p.m, rowsChecked), lt(kx, p.kk, g.kChecked)),
											func() {
												b.Store(ap, dst, operand(0, bi, clamp(row, p.m, rowsChecked), clamp(kx, p.kk, g.kChecked)))
											},
											func() { b.Store(ap, dst, zero) })
									})
								})
							}
							if !g.rowsChecked {
								packA(row0, false)
								return
							}
							// A full panel: row0+MR <= m, so clamping row0 to
							// m-MR changes nothing but the static range.
							b.If(b.Bin(LE, add(row0, Idx(g.mr)), Idx(p.m)),
								func() { packA(b.Bin(Min, row0, Idx(p.m-g.mr)), false) },
								func() { packA(row0, true) })
						})
						b.Loop(Serial, g.nPan, func(jr *Node) {
							col0 := add(mul(jc, g.nc), mul(jr, g.nr))
							b.Loop(Serial, g.mPan, func(ir *Node) {
								row0 := add(rowB, mul(ir, g.mr))
								k.microKernel(p, g, out, ap, bp, acc, accE, microArgs{
									pc: pc, jr: jr, ir: ir, row0: row0, col0: col0, resIdx: resIdx, epilogue: epilogue})
							})
						})
					})
				})
			})
		})
	})
	k.memo = map[string]memoEntry{}
}

// microArgs are the loop indices and helpers of one micro-kernel call.
type microArgs struct {
	pc, jr, ir *Node
	row0, col0 *Node
	resIdx     func(i, j *Node) []*Node
	epilogue   func(idx []*Node, acc *Node) *Node
}

// microKernel emits one MR x NR tile of C: a fast path for tiles inside C
// (accumulator acc, vector loads and stores of C's rows) and, when C has
// ragged edges, a checked path (accE) for the tiles crossing them.
func (k *kgen) microKernel(p *dotPlan, g gemmShape, out, ap, bp, acc, accE *Buffer, a microArgs) {
	b := k.b
	et := p.resultElem
	add := func(x, y *Node) *Node { return b.Bin(Add, x, y) }
	mul := func(x *Node, c int64) *Node { return b.Bin(Mul, x, Idx(c)) }
	last := g.nKC - 1
	// run emits the k loop over KC accumulating into buf.
	run := func(buf *Buffer) {
		b.Loop(Serial, g.kc, func(kk *Node) {
			b.Loop(Unrolled, g.mr, func(i *Node) {
				av := b.Load(ap, add(mul(add(mul(a.ir, g.kc), kk), g.mr), i))
				b.Loop(Vector, g.nr, func(j *Node) {
					bv := b.Load(bp, add(mul(add(mul(a.jr, g.kc), kk), g.nr), j))
					ai := add(mul(i, g.nr), j)
					b.Store(buf, ai, b.Fma(av, bv, b.Load(buf, ai)))
				})
			})
		})
	}
	// tile runs fn over the MR x NR tile: unrolled rows and vector
	// columns (fast path), or serial loops with a bounds check (edge).
	tile := func(fast bool, fn func(i, j, row, col *Node)) {
		rowLvl, colLvl := Unrolled, Vector
		if !fast {
			rowLvl, colLvl = Serial, Serial
		}
		// On the fast path row0+MR <= m and col0+NR <= n: clamping row0
		// and col0 to those bounds changes nothing but the static range.
		row0, col0 := a.row0, a.col0
		if fast && g.rowsChecked {
			row0 = b.Bin(Min, row0, Idx(p.m-g.mr))
		}
		if fast && g.colsChecked {
			col0 = b.Bin(Min, col0, Idx(p.n-g.nr))
		}
		b.Loop(rowLvl, g.mr, func(i *Node) {
			b.Loop(colLvl, g.nr, func(j *Node) {
				row, col := add(row0, i), add(col0, j)
				if fast {
					fn(i, j, row, col)
					return
				}
				b.If(b.Bin(And, b.Bin(LT, row, Idx(p.m)), b.Bin(LT, col, Idx(p.n))), func() {
					fn(i, j, b.Bin(Min, row, Idx(p.m-1)), b.Bin(Min, col, Idx(p.n-1)))
				}, nil)
			})
		})
	}
	body := func(fast bool) {
		buf := acc
		if !fast {
			buf = accE
		}
		zero := func() {
			b.Loop(Unrolled, g.mr, func(i *Node) {
				b.Loop(Vector, g.nr, func(j *Node) {
					b.Store(buf, add(mul(i, g.nr), j), ConstOf(et, int64(0)))
				})
			})
		}
		load := func() {
			if !fast {
				zero()
			}
			tile(fast, func(i, j, row, col *Node) {
				b.Store(buf, add(mul(i, g.nr), j), b.Load(out, b.Offset(out, a.resIdx(row, col))))
			})
		}
		switch {
		case g.nKC == 1:
			zero()
		default:
			b.If(b.Bin(EQ, a.pc, Idx(0)), zero, load)
		}
		run(buf)
		store := func(epi bool) {
			tile(fast, func(i, j, row, col *Node) {
				v := b.Load(buf, add(mul(i, g.nr), j))
				idx := a.resIdx(row, col)
				if epi {
					v = a.epilogue(idx, v)
				}
				b.Store(out, b.Offset(out, idx), v)
			})
		}
		switch {
		case a.epilogue == nil:
			store(false)
		case g.nKC == 1:
			store(true)
		default:
			b.If(b.Bin(EQ, a.pc, Idx(last)), func() { store(true) }, func() { store(false) })
		}
	}
	if !g.rowsChecked && !g.colsChecked {
		body(true)
		return
	}
	var conds []*Node
	if g.rowsChecked {
		conds = append(conds, b.Bin(LE, add(a.row0, Idx(g.mr)), Idx(p.m)))
	}
	if g.colsChecked {
		conds = append(conds, b.Bin(LE, add(a.col0, Idx(g.nr)), Idx(p.n)))
	}
	full := conds[0]
	for _, c := range conds[1:] {
		full = b.Bin(And, full, c)
	}
	b.If(full, func() { body(true) }, func() {
		// Row panels wholly past m (padding of the last block) are skipped.
		b.If(b.Bin(LT, a.row0, Idx(p.m)), func() { body(false) }, nil)
	})
}
