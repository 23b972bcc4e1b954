package llvm

import (
	"math"

	zir "github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// The 8-bit floats f8E4M3FN and f8E5M2 (OCP "8-bit Floating Point
// Specification (OFP8)", 2023) have no LLVM type. legalizeF8 rewrites a
// legalised kernel (targets/gpu's Legalize: f8 arithmetic already computes
// in f32) so that every f8 buffer and value is held as its byte (ui8) and
// every convert to or from f8 becomes integer and f32 operations, the
// method of the wasm target (targets/wasm/narrow_f8.go) written as kernel
// IR. Encodings and rounding follow ir.FloatBits, ir.FloatFromBits and
// ir.RoundFloat: f8E5M2 is IEEE-like (bias 15, infinities, NaN S.11111.xx,
// canonical S.11111.10); f8E4M3FN (bias 7) has no infinities, overflow and
// infinities become the NaN 0x7F (positive), and a NaN keeps its sign as
// S.1111.111. Rounding is to nearest even, once: f64 (and integers, through
// f64) are first rounded to f32 with round-to-odd.

// isF8 reports whether t is an 8-bit float.
func isF8(t zir.ElementType) bool { return t == zir.F8E4M3FN || t == zir.F8E5M2 }

// hasF8 reports whether a kernel has an f8 buffer or value.
func hasF8(k *K.Kernel) bool {
	for _, b := range append(append([]*K.Buffer{}, k.Params...), k.Shared...) {
		if isF8(b.Elem) {
			return true
		}
	}
	var walk func([]*K.Node) bool
	walk = func(body []*K.Node) bool {
		for _, n := range body {
			if isF8(n.Type) {
				return true
			}
			for _, a := range n.Args {
				if isF8(a.Type) {
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

// legalizeF8 returns k when it holds no f8, else a copy in which f8
// buffers are ui8 buffers (new Buffer values; k and its buffers are not
// modified), f8 values are ui8 values holding the bits, and converts to or
// from f8 are expanded. k must be legalised (targets/gpu.IsPrimitive
// nodes): f8 then appears only in loads, stores, variables, constants,
// selects, bitcasts and converts.
func legalizeF8(k *K.Kernel) *K.Kernel {
	if !hasF8(k) {
		return k
	}
	r := &f8Rewriter{nodes: map[*K.Node]*K.Node{}, bufs: map[*K.Buffer]*K.Buffer{}}
	nk := &K.Kernel{Name: k.Name, Source: k.Source}
	for _, b := range k.Params {
		nk.Params = append(nk.Params, r.buf(b))
	}
	for _, b := range k.Shared {
		nk.Shared = append(nk.Shared, r.buf(b))
	}
	nk.Body = r.body(k.Body)
	return nk
}

// f8Rewriter maps the nodes and buffers of the kernel being rewritten to
// those of its copy.
type f8Rewriter struct {
	nodes map[*K.Node]*K.Node
	bufs  map[*K.Buffer]*K.Buffer
}

// buf returns the copy's buffer for b: b itself unless it holds f8.
func (r *f8Rewriter) buf(b *K.Buffer) *K.Buffer {
	if nb, ok := r.bufs[b]; ok {
		return nb
	}
	nb := b
	if isF8(b.Elem) {
		c := *b
		c.Elem = zir.UI8
		nb = &c
	}
	r.bufs[b] = nb
	return nb
}

// arg returns the copy's node for the operand a: its rewritten node, an
// f8 constant as its byte, or a (other constants are shared).
func (r *f8Rewriter) arg(a *K.Node) *K.Node {
	if m, ok := r.nodes[a]; ok {
		return m
	}
	if a.Kind == K.Const && isF8(a.Type) {
		return K.ConstOf(zir.UI8, int64(zir.FloatBits(a.F, a.Type)))
	}
	return a
}

// body rewrites a list of nodes.
func (r *f8Rewriter) body(body []*K.Node) []*K.Node {
	var out []*K.Node
	for _, n := range body {
		args := make([]*K.Node, len(n.Args))
		for i, a := range n.Args {
			args[i] = r.arg(a)
		}
		if n.Kind == K.Convert && (isF8(n.Type) || isF8(n.Args[0].Type)) {
			b := K.NewBuilder("")
			r.nodes[n] = convertF8(b, args[0], n.Args[0].Type, n.Type)
			out = append(out, b.K.Body...)
			continue
		}
		m := *n
		m.Args = args
		if isF8(m.Type) {
			m.Type = zir.UI8
		}
		if m.Buf != nil {
			m.Buf = r.buf(m.Buf)
		}
		r.nodes[n] = &m
		if n.Kind == K.Loop || n.Kind == K.If {
			m.Body = r.body(n.Body)
			m.Else = r.body(n.Else)
		}
		out = append(out, &m)
	}
	return out
}

// convertF8 emits the convert of x from type from to type to, one of them
// f8; an f8 operand or result is its byte (ui8).
func convertF8(b *K.Builder, x *K.Node, from, to zir.ElementType) *K.Node {
	var w *K.Node // x as an f32, exact or rounded to odd
	switch {
	case isF8(from):
		w = widenF8(b, x, from)
	case from == zir.F32:
		w = x
	case from == zir.F64:
		w = roundToOddF32(b, x)
	case from == zir.F16 || from == zir.BF16:
		w = b.Convert(x, zir.F32)
	default:
		// Integers convert exactly or rounded once to f64.
		w = roundToOddF32(b, b.Convert(x, zir.F64))
	}
	if isF8(to) {
		return narrowF8(b, w, to)
	}
	return b.Convert(w, to)
}

func u32(v int64) *K.Node { return K.ConstOf(zir.UI32, v) }

// widenF8 returns the f32 of the same value as the f8 t whose byte is h.
func widenF8(b *K.Builder, h *K.Node, t zir.ElementType) *K.Node {
	h32 := b.Convert(h, zir.UI32)
	em := b.Bin(K.And, h32, u32(0x7f))
	var v *K.Node
	if t == zir.F8E5M2 {
		// em << 21 is the value scaled by 2^-112 (exact for normals and
		// subnormals); em >= 0x7c is Inf or NaN, rebiased by 224 << 23.
		e := b.Bin(K.Shl, em, u32(21))
		fin := b.Bitcast(b.Bin(K.Mul, b.Bitcast(e, zir.F32), K.ConstOf(zir.F32, 0x1p112)), zir.UI32)
		v = b.Select(b.Bin(K.LT, em, u32(0x7c)), fin, b.Bin(K.Add, e, u32(224<<23)))
	} else {
		// em << 20 is the value scaled by 2^-120; em == 0x7f is NaN.
		e := b.Bin(K.Shl, em, u32(20))
		fin := b.Bitcast(b.Bin(K.Mul, b.Bitcast(e, zir.F32), K.ConstOf(zir.F32, 0x1p120)), zir.UI32)
		v = b.Select(b.Bin(K.EQ, em, u32(0x7f)), u32(0x7fc00000), fin)
	}
	sign := b.Bin(K.Shl, b.Bin(K.And, h32, u32(0x80)), u32(24))
	return b.Bitcast(b.Bin(K.Or, v, sign), zir.F32)
}

// f8Format holds the constants of narrowF8's rounding for one f8 type.
type f8Format struct {
	mshift  int64 // 23 - mantissa bits
	bias    int64
	normMin int64 // f32 bits of the smallest normal
	subC    int64 // f32 bits of 2^k whose ulp is the subnormal quantum
	special int64 // f32 bits of |x| from which the result is Inf or NaN
}

var f8Formats = map[zir.ElementType]f8Format{
	// Quantum 2^-9; |x| > 464 (the tie between 448 and 480 rounds to 448)
	// is NaN.
	zir.F8E4M3FN: {mshift: 20, bias: 7, normMin: 121 << 23, subC: 141 << 23, special: 0x43e80001},
	// Quantum 2^-16; |x| >= 2^16 is Inf (below it, the rounding carries
	// into the Inf encoding from 61440 on).
	zir.F8E5M2: {mshift: 21, bias: 15, normMin: 113 << 23, subC: 134 << 23, special: 143 << 23},
}

// narrowF8 rounds the f32 w to the f8 t, to nearest even, and returns its
// byte (ui8).
func narrowF8(b *K.Builder, w *K.Node, t zir.ElementType) *K.Node {
	f := f8Formats[t]
	x := b.Bitcast(w, zir.UI32)
	a := b.Bin(K.And, x, u32(0x7fffffff))
	sign := b.Bin(K.And, b.Bin(K.ShrL, x, u32(24)), u32(0x80))
	// normal: (a + ((bias-127) << 23) + half-1 + lsb) >> mshift
	lsb := b.Bin(K.And, b.Bin(K.ShrL, a, u32(f.mshift)), u32(1))
	normal := b.Bin(K.ShrL, b.Bin(K.Add, b.Bin(K.Add, a, u32((f.bias-127)<<23+1<<(f.mshift-1)-1)), lsb), u32(f.mshift))
	// subnormal: bits(f(a) + C) - bits(C), rounded by the f32 add.
	c := K.ConstOf(zir.F32, float64(math.Float32frombits(uint32(f.subC))))
	sub := b.Bin(K.Sub, b.Bitcast(b.Bin(K.Add, b.Bitcast(a, zir.F32), c), zir.UI32), u32(f.subC))
	v := b.Select(b.Bin(K.GE, a, u32(f.normMin)), normal, sub)
	// Inf or NaN from |x| >= special.
	isSpecial := b.Bin(K.GE, a, u32(f.special))
	var special *K.Node
	if t == zir.F8E4M3FN {
		special = u32(0x7f)
		// Overflow (infinities included) is the positive NaN
		// (ir.RoundFloat); a NaN keeps its sign.
		overflow := b.Bin(K.And, isSpecial, b.Bin(K.LE, a, u32(0x7f800000)))
		sign = b.Select(overflow, u32(0), sign)
	} else {
		special = b.Select(b.Bin(K.GT, a, u32(0x7f800000)), u32(0x7e), u32(0x7c))
	}
	v = b.Select(isSpecial, special, v)
	return b.Convert(b.Bin(K.Or, v, sign), zir.UI8)
}

// roundToOddF32 rounds the f64 x to f32 with round-to-odd (truncate, then
// set the last bit when inexact): a following rounding to a format of at
// most 22 significand bits rounds as if from the f64.
func roundToOddF32(b *K.Builder, x *K.Node) *K.Node {
	t := b.Convert(x, zir.F32)
	back := b.Convert(t, zir.F64)
	exact := b.Bin(K.EQ, back, x)
	tb := b.Bitcast(t, zir.UI32)
	away := b.Bin(K.GT, b.Un(K.Abs, back), b.Un(K.Abs, x))
	tz := b.Select(away, b.Bin(K.Sub, tb, u32(1)), tb)
	odd := b.Bin(K.Or, tz, u32(1))
	return b.Bitcast(b.Select(exact, tb, odd), zir.F32)
}
