package kernel

import (
	"github.com/zmlc/zmlc/ir"
)

// Register-blocked convolution (CPU-like targets). The implicit GEMM of
// lower_convtile.go computes, per pass, a micro-tile of MR output positions
// (consecutive along the last spatial dimension) by NR output features
// (TargetParams.MicroM, MicroN; for fewer than MicroN output features NR
// is their count rounded up to the vector width and MR grows to keep
// MR*NR: TargetParams.microTile), whose MR*NR/VectorWidth accumulator
// vectors a renderer keeps in registers across the whole reduction:
//
//	grid over batch and the first spatial dim; serial over the others:
//	  positions whose window leaves the input along the last spatial dim
//	  (borders): one position per pass, window positions tested;
//	  interior positions: blocks of MR (the last MR' < MR positions one
//	  block of MR'), only the other spatial dims tested:
//	    serial over tiles of NR output features (the last one narrower):
//	      vector f: out[pos(r, f)] = 0                        (each r < MR)
//	      window w (if inside the input): serial c (ReduceSteps at a time
//	      when they divide the input features: acc + y_c*a_c + y_c+1*a_c+1):
//	        a_r = in[pos r, w, c]                             (each r < MR)
//	        vector f: y = wk[w, c, f]
//	                  out[pos(r, f)] += y * a_r               (each r < MR;
//	                                    fma(y, a_r, out) with TargetParams.FMA)
//	      vector f: out[pos(r, f)] = epilogue(out[pos(r, f)]) (each r < MR)
//
// On targets with per-grid-iteration scratch (TargetParams.scratch: the
// cpu) the accumulators are a Shared MR x NR tile instead of the output
// elements, the epilogue reading it: the output may be strided along the
// features (a convolution computed NHWC for an NCHW result: stride H*W),
// and the renderer keeps contiguous vectors of the tile in registers
// (SROA) where strided accumulators took lane-by-lane inserts and
// extracts at every promotion boundary.
//
// wk is the kernel in [window..., input feature, output feature] order so
// that consecutive features are consecutive in memory: the kernel operand
// itself when it has that layout, else a copy made by a small packing
// kernel launched just before (emitConvPack).
//
// The products are written y*a (exact in IEEE arithmetic, so the same as
// a*y): the weight vector, which dies at its last use, is the operand a
// two-address SIMD instruction set (SSE under wazero) overwrites, instead
// of the splat input that lives on.
//
// Sum order: each output element still adds its products a*y one at a
// time, window positions in row-major order, then input features in
// ascending order, exactly as the direct form (lower_conv.go) and the
// interpreter; window positions in the padding are skipped. The results
// are therefore the same as the per-element form's, and the tests compare
// them with the interpreter within the f32 bound of the corpus (1e-6 of
// the larger of the element's and the tensor's largest magnitude). With
// TargetParams.FMA each step is one fused multiply-add (the product is
// not rounded on its own): the same order of additions, but results may
// differ from the direct form's by up to about K*2^-24 of the largest
// magnitude for K products, and the tests compare within that bound.

// microBlocks returns, for a convolution's last spatial output dimension,
// the interior range [lo, hi): the positions whose every window position
// lies inside the input along that dimension (lhs dilation is 1).
func microInterior(c *convInfo, outLen int64) (lo, hi int64) {
	if c.s == 0 {
		return 0, outLen
	}
	d := c.s - 1
	st, rd, pad, in, win := c.strides[d], c.rdil[d], c.lo[d], c.in[d], c.win[d]
	// o*st - pad >= 0 and o*st + (win-1)*rd - pad <= in-1.
	lo = max(0, ceilDivSigned(pad, st))
	hi = min(outLen, floorDivSigned(in-1+pad-(win-1)*rd, st)+1)
	if hi < lo {
		hi = lo
	}
	return lo, hi
}

