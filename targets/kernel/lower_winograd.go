package kernel

import (
	"fmt"
	"os"

	"github.com/zmlc/zmlc/ir"
)

// Winograd minimal filtering F(2x2, 3x3) (Lavin & Gray, "Fast Algorithms
// for Convolutional Neural Networks", CVPR 2016) for the CPU-like targets.
// A 2-D f32 convolution with a 3x3 window, stride 1, no dilation and one
// group, with at least WinogradMinFeatures input times output features,
// becomes four kernels instead of the implicit GEMM of lower_micro_conv.go.
// The output is cut into 2x2 tiles (th, tw) per batch element (T tiles in
// all; odd output sizes leave a last row or column of partial tiles), each
// reading a 4x4 input patch d at (2th-pad, 2tw-pad) (positions outside
// the input read as zero):
//
//	(1) filter:  U[xi, c, f] = (G g_cf G^T)[xi]       (16 x cin x cout; weights only)
//	(2) input:   V[xi, t, c] = (B^T d_tc B)[xi]       (16 x T x cin)
//	(3) product: M[xi, t, f] = sum_c V[xi, t, c] U[xi, c, f]   (16 GEMMs)
//	(4) output:  Y_tf = A^T M[., t, f] A; out = epilogue(Y) (2x2 per tile)
//
// with (xi = 4i + j for row i, column j of a 4x4 matrix)
//
//	B^T = [1 0 -1 0; 0 1 1 0; 0 -1 1 0; 0 1 0 -1]
//	G   = [1 0 0; 1/2 1/2 1/2; 1/2 -1/2 1/2; 0 0 1]
//	A^T = [1 1 1 0; 0 1 -1 -1]
//
// 16*cin*cout multiplications per tile (4 outputs) instead of 36*cin*cout:
// a 2.25x cut. Kernel (1) reads only the weights, so the runtime's
// prologue (SplitPrologue) runs it once; (2) and (4) have a grid over the
// batch and the tile rows; (3) a grid over the 16 products, each the
// register-blocked loop of lower_micro_conv.go (micro-tiles of MicroM
// tiles by MicroN features accumulated in registers, ReduceSteps input
// features per iteration). The temporaries U, V and M are Temp buffers.
// (4) evaluates the fusion's epilogue and its layout chain exactly as the
// implicit GEMM does (convChain, mapChain).
//
// Numerics. The transforms add and subtract, so the rounding differs from
// the direct sum. With u = 2^-24 and a = max|g| * max|d| over the window
// and the input features: |U| <= 9/4 max|g| (the halvings are exact),
// |V| <= 4 max|d|, each of the 9 products of the sum over c is computed
// with relative error at most gamma_(cin+5) (2 roundings in U, 2 in V,
// 1 in the product, cin in the sum over c; Higham, "Accuracy and Stability
// of Numerical Algorithms", 2nd ed., 3.1) and the output transform adds 9
// entries of M with 4 more roundings, so
//
//	|Y - Y_exact| <= gamma_(cin+9) * 81 * cin * a,
//
// against gamma_(9 cin) * 9 * cin * a for the direct sum (with
// TargetParams.FMA the products accumulate with one rounding per step:
// the same bound holds). For the MNIST
// CNN's layers (cin 8 and 16) that is below 2e-4 * cin * a; random
// rounding makes the observed errors far smaller (about 1e-7 of the
// output's largest magnitude), and the tests compare with the interpreter
// within 1e-5 of it (see lower_winograd_test.go). An infinite or NaN input
// poisons the whole tile (the transforms mix the 4x4 patch), where the
// direct form poisons only the outputs whose window holds it.
//
// The environment variable ZMLC_WINOGRAD sets the choice for A/B
// measurements, independently of the target: "off" (or "0") never uses
// it, "on" uses it for every eligible convolution regardless of the
// feature threshold, and unset or anything else applies
// WinogradMinFeatures.

// WinogradMinFeatures is the least input times output features of a
// convolution that takes the Winograd form by default: below it the
// transforms cost more than the multiplications they save (measured on
// wasm and cpu with the MNIST CNN, KernelTimes min-us: conv1 (1 x 8)
// 10-12 direct, 11 Winograd on wasm, 2.9 against 6.5 on the cpu; conv2
// (8 x 16) 42 against 29-44 on wasm, 12.3 against 8.5 on the cpu; conv3
// (16 x 24) 108-170 against 55-84 on wasm. No layer between 8 and 128
// was measured; 128 also keeps the 4 x 16 convolution of targets/wasm's
// promotion test on the implicit GEMM that test checks).
const WinogradMinFeatures = 128

// winogradMode returns "off", "on" or "" (the threshold) from ZMLC_WINOGRAD.
func winogradMode() string {
	switch v := os.Getenv("ZMLC_WINOGRAD"); v {
	case "off", "0", "false":
		return "off"
	case "on", "1", "true", "all":
		return "on"
	}
	return ""
}

