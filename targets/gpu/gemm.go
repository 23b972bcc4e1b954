package gpu

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// gemmPlan is the tiling of a contraction for one target: a workgroup
// computes a tm x tn block of one batch's output, tk reduction steps at a
// time, with (tm/rm)*(tn/rn) invocations of an rm x rn register
// micro-tile each.
type gemmPlan struct {
	tm, tn, tk, rm, rn int64
	w                  int64 // invocations per workgroup
}

// gemmElem lists the element types tiles are staged in: 32- and 64-bit
// (narrower types need 8- and 16-bit workgroup storage some devices lack).
func gemmElem(t ir.ElementType) bool {
	switch t {
	case ir.F32, ir.F64, ir.I32, ir.I64, ir.UI32, ir.UI64:
		return true
	}
	return false
}

// planGemm fits the tiles to p: TileM x TileN (shrunk to the output),
// micro-tiles grown (columns first, sides up to maxMicro) until the
// workgroup has at most p.WorkgroupSize invocations (the tile halved where
// no micro-tile divides it), TileK halved until the A, B and C tiles fit
// p.SharedMemBytes. ok is false when nothing fits.
func planGemm(c *contraction, p Params) (gemmPlan, bool) {
	m, n := c.roles[roleRow].ext, c.roles[roleCol].ext
	es := int64(c.et.ByteSize())
	tm, tn := min(int64(p.TileM), m), min(int64(p.TileN), n)
	for {
		g := gemmPlan{tm: tm, tn: tn, tk: min(int64(p.TileK), c.kk), rm: 1, rn: 1}
		for (g.tm/g.rm)*(g.tn/g.rn) > int64(p.WorkgroupSize) {
			switch {
			case g.rn < maxMicro && g.tn%(2*g.rn) == 0 && (g.rn <= g.rm || g.rm == maxMicro || g.tm%(2*g.rm) != 0):
				g.rn *= 2
			case g.rm < maxMicro && g.tm%(2*g.rm) == 0:
				g.rm *= 2
			default: // no micro-tile fits: shrink the larger tile side
				if g.tn >= g.tm {
					g.tn = ceilDiv(g.tn, 2)
				} else {
					g.tm = ceilDiv(g.tm, 2)
				}
				g.rm, g.rn = 1, 1
			}
		}
		g.w = (g.tm / g.rm) * (g.tn / g.rn)
		if g.w > int64(p.MaxWorkgroupSize) {
			return g, false
		}
		for g.tk > 1 && (g.tm*g.tk+g.tk*g.tn+g.tm*g.tn)*es > p.SharedMemBytes {
			g.tk = ceilDiv(g.tk, 2)
		}
		if (g.tm*g.tk+g.tk*g.tn+g.tm*g.tn)*es <= p.SharedMemBytes {
			return g, true
		}
		if g.tm == 1 && g.tn == 1 {
			return g, false
		}
		// Even one reduction step does not fit: halve the larger side.
		tm, tn = g.tm, g.tn
		if tn >= tm {
			tn = ceilDiv(tn, 2)
		} else {
			tm = ceilDiv(tm, 2)
		}
	}
}

// maxMicro bounds a micro-tile side: rm*rn accumulators live in registers.
const maxMicro = 4

func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }

