package kernel

import (
	"github.com/zmlc/zmlc/ir"
)

// The four kernels of the Winograd form (lower_winograd.go): filter,
// input and output transforms and the register-blocked products.

// emitFilter fills u[xi, c, f] with G g G^T of the kernel's 3x3 window at
// input feature c, output feature f.
func (w *wino) emitFilter(k *kgen, u *Buffer) {
	b := k.b
	c := w.c
	dn := c.dn
	et := c.et
	vec := k.laneLevel(c.cout)
	b.Loop(Grid, c.cin, func(ci *Node) {
		k.memo = map[string]memoEntry{}
		b.Loop(vec, c.cout, func(f *Node) {
			g := make([][]*Node, 3)
			for i := range g {
				g[i] = make([]*Node, 3)
				for j := range g[i] {
					ki := make([]*Node, len(c.ks))
					ki[dn.KernelSpatialDimensions[0]] = Idx(int64(i))
					ki[dn.KernelSpatialDimensions[1]] = Idx(int64(j))
					ki[dn.KernelInputFeatureDimension] = ci
					ki[dn.KernelOutputFeatureDimension] = f
					g[i][j] = b.Convert(k.valueAt(w.conv.Operands[1], ki), et)
				}
			}
			r := winoSandwich(b, w.v.g, g, et)
			for i := range w.v.a {
				for j := range w.v.a {
					off := b.Bin(Add, b.Bin(Mul, b.Bin(Add, Idx((w.v.a*i+j)*c.cin), ci), Idx(c.cout)), f)
					b.Store(u, off, r[i][j])
				}
			}
		})
	})
	k.memo = map[string]memoEntry{}
}

// emitInput fills v[xi, t, c] with B^T d B of tile t's 4x4 input patch at
// input feature c.
func (w *wino) emitInput(k *kgen, v *Buffer) {
	b := k.b
	c := w.c
	dn := c.dn
	et := c.et
	vec := k.laneLevel(c.cin)
	tiles := w.n * w.th * w.tw
	b.Nest([]int64{w.n, w.th}, 2, func(o []*Node) {
		b.Loop(Serial, w.tw, func(tx *Node) {
			t := b.Bin(Add, b.Bin(Mul, b.Bin(Add, b.Bin(Mul, o[0], Idx(w.th)), o[1]), Idx(w.tw)), tx)
			// The patch's positions and their validity, per row and column.
			na := w.v.a
			ys := make([]*Node, na)
			xs := make([]*Node, na)
			yv := make([]*Node, na)
			xv := make([]*Node, na)
			for i := range na {
				y := b.Bin(Sub, b.Bin(Add, b.Bin(Mul, o[1], Idx(w.v.m)), Idx(i)), Idx(c.lo[0]))
				x := b.Bin(Sub, b.Bin(Add, b.Bin(Mul, tx, Idx(w.v.m)), Idx(i)), Idx(c.lo[1]))
				yv[i], ys[i] = k.inRange(y, 0, c.in[0]), k.clampIdx(y, 0, c.in[0]-1)
				xv[i], xs[i] = k.inRange(x, 0, c.in[1]), k.clampIdx(x, 0, c.in[1]-1)
			}
			k.memo = map[string]memoEntry{}
			b.Loop(vec, c.cin, func(ci *Node) {
				d := make([][]*Node, na)
				// Last row and column first: the largest offset (one bounds
				// check on wazero, lower_micro_conv.go).
				for i := na - 1; i >= 0; i-- {
					d[i] = make([]*Node, na)
					for j := na - 1; j >= 0; j-- {
						li := make([]*Node, len(c.ls))
						li[dn.InputBatchDimension] = o[0]
						li[dn.InputSpatialDimensions[0]] = ys[i]
						li[dn.InputSpatialDimensions[1]] = xs[j]
						li[dn.InputFeatureDimension] = ci
						x := b.Convert(k.valueAt(w.conv.Operands[0], li), et)
						if valid := k.and(yv[i], xv[j]); valid != nil {
							x = b.Select(valid, x, ConstOf(et, int64(0)))
						}
						d[i][j] = x
					}
				}
				r := winoSandwich(b, w.v.bt, d, et)
				for i := range na {
					for j := range na {
						off := b.Bin(Add, b.Bin(Mul, b.Bin(Add, Idx((na*i+j)*tiles), t), Idx(c.cin)), ci)
						b.Store(v, off, r[i][j])
					}
				}
			})
			k.memo = map[string]memoEntry{}
		})
	})
	k.memo = map[string]memoEntry{}
}

