package kernel

import (
	"math"

	"github.com/zmlc/zmlc/ir"
)

// Per-element lowerings of ops that expand to several kernel nodes:
// replica_id and partition_id (one process: 0), chlo.erf_inv (Go's
// math.Erfinv, the interpreter's reference, as rational approximations),
// reduce_precision (the interpreter's bit manipulation, after XLA) and
// bitcast_convert between element types of different widths (StableHLO
// spec: little-endian pieces along a new or consumed minor dimension).

// genMisc emits op's result at idx for the ops above; ok is false for any
// other op.
func (k *kgen) genMisc(op *ir.Op, idx []*Node) (vals []*Node, ok bool, err error) {
	out := op.Results[0].Tensor()
	switch op.Name {
	case "stablehlo.replica_id", "stablehlo.partition_id":
		// The kernel lowering compiles for one process: replica 0 of one,
		// partition 0 of one (spec: replica_id, partition_id).
		return []*Node{ConstOf(out.Elem, int64(0))}, true, nil
	case "chlo.erf_inv":
		x := k.valueAt(op.Operands[0], idx)
		if !x.Type.IsFloat() {
			return nil, true, errorf(op, "not supported on %s", x.Type)
		}
		return []*Node{k.erfInv(x)}, true, nil
	case "stablehlo.reduce_precision":
		v, err := k.reducePrecision(op, k.valueAt(op.Operands[0], idx))
		return []*Node{v}, true, err
	}
	return nil, false, nil
}

// uintOf returns the unsigned integer type of w bits (8, 16, 32 or 64).
func uintOf(w int) (ir.ElementType, bool) {
	switch w {
	case 8:
		return ir.UI8, true
	case 16:
		return ir.UI16, true
	case 32:
		return ir.UI32, true
	case 64:
		return ir.UI64, true
	}
	return ir.Invalid, false
}

// bitsOf reinterprets x as the unsigned integer of its width.
func (k *kgen) bitsOf(x *Node) *Node {
	u, _ := uintOf(x.Type.Bits())
	if x.Type == u {
		return x
	}
	if x.Type.IsFloat() {
		return k.b.Bitcast(x, u)
	}
	return k.b.Convert(x, u) // same width: the bits are kept
}

// fromBits reinterprets the unsigned integer u (of t's width) as t.
func (k *kgen) fromBits(u *Node, t ir.ElementType) *Node {
	if t.IsFloat() {
		return k.b.Bitcast(u, t)
	}
	return k.b.Convert(u, t)
}

// bitcastWidths lowers bitcast_convert between widths: narrowing
// (W-bit operand [..] to w-bit result [.., W/w]) takes piece j =
// (bits >> j*w) truncated; widening (w-bit operand [.., W/w] to W-bit
// result [..]) ORs piece j shifted left by j*w.
func (k *kgen) bitcastWidths(op *ir.Op, idx []*Node) (*Node, error) {
	b := k.b
	in, out := op.Operands[0].Tensor(), op.Results[0].Tensor()
	wi, wo := in.Elem.Bits(), out.Elem.Bits()
	ui, ok1 := uintOf(wi)
	uo, ok2 := uintOf(wo)
	if !ok1 || !ok2 || in.Elem == ir.I1 || out.Elem == ir.I1 {
		return nil, errorf(op, "bitcast between %s and %s is not supported", in.Elem, out.Elem)
	}
	switch {
	case wi > wo && out.Rank() == in.Rank()+1 && out.Shape[out.Rank()-1] == int64(wi/wo):
		x := k.bitsOf(k.valueAt(op.Operands[0], idx[:len(idx)-1]))
		j := idx[len(idx)-1]
		sh := b.Bin(Mul, b.Convert(j, ui), ConstOf(ui, int64(wo)))
		piece := b.Convert(b.Bin(ShrL, x, sh), uo)
		return k.fromBits(piece, out.Elem), nil
	case wi < wo && in.Rank() == out.Rank()+1 && in.Shape[in.Rank()-1] == int64(wo/wi):
		acc := ConstOf(uo, int64(0))
		for j := 0; j < wo/wi; j++ {
			ix := append(append([]*Node{}, idx...), Idx(int64(j)))
			p := b.Convert(k.bitsOf(k.valueAt(op.Operands[0], ix)), uo)
			if j > 0 {
				p = b.Bin(Shl, p, ConstOf(uo, int64(j*wi)))
			}
			if j == 0 {
				acc = p
			} else {
				acc = b.Bin(Or, acc, p)
			}
		}
		return k.fromBits(acc, out.Elem), nil
	}
	return nil, errorf(op, "bitcast from %s to %s: shapes do not match the widths", in, out)
}