// tiledGemm builds the GPU kernel of a contraction (the classic
// shared-memory tiled matrix product):
//
//	grid over (batch, row tile, column tile)  [a grid-stride loop beyond MaxGrid]
//	  phase: each invocation zeroes its micro-tile of C (shared)
//	  serial over K in tk steps:
//	    phase: the workgroup loads the tm x tk tile of A and the tk x tn
//	           tile of B into shared memory (each invocation a strided share)
//	    barrier
//	    phase: each invocation accumulates its rm x rn micro-tile in
//	           registers from the shared tiles, kept in C between steps
//	    barrier
//	  phase: each invocation applies the epilogue to its micro-tile and
//	         stores it to the output (rows and columns past the edge skipped)
//
// Every element adds its products in ascending reduction order starting
// from zero, as the per-element form does, so results are bit-identical.
func tiledGemm(k *K.Kernel, c *contraction, g gemmPlan, p Params) (*K.Kernel, error) {
	cl := newCloner()
	nk := cl.kernel(k, k.Name)
	bufs := cl.bufs
	nb, m, n := c.roles[roleBatch].ext, c.roles[roleRow].ext, c.roles[roleCol].ext
	tilesM, tilesN := ceilDiv(m, g.tm), ceilDiv(n, g.tn)
	tiles := nb * tilesM * tilesN
	if tiles >= 1<<31 {
		return nil, fmt.Errorf("gpu lowering (%s): kernel %s has %d tiles; at most 2^31-1 are supported", p.Name, k.Name, tiles)
	}
	gl := min(tiles, p.MaxGrid)
	var as, bs, cs *K.Buffer
	sub(nk, func(b *K.Builder) {
		as = b.SharedAlloc("a_tile", c.et, []int64{g.tm * g.tk})
		bs = b.SharedAlloc("b_tile", c.et, []int64{g.tk * g.tn})
		cs = b.SharedAlloc("c_tile", c.et, []int64{g.tm * g.tn})
	})
	tx := g.tn / g.rn // invocations along a tile row
	kt := ceilDiv(c.kk, g.tk)

	// role coordinate -> original loop values: a digit (c, N) of role r is
	// (coord_r / (c/stride_r)) % N; the reduction loops are the digits of
	// k, outermost most significant.
	type digitRole struct {
		r int
		c int64
	}
	accDigits := map[*K.Node]digitRole{}
	for r, ro := range c.roles {
		for _, d := range ro.digits {
			accDigits[d.l] = digitRole{r, d.c}
		}
	}
	epiDigits := make([]map[*K.Node]digitRole, len(c.epis))
	for i, e := range c.epis {
		epiDigits[i] = map[*K.Node]digitRole{}
		ds, _ := digitsOf(e.st.Args[0], e.loops)
		for _, d := range ds {
			epiDigits[i][d.l] = digitRole{c.roleOf(d), d.c}
		}
	}
	loopVal := func(b *K.Builder, digits map[*K.Node]digitRole, coord [3]*K.Node, k *K.Node) func(l *K.Node) *K.Node {
		return func(l *K.Node) *K.Node {
			if d, ok := digits[l]; ok {
				return b.Bin(K.Rem, b.Bin(K.Div, coord[d.r], K.Idx(d.c/c.roles[d.r].stride)), K.Idx(l.N))
			}
			inner := c.kk
			for _, rl := range c.red {
				inner /= rl.N
				if rl == l {
					return b.Bin(K.Rem, b.Bin(K.Div, k, K.Idx(inner)), K.Idx(l.N))
				}
			}
			panic("gpu: contraction loop without a role")
		}
	}
	// micro-tile slot (r, col) of invocation t in C.
	cSlot := func(b *K.Builder, t *K.Node, r, col int64) (row, colIdx, slot *K.Node) {
		ty := b.Bin(K.Div, t, K.Idx(tx))
		txi := b.Bin(K.Rem, t, K.Idx(tx))
		row = b.Bin(K.Add, b.Bin(K.Mul, ty, K.Idx(g.rm)), K.Idx(r))
		colIdx = b.Bin(K.Add, b.Bin(K.Mul, txi, K.Idx(g.rn)), K.Idx(col))
		return row, colIdx, b.Bin(K.Add, b.Bin(K.Mul, row, K.Idx(g.tn)), colIdx)
	}

	tileBody := func(s *seq, tile *K.Node) {
		var bi, i0, j0 *K.Node
		s.do(func(b *K.Builder) {
			bi = b.Bin(K.Div, tile, K.Idx(tilesM*tilesN))
			rem := b.Bin(K.Rem, tile, K.Idx(tilesM*tilesN))
			i0 = b.Bin(K.Mul, b.Bin(K.Div, rem, K.Idx(tilesN)), K.Idx(g.tm))
			j0 = b.Bin(K.Mul, b.Bin(K.Rem, rem, K.Idx(tilesN)), K.Idx(g.tn))
		})
		s.loop(K.Workgroup, g.w, func(s *seq, t *K.Node) {
			s.do(func(b *K.Builder) {
				for r := int64(0); r < g.rm; r++ {
					for col := int64(0); col < g.rn; col++ {
						_, _, slot := cSlot(b, t, r, col)
						b.Store(cs, slot, K.ConstOf(c.et, int64(0)))
					}
				}
			})
		})
		s.loop(K.Serial, kt, func(s *seq, k0 *K.Node) {
			// Cooperative loads of the A and B tiles.
			s.loop(K.Workgroup, g.w, func(s *seq, t *K.Node) {
				s.do(func(b *K.Builder) {
					load := func(buf *K.Buffer, rows, cols int64, val func(b *K.Builder, r, c *K.Node) *K.Node) {
						total := rows * cols
						b.Loop(K.Serial, ceilDiv(total, g.w), func(rep *K.Node) {
							e := b.Bin(K.Add, b.Bin(K.Mul, rep, K.Idx(g.w)), t)
							body := func() {
								ec := b.Bin(K.Min, e, K.Idx(total-1))
								b.Store(buf, ec, val(b, b.Bin(K.Div, ec, K.Idx(cols)), b.Bin(K.Rem, ec, K.Idx(cols))))
							}
							if total%g.w == 0 {
								body()
							} else {
								b.If(b.Bin(K.LT, e, K.Idx(total)), body, nil)
							}
						})
					}
					kAt := func(b *K.Builder, kk *K.Node) *K.Node {
						return b.Bin(K.Min, b.Bin(K.Add, b.Bin(K.Mul, k0, K.Idx(g.tk)), kk), K.Idx(c.kk-1))
					}
					load(as, g.tm, g.tk, func(b *K.Builder, ii, kk *K.Node) *K.Node {
						i := b.Bin(K.Min, b.Bin(K.Add, i0, ii), K.Idx(m-1))
						return remat(b, c.a, map[*K.Node]*K.Node{}, loopVal(b, accDigits, [3]*K.Node{bi, i, nil}, kAt(b, kk)), bufs)
					})
					load(bs, g.tk, g.tn, func(b *K.Builder, kk, jj *K.Node) *K.Node {
						j := b.Bin(K.Min, b.Bin(K.Add, j0, jj), K.Idx(n-1))
						return remat(b, c.y, map[*K.Node]*K.Node{}, loopVal(b, accDigits, [3]*K.Node{bi, nil, j}, kAt(b, kk)), bufs)
					})
				})
			})
			s.barrier()
			// Register micro-tile accumulation.
			s.loop(K.Workgroup, g.w, func(s *seq, t *K.Node) {
				s.do(func(b *K.Builder) {
					vars := make([][]*K.Node, g.rm)
					slots := make([][]*K.Node, g.rm)
					var rows, cols []*K.Node
					for r := int64(0); r < g.rm; r++ {
						for col := int64(0); col < g.rn; col++ {
							row, colIdx, slot := cSlot(b, t, r, col)
							if col == 0 {
								rows = append(rows, row)
							}
							if r == 0 {
								cols = append(cols, colIdx)
							}
							slots[r] = append(slots[r], slot)
							vars[r] = append(vars[r], b.Var(b.Load(cs, slot)))
						}
					}
					b.Loop(K.Serial, g.tk, func(kk *K.Node) {
						step := func() {
							av := make([]*K.Node, g.rm)
							for r := range av {
								av[r] = b.Load(as, b.Bin(K.Add, b.Bin(K.Mul, rows[r], K.Idx(g.tk)), kk))
							}
							for col := int64(0); col < g.rn; col++ {
								bv := b.Load(bs, b.Bin(K.Add, b.Bin(K.Mul, kk, K.Idx(g.tn)), cols[col]))
								for r := int64(0); r < g.rm; r++ {
									v := vars[r][col]
									b.Set(v, b.Bin(K.Add, b.Get(v), b.Bin(K.Mul, av[r], bv)))
								}
							}
						}
						if c.kk%g.tk == 0 {
							step()
						} else {
							b.If(b.Bin(K.LT, b.Bin(K.Add, b.Bin(K.Mul, k0, K.Idx(g.tk)), kk), K.Idx(c.kk)), step, nil)
						}
					})
					for r := int64(0); r < g.rm; r++ {
						for col := int64(0); col < g.rn; col++ {
							b.Store(cs, slots[r][col], b.Get(vars[r][col]))
						}
					}
				})
			})
			s.barrier()
		})
		// Epilogue and store.
		s.loop(K.Workgroup, g.w, func(s *seq, t *K.Node) {
			s.do(func(b *K.Builder) {
				for r := int64(0); r < g.rm; r++ {
					for col := int64(0); col < g.rn; col++ {
						row, colIdx, slot := cSlot(b, t, r, col)
						i := b.Bin(K.Add, i0, row)
						j := b.Bin(K.Add, j0, colIdx)
						var ok *K.Node
						if m%g.tm != 0 {
							ok = b.Bin(K.LT, i, K.Idx(m))
						}
						if n%g.tn != 0 {
							okj := b.Bin(K.LT, j, K.Idx(n))
							if ok == nil {
								ok = okj
							} else {
								ok = b.Bin(K.And, ok, okj)
							}
						}
						body := func() {
							ic := b.Bin(K.Min, i, K.Idx(m-1))
							jc := b.Bin(K.Min, j, K.Idx(n-1))
							coord := [3]*K.Node{bi, ic, jc}
							v := b.Load(cs, slot)
							for ei, e := range c.epis {
								env := map[*K.Node]*K.Node{}
								markOutLoads(e.st.Args[1], c.out, e.st.Args[0], v, env)
								v = remat(b, e.st.Args[1], env, loopVal(b, epiDigits[ei], coord, nil), bufs)
							}
							off := K.Idx(0)
							for r, ro := range c.roles {
								if ro.stride != 0 {
									off = b.Bin(K.Add, off, b.Bin(K.Mul, coord[r], K.Idx(ro.stride)))
								}
							}
							b.Store(bufs[c.out], off, v)
						}
						if ok == nil {
							body()
						} else {
							b.If(ok, body, nil)
						}
					}
				}
			})
		})
	}

	s := &seq{k: nk}
	s.gridStride(gl, tiles, tileBody)
	nk.Body = s.body
	return nk, nil
}

// markOutLoads maps, in env, every load of out at index idx inside v's
// cone to val (an epilogue's read of the accumulated element).
func markOutLoads(v *K.Node, out *K.Buffer, idx, val *K.Node, env map[*K.Node]*K.Node) {
	if v.Kind == K.Load && v.Buf == out && v.Args[0] == idx {
		env[v] = val
		return
	}
	for _, a := range v.Args {
		markOutLoads(a, out, idx, val, env)
	}
}