// emitGemm fills m[xi, t, f] = sum_c v[xi, t, c] u[xi, c, f] for the 16
// xi, in micro-tiles of mr tiles by nr features kept in registers (the
// shapes of lower_micro_conv.go), ascending c,
// with fma steps where the target has them (TargetParams.FMA).
func (w *wino) emitGemm(k *kgen, v, u, m *Buffer) {
	b := k.b
	t := k.l.t
	c := w.c
	et := c.et
	vw := int64(t.VectorWidth)
	// MicroM x MicroN, narrower and taller for fewer features (wasm 3x16
	// for 16; TargetParams.microTile).
	mr, nr := t.microTile(c.cout)
	tiles := w.n * w.th * w.tw
	b.Loop(Grid, w.nxi, func(xi *Node) {
		vb := b.Bin(Mul, xi, Idx(tiles*c.cin))
		ub := b.Bin(Mul, xi, Idx(c.cin*c.cout))
		mb := b.Bin(Mul, xi, Idx(tiles*c.cout))
		pass := func(t0 *Node, rows int64, f0 *Node, nw int64) {
			vec := Vector
			if nw < vw || nw%vw != 0 {
				vec = Serial
			}
			moff := func(r int64, f1 *Node) *Node {
				return b.Bin(Add, b.Bin(Add, mb, b.Bin(Mul, b.Bin(Add, t0, Idx(r)), Idx(c.cout))), b.Bin(Add, f0, f1))
			}
			k.memo = map[string]memoEntry{}
			b.Loop(vec, nw, func(f1 *Node) {
				for r := range rows {
					b.Store(m, moff(r, f1), ConstOf(et, int64(0)))
				}
			})
			steps := func(cis []*Node) {
				nu := len(cis)
				as := make([][]*Node, nu)
				for st := nu - 1; st >= 0; st-- {
					as[st] = make([]*Node, rows)
					for r := rows - 1; r >= 0; r-- {
						as[st][r] = b.Load(v, b.Bin(Add, b.Bin(Add, vb, b.Bin(Mul, b.Bin(Add, t0, Idx(r)), Idx(c.cin))), cis[st]))
					}
				}
				urows := make([]*Node, nu)
				for st := range nu {
					urows[st] = b.Bin(Add, b.Bin(Add, ub, b.Bin(Mul, cis[st], Idx(c.cout))), f0)
				}
				b.Loop(vec, nw, func(f1 *Node) {
					ys := make([]*Node, nu)
					for st := nu - 1; st >= 0; st-- {
						ys[st] = b.Load(u, b.Bin(Add, urows[st], f1))
					}
					for r := range rows {
						off := moff(r, f1)
						acc := b.Load(m, off)
						for st := range nu {
							acc = k.microStep(acc, ys[st], as[st][r])
						}
						b.Store(m, off, acc)
					}
				})
			}
			k.reduceStepLoop(c.cin, steps)
			k.memo = map[string]memoEntry{}
		}
		block := func(t0 *Node, rows int64) {
			nw := max(nr*mr/rows/vw*vw, vw)
			if nt := c.cout / nw; nt > 0 {
				if nt == 1 {
					pass(t0, rows, Idx(0), nw)
				} else {
					b.Loop(Serial, nt, func(ft *Node) { pass(t0, rows, b.Bin(Mul, ft, Idx(nw)), nw) })
				}
			}
			if r := c.cout % nw; r > 0 {
				pass(t0, rows, Idx(c.cout/nw*nw), r)
			}
		}
		if nb := tiles / mr; nb > 0 {
			if nb == 1 {
				block(Idx(0), mr)
			} else {
				b.Loop(Serial, nb, func(tb *Node) { block(b.Bin(Mul, tb, Idx(mr)), mr) })
			}
		}
		if r := tiles % mr; r > 0 {
			block(Idx(tiles/mr*mr), r)
		}
	})
	k.memo = map[string]memoEntry{}
}

