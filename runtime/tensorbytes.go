package runtime

import (
	"encoding/binary"
	"math"

	"github.com/zmlc/zmlc/ir"
)

// encodeTensor writes x's elements into dst, laid out as ir.TensorBytes
// lays them out (dense, little-endian, ByteSize() bytes per element); dst
// is exactly that size. f32, f64 and the integer types of 8 to 64 bits are
// written in one typed loop each, without the intermediate slice that
// ir.TensorBytes allocates; other types go through it.
func encodeTensor(dst []byte, x *ir.Tensor) {
	e := x.Elem()
	switch {
	case e == ir.F32 && x.F != nil:
		for i, v := range x.F {
			binary.LittleEndian.PutUint32(dst[4*i:], math.Float32bits(float32(v)))
		}
	case e == ir.F64 && x.F != nil:
		for i, v := range x.F {
			binary.LittleEndian.PutUint64(dst[8*i:], math.Float64bits(v))
		}
	case e.IsInteger() && e.Bits() >= 8 && x.I != nil:
		switch e.ByteSize() {
		case 1:
			for i, v := range x.I {
				dst[i] = byte(v)
			}
		case 2:
			for i, v := range x.I {
				binary.LittleEndian.PutUint16(dst[2*i:], uint16(v))
			}
		case 4:
			for i, v := range x.I {
				binary.LittleEndian.PutUint32(dst[4*i:], uint32(v))
			}
		default:
			for i, v := range x.I {
				binary.LittleEndian.PutUint64(dst[8*i:], uint64(v))
			}
		}
	default:
		copy(dst, ir.TensorBytes(x))
	}
}

// decodeTensor returns a new tensor of type t (static) holding src, laid
// out as ir.TensorBytes lays it out and exactly its size: the inverse of
// encodeTensor, with ir.TensorFromBytes's results (integers wrapped to
// their width, signed ones sign-extended). It fails only for a type
// ir.TensorFromBytes rejects.
func decodeTensor(t *ir.TensorType, src []byte) (*ir.Tensor, error) {
	e := t.Elem
	if e != ir.F32 && e != ir.F64 && !(e.IsInteger() && e.Bits() >= 8) {
		return ir.TensorFromBytes(t, src)
	}
	x, err := ir.NewTensor(t)
	if err != nil {
		return nil, err
	}
	switch {
	case e == ir.F32:
		for i := range x.F {
			x.F[i] = float64(math.Float32frombits(binary.LittleEndian.Uint32(src[4*i:])))
		}
	case e == ir.F64:
		for i := range x.F {
			x.F[i] = math.Float64frombits(binary.LittleEndian.Uint64(src[8*i:]))
		}
	case e.IsUnsigned():
		switch e.ByteSize() {
		case 1:
			for i := range x.I {
				x.I[i] = int64(src[i])
			}
		case 2:
			for i := range x.I {
				x.I[i] = int64(binary.LittleEndian.Uint16(src[2*i:]))
			}
		case 4:
			for i := range x.I {
				x.I[i] = int64(binary.LittleEndian.Uint32(src[4*i:]))
			}
		default:
			for i := range x.I {
				x.I[i] = int64(binary.LittleEndian.Uint64(src[8*i:]))
			}
		}
	default:
		switch e.ByteSize() {
		case 1:
			for i := range x.I {
				x.I[i] = int64(int8(src[i]))
			}
		case 2:
			for i := range x.I {
				x.I[i] = int64(int16(binary.LittleEndian.Uint16(src[2*i:])))
			}
		case 4:
			for i := range x.I {
				x.I[i] = int64(int32(binary.LittleEndian.Uint32(src[4*i:])))
			}
		default:
			for i := range x.I {
				x.I[i] = int64(binary.LittleEndian.Uint64(src[8*i:]))
			}
		}
	}
	return x, nil
}

// tensorIO is Run's callIO: its input tensors, encoded into their
// buffers, and its output slice, filled with new tensors decoded from
// theirs.
type tensorIO struct {
	es  *entryState
	in  []*ir.Tensor
	out []*ir.Tensor
}

func (t *tensorIO) encode(i int, dst []byte) { encodeTensor(dst, t.in[i]) }
func (t *tensorIO) raw(int) ([]byte, bool)   { return nil, false }
func (t *tensorIO) dest(int) ([]byte, bool)  { return nil, false }
func (t *tensorIO) decode(i int, src []byte) error {
	x, err := decodeTensor(t.es.outTypes[i], src)
	t.out[i] = x
	return err
}
