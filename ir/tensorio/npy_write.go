package tensorio

import (
	"encoding/binary"
	"io"
	"strconv"
	"strings"

	"github.com/zmlc/zmlc/internal/atomicfile"
	"github.com/zmlc/zmlc/ir"
)

// npyAlign is the alignment of the array data in files NumPy writes
// (ARRAY_ALIGN in numpy.lib.format).
const npyAlign = 64

// npyHeaderBytes returns the magic string, version, header length and
// header for an array, exactly as numpy.save writes them: the dictionary
// with sorted keys and a trailing ", ", spare spaces for growing the first
// dimension (GROWTH_AXIS_MAX_DIGITS = 21), padding with spaces and a final
// newline to a multiple of 64 bytes; version 1.0 unless the header needs
// more than 65535 bytes, then 2.0.
func npyHeaderBytes(descr string, shape []int64) []byte {
	var b strings.Builder
	b.WriteString("{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + npyShape(shape) + ", }")
	if len(shape) > 0 {
		b.WriteString(strings.Repeat(" ", max(0, 21-len(strconv.FormatInt(shape[0], 10)))))
	}
	h := b.String()
	wrap := func(lenBytes int) []byte {
		hlen := len(h) + 1
		pad := npyAlign - (len(npyMagic)+2+lenBytes+hlen)%npyAlign
		out := []byte(npyMagic)
		if lenBytes == 2 {
			out = append(out, 1, 0)
			out = binary.LittleEndian.AppendUint16(out, uint16(hlen+pad))
		} else {
			out = append(out, 2, 0)
			out = binary.LittleEndian.AppendUint32(out, uint32(hlen+pad))
		}
		out = append(out, h...)
		out = append(out, strings.Repeat(" ", pad)...)
		return append(out, '\n')
	}
	if len(h)+1+npyAlign <= 0xFFFF {
		return wrap(2)
	}
	return wrap(4)
}

// EncodeNpy writes x to w as a .npy file (numpy.lib.format), byte for byte
// as numpy.save writes the same array: little-endian, C order, format
// version 1.0. It fails for element types NumPy has no dtype for (see
// NpyDescr) and for dynamic shapes.
func EncodeNpy(w io.Writer, x *ir.Tensor) error {
	descr, err := NpyDescr(x.Elem())
	if err != nil {
		return &FormatError{Format: "npy", Msg: err.Error()}
	}
	if !x.Type.IsStatic() {
		return errorf("npy", "", "type %s is not static", x.Type)
	}
	if _, err := w.Write(npyHeaderBytes(descr, x.Shape())); err != nil {
		return err
	}
	_, err = w.Write(ir.TensorBytes(x))
	return err
}

// WriteNpyFile writes x to a .npy file at path (see EncodeNpy), atomically:
// on error nothing is left behind and an existing file is untouched.
func WriteNpyFile(path string, x *ir.Tensor) error {
	if _, err := NpyDescr(x.Elem()); err != nil {
		return &FormatError{Format: "npy", Path: path, Msg: err.Error()}
	}
	return atomicfile.Write(path, func(w io.Writer) error { return EncodeNpy(w, x) })
}
