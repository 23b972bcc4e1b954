package interp

// stablehlo.convolution (spec: convolution), computed by im2col: the input
// is transposed to [batch, spatial..., feature] and the kernel to
// [output feature, spatial..., input feature] (reversed along the spatial
// dimensions that window_reversal marks); for each feature or batch group,
// chunks of output positions are expanded into rows of their input windows
// (zeros where the window falls on padding or on a hole of lhs_dilation) and
// multiplied with the group's kernel by the dot kernel (gemmNT). The result
// is then transposed to the output layout. Numerics are dot_general's:
// float64 accumulation rounded once to the result type, integer wraparound,
// i1 as OR of ANDs.
//
// Window positions follow the usual (and XLA's) reading of the spec: element
// w of the window along a spatial dimension sits at padded position
// `output_index * stride + w * rhs_dilation`; padded position q maps to
// input element (q - padding_low) / lhs_dilation when that is an in-range
// integer, and to zero otherwise. Negative padding crops. Reversing the lhs
// window (the spec's window_reversal) is the same as reversing the kernel,
// which is what is done.
//
// Missing attributes take the spec's defaults: strides, dilations 1,
// padding 0, no reversal, feature_group_count and batch_group_count 1.
// precision_config is ignored.

import (
	"github.com/zmlc/zmlc/ir"
)

func init() { Register("stablehlo.convolution", evalConvolution) }

// convParams are the convolution's attributes and derived sizes, in the
// canonical layout: input [N, S..., C], kernel [O, KS..., I], output
// [N/bgc, P..., O].
type convParams struct {
	s                 int // number of spatial dimensions
	n, c, o, i        int64
	in, ks, out       []int64 // input, kernel and output spatial sizes
	strides, lo       []int64
	ldil, rdil        []int64
	reverse           []bool
	fgc, bgc          int64
	lperm, kperm      []int // operand dims in canonical order
	resPerm           []int // canonical output dim of each result dim
	resultShapeCanon  []int64
	inputShapeCanon   []int64
	kernelShapeCanon  []int64
	dilatedIn, padded []int64
}

func evalConvolution(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, 2)
	if err != nil {
		return nil, err
	}
	lhs, rhs := ts[0], ts[1]
	res, err := newResult(op, 0)
	if err != nil {
		return nil, err
	}
	p, err := convSetup(op, lhs, rhs, res.Type)
	if err != nil {
		return nil, err
	}
	re := res.Type.Elem
	switch storageKind(re) {
	case kindFloat:
		if err := convRun(op, p, lhs, rhs, res.F, asFloat64s); err != nil {
			return nil, err
		}
		for i, v := range res.F {
			res.F[i] = ir.RoundFloat(v, re)
		}
	case kindComplex:
		if err := convRun(op, p, lhs, rhs, res.C, asComplex128s); err != nil {
			return nil, err
		}
		q := re.ComplexPart()
		for i, v := range res.C {
			res.C[i] = complex(ir.RoundFloat(real(v), q), ir.RoundFloat(imag(v), q))
		}
	default:
		if err := convRun(op, p, lhs, rhs, res.I, asInt64s); err != nil {
			return nil, err
		}
		wrapDotInts(res.I, re)
	}
	return one(res), nil
}