// polyEval returns ((c[n-1]*r + c[n-2])*r + ...)*r + c[0] in r's type.
func (k *kgen) polyEval(r *Node, c []float64) *Node {
	b := k.b
	t := r.Type
	acc := ConstOf(t, c[len(c)-1])
	for i := len(c) - 2; i >= 0; i-- {
		acc = b.Bin(Add, b.Bin(Mul, acc, r), ConstOf(t, c[i]))
	}
	return acc
}

// The coefficients of Go's math.Erfinv (Wichura, "Algorithm AS241: The
// percentage points of the normal distribution", 1988), constant term first.
var (
	erfinvA = []float64{1.1975323115670912564578e0, 4.7072688112383978012285e1, 6.9706266534389598238465e2, 4.8548868893843886794648e3, 1.6235862515167575384252e4, 2.3782041382114385731252e4, 1.1819493347062294404278e4, 8.8709406962545514830200e2}
	erfinvB = []float64{1.0000000000000000000e0, 4.2313330701600911252e1, 6.8718700749205790830e2, 5.3941960214247511077e3, 2.1213794301586595867e4, 3.9307895800092710610e4, 2.8729085735721942674e4, 5.2264952788528545610e3}
	erfinvC = []float64{1.42343711074968357734e0, 4.63033784615654529590e0, 5.76949722146069140550e0, 3.64784832476320460504e0, 1.27045825245236838258e0, 2.41780725177450611770e-1, 2.27238449892691845833e-2, 7.74545014278341407640e-4}
	erfinvD = []float64{1.4142135623730950488016887e0, 2.9036514445419946173133295e0, 2.3707661626024532365971225e0, 9.7547832001787427186894837e-1, 2.0945065210512749128288442e-1, 2.1494160384252876777097297e-2, 7.7441459065157709165577218e-4, 1.4859850019840355905497876e-9}
	erfinvE = []float64{6.65790464350110377720e0, 5.46378491116411436990e0, 1.78482653991729133580e0, 2.96560571828504891230e-1, 2.65321895265761230930e-2, 1.24266094738807843860e-3, 2.71155556874348757815e-5, 2.01033439929228813265e-7}
	erfinvF = []float64{1.414213562373095048801689e0, 8.482908416595164588112026e-1, 1.936480946950659106176712e-1, 2.103693768272068968719679e-2, 1.112800997078859844711555e-3, 2.611088405080593625138020e-5, 2.010321207683943062279931e-7, 2.891024605872965461538222e-15}
)

// erfInv emits Go's math.Erfinv on x without branches: the three ranges
// are computed and selected. f32 and f64 compute in their own type, the
// narrower floats in f32. erf_inv(±1) = ±Inf, outside [-1, 1] and NaN give
// NaN.
func (k *kgen) erfInv(x *Node) *Node {
	b := k.b
	orig := x.Type
	t := orig
	if t != ir.F64 && t != ir.F32 {
		t = ir.F32
		x = b.Convert(x, t)
	}
	a := b.Un(Abs, x)
	r := b.Bin(Sub, ConstOf(t, 0.180625), b.Bin(Mul, ConstOf(t, 0.25), b.Bin(Mul, a, a)))
	small := b.Bin(Div, b.Bin(Mul, a, k.polyEval(r, erfinvA)), k.polyEval(r, erfinvB))
	s := b.Un(Sqrt, b.Bin(Sub, ConstOf(t, math.Ln2), b.Un(Log, b.Bin(Sub, ConstOf(t, 1.0), a))))
	rc := b.Bin(Sub, s, ConstOf(t, 1.6))
	mid := b.Bin(Div, k.polyEval(rc, erfinvC), k.polyEval(rc, erfinvD))
	re := b.Bin(Sub, s, ConstOf(t, 5.0))
	tail := b.Bin(Div, k.polyEval(re, erfinvE), k.polyEval(re, erfinvF))
	big := b.Select(b.Bin(LE, s, ConstOf(t, 5.0)), mid, tail)
	ans := b.Select(b.Bin(LE, a, ConstOf(t, 0.85)), small, big)
	ans = b.Select(b.Bin(EQ, a, ConstOf(t, 1.0)), ConstOf(t, math.Inf(1)), ans)
	ans = b.Select(b.Bin(GT, a, ConstOf(t, 1.0)), ConstOf(t, math.NaN()), ans)
	ans = b.Select(b.Bin(LT, x, ConstOf(t, 0.0)), b.Un(Neg, ans), ans)
	return b.Convert(ans, orig)
}