func floorDivSigned(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func ceilDivSigned(a, b int64) int64 { return -floorDivSigned(-a, b) }

// packedConvKernel reports whether the convolution's kernel operand is
// already in the [window..., input feature, output feature] row-major
// order of the result's element type, read straight from a buffer.
func (k *kgen) packedConvKernel(conv *ir.Op, c *convInfo) bool {
	dn := c.dn
	v := conv.Operands[1]
	if _, ok := k.ext[v]; !ok || k.perms[v] != nil || v.Tensor().Elem != c.et {
		return false
	}
	for d := 0; d < c.s; d++ {
		if dn.KernelSpatialDimensions[d] != int64(d) || c.rev[d] {
			return false
		}
	}
	return dn.KernelInputFeatureDimension == int64(c.s) && dn.KernelOutputFeatureDimension == int64(c.s+1)
}

// packShape is the shape of the packed kernel: window..., cin, cout.
func packShape(c *convInfo) []int64 {
	return append(append([]int64{}, c.win...), c.cin, c.cout)
}

// emitConvPack fills out (packShape, the result's element type) with the
// convolution's kernel: out[w..., c, f] = kernel at window position w
// (reversal applied), input feature c, output feature f.
func (k *kgen) emitConvPack(conv *ir.Op, c *convInfo, out *Buffer) {
	b := k.b
	dn := c.dn
	b.Nest(packShape(c), 1, func(idx []*Node) {
		ki := make([]*Node, len(c.ks))
		for d := 0; d < c.s; d++ {
			w := idx[d]
			if c.rev[d] {
				w = b.Bin(Sub, Idx(c.win[d]-1), w)
			}
			ki[dn.KernelSpatialDimensions[d]] = w
		}
		ki[dn.KernelInputFeatureDimension] = idx[c.s]
		ki[dn.KernelOutputFeatureDimension] = idx[c.s+1]
		y := b.Convert(k.valueAt(conv.Operands[1], ki), c.et)
		b.Store(out, b.Offset(out, idx), y)
	})
	k.memo = map[string]memoEntry{}
}

// microConv is what the passes of one register-blocked convolution share.
type microConv struct {
	k      *kgen
	conv   *ir.Op
	c      *convInfo
	cs     []int64 // the convolution's result shape
	steps  []chainStep
	out    *Buffer
	res    *ir.Value
	wk     *Buffer // kernel, packShape order
	last   int     // the result dim blocked by MR (last spatial, or batch)
	mr, nr int64
	// The value the epilogue computes (res before trailing reshapes) and
	// the chain to its index.
	epiRes   *ir.Value
	epiSteps []chainStep
}

// emitMicroConv emits the register-blocked convolution described above
// into out; wk holds the kernel in packShape order.
func (k *kgen) emitMicroConv(conv *ir.Op, c *convInfo, cs []int64, steps []chainStep, out *Buffer, res *ir.Value, wk *Buffer) {
	b := k.b
	t := k.l.t
	dn := c.dn
	m := &microConv{k: k, conv: conv, c: c, cs: cs, steps: steps, out: out, res: res, wk: wk}
	// Fewer output features than MicroN: a narrower, taller micro-tile
	// with as many accumulators (TargetParams.microTile: 2x24 becomes 3x16
	// for 16 features, 6x8 for 8).
	m.mr, m.nr = t.microTile(cs[dn.OutputFeatureDimension])
	// Rows: batch, then the spatial dims in output order; the last is
	// blocked, the others are the grid (first two) and serial loops.
	rowDims := []int64{dn.OutputBatchDimension}
	for d := 0; d < c.s; d++ {
		rowDims = append(rowDims, dn.OutputSpatialDimensions[d])
	}
	outer := make([]int64, len(rowDims)-1)
	for i, d := range rowDims[:len(rowDims)-1] {
		outer[i] = cs[d]
	}
	m.last = int(rowDims[len(rowDims)-1])
	m.epiRes, m.epiSteps = res, steps
	// The epilogue is evaluated before the chain's trailing reshapes (they
	// do not move elements): its index is then the transposed convolution
	// index, with no div/rem to undo a flattening.
	for len(m.epiSteps) > 0 && m.epiSteps[len(m.epiSteps)-1].perm == nil && m.epiRes.Def != nil &&
		m.epiRes.Def.Name == "stablehlo.reshape" && m.epiRes != conv.Results[0] {
		m.epiRes = m.epiRes.Def.Operands[0]
		m.epiSteps = m.epiSteps[:len(m.epiSteps)-1]
	}
	n := cs[m.last]
	lo, hi := microInterior(c, n)
	b.Nest(outer, min(2, len(outer)), func(oi []*Node) {
		base := make([]*Node, len(cs))
		for i, d := range rowDims[:len(rowDims)-1] {
			base[d] = oi[i]
		}
		blocks := func(start, count, mr int64, interior bool) {
			if nb := count / mr; nb > 0 {
				if nb == 1 {
					m.block(base, Idx(start), mr, interior)
				} else {
					b.Loop(Serial, nb, func(xb *Node) {
						m.block(base, b.Bin(Add, b.Bin(Mul, xb, Idx(mr)), Idx(start)), mr, interior)
					})
				}
			}
			if r := count % mr; r > 0 {
				m.block(base, Idx(start+count/mr*mr), r, interior)
			}
		}
		blocks(0, lo, 1, false)
		blocks(lo, hi-lo, m.mr, true)
		blocks(hi, n-hi, 1, false)
	})
	k.memo = map[string]memoEntry{}
	// Epilogues that are not straight-line run one element at a time.
	serialNonStraightVectors(b.K.Body)
}

// block emits the passes of mr positions starting at x0 along m.last over
// all output features: tiles of nw features (nw = NR*MR/mr rounded down to
// the vector width, so a narrow block keeps as many accumulators; on
// targets with scratch, the cpu, at most NR: LLVM renders wider tiles such
// as 4x24 with lane shuffles, measured 2.4-3.8x slower), the last tile
// narrower when nw does not divide the features.
func (m *microConv) block(base []*Node, x0 *Node, mr int64, interior bool) {
	b := m.k.b
	vw := int64(m.k.l.t.VectorWidth)
	cout := m.cs[m.c.dn.OutputFeatureDimension]
	nw := m.nr * m.mr / mr / vw * vw
	if m.k.l.t.scratch() {
		nw = min(nw, m.nr)
	}
	nw = max(nw, vw)
	if nt := cout / nw; nt > 0 {
		if nt == 1 {
			m.tile(base, x0, mr, Idx(0), nw, interior)
		} else {
			b.Loop(Serial, nt, func(ft *Node) {
				m.tile(base, x0, mr, b.Bin(Mul, ft, Idx(nw)), nw, interior)
			})
		}
	}
	if r := cout % nw; r > 0 {
		m.tile(base, x0, mr, Idx(cout/nw*nw), r, interior)
	}
}

// tile emits one pass: positions x0+r (r < mr) by features f0+f (f < nw).
func (m *microConv) tile(base []*Node, x0 *Node, mr int64, f0 *Node, nw int64, interior bool) {
	k, c := m.k, m.c
	b := k.b
	dn, et := c.dn, c.et
	vec := Vector
	if nw < int64(k.l.t.VectorWidth) {
		vec = Serial
	}
	// full(r, f1): the convolution's result index of position r, feature f1.
	full := func(r int64, f1 *Node) []*Node {
		ix := append([]*Node{}, base...)
		ix[m.last] = x0
		if r > 0 {
			ix[m.last] = b.Bin(Add, x0, Idx(r))
		}
		if f1 != nil {
			ix[dn.OutputFeatureDimension] = b.Bin(Add, f0, f1)
		}
		return ix
	}
	pos := func(r int64, f1 *Node) (*Node, func() []*Node) {
		return k.mapChain(m.steps, full(r, f1), m.cs)
	}
	// The accumulators: the output elements themselves, or on targets
	// with per-grid-iteration scratch a [mr, nw] Shared tile (contiguous
	// vectors whatever the output's layout; written out once, after the
	// reduction).
	accBuf, accAt := m.out, func(r int64, f1 *Node) *Node { off, _ := pos(r, f1); return off }
	scratch := k.l.t.scratch() && vec == Vector
	if scratch {
		accBuf = b.SharedAlloc("acc", et, []int64{mr, nw})
		accAt = func(r int64, f1 *Node) *Node { return b.Bin(Add, Idx(r*nw), f1) }
	}
	k.memo = map[string]memoEntry{}
	b.Loop(vec, nw, func(f1 *Node) {
		for r := int64(0); r < mr; r++ {
			b.Store(accBuf, accAt(r, f1), ConstOf(et, int64(0)))
		}
	})
	wst := ir.Strides(packShape(c))
	b.Nest(c.win, 0, func(w []*Node) {
		lis := make([][]*Node, mr)
		var valid *Node
		for r := int64(0); r < mr; r++ {
			var v *Node
			lis[r], v = k.microWindow(c, full(r, nil), w, interior)
			if r == 0 {
				valid = v // the same for every r: only the other dims are tested
			}
		}
		wbase := Idx(0)
		for d := 0; d < c.s; d++ {
			wbase = b.Bin(Add, wbase, b.Bin(Mul, w[d], Idx(wst[d])))
		}
		// steps emits reduction steps for input features cis, in order,
		// sharing one vector loop: acc = ((acc + y0*a0) + y1*a1) keeps the
		// sum order of one step after the other.
		steps := func(cis []*Node) {
			u := len(cis)
			as := make([][]*Node, u)
			// Last feature and last position first: a wasm engine that
			// checks bounds once per address for the largest offset
			// (wazero) then skips the checks of the others.
			for st := u - 1; st >= 0; st-- {
				as[st] = make([]*Node, mr)
				for r := mr - 1; r >= 0; r-- {
					li := append([]*Node{}, lis[r]...)
					li[dn.InputFeatureDimension] = cis[st]
					as[st][r] = b.Convert(k.valueAt(m.conv.Operands[0], li), et)
				}
			}
			wrows := make([]*Node, u)
			for st := range u {
				wrows[st] = b.Bin(Add, b.Bin(Add, wbase, b.Bin(Mul, cis[st], Idx(wst[c.s]))), f0)
			}
			b.Loop(vec, nw, func(f1 *Node) {
				ys := make([]*Node, u)
				for st := u - 1; st >= 0; st-- {
					ys[st] = b.Load(m.wk, b.Bin(Add, wrows[st], f1))
				}
				for r := int64(0); r < mr; r++ {
					off := accAt(r, f1)
					acc := b.Load(accBuf, off)
					for st := range u {
						acc = k.microStep(acc, ys[st], as[st][r])
					}
					b.Store(accBuf, off, acc)
				}
			})
		}
		body := func() {
			k.reduceStepLoop(c.cin, steps)
		}
		if valid == nil {
			body()
		} else {
			b.If(valid, body, nil)
		}
	})
	if m.res == m.conv.Results[0] && scratch {
		for r := int64(0); r < mr; r++ {
			k.memo = map[string]memoEntry{}
			b.Loop(vec, nw, func(f1 *Node) {
				off, _ := pos(r, f1)
				b.Store(m.out, off, b.Convert(b.Load(accBuf, accAt(r, f1)), m.out.Elem))
			})
		}
	}
	if m.res != m.conv.Results[0] {
		for r := int64(0); r < mr; r++ {
			k.memo = map[string]memoEntry{}
			b.Loop(vec, nw, func(f1 *Node) {
				off, _ := pos(r, f1)
				_, multi := k.mapChain(m.epiSteps, full(r, f1), m.cs)
				acc := b.Load(accBuf, accAt(r, f1))
				k.scalarsAt = map[*ir.Value]*Node{m.conv.Results[0]: acc}
				k.memo = map[string]memoEntry{}
				v := k.valueAt(m.epiRes, multi())
				k.scalarsAt = nil
				b.Store(m.out, off, b.Convert(v, m.out.Elem))
			})
		}
	}
	k.memo = map[string]memoEntry{}
}

// microWindow returns the input multi-index (input feature left nil) of
// result index idx at window position w, and the predicate (nil: always
// true) that it lies inside the input. interior: the position is known to
// be inside along the last spatial dim, which is neither tested nor
// clamped.
func (k *kgen) microWindow(c *convInfo, idx, w []*Node, interior bool) (li []*Node, valid *Node) {
	b := k.b
	dn := c.dn
	li = make([]*Node, len(c.ls))
	li[dn.InputBatchDimension] = idx[dn.OutputBatchDimension]
	for d := 0; d < c.s; d++ {
		o := idx[dn.OutputSpatialDimensions[d]]
		x := b.Bin(Sub, b.Bin(Add, b.Bin(Mul, o, Idx(c.strides[d])), b.Bin(Mul, w[d], Idx(c.rdil[d]))), Idx(c.lo[d]))
		if interior && d == c.s-1 {
			li[dn.InputSpatialDimensions[d]] = x
			continue
		}
		valid = k.and(valid, k.inRange(x, 0, c.in[d]))
		li[dn.InputSpatialDimensions[d]] = k.clampIdx(x, 0, max(c.in[d]-1, 0))
	}
	return li, valid
}

// reduceStepLoop emits the serial loop over a reduction of n terms, calling
// steps with the indexes of ReduceSteps consecutive terms per iteration
// when ReduceSteps divides n (a u-th of the loop and address overhead),
// else with one index per iteration.
func (k *kgen) reduceStepLoop(n int64, steps func(ks []*Node)) {
	b := k.b
	if u := int64(k.l.t.ReduceSteps); u > 1 && n%u == 0 {
		b.Loop(Serial, n/u, func(ku *Node) {
			k0 := b.Bin(Mul, ku, Idx(u))
			ks := []*Node{k0}
			for st := int64(1); st < u; st++ {
				ks = append(ks, b.Bin(Add, k0, Idx(st)))
			}
			steps(ks)
		})
		return
	}
	b.Loop(Serial, n, func(kx *Node) { steps([]*Node{kx}) })
}

// microStep returns acc + y*a for a micro-tile's accumulation: fma(y, a,
// acc) (rounded once) on targets with TargetParams.FMA and a float type
// Fma takes (f32, f64), else a rounded product and a rounded sum.
func (k *kgen) microStep(acc, y, a *Node) *Node {
	b := k.b
	if k.l.t.FMA && (acc.Type == ir.F32 || acc.Type == ir.F64) {
		return b.Fma(y, a, acc)
	}
	return b.Bin(Add, acc, b.Bin(Mul, y, a))
}
