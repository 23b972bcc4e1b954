package tensorio

import (
	"cmp"
	"encoding/binary"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/zmlc/zmlc/internal/atomicfile"
	"github.com/zmlc/zmlc/ir"
)

// RawTensor is a tensor in safetensors' stored form: a dtype name, a
// row-major shape, and the little-endian element bytes. It lets tensors of
// any safetensors dtype, including those zmlc has no element type for, be
// copied between files without decoding.
type RawTensor struct {
	DType string
	Shape []int64
	Data  []byte
}

// RawFromTensor returns x in stored form (ir.TensorBytes layout). It fails
// for element types safetensors has no dtype for (i2, i4, ui2, ui4,
// complex<f64>), naming the type.
func RawFromTensor(x *ir.Tensor) (RawTensor, error) {
	d, ok := SafetensorsDType(x.Elem())
	if !ok {
		return RawTensor{}, errorf("safetensors", "", "element type %s has no safetensors dtype", x.Elem())
	}
	return RawTensor{DType: d, Shape: x.Shape(), Data: ir.TensorBytes(x)}, nil
}

// stEntry is one tensor to write: either raw bytes or an *ir.Tensor
// converted only when its turn comes, so a large model is not held twice.
type stEntry struct {
	name  string
	dtype stDType
	shape []int64
	size  int64
	raw   []byte
	x     *ir.Tensor
}

// WriteSafetensors writes tensors and metadata (nil for none) to a
// safetensors file at path, atomically (see EncodeSafetensors for the
// layout). It fails, leaving any existing file untouched, for element types
// safetensors cannot store (i2, i4, ui2, ui4, complex<f64>), dynamic shapes,
// the reserved name "__metadata__", names or metadata that are not valid
// UTF-8, and write errors.
func WriteSafetensors(path string, tensors map[string]*ir.Tensor, metadata map[string]string) error {
	entries := make([]stEntry, 0, len(tensors))
	for name, x := range tensors {
		dn, ok := SafetensorsDType(x.Elem())
		if !ok {
			return tensorErrorf("safetensors", path, name, "element type %s has no safetensors dtype", x.Elem())
		}
		if !x.Type.IsStatic() {
			return tensorErrorf("safetensors", path, name, "type %s is not static", x.Type)
		}
		d, _ := lookupDType(dn)
		entries = append(entries, stEntry{name: name, dtype: d, shape: x.Shape(), x: x})
	}
	return atomicfile.Write(path, func(w io.Writer) error { return encodeSafetensors(w, path, entries, metadata) })
}

// WriteSafetensorsRaw is WriteSafetensors for tensors in stored form; each
// Data must hold exactly the bytes its DType and Shape need.
func WriteSafetensorsRaw(path string, tensors map[string]RawTensor, metadata map[string]string) error {
	entries, err := rawEntries(path, tensors)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, func(w io.Writer) error { return encodeSafetensors(w, path, entries, metadata) })
}

// EncodeSafetensors writes tensors and metadata (nil for none) to w in the
// safetensors format (README, "Format"), deterministically and byte for byte
// as the reference serializer (safetensors' `serialize`) lays it out:
//
//   - the data buffer holds the tensors ordered by decreasing dtype alignment
//     (the reference's Dtype enum order: U64, I64, F64, C64, F32, U32, I32,
//     BF16, F16, U16, I16, the 8-bit dtypes, F6, F4, BOOL), then by name,
//     so that every tensor starts at a multiple of its element size;
//   - the JSON header is compact, lists "__metadata__" first (keys sorted;
//     left out when metadata is empty), then the tensors in buffer order,
//     each as {"dtype":..,"shape":[..],"data_offsets":[begin,end]};
//   - the header is padded with spaces to a multiple of 8 bytes, so the
//     buffer starts 8-byte aligned.
//
// It returns a *FormatError for an unknown dtype, a negative dimension, a
// Data length that differs from what DType and Shape need, the reserved
// name "__metadata__", invalid UTF-8, or a header above MaxHeaderSize.
func EncodeSafetensors(w io.Writer, tensors map[string]RawTensor, metadata map[string]string) error {
	entries, err := rawEntries("", tensors)
	if err != nil {
		return err
	}
	return encodeSafetensors(w, "", entries, metadata)
}

