package gguf

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/zmlc/zmlc/ir"
)

// Dequantize decodes n values of type t from data into float32, following
// ggml's reference decoders (ggml/src/ggml-quants.c, dequantize_row_q4_0,
// dequantize_row_q4_1, dequantize_row_q8_0; ggml.c for F16 and BF16):
//
//   - Q8_0: blocks of 32 values: f16 scale d, 32 int8 q; x = q·d.
//   - Q4_0: blocks of 32: f16 d, 16 bytes; value j < 16 is the low nibble
//     of byte j, value j+16 its high nibble; x = (nibble − 8)·d.
//   - Q4_1: blocks of 32: f16 d, f16 min m, 16 bytes as Q4_0; x = nibble·d + m.
//
// It is for checks and reference computations on the host: compiled
// models keep quantised weights as their blocks (docs/IR.md). It returns an
// error for an unsupported type or data of the wrong size.
func Dequantize(t Type, data []byte, n int64) ([]float32, error) {
	size, ok := t.RowBytes(n)
	if !ok || !t.Supported() {
		return nil, fmt.Errorf("gguf: cannot decode %d values of type %s (supported: %s)", n, t, SupportedTypes)
	}
	if int64(len(data)) != size {
		return nil, fmt.Errorf("gguf: %d values of type %s take %d bytes, got %d", n, t, size, len(data))
	}
	out := make([]float32, n)
	le := binary.LittleEndian
	f16 := func(b []byte) float32 { return float32(ir.FloatFromBits(uint64(le.Uint16(b)), ir.F16)) }
	switch t {
	case F32:
		for i := range out {
			out[i] = math.Float32frombits(le.Uint32(data[4*i:]))
		}
	case F16:
		for i := range out {
			out[i] = f16(data[2*i:])
		}
	case BF16:
		for i := range out {
			out[i] = math.Float32frombits(uint32(le.Uint16(data[2*i:])) << 16)
		}
	case Q8_0:
		for b := range n / 32 {
			blk := data[b*34 : b*34+34]
			d := f16(blk)
			for j := range 32 {
				out[b*32+int64(j)] = float32(int8(blk[2+j])) * d
			}
		}
	case Q4_0:
		for b := range n / 32 {
			blk := data[b*18 : b*18+18]
			d := f16(blk)
			for j := range 16 {
				q := blk[2+j]
				out[b*32+int64(j)] = float32(int(q&15)-8) * d
				out[b*32+int64(j)+16] = float32(int(q>>4)-8) * d
			}
		}
	case Q4_1:
		for b := range n / 32 {
			blk := data[b*20 : b*20+20]
			d, m := f16(blk), f16(blk[2:])
			for j := range 16 {
				q := blk[4+j]
				out[b*32+int64(j)] = float32(q&15)*d + m
				out[b*32+int64(j)+16] = float32(q>>4)*d + m
			}
		}
	}
	return out, nil
}

// Float32Tensor decodes tensor name to float32 values in row-major order (see
// Dequantize).
func (f *File) Float32Tensor(name string) ([]float32, error) {
	t, ok := f.Tensor(name)
	if !ok {
		return nil, f.errorf(-1, "no tensor %q", name)
	}
	if !t.Type.Supported() {
		return nil, f.errorf(-1, "tensor %q has type %s, which zmlc does not support (supported: %s)", name, t.Type, SupportedTypes)
	}
	b, err := f.Bytes(name)
	if err != nil {
		return nil, err
	}
	return Dequantize(t.Type, b, t.Elems())
}
