package gguf

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/zmlc/zmlc/internal/mmapfile"
)

// Magic is the first four bytes of a GGUF file.
const Magic = "GGUF"

// DefaultAlignment is the tensor data alignment when general.alignment is
// absent (docs/gguf.md, GGUF_DEFAULT_ALIGNMENT).
const DefaultAlignment = 32

// TensorInfo describes one tensor of a GGUF file.
type TensorInfo struct {
	Name string
	// Dims are ggml's dimensions, fastest-varying first (ne[0] is the
	// length of a row); Shape gives them in row-major order.
	Dims []uint64
	Type Type
	// Offset is the tensor's byte offset from the start of the data
	// section (a multiple of the alignment); Size its size in bytes.
	Offset uint64
	Size   int64
}

// Shape returns the dimensions in row-major order (slowest first), the
// order of NumPy and of StableHLO: a ggml tensor with ne = [in, out] is a
// matrix of shape [out, in].
func (t TensorInfo) Shape() []int64 {
	s := make([]int64, len(t.Dims))
	for i, d := range t.Dims {
		s[len(s)-1-i] = int64(d)
	}
	return s
}

// Elems returns the number of values of the tensor.
func (t TensorInfo) Elems() int64 {
	n := int64(1)
	for _, d := range t.Dims {
		n *= int64(d)
	}
	return n
}

// File is a parsed GGUF file.
type File struct {
	Path    string
	Version uint32
	// Keys lists the metadata keys in file order; Metadata maps each to
	// its value: uint8, int8, uint16, int16, uint32, int32, uint64, int64,
	// float32, float64, bool, string, or an Array.
	Keys     []string
	Metadata map[string]any
	Tensors  []TensorInfo
	// Alignment is general.alignment (DefaultAlignment when absent);
	// DataOffset the file offset of the data section.
	Alignment  uint64
	DataOffset int64

	byName map[string]int
	data   []byte
	unmap  func() error
}

// Array is a metadata array: Type is the element type and Values a
// []uint8, []int8, []uint16, []int16, []uint32, []int32, []uint64,
// []int64, []float32, []float64, []bool, []string or []Array.
type Array struct {
	Type   ValueType
	Values any
}

// ValueType is a GGUF metadata value type (enum gguf_metadata_value_type).
type ValueType uint32

// The metadata value types.
const (
	TypeUint8   ValueType = 0
	TypeInt8    ValueType = 1
	TypeUint16  ValueType = 2
	TypeInt16   ValueType = 3
	TypeUint32  ValueType = 4
	TypeInt32   ValueType = 5
	TypeFloat32 ValueType = 6
	TypeBool    ValueType = 7
	TypeString  ValueType = 8
	TypeArray   ValueType = 9
	TypeUint64  ValueType = 10
	TypeInt64   ValueType = 11
	TypeFloat64 ValueType = 12
)

// Open maps the GGUF file at path read-only and parses its header,
// metadata and tensor infos. Close unmaps it.
func Open(path string) (*File, error) {
	data, unmap, err := mmapfile.Open(path)
	if err != nil {
		return nil, err
	}
	f, err := parse(path, data)
	if err != nil {
		unmap()
		return nil, err
	}
	f.unmap = unmap
	return f, nil
}

// Parse parses GGUF bytes held in memory; the File refers to data.
func Parse(data []byte) (*File, error) { return parse("", data) }

// Close unmaps a file opened by Open; the tensors' bytes must not be used
// afterwards.
func (f *File) Close() error {
	if f.unmap == nil {
		return nil
	}
	u := f.unmap
	f.unmap, f.data = nil, nil
	return u()
}

// Tensor returns the info of the tensor called name.
func (f *File) Tensor(name string) (TensorInfo, bool) {
	i, ok := f.byName[name]
	if !ok {
		return TensorInfo{}, false
	}
	return f.Tensors[i], true
}

// Bytes returns the raw bytes of tensor name as stored (for block-quantised
// types, the blocks themselves), without copying.
func (f *File) Bytes(name string) ([]byte, error) {
	t, ok := f.Tensor(name)
	if !ok {
		return nil, f.errorf(-1, "no tensor %q", name)
	}
	off := f.DataOffset + int64(t.Offset)
	return f.data[off : off+t.Size : off+t.Size], nil
}