// convSetup reads and checks the attributes (spec constraints C1-C26).
func convSetup(op *ir.Op, lhs, rhs *ir.Tensor, rt *ir.TensorType) (*convParams, error) {
	dn, ok := op.Attr("dimension_numbers").(*ir.ConvDimensionNumbersAttr)
	if !ok {
		return nil, errorAt(op, "missing or malformed attribute dimension_numbers")
	}
	r := lhs.Type.Rank()
	if rhs.Type.Rank() != r || rt.Rank() != r || r < 2 {
		return nil, errorAt(op, "lhs, rhs and result must have the same rank >= 2, got %s, %s and %s", lhs.Type, rhs.Type, rt)
	}
	s := r - 2
	p := &convParams{s: s}
	if len(dn.InputSpatialDimensions) != s || len(dn.KernelSpatialDimensions) != s || len(dn.OutputSpatialDimensions) != s {
		return nil, errorAt(op, "dimension_numbers must list %d spatial dimensions for each operand", s)
	}
	p.lperm = intPerm([]int64{dn.InputBatchDimension}, dn.InputSpatialDimensions, []int64{dn.InputFeatureDimension})
	p.kperm = intPerm([]int64{dn.KernelOutputFeatureDimension}, dn.KernelSpatialDimensions, []int64{dn.KernelInputFeatureDimension})
	outDims := intPerm([]int64{dn.OutputBatchDimension}, dn.OutputSpatialDimensions, []int64{dn.OutputFeatureDimension})
	if err := checkPerm(op, "input dimensions", int64s(p.lperm), r); err != nil {
		return nil, err
	}
	if err := checkPerm(op, "kernel dimensions", int64s(p.kperm), r); err != nil {
		return nil, err
	}
	if err := checkPerm(op, "output dimensions", int64s(outDims), r); err != nil {
		return nil, err
	}
	p.resPerm = make([]int, r)
	for canon, d := range outDims {
		p.resPerm[d] = canon
	}
	ls, ks := lhs.Type.Shape, rhs.Type.Shape
	p.n, p.c = ls[p.lperm[0]], ls[p.lperm[r-1]]
	p.o, p.i = ks[p.kperm[0]], ks[p.kperm[r-1]]
	for d := 0; d < s; d++ {
		p.in = append(p.in, ls[p.lperm[1+d]])
		p.ks = append(p.ks, ks[p.kperm[1+d]])
	}
	var err error
	if p.strides, err = windowInts(op, "window_strides", s, false); err != nil {
		return nil, err
	}
	if p.ldil, err = windowInts(op, "lhs_dilation", s, false); err != nil {
		return nil, err
	}
	if p.rdil, err = windowInts(op, "rhs_dilation", s, false); err != nil {
		return nil, err
	}
	lo, hi, err := windowPadding(op, "padding", s)
	if err != nil {
		return nil, err
	}
	p.lo = lo
	p.reverse = make([]bool, s)
	if a := op.Attr("window_reversal"); a != nil {
		v, ok := ir.Bools(a)
		if !ok || len(v) != s {
			return nil, errorAt(op, "window_reversal must be %d booleans", s)
		}
		p.reverse = v
	}
	if p.fgc, err = attrIntOr(op, "feature_group_count", 1); err != nil {
		return nil, err
	}
	if p.bgc, err = attrIntOr(op, "batch_group_count", 1); err != nil {
		return nil, err
	}
	switch {
	case p.fgc <= 0 || p.bgc <= 0:
		return nil, errorAt(op, "feature_group_count and batch_group_count must be positive, got %d and %d", p.fgc, p.bgc)
	case p.fgc != 1 && p.bgc != 1:
		return nil, errorAt(op, "feature_group_count (%d) or batch_group_count (%d) must be 1", p.fgc, p.bgc)
	case p.n%p.bgc != 0:
		return nil, errorAt(op, "input batch size %d is not a multiple of batch_group_count %d", p.n, p.bgc)
	case p.c%p.fgc != 0:
		return nil, errorAt(op, "input feature size %d is not a multiple of feature_group_count %d", p.c, p.fgc)
	case p.i != p.c/p.fgc:
		return nil, errorAt(op, "kernel input feature size %d must be input features / feature_group_count = %d", p.i, p.c/p.fgc)
	case p.o%p.fgc != 0 || p.o%p.bgc != 0:
		return nil, errorAt(op, "kernel output feature size %d must be a multiple of feature_group_count %d and batch_group_count %d", p.o, p.fgc, p.bgc)
	}
	// Output spatial sizes (C25).
	p.dilatedIn = make([]int64, s)
	p.padded = make([]int64, s)
	p.resultShapeCanon = []int64{p.n / p.bgc}
	for d := 0; d < s; d++ {
		if p.in[d] > 0 {
			p.dilatedIn[d] = (p.in[d]-1)*p.ldil[d] + 1
		}
		p.padded[d] = lo[d] + p.dilatedIn[d] + hi[d]
		win := int64(0)
		if p.ks[d] > 0 {
			win = (p.ks[d]-1)*p.rdil[d] + 1
		}
		var nw int64
		if p.padded[d] > 0 && win <= p.padded[d] {
			nw = (p.padded[d]-win)/p.strides[d] + 1
		}
		p.out = append(p.out, nw)
		p.resultShapeCanon = append(p.resultShapeCanon, nw)
	}
	p.resultShapeCanon = append(p.resultShapeCanon, p.o)
	want := make([]int64, r)
	for d := range want {
		want[d] = p.resultShapeCanon[p.resPerm[d]]
	}
	if !sameShape(want, rt.Shape) {
		return nil, errorAt(op, "result type %s does not match the inferred shape %v", rt, want)
	}
	p.inputShapeCanon = append(append([]int64{p.n}, p.in...), p.c)
	p.kernelShapeCanon = append(append([]int64{p.o}, p.ks...), p.i)
	return p, nil
}

// int64s converts ints to int64s.
func int64s(v []int) []int64 {
	r := make([]int64, len(v))
	for i, x := range v {
		r[i] = int64(x)
	}
	return r
}