// floatLayout returns the exponent and explicit mantissa bits of float type e.
func floatLayout(e ir.ElementType) (ebits, mbits int, ok bool) {
	switch e {
	case ir.F8E4M3FN:
		return 4, 3, true
	case ir.F8E5M2:
		return 5, 2, true
	case ir.F16:
		return 5, 10, true
	case ir.BF16:
		return 8, 7, true
	case ir.F32:
		return 8, 23, true
	case ir.F64:
		return 11, 52, true
	}
	return 0, 0, false
}

// reducePrecision emits reduce_precision of x as the interpreter computes
// it (ir/interp/elementwise_precision.go, after XLA): on the bit pattern,
// the mantissa rounded to nearest even at mantissa_bits, then exponents
// beyond exponent_bits overflowing to ±Inf and underflowing to ±0. NaN
// stays NaN with mantissa_bits > 0 and becomes ±Inf with 0. f8E4M3FN (no
// infinity) is computed in f16 and converted back.
func (k *kgen) reducePrecision(op *ir.Op, x *Node) (*Node, error) {
	b := k.b
	e := x.Type
	srcE, srcM, ok := floatLayout(e)
	if !ok {
		return nil, errorf(op, "unsupported element type %s", e)
	}
	eb, ok1 := ir.IntValue(op.Attr("exponent_bits"))
	mb, ok2 := ir.IntValue(op.Attr("mantissa_bits"))
	if !ok1 || !ok2 || eb < 1 || mb < 0 {
		return nil, errorf(op, "exponent_bits must be >= 1 and mantissa_bits >= 0")
	}
	work := e
	if e == ir.F8E4M3FN {
		work = ir.F16
		srcE, srcM = 5, 10
		x = b.Convert(x, work)
	}
	w := work.Bits()
	u, _ := uintOf(w)
	dstE, dstM := int(min(eb, int64(srcE))), int(min(mb, int64(srcM)))
	c := func(v uint64) *Node { return ConstOf(u, int64(v)) }
	v := b.Bitcast(x, u)
	sign := uint64(1) << uint(w-1)
	if dstM < srcM {
		last := uint64(1) << uint(srcM-dstM)
		lastBit := b.Bin(ShrL, b.Bin(And, v, c(last)), c(uint64(srcM-dstM)))
		v = b.Bin(Add, v, b.Bin(Add, lastBit, c(last>>1-1)))
		v = b.Bin(And, v, c(^(last - 1)))
	}
	if dstE < srcE {
		expMask := (uint64(1)<<uint(srcE) - 1) << uint(srcM)
		expBias := uint64(1)<<uint(srcE-1) - 1
		redBias := uint64(1)<<uint(dstE-1) - 1
		xe := b.Bin(And, v, c(expMask))
		zero := b.Bin(And, v, c(sign))
		v = b.Select(b.Bin(GT, xe, c((expBias+redBias)<<uint(srcM))), b.Bin(Or, zero, c(expMask)), v)
		v = b.Select(b.Bin(LE, xe, c((expBias-redBias)<<uint(srcM))), zero, v)
	}
	r := b.Bitcast(v, work)
	nan := b.Bin(NE, x, x)
	if mb > 0 {
		r = b.Select(nan, x, r)
	} else {
		neg := b.Bin(NE, b.Bin(And, b.Bitcast(x, u), c(sign)), c(0))
		inf := b.Select(neg, ConstOf(work, math.Inf(-1)), ConstOf(work, math.Inf(1)))
		r = b.Select(nan, inf, r)
	}
	return b.Convert(r, e), nil
}