// reader decodes little-endian values, failing at the first read past the
// end.
type reader struct {
	f   *File
	b   []byte
	off int64
	err error
}

func (r *reader) need(n uint64, what string) bool {
	if r.err != nil {
		return false
	}
	if n > uint64(len(r.b))-uint64(r.off) {
		r.err = r.f.errorf(r.off, "file truncated: %s needs %d bytes, %d left", what, n, int64(len(r.b))-r.off)
		return false
	}
	return true
}

func (r *reader) bytes(n uint64, what string) []byte {
	if !r.need(n, what) {
		return nil
	}
	b := r.b[r.off : r.off+int64(n)]
	r.off += int64(n)
	return b
}

func (r *reader) u8(what string) uint8 {
	if b := r.bytes(1, what); b != nil {
		return b[0]
	}
	return 0
}

func (r *reader) u16(what string) uint16 {
	if b := r.bytes(2, what); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (r *reader) u32(what string) uint32 {
	if b := r.bytes(4, what); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (r *reader) u64(what string) uint64 {
	if b := r.bytes(8, what); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

func (r *reader) str(what string) string {
	n := r.u64(what + " length")
	return string(r.bytes(n, what))
}

func (f *File) errorf(off int64, format string, args ...any) *FormatError {
	return &FormatError{Path: f.Path, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

func parse(path string, data []byte) (*File, error) {
	f := &File{Path: path, Metadata: map[string]any{}, byName: map[string]int{}, data: data}
	r := &reader{f: f, b: data}
	if len(data) < 4 || string(data[:4]) != Magic {
		return nil, f.errorf(0, "not a GGUF file (the magic %q is missing)", Magic)
	}
	r.off = 4
	f.Version = r.u32("version")
	switch {
	case r.err != nil:
		return nil, r.err
	case f.Version == 1:
		return nil, f.errorf(4, "GGUF version 1 is not supported (versions 2 and 3 are; convert the file with a current llama.cpp)")
	case f.Version&0xffff == 0 && f.Version != 0:
		return nil, f.errorf(4, "big-endian GGUF files are not supported")
	case f.Version != 2 && f.Version != 3:
		return nil, f.errorf(4, "unknown GGUF version %d (versions 2 and 3 are supported)", f.Version)
	}
	nTensors := r.u64("tensor count")
	nKV := r.u64("metadata count")
	if r.err != nil {
		return nil, r.err
	}
	// Each key/value takes at least 8+4 bytes and each tensor info at
	// least 8+4+4+8: counts beyond that cannot fit in the file.
	if nKV > uint64(len(data))/12 || nTensors > uint64(len(data))/24 {
		return nil, f.errorf(8, "file truncated: %d tensors and %d metadata pairs cannot fit in %d bytes", nTensors, nKV, len(data))
	}
	for range nKV {
		at := r.off
		key := r.str("metadata key")
		vt := ValueType(r.u32("metadata value type"))
		v := r.value(vt, key, 0)
		if r.err != nil {
			return nil, r.err
		}
		if _, dup := f.Metadata[key]; dup {
			return nil, f.errorf(at, "metadata key %q appears twice", key)
		}
		f.Keys = append(f.Keys, key)
		f.Metadata[key] = v
	}
	f.Alignment = DefaultAlignment
	if v, ok := f.Metadata["general.alignment"]; ok {
		a, ok := v.(uint32)
		if !ok || a == 0 || a&(a-1) != 0 {
			return nil, f.errorf(-1, "general.alignment must be a uint32 power of two, got %v", v)
		}
		f.Alignment = uint64(a)
	}
	for range nTensors {
		at := r.off
		var t TensorInfo
		t.Name = r.str("tensor name")
		nd := r.u32("tensor dimension count")
		if r.err == nil && nd > 8 {
			return nil, f.errorf(at, "tensor %q has %d dimensions (at most 8)", t.Name, nd)
		}
		for range nd {
			t.Dims = append(t.Dims, r.u64("tensor dimension"))
		}
		t.Type = Type(r.u32("tensor type"))
		t.Offset = r.u64("tensor offset")
		if r.err != nil {
			return nil, r.err
		}
		if _, dup := f.byName[t.Name]; dup {
			return nil, f.errorf(at, "tensor %q appears twice", t.Name)
		}
		if !t.Type.Known() {
			return nil, f.errorf(at, "tensor %q has an unknown ggml type %d", t.Name, uint32(t.Type))
		}
		n := int64(1)
		for _, d := range t.Dims {
			if d > math.MaxInt64/uint64(max(n, 1)) || d > 1<<53 {
				return nil, f.errorf(at, "tensor %q: dimensions %v overflow", t.Name, t.Dims)
			}
			n *= int64(d)
		}
		if len(t.Dims) > 0 && int64(t.Dims[0])%t.Type.BlockElems() != 0 {
			return nil, f.errorf(at, "tensor %q: row length %d is not a multiple of the %s block size %d", t.Name, t.Dims[0], t.Type, t.Type.BlockElems())
		}
		t.Size, _ = t.Type.RowBytes(n)
		if t.Offset%f.Alignment != 0 {
			return nil, f.errorf(at, "tensor %q: offset %d is not a multiple of the alignment %d", t.Name, t.Offset, f.Alignment)
		}
		f.byName[t.Name] = len(f.Tensors)
		f.Tensors = append(f.Tensors, t)
	}
	f.DataOffset = (r.off + int64(f.Alignment) - 1) / int64(f.Alignment) * int64(f.Alignment)
	if nTensors > 0 && f.DataOffset > int64(len(data)) {
		return nil, f.errorf(r.off, "file truncated: the tensor data section is missing")
	}
	for _, t := range f.Tensors {
		end := uint64(f.DataOffset) + t.Offset + uint64(t.Size)
		if t.Offset > uint64(len(data)) || end > uint64(len(data)) || end < t.Offset {
			return nil, f.errorf(-1, "file truncated: tensor %q (%s %v, %d bytes at data offset %d) ends past the end of the file (%d bytes)",
				t.Name, t.Type, t.Shape(), t.Size, t.Offset, len(data))
		}
	}
	return f, nil
}

// value reads one metadata value of type vt (depth counts nested arrays).
func (r *reader) value(vt ValueType, key string, depth int) any {
	what := "metadata " + key
	switch vt {
	case TypeUint8:
		return r.u8(what)
	case TypeInt8:
		return int8(r.u8(what))
	case TypeUint16:
		return r.u16(what)
	case TypeInt16:
		return int16(r.u16(what))
	case TypeUint32:
		return r.u32(what)
	case TypeInt32:
		return int32(r.u32(what))
	case TypeUint64:
		return r.u64(what)
	case TypeInt64:
		return int64(r.u64(what))
	case TypeFloat32:
		return math.Float32frombits(r.u32(what))
	case TypeFloat64:
		return math.Float64frombits(r.u64(what))
	case TypeBool:
		b := r.u8(what)
		if r.err == nil && b > 1 {
			r.err = r.f.errorf(r.off-1, "metadata %q: bool value %d", key, b)
		}
		return b == 1
	case TypeString:
		return r.str(what)
	case TypeArray:
		if depth > 4 {
			r.err = r.f.errorf(r.off, "metadata %q: arrays nested too deeply", key)
			return nil
		}
		et := ValueType(r.u32(what + " array type"))
		n := r.u64(what + " array length")
		if r.err != nil {
			return nil
		}
		// Every element takes at least one byte.
		if n > uint64(len(r.b))-uint64(r.off) {
			r.err = r.f.errorf(r.off, "file truncated: metadata %q: array of %d elements", key, n)
			return nil
		}
		return Array{Type: et, Values: r.array(et, n, key, depth)}
	}
	if r.err == nil {
		r.err = r.f.errorf(r.off-4, "metadata %q: unknown value type %d", key, uint32(vt))
	}
	return nil
}

func readSlice[T any](r *reader, et ValueType, n uint64, key string, depth int) []T {
	out := make([]T, 0, min(n, 1<<16))
	for range n {
		v := r.value(et, key, depth+1)
		if r.err != nil {
			return nil
		}
		out = append(out, v.(T))
	}
	return out
}

func (r *reader) array(et ValueType, n uint64, key string, depth int) any {
	switch et {
	case TypeUint8:
		return readSlice[uint8](r, et, n, key, depth)
	case TypeInt8:
		return readSlice[int8](r, et, n, key, depth)
	case TypeUint16:
		return readSlice[uint16](r, et, n, key, depth)
	case TypeInt16:
		return readSlice[int16](r, et, n, key, depth)
	case TypeUint32:
		return readSlice[uint32](r, et, n, key, depth)
	case TypeInt32:
		return readSlice[int32](r, et, n, key, depth)
	case TypeUint64:
		return readSlice[uint64](r, et, n, key, depth)
	case TypeInt64:
		return readSlice[int64](r, et, n, key, depth)
	case TypeFloat32:
		return readSlice[float32](r, et, n, key, depth)
	case TypeFloat64:
		return readSlice[float64](r, et, n, key, depth)
	case TypeBool:
		return readSlice[bool](r, et, n, key, depth)
	case TypeString:
		return readSlice[string](r, et, n, key, depth)
	case TypeArray:
		return readSlice[Array](r, et, n, key, depth)
	}
	r.err = r.f.errorf(r.off, "metadata %q: unknown array element type %d", key, uint32(et))
	return nil
}

// Architecture returns general.architecture ("llama"), or "".
func (f *File) Architecture() string {
	s, _ := f.Metadata["general.architecture"].(string)
	return s
}

// Uint returns an unsigned or non-negative signed integer metadata value
// as uint64.
func (f *File) Uint(key string) (uint64, error) {
	switch v := f.Metadata[key].(type) {
	case uint8:
		return uint64(v), nil
	case uint16:
		return uint64(v), nil
	case uint32:
		return uint64(v), nil
	case uint64:
		return v, nil
	case int8:
		if v >= 0 {
			return uint64(v), nil
		}
	case int16:
		if v >= 0 {
			return uint64(v), nil
		}
	case int32:
		if v >= 0 {
			return uint64(v), nil
		}
	case int64:
		if v >= 0 {
			return uint64(v), nil
		}
	case nil:
		return 0, f.errorf(-1, "metadata %q is missing", key)
	}
	return 0, f.errorf(-1, "metadata %q is %v, not a non-negative integer", key, f.Metadata[key])
}

// Float returns a float32 or float64 metadata value.
func (f *File) Float(key string) (float64, error) {
	switch v := f.Metadata[key].(type) {
	case float32:
		return float64(v), nil
	case float64:
		return v, nil
	case nil:
		return 0, f.errorf(-1, "metadata %q is missing", key)
	}
	return 0, f.errorf(-1, "metadata %q is %T, not a float", key, f.Metadata[key])
}

// String returns a string metadata value.
func (f *File) String(key string) (string, error) {
	switch v := f.Metadata[key].(type) {
	case string:
		return v, nil
	case nil:
		return "", f.errorf(-1, "metadata %q is missing", key)
	}
	return "", f.errorf(-1, "metadata %q is %T, not a string", key, f.Metadata[key])
}

// Strings returns a string-array metadata value.
func (f *File) Strings(key string) ([]string, error) {
	a, ok := f.Metadata[key].(Array)
	if !ok {
		return nil, f.errorf(-1, "metadata %q is missing or not an array", key)
	}
	s, ok := a.Values.([]string)
	if !ok {
		return nil, f.errorf(-1, "metadata %q is not an array of strings", key)
	}
	return s, nil
}

// Float32s returns a float32-array metadata value.
func (f *File) Float32s(key string) ([]float32, error) {
	a, ok := f.Metadata[key].(Array)
	if !ok {
		return nil, f.errorf(-1, "metadata %q is missing or not an array", key)
	}
	s, ok := a.Values.([]float32)
	if !ok {
		return nil, f.errorf(-1, "metadata %q is not an array of float32", key)
	}
	return s, nil
}

// Int32s returns an int32-array metadata value.
func (f *File) Int32s(key string) ([]int32, error) {
	a, ok := f.Metadata[key].(Array)
	if !ok {
		return nil, f.errorf(-1, "metadata %q is missing or not an array", key)
	}
	s, ok := a.Values.([]int32)
	if !ok {
		return nil, f.errorf(-1, "metadata %q is not an array of int32", key)
	}
	return s, nil
}