// emitOutput writes out = epilogue(A^T M A) for every tile and feature:
// the fusion result res reached from the convolution through steps.
// Partial tiles (odd output sizes) write only their inside positions.
func (w *wino) emitOutput(k *kgen, m, out *Buffer, steps []chainStep, res *ir.Value) {
	b := k.b
	c := w.c
	dn := c.dn
	et := c.et
	tiles := w.n * w.th * w.tw
	vec := k.laneLevel(c.cout)
	// The epilogue is evaluated before the chain's trailing reshapes, as in
	// emitMicroConv.
	epiRes, epiSteps := res, steps
	for len(epiSteps) > 0 && epiSteps[len(epiSteps)-1].perm == nil && epiRes.Def != nil &&
		epiRes.Def.Name == "stablehlo.reshape" && epiRes != w.conv.Results[0] {
		epiRes = epiRes.Def.Operands[0]
		epiSteps = epiSteps[:len(epiSteps)-1]
	}
	// tile emits the outputs of tile (n, ty, tx), rows x cols of its 2x2.
	tile := func(n, ty, tx *Node, rows, cols int64) {
		t := b.Bin(Add, b.Bin(Mul, b.Bin(Add, b.Bin(Mul, n, Idx(w.th)), ty), Idx(w.tw)), tx)
		k.memo = map[string]memoEntry{}
		b.Loop(vec, c.cout, func(f *Node) {
			na := w.v.a
			x := make([][]*Node, na)
			for i := na - 1; i >= 0; i-- {
				x[i] = make([]*Node, na)
				for j := na - 1; j >= 0; j-- {
					off := b.Bin(Add, b.Bin(Mul, b.Bin(Add, Idx((na*i+j)*tiles), t), Idx(c.cout)), f)
					x[i][j] = b.Load(m, off)
				}
			}
			y := winoSandwich(b, w.v.at, x, et)
			for i := range rows {
				for j := range cols {
					idx := make([]*Node, len(w.cs))
					idx[dn.OutputBatchDimension] = n
					idx[dn.OutputSpatialDimensions[0]] = b.Bin(Add, b.Bin(Mul, ty, Idx(w.v.m)), Idx(i))
					idx[dn.OutputSpatialDimensions[1]] = b.Bin(Add, b.Bin(Mul, tx, Idx(w.v.m)), Idx(j))
					idx[dn.OutputFeatureDimension] = f
					off, _ := k.mapChain(steps, idx, w.cs)
					v := y[i][j]
					if res != w.conv.Results[0] {
						_, multi := k.mapChain(epiSteps, idx, w.cs)
						k.scalarsAt = map[*ir.Value]*Node{w.conv.Results[0]: v}
						saved := k.memo
						k.memo = map[string]memoEntry{}
						v = k.valueAt(epiRes, multi())
						k.memo = saved
						k.scalarsAt = nil
					}
					b.Store(out, off, b.Convert(v, out.Elem))
				}
			}
		})
		k.memo = map[string]memoEntry{}
	}
	tm := w.v.m
	fullY, fullX := w.oh/tm, w.ow/tm
	row := func(n, ty *Node, rows int64) {
		if fullX > 0 {
			b.Loop(Serial, fullX, func(tx *Node) { tile(n, ty, tx, rows, tm) })
		}
		if r := w.ow % tm; r > 0 {
			tile(n, ty, Idx(fullX), rows, r)
		}
	}
	b.Nest([]int64{w.n, w.th}, 2, func(o []*Node) {
		switch {
		case w.oh%tm == 0:
			row(o[0], o[1], tm)
		case fullY == 0:
			row(o[0], Idx(0), w.oh%tm)
		default:
			// Clamped so that the index ranges stay provably in bounds.
			tyf := b.Bin(Min, o[1], Idx(fullY-1))
			b.If(b.Cmp(LT, o[1], Idx(fullY), false), func() { row(o[0], tyf, tm) }, func() { row(o[0], Idx(fullY), w.oh%tm) })
		}
	})
	k.memo = map[string]memoEntry{}
	// Epilogues that are not straight-line run one element at a time.
	serialNonStraightVectors(b.K.Body)
}

// laneLevel is the level of a loop over n features: Vector when n is a
// whole number of vectors, else Serial.
func (k *kgen) laneLevel(n int64) Level {
	if n%int64(k.l.t.VectorWidth) == 0 {
		return Vector
	}
	return Serial
}
