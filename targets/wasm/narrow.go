package wasm

import (
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
)

// Narrow floats (f16, bf16) are held as their 16 bits, zero-extended in an
// i32, and stored with i32.store16; the 8-bit floats as their byte, stored
// with i32.store8 (narrow_f8.go). Kernels holding them are legalised
// (targets/gpu.Legalize computes their arithmetic in f32 and rounds back
// once), so the renderer sees them only in loads, stores, constants,
// selects, variables, bitcasts, converts and comparisons. Rounding to a
// narrow float is round to nearest even, from f64 through a round-to-odd
// f32 so that the result is rounded once (as targets/llvm does).

// isNarrow reports whether t is a float held as its 16 or 8 bits in an i32.
func isNarrow(t ir.ElementType) bool { return t == ir.F16 || t == ir.BF16 || isF8(t) }

// hasNarrow reports whether a kernel uses a narrow float buffer or value.
func hasNarrow(k *kernel.Kernel) bool {
	for _, p := range k.Params {
		if isNarrow(p.Elem) {
			return true
		}
	}
	var walk func([]*kernel.Node) bool
	walk = func(body []*kernel.Node) bool {
		for _, n := range body {
			if isNarrow(n.Type) {
				return true
			}
			for _, a := range n.Args {
				if isNarrow(a.Type) {
					return true
				}
			}
			if walk(n.Body) || walk(n.Else) {
				return true
			}
		}
		return false
	}
	return walk(k.Body)
}

// widenNarrow turns the narrow float t (bits in an i32) on the stack into
// the f32 of the same value (exact).
func (b *fb) widenNarrow(t ir.ElementType) {
	if isF8(t) {
		b.widenF8(t)
		return
	}
	if t == ir.BF16 {
		b.i32(16)
		b.op(OpI32Shl, OpF32ReinterpretI32)
		return
	}
	// f16: em = h & 0x7fff moved to f32's position. Finite values
	// (em < 0x7c00): reinterpret(em << 13) * 2^112, exact for normals and
	// subnormals; infinities and NaNs: (em << 13) + (224 << 23). The sign
	// is or'ed in.
	h, em := b.local(I32), b.local(I32)
	b.tee(h)
	b.i32(0x7fff)
	b.op(OpI32And)
	b.tee(em)
	b.i32(13)
	b.op(OpI32Shl)
	b.op(OpF32ReinterpretI32)
	b.f32(0x1p112)
	b.op(OpF32Mul, OpI32ReinterpretF32)
	b.get(em)
	b.i32(13)
	b.op(OpI32Shl)
	b.i32(224 << 23)
	b.op(OpI32Add)
	b.get(em)
	b.i32(0x7c00)
	b.op(OpI32LtU)
	b.op(OpSelect)
	b.get(h)
	b.i32(0x8000)
	b.op(OpI32And)
	b.i32(16)
	b.op(OpI32Shl, OpI32Or, OpF32ReinterpretI32)
}

