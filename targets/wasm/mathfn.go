package wasm

import (
	"math"

	"github.com/zmlc/zmlc/targets/kernel"
)

// The helper functions: internal (not exported) functions of the module
// that kernels call for operations Wasm has no instruction for. Float
// helpers work on f64; f32 values are promoted and the result demoted,
// which keeps f32 results within 1 ULP of the correctly rounded value.
const (
	hExp = iota
	hLog
	hExpm1
	hLog1p
	hTanh
	hLogistic
	hFmod
	hIPow
	numHelpers
)

// helpers adds helper functions to a module on first use.
type helpers struct {
	m   *Module
	idx [numHelpers]int64
}

func newHelpers(m *Module) *helpers { return &helpers{m: m} }

// unary returns the helper computing a unary float kind in f64.
func (h *helpers) unary(k kernel.Kind) (int64, bool) {
	switch k {
	case kernel.Exp:
		return h.get(hExp), true
	case kernel.Log:
		return h.get(hLog), true
	case kernel.Expm1:
		return h.get(hExpm1), true
	case kernel.Log1p:
		return h.get(hLog1p), true
	case kernel.Tanh:
		return h.get(hTanh), true
	case kernel.Logistic:
		return h.get(hLogistic), true
	}
	return 0, false
}

// binary returns the helper computing a binary float kind in f64.
func (h *helpers) binary(k kernel.Kind) (int64, bool) {
	if k == kernel.Rem {
		return h.get(hFmod), true
	}
	return 0, false
}

// get returns the function index of helper id, building it if needed.
func (h *helpers) get(id int) int64 {
	if h.idx[id] != 0 {
		return h.idx[id]
	}
	var f *Func
	switch id {
	case hExp:
		f = h.buildExp()
	case hLog:
		f = h.buildLog()
	case hExpm1:
		f = h.buildExpm1()
	case hLog1p:
		f = h.buildLog1p()
	case hTanh:
		f = h.buildTanh()
	case hLogistic:
		f = h.buildLogistic()
	case hFmod:
		f = h.buildFmod()
	case hIPow:
		f = h.buildIPow()
	}
	h.m.Funcs = append(h.m.Funcs, f)
	h.idx[id] = h.m.FuncIndex(len(h.m.Funcs) - 1)
	return h.idx[id]
}

var f64to64 = FuncType{Params: []ValType{F64}, Results: []ValType{F64}}

// horner pushes c[0] + x*(c[1] + x*(c[2] + ...)) with x in local x.
func (b *fb) horner(x int64, c []float64) {
	b.f64(c[len(c)-1])
	for i := len(c) - 2; i >= 0; i-- {
		b.get(x)
		b.op(OpF64Mul)
		b.f64(c[i])
		b.op(OpF64Add)
	}
}

// twoAtanh pushes 2*atanh(s) by the first n terms of its series,
// 2*s*(1 + s2/3 + s2^2/5 + ...), with s and s2 = s*s in those locals.
func (b *fb) twoAtanh(s, s2 int64, n int) {
	c := make([]float64, n)
	for i := range c {
		c[i] = 1 / float64(2*i+1)
	}
	b.horner(s2, c)
	b.get(s)
	b.op(OpF64Mul)
	b.f64(2)
	b.op(OpF64Mul)
}

// retIf returns the f64 in local v when the i32 condition on the stack holds.
func (b *fb) retIf(push func()) {
	b.iff()
	push()
	b.op(OpReturn)
	b.end()
}

const (
	ln2Hi = 6.93147180369123816490e-01
	ln2Lo = 1.90821492927058770002e-10
)

