package kernel

import (
	"math"

	"github.com/zmlc/zmlc/ir"
)

// The complex functions of lower_complex.go as real arithmetic, following
// Go's math/cmplx (the interpreter's reference), in the part type.

var posInf = math.Inf(1)

// signBit returns x's sign bit as an i1 (true for -0.0 and negative NaNs).
func (k *kgen) signBit(x *Node) *Node {
	u, _ := uintOf(x.Type.Bits())
	bits := k.b.Bitcast(x, u)
	top := ConstOf(u, int64(uint64(1)<<uint(x.Type.Bits()-1)))
	return k.b.Bin(NE, k.b.Bin(And, bits, top), ConstOf(u, int64(0)))
}

// copySign returns |x| with the sign of s.
func (k *kgen) copySign(x, s *Node) *Node {
	a := k.b.Un(Abs, x)
	return k.b.Select(k.signBit(s), k.b.Un(Neg, a), a)
}

// hypot is sqrt(a^2 + b^2) without undue overflow or underflow, as Go's
// math.Hypot: +Inf if either is infinite, else NaN if either is NaN, 0 for
// (0, 0), else p*sqrt(1+(q/p)^2) with p = max(|a|, |b|), q the other.
func (k *kgen) hypot(a, b *Node) *Node {
	bb := k.b
	t := a.Type
	pa, pb := bb.Un(Abs, a), bb.Un(Abs, b)
	p, q := bb.Bin(Max, pa, pb), bb.Bin(Min, pa, pb)
	r := bb.Bin(Div, q, p)
	h := bb.Bin(Mul, p, bb.Un(Sqrt, bb.Bin(Add, ConstOf(t, 1.0), bb.Bin(Mul, r, r))))
	h = bb.Select(bb.Bin(EQ, p, ConstOf(t, 0.0)), ConstOf(t, 0.0), h)
	inf := ConstOf(t, posInf)
	return bb.Select(bb.Bin(Or, bb.Bin(EQ, pa, inf), bb.Bin(EQ, pb, inf)), inf, h)
}

// cexp is e^(a+bi) = e^a (cos b + i sin b), as cmplx.Exp, with its
// special cases for b == 0: +Inf+0i and NaN+0i are returned unchanged (a
// finite a whose e^a overflows gives +Inf+NaNi, as there). The special
// cases of an infinite a with an infinite or NaN b are not reproduced.
func (k *kgen) cexp(a, b *Node) (*Node, *Node) {
	bb := k.b
	t := a.Type
	r := bb.Un(Exp, a)
	re := bb.Bin(Mul, r, bb.Un(Cos, b))
	im := bb.Bin(Mul, r, bb.Un(Sin, b))
	same := bb.Bin(And, bb.Bin(EQ, b, ConstOf(t, 0.0)),
		bb.Bin(Or, bb.Bin(EQ, a, ConstOf(t, posInf)), bb.Bin(NE, a, a)))
	return bb.Select(same, a, re), bb.Select(same, b, im)
}

// sinhCosh returns sinh b and cosh b from expm1(b) and expm1(-b), without
// cancellation for small |b| (math/cmplx's sinhcosh uses math.Sinh there).
func (k *kgen) sinhCosh(b *Node) (sh, ch *Node) {
	bb := k.b
	t := b.Type
	em, en := bb.Un(Expm1, b), bb.Un(Expm1, bb.Un(Neg, b))
	half := ConstOf(t, 0.5)
	sh = bb.Bin(Mul, bb.Bin(Sub, em, en), half)
	ch = bb.Bin(Add, bb.Bin(Mul, bb.Bin(Add, em, en), half), ConstOf(t, 1.0))
	return sh, ch
}

// csin is cmplx.Sin for finite arguments: (sin a cosh b, cos a sinh b).
// Its special cases for infinite or NaN parts are not reproduced.
func (k *kgen) csin(a, b *Node) (*Node, *Node) {
	sh, ch := k.sinhCosh(b)
	s, c := k.b.Un(Sin, a), k.b.Un(Cos, a)
	return k.b.Bin(Mul, s, ch), k.b.Bin(Mul, c, sh)
}

// ccos is cmplx.Cos for finite arguments: (cos a cosh b, -sin a sinh b).
// Its special cases for infinite or NaN parts are not reproduced.
func (k *kgen) ccos(a, b *Node) (*Node, *Node) {
	sh, ch := k.sinhCosh(b)
	s, c := k.b.Un(Sin, a), k.b.Un(Cos, a)
	return k.b.Bin(Mul, c, ch), k.b.Un(Neg, k.b.Bin(Mul, s, sh))
}

// clog is the principal logarithm, cmplx.Log: (log |z|, atan2(b, a)).
func (k *kgen) clog(a, b *Node) (*Node, *Node) {
	return k.b.Un(Log, k.hypot(a, b)), k.b.Bin(Atan2, b, a)
}

