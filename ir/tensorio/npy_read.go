package tensorio

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"unicode/utf8"

	"github.com/zmlc/zmlc/ir"
)

// npyMagic starts every .npy file (numpy.lib.format, "Format Version 1.0").
const npyMagic = "\x93NUMPY"

// MaxNpyHeaderSize is the largest .npy header accepted, in bytes: NumPy's
// own default limit (_MAX_HEADER_SIZE in numpy.lib.format), past which
// np.load refuses a header as unsafe to parse.
const MaxNpyHeaderSize = 10000

// npyHeader is a parsed .npy header.
type npyHeader struct {
	elem      ir.ElementType
	bigEndian bool
	fortran   bool
	shape     []int64
	size      int64 // bytes of array data
}

// ReadNpyFile reads the .npy file at path; see DecodeNpy.
func ReadNpyFile(path string) (*ir.Tensor, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return decodeNpy(path, data)
}

// DecodeNpy decodes data, a whole .npy file in format version 1.0, 2.0 or
// 3.0 (numpy.lib.format; NumPy NEP 1). It accepts the descrs listed by
// NpyDescr in either byte order ('<' or '>'; big-endian data is
// byte-swapped), fortran_order True (the data is transposed into row-major
// order), and every shape including () and shapes with a zero dimension.
// It returns a *FormatError for a bad magic string or version, a header
// that is not the dictionary {'descr', 'fortran_order', 'shape'} or exceeds
// MaxNpyHeaderSize, an unsupported descr (structured, object, string, void
// such as ml_dtypes' bfloat16), a negative or overflowing shape, or data
// shorter or longer than the shape needs.
func DecodeNpy(data []byte) (*ir.Tensor, error) {
	return decodeNpy("", data)
}

func decodeNpy(path string, data []byte) (*ir.Tensor, error) {
	r := bytes.NewReader(data)
	x, err := readNpy(path, r)
	if err != nil {
		return nil, err
	}
	if r.Len() != 0 {
		return nil, errorf("npy", path, "%d bytes after the array data", r.Len())
	}
	return x, nil
}

// ReadNpy reads one .npy array from r (see DecodeNpy), consuming exactly
// its bytes, so that arrays written back to back can be read in turn.
func ReadNpy(r io.Reader) (*ir.Tensor, error) {
	return readNpy("", r)
}

func readNpy(path string, r io.Reader) (*ir.Tensor, error) {
	h, err := readNpyHeader(path, r)
	if err != nil {
		return nil, err
	}
	// io.ReadAll grows its buffer as data arrives, so a header that claims
	// a huge shape costs no more memory than the data actually present.
	data, err := io.ReadAll(io.LimitReader(r, h.size))
	if err != nil {
		return nil, errorf("npy", path, "reading array data: %v", err)
	}
	if int64(len(data)) != h.size {
		return nil, errorf("npy", path, "array data is truncated: shape %s of %s needs %d bytes, the file holds %d",
			npyShape(h.shape), h.elem, h.size, len(data))
	}
	return npyTensor(path, h, data)
}

// readNpyHeader reads the magic string, version, header length and header.
func readNpyHeader(path string, r io.Reader) (*npyHeader, error) {
	fail := func(msg string, args ...any) error { return errorf("npy", path, msg, args...) }
	var pre [10]byte
	n, _ := io.ReadFull(r, pre[:8])
	if n < len(npyMagic) || string(pre[:len(npyMagic)]) != npyMagic {
		if n < len(npyMagic) && string(pre[:n]) == npyMagic[:n] {
			return nil, fail("file is %d bytes, too short for the .npy magic string", n)
		}
		return nil, fail("not a .npy file: it starts with %q, not the magic string %q", pre[:min(n, len(npyMagic))], npyMagic)
	}
	if n < 8 {
		return nil, fail("file ends inside the format version")
	}
	major, minor := pre[6], pre[7]
	var hlen int
	switch {
	case major == 1 && minor == 0:
		if _, err := io.ReadFull(r, pre[8:10]); err != nil {
			return nil, fail("file ends inside the header length")
		}
		hlen = int(binary.LittleEndian.Uint16(pre[8:10]))
	case (major == 2 || major == 3) && minor == 0:
		var l [4]byte
		if _, err := io.ReadFull(r, l[:]); err != nil {
			return nil, fail("file ends inside the header length")
		}
		n := binary.LittleEndian.Uint32(l[:])
		if n > MaxNpyHeaderSize {
			return nil, fail("header length %d exceeds the limit of %d bytes", n, MaxNpyHeaderSize)
		}
		hlen = int(n)
	default:
		return nil, fail("unsupported format version %d.%d (zmlc reads 1.0, 2.0 and 3.0)", major, minor)
	}
	if hlen > MaxNpyHeaderSize {
		return nil, fail("header length %d exceeds the limit of %d bytes", hlen, MaxNpyHeaderSize)
	}
	hb := make([]byte, hlen)
	if n, err := io.ReadFull(r, hb); err != nil {
		return nil, fail("header length is %d, but the file ends after %d header bytes", hlen, n)
	}
	var text string
	if major == 3 {
		if !utf8.Valid(hb) {
			return nil, fail("version 3.0 header is not valid UTF-8")
		}
		text = string(hb)
	} else { // latin1
		rs := make([]rune, len(hb))
		for i, c := range hb {
			rs[i] = rune(c)
		}
		text = string(rs)
	}
	return parseNpyHeader(path, text)
}