// narrowF32 rounds the f32 on the stack to the narrow float t (its bits
// in an i32), to nearest even; NaN stays a quiet NaN.
func (b *fb) narrowF32(t ir.ElementType) {
	x := b.local(I32)
	b.op(OpI32ReinterpretF32)
	b.set(x)
	if isF8(t) {
		b.narrowF8(t, x)
		return
	}
	if t == ir.BF16 {
		// NaN: the high half with the quiet bit; else round the bits.
		b.get(x)
		b.i32(16)
		b.op(OpI32ShrU)
		b.i32(0x40)
		b.op(OpI32Or)
		b.get(x)
		b.i32(0x7fff)
		b.get(x)
		b.i32(16)
		b.op(OpI32ShrU)
		b.i32(1)
		b.op(OpI32And, OpI32Add, OpI32Add)
		b.i32(16)
		b.op(OpI32ShrU)
		b.get(x)
		b.i32(0x7fffffff)
		b.op(OpI32And)
		b.i32(0x7f800000)
		b.op(OpI32GtU)
		b.op(OpSelect)
		return
	}
	// f16 from a = |x| (bits): a >= 2^16 (f16 overflow after rounding
	// bound 65520 is handled by the normal path's carry into the exponent,
	// capped here at the f16 range 0x47800000): infinity, or a quiet NaN;
	// a < 2^-14 (subnormal or zero): add 0.5 as a float, whose rounding is
	// the f16 subnormal rounding, and take the low bits; else round the
	// bits to 10 mantissa bits, nearest even, and rebias.
	a, sign := b.local(I32), b.local(I32)
	b.get(x)
	b.i32(0x7fffffff)
	b.op(OpI32And)
	b.set(a)
	b.get(x)
	b.i32(16)
	b.op(OpI32ShrU)
	b.i32(0x8000)
	b.op(OpI32And)
	b.set(sign)
	// normal: (a + ((15-127) << 23) + 0xfff + ((a >> 13) & 1)) >> 13
	b.get(a)
	b.i32((15-127)<<23 + 0xfff)
	b.op(OpI32Add)
	b.get(a)
	b.i32(13)
	b.op(OpI32ShrU)
	b.i32(1)
	b.op(OpI32And, OpI32Add)
	b.i32(13)
	b.op(OpI32ShrU)
	// subnormal: bits(f(a) + 0.5) - bits(0.5)
	b.get(a)
	b.op(OpF32ReinterpretI32)
	b.f32(0.5)
	b.op(OpF32Add, OpI32ReinterpretF32)
	b.i32(126 << 23)
	b.op(OpI32Sub)
	b.get(a)
	b.i32(113 << 23)
	b.op(OpI32GeU)
	b.op(OpSelect)
	// overflow and NaN
	b.i32(0x7e00)
	b.i32(0x7c00)
	b.get(a)
	b.i32(0x7f800000)
	b.op(OpI32GtU)
	b.op(OpSelect)
	b.get(a)
	b.i32(143 << 23)
	b.op(OpI32GeU)
	// stack: rounded, special, isSpecial -> select(special, rounded)
	sp := b.local(I32)
	b.set(sp)
	s := b.local(I32)
	b.set(s)
	r := b.local(I32)
	b.set(r)
	b.get(s)
	b.get(r)
	b.get(sp)
	b.op(OpSelect)
	b.get(sign)
	b.op(OpI32Or)
}

// roundToOddF32 rounds the f64 on the stack to f32 with round-to-odd
// (truncate, then set the last bit when inexact): a following rounding to
// a format of at most 22 significand bits rounds as if from the f64.
func (b *fb) roundToOddF32() {
	x, t := b.local(F64), b.local(F32)
	b.tee(x)
	b.op(OpF32DemoteF64)
	b.tee(t)
	b.op(OpI32ReinterpretF32)
	// away := |f64(t)| > |x|: step the bits one towards zero.
	b.get(t)
	b.op(OpF64PromoteF32, OpF64Abs)
	b.get(x)
	b.op(OpF64Abs, OpF64Gt, OpI32Sub)
	b.i32(1)
	b.op(OpI32Or)
	b.get(t)
	b.op(OpI32ReinterpretF32)
	b.get(t)
	b.op(OpF64PromoteF32)
	b.get(x)
	b.op(OpF64Ne)
	b.op(OpSelect)
	b.op(OpF32ReinterpretI32)
}

// convertNarrow turns the value of type from on the stack into type to,
// where one of them is a narrow float.
func (r *kr) convertNarrow(from, to ir.ElementType, n *kernel.Node) error {
	b := r.b
	if isNarrow(from) {
		b.widenNarrow(from)
		if isNarrow(to) {
			b.narrowF32(to)
			return nil
		}
		return r.convert(ir.F32, to, n)
	}
	switch {
	case from == ir.F32:
	case from == ir.F64:
		b.roundToOddF32()
	default:
		// Integers (and i1) convert exactly or rounded once to f64.
		if err := r.convert(from, ir.F64, n); err != nil {
			return err
		}
		b.roundToOddF32()
	}
	b.narrowF32(to)
	return nil
}

// narrowCompare pushes a comparison of two narrow floats, computed on
// their exact f32 values.
func (r *kr) narrowCompare(n *kernel.Node) error {
	t := n.Args[0].Type
	for _, a := range n.Args[:2] {
		if err := r.push(a); err != nil {
			return err
		}
		r.b.widenNarrow(t)
	}
	o := f32ops
	op, ok := map[kernel.Kind]Op{kernel.EQ: o.eq, kernel.NE: o.ne, kernel.LT: o.lt,
		kernel.LE: o.le, kernel.GT: o.gt, kernel.GE: o.ge}[n.Kind]
	if !ok {
		return r.errorf("%%%d: %s on %s is not supported by the wasm target", n.ID, n.Kind, t)
	}
	r.b.op(op)
	return nil
}