// buildExp: exp(x) = 2^k * p(r), k = round(x/ln2), r = x - k*ln2 (two
// parts), p the Taylor polynomial to degree 13 (|r| <= 0.35).
func (h *helpers) buildExp() *Func {
	b := newFB("zml_exp", f64to64)
	const x = 0
	k, r, ki := b.local(F64), b.local(F64), b.local(I64)
	// NaN, overflow, underflow.
	b.get(x)
	b.get(x)
	b.op(OpF64Ne)
	b.retIf(func() { b.get(x) })
	b.get(x)
	b.f64(709.782712893384)
	b.op(OpF64Gt)
	b.retIf(func() { b.f64(math.Inf(1)) })
	b.get(x)
	b.f64(-745.2)
	b.op(OpF64Lt)
	b.retIf(func() { b.f64(0) })
	b.get(x)
	b.f64(1 / math.Ln2)
	b.op(OpF64Mul, OpF64Nearest)
	b.tee(k)
	b.op(OpI64TruncSatF64S)
	b.set(ki)
	b.get(x)
	b.get(k)
	b.f64(ln2Hi)
	b.op(OpF64Mul, OpF64Sub)
	b.get(k)
	b.f64(ln2Lo)
	b.op(OpF64Mul, OpF64Sub)
	b.set(r)
	c := make([]float64, 14)
	f := 1.0
	for i := range c {
		if i > 0 {
			f *= float64(i)
		}
		c[i] = 1 / f
	}
	b.horner(r, c)
	// Scale by 2^k in two steps (k in [-1075, 1024]).
	pow2 := func(push func()) {
		push()
		b.i64(1023)
		b.op(OpI64Add)
		b.i64(52)
		b.op(OpI64Shl, OpF64ReinterpretI64, OpF64Mul)
	}
	pow2(func() {
		b.get(ki)
		b.i64(2)
		b.op(OpI64DivS)
	})
	pow2(func() {
		b.get(ki)
		b.get(ki)
		b.i64(2)
		b.op(OpI64DivS, OpI64Sub)
	})
	return b.f
}

// buildLog: log(x) = e*ln2 + 2*atanh(s), s = (m-1)/(m+1), x = m*2^e with
// m in [sqrt(1/2), sqrt(2)); the atanh series to s^21.
func (h *helpers) buildLog() *Func {
	b := newFB("zml_log", f64to64)
	const x = 0
	e, m, s, s2, bits := b.local(F64), b.local(F64), b.local(F64), b.local(F64), b.local(I64)
	b.get(x)
	b.get(x)
	b.op(OpF64Ne)
	b.retIf(func() { b.get(x) })
	b.get(x)
	b.f64(0)
	b.op(OpF64Lt)
	b.retIf(func() { b.f64(math.NaN()) })
	b.get(x)
	b.f64(0)
	b.op(OpF64Eq)
	b.retIf(func() { b.f64(math.Inf(-1)) })
	b.get(x)
	b.f64(math.Inf(1))
	b.op(OpF64Eq)
	b.retIf(func() { b.get(x) })
	b.f64(0)
	b.set(e)
	// Subnormals: scale up by 2^54.
	b.get(x)
	b.f64(0x1p-1022)
	b.op(OpF64Lt)
	b.iff()
	b.get(x)
	b.f64(0x1p54)
	b.op(OpF64Mul)
	b.set(x)
	b.f64(-54)
	b.set(e)
	b.end()
	b.get(x)
	b.op(OpI64ReinterpretF64)
	b.set(bits)
	b.get(e)
	b.get(bits)
	b.i64(52)
	b.op(OpI64ShrU)
	b.i64(1023)
	b.op(OpI64Sub, OpF64ConvertI64S, OpF64Add)
	b.set(e)
	b.get(bits)
	b.i64(1<<52 - 1)
	b.op(OpI64And)
	b.i64(1023 << 52)
	b.op(OpI64Or, OpF64ReinterpretI64)
	b.set(m)
	b.get(m)
	b.f64(math.Sqrt2)
	b.op(OpF64Gt)
	b.iff()
	b.get(m)
	b.f64(0.5)
	b.op(OpF64Mul)
	b.set(m)
	b.get(e)
	b.f64(1)
	b.op(OpF64Add)
	b.set(e)
	b.end()
	b.get(m)
	b.f64(1)
	b.op(OpF64Sub)
	b.get(m)
	b.f64(1)
	b.op(OpF64Add, OpF64Div)
	b.tee(s)
	b.get(s)
	b.op(OpF64Mul)
	b.set(s2)
	// e*ln2Hi + (2*s*P(s2) + e*ln2Lo)
	b.get(e)
	b.f64(ln2Hi)
	b.op(OpF64Mul)
	b.twoAtanh(s, s2, 11)
	b.get(e)
	b.f64(ln2Lo)
	b.op(OpF64Mul, OpF64Add, OpF64Add)
	return b.f
}