// parseNpyHeader checks the header dictionary as numpy.lib.format's
// _read_array_header does: exactly the keys descr, fortran_order and shape;
// shape a tuple of integers; fortran_order a bool.
func parseNpyHeader(path, text string) (*npyHeader, error) {
	fail := func(msg string, args ...any) error { return errorf("npy", path, msg, args...) }
	v, err := parsePyLiteral(text)
	if err != nil {
		return nil, fail("cannot parse header %q: %v", text, err)
	}
	if v.kind != 'd' {
		return nil, fail("header is not a dictionary: %s", v)
	}
	fields := map[string]pyValue{}
	for i, k := range v.keys {
		fields[k] = v.items[i]
	}
	if len(fields) != 3 || fields["descr"].kind == 0 || fields["fortran_order"].kind == 0 || fields["shape"].kind == 0 {
		return nil, fail("header %s does not have exactly the keys 'descr', 'fortran_order' and 'shape'", v)
	}
	h := &npyHeader{}
	descr := fields["descr"]
	if descr.kind != 's' {
		return nil, fail("descr %s is not supported: structured and subarray dtypes have no zmlc element type", descr)
	}
	if h.elem, h.bigEndian, err = parseNpyDescr(descr.str); err != nil {
		return nil, fail("%v", err)
	}
	fo := fields["fortran_order"]
	if fo.kind != 'b' {
		return nil, fail("fortran_order is not a valid bool: %s", fo)
	}
	h.fortran = fo.b
	shape := fields["shape"]
	if shape.kind != 't' {
		return nil, fail("shape is not valid: %s is not a tuple of integers", shape)
	}
	for _, d := range shape.items {
		n, ok := pyInt(d)
		if !ok {
			return nil, fail("shape is not valid: %s is not a tuple of integers that fit in 64 bits", shape)
		}
		if n < 0 {
			return nil, fail("shape %s has a negative dimension", shape)
		}
		h.shape = append(h.shape, n)
	}
	if h.shape == nil {
		h.shape = []int64{}
	}
	n := ir.TensorOf(h.elem, h.shape...).NumElements()
	if n < 0 || n > (1<<63-1)/int64(h.elem.ByteSize()) {
		return nil, fail("shape %s overflows: its byte size does not fit in 63 bits", shape)
	}
	h.size = n * int64(h.elem.ByteSize())
	return h, nil
}

// npyTensor builds the tensor from the array data: byte-swapped to little
// endian and transposed to row-major order where needed.
func npyTensor(path string, h *npyHeader, data []byte) (*ir.Tensor, error) {
	sz := h.elem.ByteSize()
	if h.bigEndian && sz > 1 {
		part := sz
		if h.elem.IsComplex() {
			part = sz / 2
		}
		swapped := make([]byte, len(data))
		for i := 0; i < len(data); i += part {
			for j := 0; j < part; j++ {
				swapped[i+j] = data[i+part-1-j]
			}
		}
		data = swapped
	}
	if h.fortran && len(h.shape) > 1 {
		data = fortranToRowMajor(data, h.shape, sz)
	}
	x, err := ir.TensorFromBytes(ir.TensorOf(h.elem, h.shape...), data)
	if err != nil {
		return nil, errorf("npy", path, "%v", err)
	}
	return x, nil
}

// fortranToRowMajor reorders the elements of a column-major array of the
// given shape into row-major order. Element (i0, ..., ik) sits at
// i0 + d0*(i1 + d1*(...)) in column-major order.
func fortranToRowMajor(data []byte, shape []int64, sz int) []byte {
	out := make([]byte, len(data))
	if len(data) == 0 {
		return out
	}
	colStride := make([]int64, len(shape))
	acc := int64(1)
	for i := range shape {
		colStride[i] = acc
		acc *= shape[i]
	}
	idx := make([]int64, len(shape))
	var src int64
	for dst := 0; dst < len(out); dst += sz {
		copy(out[dst:dst+sz], data[src*int64(sz):])
		// Advance the row-major index (last dimension fastest), keeping
		// src, the column-major offset, in step.
		for d := len(shape) - 1; d >= 0; d-- {
			idx[d]++
			src += colStride[d]
			if idx[d] < shape[d] {
				break
			}
			src -= idx[d] * colStride[d]
			idx[d] = 0
		}
	}
	return out
}

// npyShape formats a shape as NumPy prints it: (), (3,), (2, 3).
func npyShape(shape []int64) string {
	switch len(shape) {
	case 0:
		return "()"
	case 1:
		return fmt.Sprintf("(%d,)", shape[0])
	}
	s := "("
	for i, d := range shape {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(d)
	}
	return s + ")"
}
