package kernel

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
)

// Complex numbers in the kernel lowering. A Program buffer of complex<f32>
// (complex<f64>) keeps its element type; kernels view it as f32 (f64) with
// a trailing dimension of 2 holding (real, imaginary), interleaved as
// ir.TensorBytes lays complex tensors out, so no renderer knows about
// complex. While generating a kernel, kgen.part selects which part
// valueAt returns for complex values: data movement (broadcast, reshape,
// slice, select, pad, concatenate, gather, ...) and the part-wise ops
// (add, subtract, negate) work unchanged on either part; genComplex
// expands the others (constant, iota, complex, real, imag, convert,
// multiply, divide, maximum, minimum, compare, abs, exponential,
// exponential_minus_one, log, log_plus_one, sqrt, rsqrt, logistic, sine,
// cosine, sign,
// dot_general, reduce with an add or multiply body) into real arithmetic following the interpreter (ir/interp:
// Go's complex128 operators and math/cmplx), computed in the part type.
// Other ops on complex values are a positioned error.

// partView returns the element type and shape a kernel sees for a buffer
// of element type e and shape: e and shape unless e is complex, else its
// part type and shape with a trailing 2.
func partView(e ir.ElementType, shape []int64) (ir.ElementType, []int64) {
	if !e.IsComplex() {
		return e, shape
	}
	return e.ComplexPart(), append(append([]int64{}, shape...), 2)
}

// partIndex extends idx, an index of a tensor of type tt, with the current
// part when tt is complex.
func (k *kgen) partIndex(tt *ir.TensorType, idx []*Node) []*Node {
	if !tt.Elem.IsComplex() {
		return idx
	}
	return append(append([]*Node{}, idx...), Idx(int64(k.part)))
}

// partKey distinguishes the memoised elements of the two parts of an op
// with complex results.
func (k *kgen) partKey(op *ir.Op) string {
	for _, r := range op.Results {
		if tt := r.Tensor(); tt != nil && tt.Elem.IsComplex() {
			return fmt.Sprintf(",part%d", k.part)
		}
	}
	return ""
}

// storeAt stores the element of v at idx into w (both parts for complex).
func (k *kgen) storeAt(w *Buffer, v *ir.Value, idx []*Node) {
	tt := v.Tensor()
	if tt == nil || !tt.Elem.IsComplex() {
		x := k.valueAt(v, idx)
		k.b.Store(w, k.b.Offset(w, idx), k.b.Convert(x, w.Elem))
		return
	}
	re, im := k.parts(v, idx)
	k.b.Store(w, k.b.Offset(w, append(append([]*Node{}, idx...), Idx(0))), k.b.Convert(re, w.Elem))
	k.b.Store(w, k.b.Offset(w, append(append([]*Node{}, idx...), Idx(1))), k.b.Convert(im, w.Elem))
}

// parts returns the real and imaginary parts of v at idx; a real v has
// imaginary part 0.
func (k *kgen) parts(v *ir.Value, idx []*Node) (re, im *Node) {
	tt := v.Tensor()
	if tt == nil || !tt.Elem.IsComplex() {
		x := k.valueAt(v, idx)
		return x, ConstOf(x.Type, int64(0))
	}
	saved := k.part
	k.part = 0
	re = k.valueAt(v, idx)
	k.part = 1
	im = k.valueAt(v, idx)
	k.part = saved
	return re, im
}

// complexPassThrough are the ops whose generic lowering is correct on each
// part of complex values separately.
var complexPassThrough = map[string]bool{
	"stablehlo.broadcast_in_dim": true, "stablehlo.broadcast": true, "stablehlo.reshape": true,
	"stablehlo.transpose": true, "stablehlo.reverse": true, "stablehlo.slice": true,
	"stablehlo.pad": true, "stablehlo.concatenate": true, "stablehlo.dynamic_slice": true,
	"stablehlo.dynamic_update_slice": true, "stablehlo.select": true, "stablehlo.gather": true,
	"stablehlo.add": true, "stablehlo.subtract": true, "stablehlo.negate": true,
}