// csqrt is the principal square root, cmplx.Sqrt's algorithm: exact cases
// for a zero imaginary or real part and an infinite imaginary part, else
// the half-angle formulas on operands rescaled (by 1/4, or by 2^54) to
// avoid overflow and underflow.
func (k *kgen) csqrt(a, b *Node) (*Node, *Node) {
	bb := k.b
	t := a.Type
	c := func(v float64) *Node { return ConstOf(t, v) }
	zero := c(0)
	// General case.
	big := bb.Bin(Or, bb.Bin(GT, bb.Un(Abs, a), c(4)), bb.Bin(GT, bb.Un(Abs, b), c(4)))
	f := bb.Select(big, c(0.25), c(1.8014398509481984e16))
	scale := bb.Select(big, c(2), c(7.450580596923828125e-9))
	as, bs := bb.Bin(Mul, a, f), bb.Bin(Mul, b, f)
	r := k.hypot(as, bs)
	half := c(0.5)
	hb := bb.Bin(Mul, half, bs)
	// a > 0
	t1 := bb.Un(Sqrt, bb.Bin(Add, bb.Bin(Mul, half, r), bb.Bin(Mul, half, as)))
	r1 := bb.Bin(Mul, scale, bb.Un(Abs, bb.Bin(Div, hb, t1)))
	t1 = bb.Bin(Mul, t1, scale)
	// a <= 0
	r2 := bb.Un(Sqrt, bb.Bin(Sub, bb.Bin(Mul, half, r), bb.Bin(Mul, half, as)))
	t2 := bb.Bin(Mul, scale, bb.Un(Abs, bb.Bin(Div, hb, r2)))
	r2 = bb.Bin(Mul, r2, scale)
	pos := bb.Bin(GT, as, zero)
	re, im := bb.Select(pos, t1, t2), bb.Select(pos, r1, r2)
	im = bb.Select(bb.Bin(LT, bs, zero), bb.Un(Neg, im), im)
	// Real part zero: sqrt(|b|/2) (1 ± i).
	s := bb.Un(Sqrt, bb.Bin(Mul, half, bb.Un(Abs, b)))
	reZero := bb.Bin(EQ, a, zero)
	re = bb.Select(reZero, s, re)
	im = bb.Select(reZero, bb.Select(bb.Bin(LT, b, zero), bb.Un(Neg, s), s), im)
	// Imaginary part infinite: (+Inf, b).
	bInf := bb.Bin(EQ, bb.Un(Abs, b), c(posInf))
	re = bb.Select(bInf, c(posInf), re)
	im = bb.Select(bInf, b, im)
	// Imaginary part zero.
	imZero := bb.Bin(EQ, b, zero)
	neg := bb.Bin(LT, a, zero)
	re0 := bb.Select(bb.Bin(Or, reZero, neg), zero, bb.Un(Sqrt, a))
	im0 := bb.Select(neg, k.copySign(bb.Un(Sqrt, bb.Un(Neg, a)), b), b)
	return bb.Select(imZero, re0, re), bb.Select(imZero, im0, im)
}

// csign is z/|z|, (NaN, NaN) if a part is NaN, and 0 for 0 (the
// interpreter's signComplex).
func (k *kgen) csign(a, b *Node) (*Node, *Node) {
	bb := k.b
	t := a.Type
	h := k.hypot(a, b)
	re, im := bb.Bin(Div, a, h), bb.Bin(Div, b, h)
	zero := ConstOf(t, 0.0)
	isZero := bb.Bin(And, bb.Bin(EQ, a, zero), bb.Bin(EQ, b, zero))
	re, im = bb.Select(isZero, zero, re), bb.Select(isZero, zero, im)
	nan := bb.Bin(Or, bb.Bin(NE, a, a), bb.Bin(NE, b, b))
	qnan := ConstOf(t, math.NaN())
	return bb.Select(nan, qnan, re), bb.Select(nan, qnan, im)
}

// cdot is the part k.part of one element of a complex dot_general: the
// contracting dimensions are walked in row-major order, accumulating
// re += xr*yr - xi*yi or im += xr*yi + xi*yr in the part type.
func (k *kgen) cdot(op *ir.Op, idx []*Node) (*Node, error) {
	b := k.b
	lb, rb, lc, rc, err := dotDims(op)
	if err != nil {
		return nil, err
	}
	ls, rs := shapeOf(op.Operands[0]), shapeOf(op.Operands[1])
	et := op.Results[0].Tensor().Elem
	if !et.IsComplex() {
		return nil, errorf(op, "complex operands need a complex result")
	}
	pe := et.ComplexPart()
	li, ri, cs := dotOperandIndexes(ls, rs, lb, rb, lc, rc, idx)
	part := k.part
	acc := b.Var(ConstOf(pe, int64(0)))
	b.Nest(cs, 0, func(c []*Node) {
		for i := range lc {
			li[lc[i]], ri[rc[i]] = c[i], c[i]
		}
		xr, xi := k.parts(op.Operands[0], li)
		yr, yi := k.parts(op.Operands[1], ri)
		xr, xi, yr, yi = b.Convert(xr, pe), b.Convert(xi, pe), b.Convert(yr, pe), b.Convert(yi, pe)
		re, im := k.cmul(xr, xi, yr, yi)
		v := re
		if part == 1 {
			v = im
		}
		b.Set(acc, b.Bin(Add, b.Get(acc), v))
	})
	return b.Get(acc), nil
}

// partTensor returns x as a kernel sees it: a copy, or for a complex
// tensor a float tensor of its part type with a trailing dimension of 2
// (real, imaginary).
func partTensor(x *ir.Tensor) *ir.Tensor {
	if !x.Type.Elem.IsComplex() {
		return x.Clone()
	}
	e, shape := partView(x.Type.Elem, x.Type.Shape)
	f := make([]float64, 2*len(x.C))
	for i, c := range x.C {
		f[2*i], f[2*i+1] = real(c), imag(c)
	}
	return &ir.Tensor{Type: ir.TensorOf(e, shape...), F: f}
}

// fromPartTensor returns a copy of the buffer contents x as a tensor of
// element type e and shape (the inverse of partTensor for complex e).
func fromPartTensor(x *ir.Tensor, e ir.ElementType, shape []int64) *ir.Tensor {
	if !e.IsComplex() {
		return x.Clone()
	}
	c := make([]complex128, len(x.F)/2)
	for i := range c {
		c[i] = complex(x.F[2*i], x.F[2*i+1])
	}
	return &ir.Tensor{Type: ir.TensorOf(e, shape...), C: c}
}
