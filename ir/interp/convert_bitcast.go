package interp

// bitcast_convert (spec: bitcast_convert). Elements are encoded as their
// bit patterns (ir.FloatBits for floats, two's complement for integers,
// complex as real part then imaginary part) and laid end to end in
// row-major order, little-endian at the bit level; the result reads the
// same bit string with its own element width. This is the spec's rule: a
// narrower result gets a trailing dimension holding the pieces of each
// operand element, least significant first; a wider result consumes the
// operand's last dimension. num_bits(i1) is 1.

import (
	"fmt"
	"math"

	"github.com/zmlc/zmlc/ir"
)

func init() { Register("stablehlo.bitcast_convert", evalBitcastConvert) }

func evalBitcastConvert(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	x, err := unaryArg(op, args)
	if err != nil {
		return nil, err
	}
	rt, err := resultType(op, 0)
	if err != nil {
		return nil, err
	}
	se, de := x.Type.Elem, rt.Elem
	ws, wd := se.Bits(), de.Bits()
	if se.IsComplex() != de.IsComplex() {
		return nil, errorAt(op, "cannot bitcast between complex and non-complex types (%s to %s)", x.Type, rt)
	}
	if err := checkBitcastShape(x.Type.Shape, rt.Shape, ws, wd); err != nil {
		return nil, errorAt(op, "%s to %s: %v", x.Type, rt, err)
	}
	r, err := newTensor(op, rt)
	if err != nil {
		return nil, err
	}
	n := x.Len()
	stream := make([]uint64, (n*ws+63)/64+2)
	for i := 0; i < n; i++ {
		lo, hi := elemBits(x, i)
		off := i * ws
		if ws > 64 {
			putBits(stream, off, 64, lo)
			putBits(stream, off+64, ws-64, hi)
		} else {
			putBits(stream, off, ws, lo)
		}
	}
	for i := 0; i < r.Len(); i++ {
		off := i * wd
		var lo, hi uint64
		if wd > 64 {
			lo, hi = getBits(stream, off, 64), getBits(stream, off+64, wd-64)
		} else {
			lo = getBits(stream, off, wd)
		}
		setElemBits(r, i, lo, hi)
	}
	return one(r), nil
}

// checkBitcastShape checks the spec's constraint C1 relating the shapes.
func checkBitcastShape(in, out []int64, ws, wd int) error {
	switch {
	case ws == wd:
		if !sameShape(in, out) {
			return fmt.Errorf("equal element widths need equal shapes")
		}
	case wd < ws:
		if len(out) != len(in)+1 || !sameShape(out[:len(in)], in) || out[len(in)]*int64(wd) != int64(ws) {
			return fmt.Errorf("a narrower result needs the operand's shape plus a last dimension of %d", ws/wd)
		}
	default:
		if len(in) == 0 || len(out) != len(in)-1 || !sameShape(in[:len(out)], out) || in[len(out)]*int64(ws) != int64(wd) {
			return fmt.Errorf("a wider result needs the operand's shape without its last dimension, which must be %d", wd/max(ws, 1))
		}
	}
	return nil
}

// elemBits returns the encoding of element i of x: the low 64 bits and,
// for complex<f64>, the high 64 bits.
func elemBits(x *ir.Tensor, i int) (lo, hi uint64) {
	e := x.Type.Elem
	switch {
	case e.IsIntOrBool():
		return unsignedBits(x.I[i], e), 0
	case e.IsFloat():
		return ir.FloatBits(x.F[i], e), 0
	case e == ir.C64:
		return ir.FloatBits(real(x.C[i]), ir.F32) | ir.FloatBits(imag(x.C[i]), ir.F32)<<32, 0
	}
	return math.Float64bits(real(x.C[i])), math.Float64bits(imag(x.C[i]))
}

// setElemBits decodes element i of x from its encoding.
func setElemBits(x *ir.Tensor, i int, lo, hi uint64) {
	e := x.Type.Elem
	switch {
	case e == ir.I1:
		x.I[i] = int64(lo & 1)
	case e.IsInteger():
		x.I[i] = e.WrapInt(int64(lo))
	case e.IsFloat():
		x.F[i] = ir.FloatFromBits(lo, e)
	case e == ir.C64:
		x.C[i] = complex(ir.FloatFromBits(lo&0xFFFFFFFF, ir.F32), ir.FloatFromBits(lo>>32, ir.F32))
	default:
		x.C[i] = complex(math.Float64frombits(lo), math.Float64frombits(hi))
	}
}

// putBits stores the low w (1..64) bits of v at bit offset off of s.
func putBits(s []uint64, off, w int, v uint64) {
	if w < 64 {
		v &= 1<<uint(w) - 1
	}
	q, r := off/64, uint(off%64)
	s[q] |= v << r
	if r != 0 && int(r)+w > 64 {
		s[q+1] |= v >> (64 - r)
	}
}

// getBits reads w (1..64) bits at bit offset off of s.
func getBits(s []uint64, off, w int) uint64 {
	q, r := off/64, uint(off%64)
	v := s[q] >> r
	if r != 0 && int(r)+w > 64 {
		v |= s[q+1] << (64 - r)
	}
	if w < 64 {
		v &= 1<<uint(w) - 1
	}
	return v
}
