package interp

// reduce_precision (spec: reduce_precision), on the bit pattern of the
// element type as XLA and StableHLO's reference interpreter do it.

import (
	"math"

	"github.com/zmlc/zmlc/ir"
)

func init() { Register("stablehlo.reduce_precision", evalReducePrecision) }

// floatLayout returns the exponent and explicit mantissa bits of float type e.
func floatLayout(e ir.ElementType) (ebits, mbits int, ok bool) {
	ebits, mbits, _, ok = ir.FloatFormat(e)
	return ebits, mbits, ok && e.IsFloat()
}

// reducePrecisionBits rounds the encoding v of a float of width w with
// srcE exponent and srcM mantissa bits to dstE exponent and dstM mantissa
// bits: mantissa rounded to nearest even, then exponent overflow to
// ±infinity (all-ones exponent) and underflow (including what would be a
// subnormal of the narrow format) to ±0.
func reducePrecisionBits(v uint64, w, srcE, srcM, dstE, dstM int) uint64 {
	if dstM < srcM {
		last := uint64(1) << uint(srcM-dstM)
		bias := last>>1 - 1
		lastBit := (v & last) >> uint(srcM-dstM)
		v += lastBit + bias
		v &^= last - 1
	}
	if dstE < srcE {
		sign := uint64(1) << uint(w-1)
		expMask := (uint64(1)<<uint(srcE) - 1) << uint(srcM)
		expBias := uint64(1)<<uint(srcE-1) - 1
		redBias := uint64(1)<<uint(dstE-1) - 1
		maxExp := expBias + redBias
		minExp := expBias - redBias
		x := v & expMask
		zero := v & sign
		switch {
		case x <= minExp<<uint(srcM):
			v = zero
		case x > maxExp<<uint(srcM):
			v = zero | expMask
		}
	}
	if w < 64 {
		v &= uint64(1)<<uint(w) - 1
	}
	return v
}

// evalReducePrecision: NaN stays NaN when mantissa_bits > 0 and becomes
// infinity (with its sign) when mantissa_bits is 0, as XLA.
func evalReducePrecision(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	x, err := unaryArg(op, args)
	if err != nil {
		return nil, err
	}
	e := x.Type.Elem
	srcE, srcM, ok := floatLayout(e)
	if !ok {
		return nil, errorAt(op, "unsupported element type %s", e)
	}
	eb, err := attrInt(op, "exponent_bits")
	if err != nil {
		return nil, err
	}
	mb, err := attrInt(op, "mantissa_bits")
	if err != nil {
		return nil, err
	}
	if eb < 1 || mb < 0 {
		return nil, errorAt(op, "exponent_bits must be >= 1 and mantissa_bits >= 0, got %d and %d", eb, mb)
	}
	w := e.Bits()
	if !ir.HasInfinity(e) {
		// f8E4M3FN, the FNUZ, f4/f6 and E8M0 types: no infinity encoding;
		// compute in f32 (which holds every value of theirs) and round
		// back with the type's overflow rule (NaN, or ±max for f4/f6).
		srcE, srcM, w = 8, 23, 32
	}
	r, err := newTensor(op, x.Type.WithElem(e))
	if err != nil {
		return nil, err
	}
	work := e
	if !ir.HasInfinity(e) {
		work = ir.F32
	}
	for i, v := range x.F {
		if math.IsNaN(v) {
			if mb > 0 {
				r.F[i] = v
			} else {
				r.F[i] = ir.RoundFloat(math.Copysign(math.Inf(1), v), e)
			}
			continue
		}
		b := reducePrecisionBits(ir.FloatBits(v, work), w, srcE, srcM, int(min(eb, int64(srcE))), int(min(mb, int64(srcM))))
		r.F[i] = ir.RoundFloat(ir.FloatFromBits(b, work), e)
	}
	return one(r), nil
}