// winogradOK reports whether the convolution takes the Winograd form: a
// CPU-like target, 2 spatial dims, a 3x3 window, stride 1, no dilation,
// no reversal, one group, f32, and enough features (WinogradMinFeatures,
// unless ZMLC_WINOGRAD says otherwise).
func (l *lowerer) winogradOK(conv *ir.Op, c *convInfo, cs []int64) bool {
	mode := winogradMode()
	if l.t.GPU || mode == "off" || c.s != 2 || c.et != ir.F32 || c.fgc != 1 || c.bgc != 1 {
		return false
	}
	if conv.Operands[0].Tensor() == nil || conv.Operands[0].Tensor().Elem != ir.F32 ||
		conv.Operands[1].Tensor() == nil || conv.Operands[1].Tensor().Elem != ir.F32 {
		return false
	}
	for d := 0; d < 2; d++ {
		if c.win[d] != 3 || c.strides[d] != 1 || c.rdil[d] != 1 || c.ldil[d] != 1 || c.rev[d] {
			return false
		}
	}
	if mode != "on" && c.cin*c.cout < WinogradMinFeatures {
		return false
	}
	for _, d := range cs {
		if d <= 0 {
			return false
		}
	}
	return true
}

// winograd lowers op (the convolution conv alone, or its fusion with an
// elementwise epilogue whose chain to the result res is steps) to the four
// kernels described above. newKgen makes a kernel generator with the
// fusion's arguments bound. ok is false when the form does not apply.
func (l *lowerer) winograd(op, conv *ir.Op, c *convInfo, cs []int64, steps []chainStep, res *ir.Value, name string, newKgen func(string) *kgen) (ok bool, err error) {
	if !l.winogradOK(conv, c, cs) {
		return false, nil
	}
	dn := c.dn
	et := c.et
	oh, ow := cs[dn.OutputSpatialDimensions[0]], cs[dn.OutputSpatialDimensions[1]]
	w := &wino{c: c, conv: conv, cs: cs, n: c.nIn, th: (oh + 1) / 2, tw: (ow + 1) / 2, oh: oh, ow: ow}
	tiles := w.n * w.th * w.tw
	uID := l.temp(&ir.TensorType{Elem: et, Shape: []int64{16, c.cin, c.cout}})
	fk := newKgen("wino_filter")
	w.emitFilter(fk, fk.b.Param("out0", et, []int64{16, c.cin, c.cout}, Write, uID))
	if fk.err != nil {
		return true, fk.err
	}
	fk.finish(opSource(conv) + " (Winograd F(2x2,3x3) filter transform U = G g G^T)")

	vID := l.temp(&ir.TensorType{Elem: et, Shape: []int64{16, tiles, c.cin}})
	ik := newKgen("wino_input")
	w.emitInput(ik, ik.b.Param("out0", et, []int64{16, tiles, c.cin}, Write, vID))
	if ik.err != nil {
		return true, ik.err
	}
	ik.finish(opSource(conv) + " (Winograd input transform V = B^T d B)")

	mID := l.temp(&ir.TensorType{Elem: et, Shape: []int64{16, tiles, c.cout}})
	gk := l.newKgen("wino_gemm")
	w.emitGemm(gk, gk.input(vID), gk.input(uID), gk.b.Param("out0", et, []int64{16, tiles, c.cout}, ReadWrite, mID))
	if gk.err != nil {
		return true, gk.err
	}
	gk.finish(opSource(conv) + " (Winograd products M[xi] = V[xi] U[xi])")

	rt := op.Results[0].Tensor()
	id := l.temp(rt)
	ok4 := newKgen(name + "_wino_out")
	out := ok4.b.Param("out0", rt.Elem, rt.Shape, ReadWrite, id)
	w.emitOutput(ok4, ok4.input(mID), out, steps, res)
	if ok4.err != nil {
		return true, ok4.err
	}
	src := opSource(op)
	if op.Name == "zml.fusion" {
		src = fmt.Sprintf("%s (convolution + %d ops)", src, len(op.Regions[0].Entry().Ops)-2)
	}
	ok4.finish(src + " (Winograd output transform Y = A^T M A)")
	l.env[op.Results[0]] = bv{buf: id}
	return true, nil
}

// wino is what the kernels of one Winograd convolution share.
type wino struct {
	c         *convInfo
	conv      *ir.Op
	cs        []int64
	n, th, tw int64 // batch, tile rows, tile columns
	oh, ow    int64 // output spatial sizes
}

// winoCombine applies the 4x4 (or 4x3, 2x4) transform rows to the
// column x of v (len 4 or 3): each row is a list of (index, sign) terms
// scaled by half when set.
type winoTerm struct {
	i    int
	sign int // +1 or -1
}