// buildExpm1: the Taylor series for |x| < 0.5, exp(x) - 1 otherwise.
func (h *helpers) buildExpm1() *Func {
	exp := h.get(hExp)
	b := newFB("zml_expm1", f64to64)
	const x = 0
	b.get(x)
	b.op(OpF64Abs)
	b.f64(0.5)
	b.op(OpF64Lt)
	b.iffT(F64)
	c := make([]float64, 18)
	f := 1.0
	for i := range c {
		f *= float64(i + 1)
		c[i] = 1 / f
	}
	b.horner(x, c)
	b.get(x)
	b.op(OpF64Mul)
	b.els()
	b.get(x)
	b.call(exp)
	b.f64(1)
	b.op(OpF64Sub)
	b.end()
	return b.f
}

// buildLog1p: 2*atanh(x/(2+x)) by its series for |x| < 0.5, log(1+x)
// otherwise.
func (h *helpers) buildLog1p() *Func {
	log := h.get(hLog)
	b := newFB("zml_log1p", f64to64)
	const x = 0
	s, s2 := b.local(F64), b.local(F64)
	b.get(x)
	b.op(OpF64Abs)
	b.f64(0.5)
	b.op(OpF64Lt)
	b.iffT(F64)
	b.get(x)
	b.get(x)
	b.f64(2)
	b.op(OpF64Add, OpF64Div)
	b.tee(s)
	b.get(s)
	b.op(OpF64Mul)
	b.set(s2)
	b.twoAtanh(s, s2, 20)
	b.els()
	b.get(x)
	b.f64(1)
	b.op(OpF64Add)
	b.call(log)
	b.end()
	return b.f
}

// buildTanh: copysign(t/(t+2), x) with t = expm1(2|x|); ±1 beyond 22.
func (h *helpers) buildTanh() *Func {
	expm1 := h.get(hExpm1)
	b := newFB("zml_tanh", f64to64)
	const x = 0
	t := b.local(F64)
	b.get(x)
	b.op(OpF64Abs)
	b.f64(22)
	b.op(OpF64Gt)
	b.retIf(func() {
		b.f64(1)
		b.get(x)
		b.op(OpF64Copysign)
	})
	b.get(x)
	b.op(OpF64Abs)
	b.f64(2)
	b.op(OpF64Mul)
	b.call(expm1)
	b.tee(t)
	b.get(t)
	b.f64(2)
	b.op(OpF64Add, OpF64Div)
	b.get(x)
	b.op(OpF64Copysign)
	return b.f
}

// buildLogistic: with t = exp(-|x|), 1 / (1 + t) for x >= 0 and
// t / (1 + t) for x < 0, as the reference computes it (the second form
// keeps the subnormal results below x = -708 that 1/(1 + exp(-x)) loses
// to the overflow of exp(-x)).
func (h *helpers) buildLogistic() *Func {
	exp := h.get(hExp)
	b := newFB("zml_logistic", f64to64)
	t := b.local(F64)
	b.get(0)
	b.op(OpF64Abs)
	b.op(OpF64Neg)
	b.call(exp)
	b.set(t)
	b.get(0)
	b.f64(0)
	b.op(OpF64Lt)
	b.iffT(F64)
	b.get(t)
	b.els()
	b.f64(1)
	b.end()
	b.f64(1)
	b.get(t)
	b.op(OpF64Add, OpF64Div)
	return b.f
}