func rawEntries(path string, tensors map[string]RawTensor) ([]stEntry, error) {
	entries := make([]stEntry, 0, len(tensors))
	for name, t := range tensors {
		d, ok := lookupDType(t.DType)
		if !ok {
			return nil, tensorErrorf("safetensors", path, name, "unknown dtype %q", t.DType)
		}
		entries = append(entries, stEntry{name: name, dtype: d, shape: t.Shape, raw: t.Data})
	}
	return entries, nil
}

func encodeSafetensors(w io.Writer, path string, entries []stEntry, metadata map[string]string) error {
	failT := func(name, msg string, args ...any) error {
		return tensorErrorf("safetensors", path, name, msg, args...)
	}
	for i := range entries {
		e := &entries[i]
		if e.name == metadataKey {
			return failT(e.name, "the name is reserved for the metadata")
		}
		if !utf8.ValidString(e.name) {
			return failT(e.name, "the name is not valid UTF-8")
		}
		for _, d := range e.shape {
			if d < 0 {
				return failT(e.name, "shape %s has a negative dimension", shapeString(e.shape))
			}
		}
		size, msg := byteSize(e.dtype, e.shape)
		if msg != "" {
			return failT(e.name, "shape %s of %s %s", shapeString(e.shape), e.dtype.name, msg)
		}
		if e.x == nil && int64(len(e.raw)) != size {
			return failT(e.name, "dtype %s and shape %s need %d bytes, got %d", e.dtype.name, shapeString(e.shape), size, len(e.raw))
		}
		e.size = size
	}
	for k, v := range metadata {
		if !utf8.ValidString(k) || !utf8.ValidString(v) {
			return errorf("safetensors", path, "metadata entry %q is not valid UTF-8", k)
		}
	}
	slices.SortFunc(entries, func(a, b stEntry) int {
		return cmp.Or(cmp.Compare(b.dtype.rank, a.dtype.rank), strings.Compare(a.name, b.name))
	})

	var h strings.Builder
	h.WriteByte('{')
	if len(metadata) > 0 {
		writeJSONString(&h, metadataKey)
		h.WriteString(":{")
		for i, k := range slices.Sorted(maps.Keys(metadata)) {
			if i > 0 {
				h.WriteByte(',')
			}
			writeJSONString(&h, k)
			h.WriteByte(':')
			writeJSONString(&h, metadata[k])
		}
		h.WriteByte('}')
	}
	var off int64
	for i, e := range entries {
		if i > 0 || len(metadata) > 0 {
			h.WriteByte(',')
		}
		writeJSONString(&h, e.name)
		h.WriteString(`:{"dtype":`)
		writeJSONString(&h, e.dtype.name)
		h.WriteString(`,"shape":[`)
		for j, d := range e.shape {
			if j > 0 {
				h.WriteByte(',')
			}
			h.WriteString(strconv.FormatInt(d, 10))
		}
		if off+e.size < off {
			return failT(e.name, "the data buffer exceeds 2^63 bytes")
		}
		h.WriteString(`],"data_offsets":[` + strconv.FormatInt(off, 10) + "," + strconv.FormatInt(off+e.size, 10) + "]}")
		off += e.size
		if h.Len() > MaxHeaderSize {
			break
		}
	}
	h.WriteByte('}')
	for h.Len()%8 != 0 {
		h.WriteByte(' ')
	}
	if h.Len() > MaxHeaderSize {
		return errorf("safetensors", path, "header of %d bytes exceeds the limit of %d bytes", h.Len(), MaxHeaderSize)
	}
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(h.Len()))
	if _, err := w.Write(n[:]); err != nil {
		return err
	}
	if _, err := io.WriteString(w, h.String()); err != nil {
		return err
	}
	for _, e := range entries {
		data := e.raw
		if e.x != nil {
			data = ir.TensorBytes(e.x)
			if int64(len(data)) != e.size {
				return failT(e.name, "tensor holds %d bytes of data, its type %s needs %d", len(data), e.x.Type, e.size)
			}
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
	}
	return nil
}

// writeJSONString writes s as a JSON string the way serde_json does: only
// '"', '\\' and control characters are escaped.
func writeJSONString(b *strings.Builder, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if c < 0x20 {
				b.WriteString(`\u00`)
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&15])
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
}
