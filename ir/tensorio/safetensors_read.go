package tensorio

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/zmlc/zmlc/internal/mmapfile"
	"github.com/zmlc/zmlc/ir"
)

// MaxHeaderSize is the largest safetensors JSON header accepted, in bytes:
// 100 MB, the cap of the reference implementation (MAX_HEADER_SIZE in
// safetensors/src/tensor.rs).
const MaxHeaderSize = 100_000_000

// TensorInfo describes one tensor of a safetensors file.
type TensorInfo struct {
	Name  string
	DType string         // the safetensors dtype name, e.g. "F32"
	Elem  ir.ElementType // its zmlc element type; ir.Invalid for F4, F6_*, F8_E8M0, F8_*FNUZ
	Shape []int64        // row-major; [] for a scalar
	// Begin and End delimit the tensor's bytes in the data buffer (the part
	// of the file after the header), End exclusive: the header's data_offsets.
	Begin, End int64
}

// Size returns the tensor's size in bytes, End - Begin.
func (t TensorInfo) Size() int64 { return t.End - t.Begin }

// Type returns the tensor type tensor<SHAPE x ELEM>; its Elem is ir.Invalid
// for dtypes zmlc has no element type for.
func (t TensorInfo) Type() *ir.TensorType { return ir.TensorOf(t.Elem, t.Shape...) }

// File is a safetensors file (huggingface/safetensors README, "Format"),
// validated when opened. Its tensors cover the data buffer exactly, in
// increasing offset order, without overlaps or holes.
//
// A File opened with OpenSafetensors maps the file read-only: Raw returns
// slices of the mapping, valid until Close. A File is safe for concurrent
// reads.
type File struct {
	path    string
	buf     []byte // the data buffer: the file after the header
	dataOff int64  // offset of buf in the file
	tensors []TensorInfo
	index   map[string]int
	meta    map[string]string
	unmap   func() error
	closed  bool
}

// OpenSafetensors opens and validates the safetensors file at path, mapping
// it into memory read-only (no tensor data is read or copied until used).
// The caller must Close it. Malformed files give a *FormatError; see
// ParseSafetensors for the checks.
func OpenSafetensors(path string) (*File, error) {
	data, unmap, err := mmapfile.Open(path)
	if err != nil {
		return nil, err
	}
	sf, err := parseSafetensors(path, data)
	if err != nil {
		unmap()
		return nil, err
	}
	sf.unmap = unmap
	return sf, nil
}

// ParseSafetensors validates data, the whole content of a safetensors file,
// and returns a File whose Raw slices point into data (no copy); data must
// not change while the File is used. Close is a no-op for it.
//
// It returns a *FormatError, naming the tensor where there is one, if:
// data is shorter than 8 bytes; the header length exceeds MaxHeaderSize or
// the file; the header is not valid UTF-8, not valid JSON, or not a JSON
// object (leading and trailing JSON whitespace is allowed, as the reference
// allows it); a name appears twice; __metadata__ is not an object of
// strings; an entry lacks dtype, shape or data_offsets or has a malformed
// one; a dtype is unknown; a shape dimension is negative or too large, or
// the element count or byte size overflows; data_offsets end before they
// begin or run past the buffer; two tensors overlap; bytes of the buffer
// belong to no tensor (the reference requires the tensors to cover it
// contiguously); or a dtype and shape need a byte count other than the
// tensor's data range.
func ParseSafetensors(data []byte) (*File, error) {
	return parseSafetensors("", data)
}