var (
	winoBT = [][]winoTerm{{{0, 1}, {2, -1}}, {{1, 1}, {2, 1}}, {{2, 1}, {1, -1}}, {{1, 1}, {3, -1}}}
	winoG  = [][]winoTerm{{{0, 1}}, {{0, 1}, {1, 1}, {2, 1}}, {{0, 1}, {1, -1}, {2, 1}}, {{2, 1}}}
	winoAT = [][]winoTerm{{{0, 1}, {1, 1}, {2, 1}}, {{1, 1}, {2, -1}, {3, -1}}}
	// winoGHalf: the middle rows of G are halved.
	winoGHalf = []bool{false, true, true, false}
)

// winoApply returns rows of T x for the transform rows t (terms added left
// to right), halving the rows marked in half (exact in binary floats).
func winoApply(b *Builder, t [][]winoTerm, half []bool, x []*Node, et ir.ElementType) []*Node {
	r := make([]*Node, len(t))
	for i, row := range t {
		var s *Node
		for _, tm := range row {
			v := x[tm.i]
			switch {
			case s == nil && tm.sign < 0:
				s = b.Un(Neg, v)
			case s == nil:
				s = v
			case tm.sign < 0:
				s = b.Bin(Sub, s, v)
			default:
				s = b.Bin(Add, s, v)
			}
		}
		if half != nil && half[i] {
			s = b.Bin(Mul, s, ConstOf(et, 0.5))
		}
		r[i] = s
	}
	return r
}

// winoSandwich returns T x T'^T for the square-ish matrix x (rows of
// columns): first the columns, then the rows.
func winoSandwich(b *Builder, t [][]winoTerm, half []bool, x [][]*Node, et ir.ElementType) [][]*Node {
	cols := len(x[0])
	// Columns: tc[i][j] = sum over x[.][j].
	tc := make([][]*Node, len(t))
	for i := range tc {
		tc[i] = make([]*Node, cols)
	}
	for j := 0; j < cols; j++ {
		col := make([]*Node, len(x))
		for i := range x {
			col[i] = x[i][j]
		}
		r := winoApply(b, t, half, col, et)
		for i := range r {
			tc[i][j] = r[i]
		}
	}
	out := make([][]*Node, len(t))
	for i := range tc {
		out[i] = winoApply(b, t, half, tc[i], et)
	}
	return out
}