// genComplex emits the element at idx of an op with complex operands or
// results (for complex results, the part k.part); ok is false when the
// generic lowering applies (no complex values, or a pass-through op).
func (k *kgen) genComplex(op *ir.Op, idx []*Node) (vals []*Node, ok bool, err error) {
	cin, cout := false, false
	for _, o := range op.Operands {
		if tt := o.Tensor(); tt != nil && tt.Elem.IsComplex() {
			cin = true
		}
	}
	for _, r := range op.Results {
		if tt := r.Tensor(); tt != nil && tt.Elem.IsComplex() {
			cout = true
		}
	}
	if !cin && !cout || complexPassThrough[op.Name] {
		return nil, false, nil
	}
	out := op.Results[0].Tensor()
	pe := out.Elem
	if pe.IsComplex() {
		pe = pe.ComplexPart()
	}
	one := func(re, im *Node) ([]*Node, bool, error) {
		if k.part == 0 || !cout {
			return []*Node{k.b.Convert(re, pe)}, true, nil
		}
		return []*Node{k.b.Convert(im, pe)}, true, nil
	}
	x := func(i int) (re, im *Node) { return k.parts(op.Operands[i], idx) }
	zero := ConstOf(pe, int64(0))
	switch op.Name {
	case "stablehlo.constant":
		return k.complexConst(op, idx)
	case "stablehlo.iota":
		d, _ := ir.IntValue(op.Attr("iota_dimension"))
		if d < 0 || int(d) >= len(idx) {
			return nil, true, errorf(op, "bad iota_dimension %d", d)
		}
		return one(k.b.Convert(idx[d], pe), zero)
	case "stablehlo.complex":
		re := k.valueAt(op.Operands[0], idx)
		im := k.valueAt(op.Operands[1], idx)
		return one(re, im)
	case "stablehlo.real":
		re, _ := x(0)
		return one(re, zero)
	case "stablehlo.imag":
		_, im := x(0)
		return one(im, zero)
	case "stablehlo.convert":
		re, im := x(0)
		if !cin {
			re = k.b.Convert(re, pe)
			im = zero
		}
		return one(re, im)
	case "stablehlo.multiply":
		a, b := x(0)
		c, d := x(1)
		return one(k.cmul(a, b, c, d))
	case "stablehlo.divide":
		a, b := x(0)
		c, d := x(1)
		return one(k.cdiv(a, b, c, d))
	case "stablehlo.maximum", "stablehlo.minimum":
		a, b := x(0)
		c, d := x(1)
		bb := k.b
		less := bb.Select(bb.Bin(EQ, a, c), bb.Bin(LT, b, d), bb.Bin(LT, a, c))
		if op.Name == "stablehlo.maximum" {
			return one(bb.Select(less, c, a), bb.Select(less, d, b))
		}
		return one(bb.Select(less, a, c), bb.Select(less, b, d))
	case "stablehlo.compare":
		a, b := x(0)
		c, d := x(1)
		v, err := k.ccompare(op, a, b, c, d)
		return []*Node{v}, true, err
	case "stablehlo.abs":
		a, b := x(0)
		return one(k.hypot(a, b), zero)
	case "stablehlo.exponential":
		return one(k.cexp(x(0)))
	case "stablehlo.sqrt":
		return one(k.csqrt(x(0)))
	case "stablehlo.sign":
		return one(k.csign(x(0)))
	case "stablehlo.log":
		return one(k.clog(x(0)))
	case "stablehlo.sine":
		return one(k.csin(x(0)))
	case "stablehlo.cosine":
		return one(k.ccos(x(0)))
	case "stablehlo.log_plus_one":
		a, b := x(0)
		return one(k.clog(k.b.Bin(Add, a, ConstOf(a.Type, 1.0)), b))
	case "stablehlo.exponential_minus_one":
		re, im := k.cexp(x(0))
		return one(k.b.Bin(Sub, re, ConstOf(re.Type, 1.0)), im)
	case "stablehlo.rsqrt":
		re, im := k.csqrt(x(0))
		return one(k.cdiv(ConstOf(re.Type, 1.0), ConstOf(re.Type, 0.0), re, im))
	case "stablehlo.logistic":
		// 1/(1 + e^-z), as the interpreter.
		a, b := x(0)
		re, im := k.cexp(k.b.Un(Neg, a), k.b.Un(Neg, b))
		one1 := ConstOf(a.Type, 1.0)
		return one(k.cdiv(one1, ConstOf(a.Type, 0.0), k.b.Bin(Add, one1, re), im))
	case "stablehlo.dot_general", "stablehlo.dot":
		v, err := k.cdot(op, idx)
		return []*Node{v}, true, err
	case "stablehlo.reduce":
		v, err := k.creduce(op, idx)
		return []*Node{v}, true, err
	}
	return nil, true, errorf(op, "complex operands or results are not supported by this op's kernel lowering")
}