func parseSafetensors(path string, data []byte) (*File, error) {
	fail := func(msg string, args ...any) error { return errorf("safetensors", path, msg, args...) }
	failT := func(name, msg string, args ...any) error {
		return tensorErrorf("safetensors", path, name, msg, args...)
	}
	if len(data) < 8 {
		return nil, fail("file is %d bytes, too short for the 8-byte header length", len(data))
	}
	n := binary.LittleEndian.Uint64(data)
	if n > MaxHeaderSize {
		return nil, fail("header length %d exceeds the limit of %d bytes", n, MaxHeaderSize)
	}
	if n > uint64(len(data)-8) {
		return nil, fail("header length %d runs past the end of the %d-byte file", n, len(data))
	}
	raw, meta, err := parseHeader(path, data[8:8+n])
	if err != nil {
		return nil, err
	}
	buf := data[8+n:]
	bufLen := uint64(len(buf))

	slices.SortStableFunc(raw, func(a, b rawInfo) int {
		return cmp.Or(cmp.Compare(a.begin, b.begin), cmp.Compare(a.end, b.end), cmp.Compare(a.name, b.name))
	})
	f := &File{path: path, buf: buf[:len(buf):len(buf)], dataOff: int64(8 + n), meta: meta, index: make(map[string]int, len(raw))}
	prevEnd, prevName := uint64(0), ""
	for i, r := range raw {
		offs := fmt.Sprintf("data_offsets [%d, %d]", r.begin, r.end)
		if r.end < r.begin {
			return nil, failT(r.name, "%s end before they begin", offs)
		}
		if r.end > bufLen {
			return nil, failT(r.name, "%s run past the end of the %d-byte data buffer", offs, bufLen)
		}
		size, msg := byteSize(r.dtype, r.shape)
		if msg != "" {
			return nil, failT(r.name, "shape %s of %s %s", shapeString(r.shape), r.dtype.name, msg)
		}
		if r.begin < prevEnd {
			return nil, failT(r.name, "%s overlap tensor %q, which ends at %d", offs, prevName, prevEnd)
		}
		if r.begin > prevEnd {
			return nil, failT(r.name, "%s leave a hole: bytes [%d, %d) of the data buffer belong to no tensor", offs, prevEnd, r.begin)
		}
		if uint64(size) != r.end-r.begin {
			return nil, failT(r.name, "dtype %s and shape %s need %d bytes, but %s hold %d", r.dtype.name, shapeString(r.shape), size, offs, r.end-r.begin)
		}
		f.tensors = append(f.tensors, TensorInfo{Name: r.name, DType: r.dtype.name, Elem: r.dtype.elem, Shape: r.shape, Begin: int64(r.begin), End: int64(r.end)})
		f.index[r.name] = i
		prevEnd, prevName = r.end, r.name
	}
	if prevEnd != bufLen {
		if len(raw) == 0 {
			return nil, fail("the header lists no tensors, but the data buffer holds %d bytes", bufLen)
		}
		return nil, fail("bytes [%d, %d) of the data buffer, after the last tensor %q, belong to no tensor", prevEnd, bufLen, prevName)
	}
	return f, nil
}

// errClosed is returned by the methods of a closed File.
var errClosed = errors.New("safetensors: file is closed")

// Path returns the path the File was opened from ("" for ParseSafetensors).
func (f *File) Path() string { return f.path }

// Tensors returns the tensors in increasing offset order (ties, which only
// zero-size tensors can have, by name). The result is a copy.
func (f *File) Tensors() []TensorInfo {
	out := make([]TensorInfo, len(f.tensors))
	for i, t := range f.tensors {
		t.Shape = slices.Clone(t.Shape)
		out[i] = t
	}
	return out
}

// Names returns the tensor names in offset order.
func (f *File) Names() []string {
	out := make([]string, len(f.tensors))
	for i, t := range f.tensors {
		out[i] = t.Name
	}
	return out
}

// Info returns the description of the tensor called name.
func (f *File) Info(name string) (TensorInfo, bool) {
	i, ok := f.index[name]
	if !ok {
		return TensorInfo{}, false
	}
	t := f.tensors[i]
	t.Shape = slices.Clone(t.Shape)
	return t, true
}

// Metadata returns a copy of the header's __metadata__ map (nil if the
// header has none).
func (f *File) Metadata() map[string]string {
	if f.meta == nil {
		return nil
	}
	return maps.Clone(f.meta)
}

// DataOffset returns the file offset of the data buffer, 8 + N; a tensor's
// bytes start at DataOffset() + Begin in the file.
func (f *File) DataOffset() int64 { return f.dataOff }

// Raw returns the little-endian, row-major bytes of the tensor called name:
// a slice of the file's mapping (or of ParseSafetensors' input), not a copy.
// It must not be modified, and it is invalid after Close.
func (f *File) Raw(name string) ([]byte, error) {
	if f.closed {
		return nil, errClosed
	}
	i, ok := f.index[name]
	if !ok {
		return nil, f.notFound(name)
	}
	t := f.tensors[i]
	return f.buf[t.Begin:t.End:t.End], nil
}

func (f *File) notFound(name string) error {
	return tensorErrorf("safetensors", f.path, name, "no such tensor in the file")
}

// Tensor decodes the tensor called name into a new *ir.Tensor (a copy,
// valid after Close). It fails for dtypes zmlc has no element type for (F4,
// F6_E2M3, F6_E3M2, F8_E8M0, F8_E4M3FNUZ, F8_E5M2FNUZ), naming the dtype,
// and for tensors of more than 2^40 elements. BOOL bytes other than 0 decode
// as true (1).
func (f *File) Tensor(name string) (*ir.Tensor, error) {
	if f.closed {
		return nil, errClosed
	}
	i, ok := f.index[name]
	if !ok {
		return nil, f.notFound(name)
	}
	t := f.tensors[i]
	if t.Elem == ir.Invalid {
		return nil, tensorErrorf("safetensors", f.path, name, "dtype %s has no zmlc element type", t.DType)
	}
	x, err := ir.TensorFromBytes(t.Type(), f.buf[t.Begin:t.End])
	if err != nil {
		return nil, tensorErrorf("safetensors", f.path, name, "%v", err)
	}
	return x, nil
}

// Close releases the file's mapping. Slices returned by Raw must not be used
// afterwards. Closing twice is allowed.
func (f *File) Close() error {
	if f.closed {
		return nil
	}
	f.closed = true
	f.buf = nil
	if f.unmap != nil {
		return f.unmap()
	}
	return nil
}