// convChunkElems bounds the im2col buffer of one chunk (elements).
const convChunkElems = 1 << 20

// convRun computes the convolution into dst (the result's storage, in the
// result's layout), reading operands through conv.
func convRun[T dotNum](op *ir.Op, p *convParams, lhs, rhs *ir.Tensor, dst []T, conv func(*ir.Tensor) ([]T, bool)) error {
	if len(dst) == 0 {
		return nil
	}
	L, err := packOperand(op, lhs, p.lperm, conv)
	if err != nil {
		return err
	}
	K, err := packOperand(op, rhs, p.kperm, conv)
	if err != nil {
		return err
	}
	s := p.s
	// Reverse the kernel along the marked spatial dims.
	for d := 0; d < s; d++ {
		if p.reverse[d] {
			K = reverseAxis(K, p.kernelShapeCanon, 1+d)
		}
	}
	// Per spatial dim, the input index read by output position q and window
	// position w (q*ks+w), or -1 for padding and dilation holes.
	tables := make([][]int64, s)
	for d := 0; d < s; d++ {
		t := make([]int64, p.out[d]*p.ks[d])
		for q := int64(0); q < p.out[d]; q++ {
			for w := int64(0); w < p.ks[d]; w++ {
				x := q*p.strides[d] + w*p.rdil[d] - p.lo[d]
				v := int64(-1)
				if x >= 0 && x < p.dilatedIn[d] && x%p.ldil[d] == 0 {
					v = x / p.ldil[d]
				}
				t[q*p.ks[d]+w] = v
			}
		}
		tables[d] = t
	}
	inStrides := ir.Strides(p.inputShapeCanon)
	nOut := p.n / p.bgc
	P := numElements(p.out)
	KW := numElements(p.ks)
	kcols := int(KW * p.i)
	groups := p.fgc * p.bgc
	og := p.o / groups
	rows := nOut * P
	out := make([]T, rows*p.o)
	chunk := int64(1)
	if kcols > 0 {
		chunk = max(1, min(rows, convChunkElems/int64(kcols)))
	} else {
		chunk = max(1, rows)
	}
	A := make([]T, int(chunk)*kcols)
	C := make([]T, int(chunk*og))
	pidx := make([]int64, s)
	widx := make([]int64, s)
	for g := int64(0); g < groups; g++ {
		var c0, n0 int64
		if p.fgc > 1 {
			c0 = g * p.i
		}
		if p.bgc > 1 {
			n0 = g * nOut
		}
		W := K[g*og*int64(kcols) : (g+1)*og*int64(kcols)]
		for r0 := int64(0); r0 < rows; r0 += chunk {
			nr := min(chunk, rows-r0)
			// im2col rows r0..r0+nr.
			for r := int64(0); r < nr; r++ {
				row := A[r*int64(kcols) : (r+1)*int64(kcols)]
				nb := (r0 + r) / P
				multiIndex((r0+r)%P, p.out, pidx)
				base := (n0+nb)*inStrides[0] + c0
				clear(widx)
				col := 0
				for w := int64(0); w < KW; w++ {
					off, ok := base, true
					for d := 0; d < s; d++ {
						x := tables[d][pidx[d]*p.ks[d]+widx[d]]
						if x < 0 {
							ok = false
							break
						}
						off += x * inStrides[1+d]
					}
					seg := row[col : col+int(p.i)]
					if ok {
						copy(seg, L[off:off+p.i])
					} else {
						clear(seg)
					}
					col += int(p.i)
					nextIndex(widx, p.ks)
				}
			}
			gemmNT(A[:int(nr)*kcols], W, C[:nr*og], int(nr), int(og), kcols)
			for r := int64(0); r < nr; r++ {
				copy(out[(r0+r)*p.o+g*og:(r0+r)*p.o+(g+1)*og], C[r*og:(r+1)*og])
			}
		}
	}
	permuteInto(dst, out, p.resultShapeCanon, p.resPerm)
	return nil
}

// reverseAxis returns a copy of x (row-major, shape) reversed along axis.
func reverseAxis[T any](x []T, shape []int64, axis int) []T {
	y := make([]T, len(x))
	if len(x) == 0 {
		return y
	}
	inner := int(numElements(shape[axis+1:]))
	n := int(shape[axis])
	outer := len(x) / (inner * n)
	for o := 0; o < outer; o++ {
		for a := 0; a < n; a++ {
			src := x[(o*n+a)*inner : (o*n+a+1)*inner]
			copy(y[(o*n+n-1-a)*inner:], src)
		}
	}
	return y
}