// emitFilter fills u[xi, c, f] with G g G^T of the kernel's 3x3 window at
// input feature c, output feature f.
func (w *wino) emitFilter(k *kgen, u *Buffer) {
	b := k.b
	c := w.c
	dn := c.dn
	et := c.et
	vec := Serial
	if c.cout%int64(k.l.t.VectorWidth) == 0 {
		vec = Vector
	}
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
			r := winoSandwich(b, winoG, winoGHalf, g, et)
			for i := range 4 {
				for j := range 4 {
					off := b.Bin(Add, b.Bin(Mul, b.Bin(Add, Idx(int64(4*i+j)*c.cin), ci), Idx(c.cout)), f)
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
	vec := Serial
	if c.cin%int64(k.l.t.VectorWidth) == 0 {
		vec = Vector
	}
	tiles := w.n * w.th * w.tw
	b.Nest([]int64{w.n, w.th}, 2, func(o []*Node) {
		b.Loop(Serial, w.tw, func(tx *Node) {
			t := b.Bin(Add, b.Bin(Mul, b.Bin(Add, b.Bin(Mul, o[0], Idx(w.th)), o[1]), Idx(w.tw)), tx)
			// The patch's positions and their validity, per row and column.
			ys := make([]*Node, 4)
			xs := make([]*Node, 4)
			yv := make([]*Node, 4)
			xv := make([]*Node, 4)
			for i := range 4 {
				y := b.Bin(Sub, b.Bin(Add, b.Bin(Mul, o[1], Idx(2)), Idx(int64(i))), Idx(c.lo[0]))
				x := b.Bin(Sub, b.Bin(Add, b.Bin(Mul, tx, Idx(2)), Idx(int64(i))), Idx(c.lo[1]))
				yv[i], ys[i] = k.inRange(y, 0, c.in[0]), k.clampIdx(y, 0, c.in[0]-1)
				xv[i], xs[i] = k.inRange(x, 0, c.in[1]), k.clampIdx(x, 0, c.in[1]-1)
			}
			k.memo = map[string]memoEntry{}
			b.Loop(vec, c.cin, func(ci *Node) {
				d := make([][]*Node, 4)
				// Last row and column first: the largest offset (one bounds
				// check on wazero, lower_micro_conv.go).
				for i := 3; i >= 0; i-- {
					d[i] = make([]*Node, 4)
					for j := 3; j >= 0; j-- {
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
				r := winoSandwich(b, winoBT, nil, d, et)
				for i := range 4 {
					for j := range 4 {
						off := b.Bin(Add, b.Bin(Mul, b.Bin(Add, Idx(int64(4*i+j)*tiles), t), Idx(c.cin)), ci)
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
	// for 16). Not TargetParams.microTile's one-tile widening: on the cpu
	// its 4x24 for 24 features ran the MNIST CNN's conv3 products in
	// 131-238 us against 15.6 us for 6x16 plus a 6x8 remainder
	// (KernelTimes cpu/cnn min-us, load ~1.3).
	mr, nr := int64(t.MicroM), int64(t.MicroN)
	if c.cout < nr {
		n2 := (c.cout + vw - 1) / vw * vw
		mr, nr = max(1, mr*nr/n2), n2
	}
	tiles := w.n * w.th * w.tw
	b.Loop(Grid, 16, func(xi *Node) {
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
			if su := int64(t.ReduceSteps); su > 1 && c.cin%su == 0 {
				b.Loop(Serial, c.cin/su, func(cu *Node) {
					c0 := b.Bin(Mul, cu, Idx(su))
					cis := []*Node{c0}
					for st := int64(1); st < su; st++ {
						cis = append(cis, b.Bin(Add, c0, Idx(st)))
					}
					steps(cis)
				})
			} else {
				b.Loop(Serial, c.cin, func(ci *Node) { steps([]*Node{ci}) })
			}
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
	vec := Serial
	if c.cout%int64(k.l.t.VectorWidth) == 0 {
		vec = Vector
	}
	// The epilogue is evaluated before the chain's trailing reshapes, as in
	// emitMicroConv.
	epiRes, epiSteps := res, steps
	for len(epiSteps) > 0 && epiSteps[len(epiSteps)-1].perm == nil && epiRes.Def != nil &&
		epiRes.Def.Name == "stablehlo.reshape" && epiRes != w.conv.Results[0] {
		epiRes = epiRes.Def.Operands[0]
		epiSteps = epiSteps[:len(epiSteps)-1]
	}
	// tile emits the outputs of tile (n, ty, tx), rows x cols of its 2x2.
	tile := func(n, ty, tx *Node, rows, cols int) {
		t := b.Bin(Add, b.Bin(Mul, b.Bin(Add, b.Bin(Mul, n, Idx(w.th)), ty), Idx(w.tw)), tx)
		k.memo = map[string]memoEntry{}
		b.Loop(vec, c.cout, func(f *Node) {
			x := make([][]*Node, 4)
			for i := 3; i >= 0; i-- {
				x[i] = make([]*Node, 4)
				for j := 3; j >= 0; j-- {
					off := b.Bin(Add, b.Bin(Mul, b.Bin(Add, Idx(int64(4*i+j)*tiles), t), Idx(c.cout)), f)
					x[i][j] = b.Load(m, off)
				}
			}
			y := winoSandwich(b, winoAT, nil, x, et)
			for i := range rows {
				for j := range cols {
					idx := make([]*Node, len(w.cs))
					idx[dn.OutputBatchDimension] = n
					idx[dn.OutputSpatialDimensions[0]] = b.Bin(Add, b.Bin(Mul, ty, Idx(2)), Idx(int64(i)))
					idx[dn.OutputSpatialDimensions[1]] = b.Bin(Add, b.Bin(Mul, tx, Idx(2)), Idx(int64(j)))
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
	fullY, fullX := w.oh/2, w.ow/2
	row := func(n, ty *Node, rows int) {
		if fullX > 0 {
			b.Loop(Serial, fullX, func(tx *Node) { tile(n, ty, tx, rows, 2) })
		}
		if w.ow%2 == 1 {
			tile(n, ty, Idx(fullX), rows, 1)
		}
	}
	b.Nest([]int64{w.n, w.th}, 2, func(o []*Node) {
		switch {
		case w.oh%2 == 0:
			row(o[0], o[1], 2)
		case fullY == 0:
			row(o[0], Idx(0), 1)
		default:
			// Clamped so that the index ranges stay provably in bounds.
			tyf := b.Bin(Min, o[1], Idx(fullY-1))
			b.If(b.Cmp(LT, o[1], Idx(fullY), false), func() { row(o[0], tyf, 2) }, func() { row(o[0], Idx(fullY), 1) })
		}
	})
	k.memo = map[string]memoEntry{}
	// Epilogues that are not straight-line run one element at a time.
	var fix func(body []*Node)
	fix = func(body []*Node) {
		for _, n := range body {
			if n.Kind == Loop {
				if n.Level == Vector && !straightLine(n.Body) {
					n.Level = Serial
				}
				fix(n.Body)
			}
			if n.Kind == If {
				fix(n.Body)
				fix(n.Else)
			}
		}
	}
	fix(b.K.Body)
}
