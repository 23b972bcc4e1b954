package wasm

import "github.com/zmlc/zmlc/ir"

// The 8-bit floats f8E4M3FN and f8E5M2 are held as their byte, zero-extended
// in an i32, and stored with i32.store8; like f16 they compute in f32
// (narrow.go). Their encodings and rounding follow ir.FloatBits and
// ir.FloatFromBits: f8E5M2 is IEEE-like (bias 15, infinities, NaN
// S.11111.xx, canonical S.11111.10); f8E4M3FN (bias 7) has no infinities,
// overflow and infinities become the NaN 0x7F (positive), and a NaN keeps
// its sign as S.1111.111.

// isF8 reports whether t is an 8-bit float.
func isF8(t ir.ElementType) bool { return t == ir.F8E4M3FN || t == ir.F8E5M2 }

// widenF8 turns the f8 t (its byte in an i32) on the stack into the f32 of
// the same value (exact).
func (b *fb) widenF8(t ir.ElementType) {
	if t == ir.F8E5M2 {
		// f8E5M2 is the high byte of an f16.
		b.i32(8)
		b.op(OpI32Shl)
		b.widenNarrow(ir.F16)
		return
	}
	// f8E4M3FN: em = h & 0x7f moved to f32's position is the value scaled
	// by 2^-120 (exact for normals and subnormals); em == 0x7f is NaN.
	h, em := b.local(I32), b.local(I32)
	b.tee(h)
	b.i32(0x7f)
	b.op(OpI32And)
	b.tee(em)
	b.i32(20)
	b.op(OpI32Shl)
	b.op(OpF32ReinterpretI32)
	b.f32(0x1p120)
	b.op(OpF32Mul, OpI32ReinterpretF32)
	b.i32(0x7fc00000)
	b.get(em)
	b.i32(0x7f)
	b.op(OpI32Ne)
	b.op(OpSelect)
	b.get(h)
	b.i32(0x80)
	b.op(OpI32And)
	b.i32(24)
	b.op(OpI32Shl, OpI32Or, OpF32ReinterpretI32)
}

// f8Format holds the constants of narrowF8's rounding for one f8 type.
type f8Format struct {
	mshift  int64 // 23 - mantissa bits
	bias    int64
	normMin int64 // f32 bits of the smallest normal
	subC    int64 // f32 bits of 2^k whose ulp is the subnormal quantum
	special int64 // f32 bits of |x| from which the result is Inf or NaN
}

var f8Formats = map[ir.ElementType]f8Format{
	// Quantum 2^-9; |x| > 464 (the tie between 448 and 480 rounds to 448)
	// is NaN.
	ir.F8E4M3FN: {mshift: 20, bias: 7, normMin: 121 << 23, subC: 141 << 23, special: 0x43e80001},
	// Quantum 2^-16; |x| >= 2^16 is Inf (below it, the rounding carries
	// into the Inf encoding from 61440 on).
	ir.F8E5M2: {mshift: 21, bias: 15, normMin: 113 << 23, subC: 134 << 23, special: 143 << 23},
}

// narrowF8 rounds the f32 whose bits are in local x to the f8 t (its byte
// in an i32), to nearest even.
func (b *fb) narrowF8(t ir.ElementType, x int64) {
	f := f8Formats[t]
	a, sign := b.local(I32), b.local(I32)
	b.get(x)
	b.i32(0x7fffffff)
	b.op(OpI32And)
	b.set(a)
	b.get(x)
	b.i32(24)
	b.op(OpI32ShrU)
	b.i32(0x80)
	b.op(OpI32And)
	b.set(sign)
	// normal: (a + ((bias-127) << 23) + half-1 + lsb) >> mshift
	b.get(a)
	b.i32((f.bias-127)<<23 + 1<<(f.mshift-1) - 1)
	b.op(OpI32Add)
	b.get(a)
	b.i32(f.mshift)
	b.op(OpI32ShrU)
	b.i32(1)
	b.op(OpI32And, OpI32Add)
	b.i32(f.mshift)
	b.op(OpI32ShrU)
	// subnormal: bits(f(a) + C) - bits(C), rounded by the f32 add.
	b.get(a)
	b.op(OpF32ReinterpretI32)
	b.i32(f.subC)
	b.op(OpF32ReinterpretI32, OpF32Add, OpI32ReinterpretF32)
	b.i32(f.subC)
	b.op(OpI32Sub)
	b.get(a)
	b.i32(f.normMin)
	b.op(OpI32GeU)
	b.op(OpSelect)
	// Inf or NaN from |x| >= special.
	if t == ir.F8E4M3FN {
		b.i32(0x7f)
	} else {
		b.i32(0x7e)
		b.i32(0x7c)
		b.get(a)
		b.i32(0x7f800000)
		b.op(OpI32GtU)
		b.op(OpSelect)
	}
	b.get(a)
	b.i32(f.special)
	b.op(OpI32LtU)
	b.op(OpSelect)
	// The sign; f8E4M3FN's overflow NaN is positive (ir.RoundFloat).
	if t == ir.F8E4M3FN {
		b.i32(0)
		b.get(sign)
		b.get(a)
		b.i32(f.special)
		b.op(OpI32GeU)
		b.get(a)
		b.i32(0x7f800000)
		b.op(OpI32LeU, OpI32And)
		b.op(OpSelect)
	} else {
		b.get(sign)
	}
	b.op(OpI32Or)
}
