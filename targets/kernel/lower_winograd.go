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
	v := winoF2
	w := &wino{c: c, conv: conv, cs: cs, n: c.nIn, th: (oh + v.m - 1) / v.m, tw: (ow + v.m - 1) / v.m, oh: oh, ow: ow, v: v, nxi: v.a * v.a}
	tiles := w.n * w.th * w.tw
	uID := l.temp(&ir.TensorType{Elem: et, Shape: []int64{w.nxi, c.cin, c.cout}})
	fk := newKgen("wino_filter")
	w.emitFilter(fk, fk.b.Param("out0", et, []int64{w.nxi, c.cin, c.cout}, Write, uID))
	if fk.err != nil {
		return true, fk.err
	}
	fk.finish(opSource(conv) + " (Winograd F(2x2,3x3) filter transform U = G g G^T)")

	vID := l.temp(&ir.TensorType{Elem: et, Shape: []int64{w.nxi, tiles, c.cin}})
	ik := newKgen("wino_input")
	w.emitInput(ik, ik.b.Param("out0", et, []int64{w.nxi, tiles, c.cin}, Write, vID))
	if ik.err != nil {
		return true, ik.err
	}
	ik.finish(opSource(conv) + " (Winograd input transform V = B^T d B)")

	mID := l.temp(&ir.TensorType{Elem: et, Shape: []int64{w.nxi, tiles, c.cout}})
	gk := l.newKgen("wino_gemm")
	w.emitGemm(gk, gk.input(vID), gk.input(uID), gk.b.Param("out0", et, []int64{w.nxi, tiles, c.cout}, ReadWrite, mID))
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
	v         *winoVariant
	nxi       int64 // a*a: the number of products
}

// winoVariant is one F(m x m, 3 x 3): output tiles of m x m computed
// from input patches of a x a (a = m + 2) with the transform matrices
// BT (a x a), G (a x 3) and AT (m x a) (Lavin & Gray, section 4.1).
// Only F(2x2, 3x3) is used: F(4x4, 3x3) (points 0, 1, -1, 2, -2) was
// measured on wasm with the MNIST CNN and was not faster (KernelTimes
// min-us, load ~2.3: conv3 67-80 against 54-83, the input transform
// 3 -> 15 and the output transform 10 -> 17 eating the products' 41-70 ->
// 35-47; conv2 33-35 against 34-46), and its rounding errors are about
// 10x larger (up to 4.5e-6 of the largest output in these tests).
type winoVariant struct {
	m, a      int64
	bt, g, at [][]float64
}

var (
	winoF2 = &winoVariant{m: 2, a: 4,
		bt: [][]float64{{1, 0, -1, 0}, {0, 1, 1, 0}, {0, -1, 1, 0}, {0, 1, 0, -1}},
		g:  [][]float64{{1, 0, 0}, {0.5, 0.5, 0.5}, {0.5, -0.5, 0.5}, {0, 0, 1}},
		at: [][]float64{{1, 1, 1, 0}, {0, 1, -1, -1}},
	}
)

// winoApply returns the rows of t x for the vector x: each row's nonzero
// terms coefficient * x[i] added left to right (coefficients of 1 and -1
// as additions and subtractions).
func winoApply(b *Builder, t [][]float64, x []*Node, et ir.ElementType) []*Node {
	r := make([]*Node, len(t))
	for i, row := range t {
		var s *Node
		for j, cf := range row {
			if cf == 0 {
				continue
			}
			v := x[j]
			mag := cf
			if mag < 0 {
				mag = -mag
			}
			if mag != 1 {
				v = b.Bin(Mul, v, ConstOf(et, mag))
			}
			switch {
			case s == nil && cf < 0:
				s = b.Un(Neg, v)
			case s == nil:
				s = v
			case cf < 0:
				s = b.Bin(Sub, s, v)
			default:
				s = b.Bin(Add, s, v)
			}
		}
		if s == nil {
			s = ConstOf(et, int64(0))
		}
		r[i] = s
	}
	return r
}

// winoSandwich returns t x t^T for the matrix x (rows of columns): first
// the columns, then the rows.
func winoSandwich(b *Builder, t [][]float64, x [][]*Node, et ir.ElementType) [][]*Node {
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
		r := winoApply(b, t, col, et)
		for i := range r {
			tc[i][j] = r[i]
		}
	}
	out := make([][]*Node, len(t))
	for i := range tc {
		out[i] = winoApply(b, t, tc[i], et)
	}
	return out
}