// complexConst loads a complex literal: a splat is a constant per part,
// anything else a Constant buffer read through the part view.
func (k *kgen) complexConst(op *ir.Op, idx []*Node) ([]*Node, bool, error) {
	a, ok := op.Attr("value").(*ir.DenseElementsAttr)
	out := op.Results[0].Tensor()
	if !ok || a.Value.C == nil {
		return nil, true, errorf(op, "value is not a dense complex literal")
	}
	c := a.Value.C
	splat := true
	for _, v := range c {
		if v != c[0] {
			splat = false
			break
		}
	}
	pe := out.Elem.ComplexPart()
	if splat && len(c) > 0 {
		if k.part == 0 {
			return []*Node{ConstOf(pe, real(c[0]))}, true, nil
		}
		return []*Node{ConstOf(pe, imag(c[0]))}, true, nil
	}
	id := k.l.newBuf(Constant, out)
	k.l.p.Buffers[id].Data = &ir.Tensor{Type: out, C: c}
	p := k.input(id)
	return []*Node{k.b.Load(p, k.b.Offset(p, k.partIndex(out, idx)))}, true, nil
}

// cmul is (a+bi)(c+di) = (ac - bd) + (ad + bc)i.
func (k *kgen) cmul(a, b, c, d *Node) (*Node, *Node) {
	bb := k.b
	return bb.Bin(Sub, bb.Bin(Mul, a, c), bb.Bin(Mul, b, d)), bb.Bin(Add, bb.Bin(Mul, a, d), bb.Bin(Mul, b, c))
}

// cdiv is (a+bi)/(c+di) by Smith's algorithm (CACM 5(8), 1962), as Go's
// complex division (runtime.complex128div), including its C99 G.5.1
// correction for a zero divisor: (inf*a, inf*b) with inf signed as c.
func (k *kgen) cdiv(a, b, c, d *Node) (*Node, *Node) {
	bb := k.b
	t := a.Type
	wide := bb.Bin(GE, bb.Un(Abs, c), bb.Un(Abs, d))
	// |c| >= |d|
	r1 := bb.Bin(Div, d, c)
	den1 := bb.Bin(Add, c, bb.Bin(Mul, r1, d))
	e1 := bb.Bin(Div, bb.Bin(Add, a, bb.Bin(Mul, b, r1)), den1)
	f1 := bb.Bin(Div, bb.Bin(Sub, b, bb.Bin(Mul, a, r1)), den1)
	// |c| < |d|
	r2 := bb.Bin(Div, c, d)
	den2 := bb.Bin(Add, d, bb.Bin(Mul, r2, c))
	e2 := bb.Bin(Div, bb.Bin(Add, bb.Bin(Mul, a, r2), b), den2)
	f2 := bb.Bin(Div, bb.Bin(Sub, bb.Bin(Mul, b, r2), a), den2)
	e, f := bb.Select(wide, e1, e2), bb.Select(wide, f1, f2)
	zero := ConstOf(t, int64(0))
	divZero := bb.Bin(And, bb.Bin(And, bb.Bin(EQ, c, zero), bb.Bin(EQ, d, zero)),
		bb.Bin(Or, bb.Bin(EQ, a, a), bb.Bin(EQ, b, b)))
	inf := k.copySign(ConstOf(t, posInf), c)
	e = bb.Select(divZero, bb.Bin(Mul, inf, a), e)
	f = bb.Select(divZero, bb.Bin(Mul, inf, b), f)
	return e, f
}

// ccompare compares (a, b) with (c, d) as the interpreter does: real
// parts first, imaginary parts when they are equal, FLOAT semantics (an
// unordered pair is only NE).
func (k *kgen) ccompare(op *ir.Op, a, b, c, d *Node) (*Node, error) {
	bb := k.b
	dir := ir.EnumValue(op.Attr("comparison_direction"))
	kind, ok := compareKinds[dir]
	if !ok {
		return nil, errorf(op, "unknown comparison_direction %q", dir)
	}
	reEQ := bb.Bin(EQ, a, c)
	switch kind {
	case EQ:
		return bb.Bin(And, reEQ, bb.Bin(EQ, b, d)), nil
	case NE:
		return bb.Un(Not, bb.Bin(And, reEQ, bb.Bin(EQ, b, d))), nil
	}
	strict := map[Kind]Kind{LT: LT, LE: LT, GT: GT, GE: GT}[kind]
	return bb.Bin(Or, bb.Bin(strict, a, c), bb.Bin(And, reEQ, bb.Bin(kind, b, d))), nil
}