// buildFmod: the exact remainder with the dividend's sign (C fmod) by
// binary long division: every subtraction is exact (Sterbenz).
func (h *helpers) buildFmod() *Func {
	b := newFB("zml_fmod", FuncType{Params: []ValType{F64, F64}, Results: []ValType{F64}})
	const x, y = 0, 1
	r, t, ay := b.local(F64), b.local(F64), b.local(F64)
	// NaN operands, x infinite or y zero: NaN. y infinite: x.
	b.get(x)
	b.get(x)
	b.op(OpF64Sub)
	b.get(x)
	b.get(x)
	b.op(OpF64Sub)
	b.op(OpF64Ne)
	b.get(y)
	b.get(y)
	b.op(OpF64Ne)
	b.op(OpI32Or)
	b.get(y)
	b.f64(0)
	b.op(OpF64Eq)
	b.op(OpI32Or)
	b.retIf(func() { b.f64(math.NaN()) })
	b.get(y)
	b.op(OpF64Abs)
	b.tee(ay)
	b.f64(math.Inf(1))
	b.op(OpF64Eq)
	b.retIf(func() { b.get(x) })
	b.get(x)
	b.op(OpF64Abs)
	b.set(r)
	b.get(ay)
	b.set(t)
	// t = the largest ay*2^k <= r.
	b.block()
	b.loop()
	b.get(t)
	b.f64(2)
	b.op(OpF64Mul)
	b.get(r)
	b.op(OpF64Gt)
	b.brIf(1)
	b.get(t)
	b.f64(2)
	b.op(OpF64Mul)
	b.set(t)
	b.br(0)
	b.end()
	b.end()
	// while t >= ay { if r >= t { r -= t }; t /= 2 }
	b.block()
	b.loop()
	b.get(t)
	b.get(ay)
	b.op(OpF64Lt)
	b.brIf(1)
	b.get(r)
	b.get(t)
	b.op(OpF64Ge)
	b.iff()
	b.get(r)
	b.get(t)
	b.op(OpF64Sub)
	b.set(r)
	b.end()
	b.get(t)
	b.f64(0.5)
	b.op(OpF64Mul)
	b.set(t)
	b.br(0)
	b.end()
	b.end()
	b.get(r)
	b.get(x)
	b.op(OpF64Copysign)
	return b.f
}

// buildIPow: integer power (a, b, signed) on 64 bits by squaring; a
// negative exponent of a signed type gives 0 except for bases 1 and -1.
func (h *helpers) buildIPow() *Func {
	b := newFB("zml_ipow", FuncType{Params: []ValType{I64, I64, I32}, Results: []ValType{I64}})
	const a, e, signed = 0, 1, 2
	r := b.local(I64)
	b.get(signed)
	b.get(e)
	b.i64(0)
	b.op(OpI64LtS, OpI32And)
	b.iff()
	b.get(a)
	b.i64(1)
	b.op(OpI64Eq)
	b.retIf(func() { b.i64(1) })
	b.get(a)
	b.i64(-1)
	b.op(OpI64Eq)
	b.retIf(func() {
		// -1 for odd exponents, 1 for even ones.
		b.i64(1)
		b.get(e)
		b.i64(1)
		b.op(OpI64And)
		b.i64(1)
		b.op(OpI64Shl, OpI64Sub)
	})
	b.i64(0)
	b.op(OpReturn)
	b.end()
	b.i64(1)
	b.set(r)
	b.block()
	b.loop()
	b.get(e)
	b.op(OpI64Eqz)
	b.brIf(1)
	b.get(e)
	b.i64(1)
	b.op(OpI64And)
	b.op(OpI32WrapI64)
	b.iff()
	b.get(r)
	b.get(a)
	b.op(OpI64Mul)
	b.set(r)
	b.end()
	b.get(a)
	b.get(a)
	b.op(OpI64Mul)
	b.set(a)
	b.get(e)
	b.i64(1)
	b.op(OpI64ShrU)
	b.set(e)
	b.br(0)
	b.end()
	b.end()
	b.get(r)
	return b.f
}
