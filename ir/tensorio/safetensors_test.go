package tensorio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// stBytes assembles a safetensors file from a header and a data buffer
// without any padding or checking.
func stBytes(header string, buf []byte) []byte {
	out := binary.LittleEndian.AppendUint64(nil, uint64(len(header)))
	out = append(out, header...)
	return append(out, buf...)
}

// randomTensor returns a tensor of type t whose elements are decoded from
// random bytes, so every bit pattern class (NaN, inf, subnormal, negative)
// is likely to appear for larger tensors.
func randomTensor(t *testing.T, r *rand.Rand, typ *ir.TensorType) *ir.Tensor {
	t.Helper()
	n := typ.NumElements() * int64(typ.Elem.ByteSize())
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	x, err := ir.TensorFromBytes(typ, b)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestSafetensorsRoundTripEveryDType(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	dir := t.TempDir()
	tensors := map[string]*ir.Tensor{}
	var stored []ir.ElementType
	for _, e := range ir.AllElementTypes() {
		if _, ok := SafetensorsDType(e); !ok {
			continue
		}
		stored = append(stored, e)
		tensors["t."+e.String()] = randomTensor(t, r, ir.TensorOf(e, 3, 5))
		tensors["scalar."+e.String()] = randomTensor(t, r, ir.TensorOf(e))
		tensors["empty."+e.String()] = randomTensor(t, r, ir.TensorOf(e, 4, 0, 2))
	}
	if len(stored) != 16 {
		t.Fatalf("%d element types have a safetensors dtype, want 16 (BOOL, U8..U64, I8..I64, F16, BF16, F32, F64, F8_E4M3, F8_E5M2, C64)", len(stored))
	}
	path := filepath.Join(dir, "all.safetensors")
	meta := map[string]string{"format": "pt", "quote\"and\\slash\n": "ünïcode"}
	if err := WriteSafetensors(path, tensors, meta); err != nil {
		t.Fatal(err)
	}
	f, err := OpenSafetensors(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := f.Metadata(); len(got) != 2 || got["format"] != "pt" || got["quote\"and\\slash\n"] != "ünïcode" {
		t.Errorf("metadata = %q", got)
	}
	infos := f.Tensors()
	if len(infos) != len(tensors) {
		t.Fatalf("%d tensors listed, want %d", len(infos), len(tensors))
	}
	var prevEnd int64
	for _, info := range infos {
		x := tensors[info.Name]
		if x == nil {
			t.Fatalf("unexpected tensor %q", info.Name)
		}
		if info.Begin != prevEnd {
			t.Errorf("%s begins at %d, previous tensor ends at %d", info.Name, info.Begin, prevEnd)
		}
		prevEnd = info.End
		if sz := int64(info.Elem.ByteSize()); (f.DataOffset()+info.Begin)%sz != 0 {
			t.Errorf("%s (%s) starts at file offset %d, not aligned to %d", info.Name, info.DType, f.DataOffset()+info.Begin, sz)
		}
		if info.Elem != x.Elem() || !slices.Equal(info.Shape, x.Shape()) {
			t.Errorf("%s listed as %s %v, want %s %v", info.Name, info.Elem, info.Shape, x.Elem(), x.Shape())
		}
		raw, err := f.Raw(info.Name)
		if err != nil || !bytes.Equal(raw, ir.TensorBytes(x)) {
			t.Errorf("%s: raw bytes differ (err %v)", info.Name, err)
		}
		y, err := f.Tensor(info.Name)
		if err != nil {
			t.Fatalf("%s: %v", info.Name, err)
		}
		if !y.Equal(x) {
			t.Errorf("%s: read %s, wrote %s", info.Name, y, x)
		}
	}
	if f.DataOffset()%8 != 0 {
		t.Errorf("data buffer starts at %d, not 8-byte aligned", f.DataOffset())
	}
}

func TestSafetensorsUnsupportedDTypesStayRaw(t *testing.T) {
	var buf bytes.Buffer
	in := map[string]RawTensor{
		"scales": {DType: "F8_E8M0", Shape: []int64{3}, Data: []byte{1, 2, 3}},
		"packed": {DType: "F4", Shape: []int64{2, 3}, Data: []byte{0x12, 0x34, 0x56}},
		"f6":     {DType: "F6_E2M3", Shape: []int64{4}, Data: []byte{7, 8, 9}},
	}
	if err := EncodeSafetensors(&buf, in, nil); err != nil {
		t.Fatal(err)
	}
	f, err := ParseSafetensors(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	// Order: F8_E8M0 before F6_E2M3 before F4 (decreasing enum rank).
	if got := f.Names(); !slices.Equal(got, []string{"scales", "f6", "packed"}) {
		t.Errorf("order %q", got)
	}
	for name, want := range in {
		info, _ := f.Info(name)
		if info.Elem != ir.Invalid || info.DType != want.DType {
			t.Errorf("%s: elem %s dtype %s", name, info.Elem, info.DType)
		}
		raw, _ := f.Raw(name)
		if !bytes.Equal(raw, want.Data) {
			t.Errorf("%s: raw %x want %x", name, raw, want.Data)
		}
	}
	_, err = f.Tensor("packed")
	if err == nil || err.Error() != `safetensors: tensor "packed": dtype F4 has no zmlc element type` {
		t.Errorf("Tensor(F4) error = %v", err)
	}
	err = EncodeSafetensors(&buf, map[string]RawTensor{"odd": {DType: "F4", Shape: []int64{3}, Data: []byte{1, 2}}}, nil)
	if err == nil || err.Error() != `safetensors: tensor "odd": shape [3] of F4 is 12 bits, not a whole number of bytes` {
		t.Errorf("odd F4 error = %v", err)
	}
}

// TestSafetensorsGolden checks exact bytes: the layout the reference
// serializer produces (its own tests expect these bytes for an empty file).
func TestSafetensorsGolden(t *testing.T) {
	enc := func(tensors map[string]RawTensor, meta map[string]string) string {
		var b bytes.Buffer
		if err := EncodeSafetensors(&b, tensors, meta); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	if got, want := enc(nil, nil), "\x08\x00\x00\x00\x00\x00\x00\x00{}      "; got != want {
		t.Errorf("empty: %q, want %q", got, want)
	}
	if got, want := enc(nil, map[string]string{"framework": "pt"}),
		"\x28\x00\x00\x00\x00\x00\x00\x00"+`{"__metadata__":{"framework":"pt"}}`+"     "; got != want {
		t.Errorf("metadata only: %q, want %q", got, want)
	}
	got := enc(map[string]RawTensor{
		"b":  {DType: "U8", Shape: []int64{3}, Data: []byte{1, 2, 3}},
		"a":  {DType: "F32", Shape: []int64{}, Data: []byte{0, 0, 0x80, 0x3f}},
		"z":  {DType: "I64", Shape: []int64{1}, Data: []byte{9, 0, 0, 0, 0, 0, 0, 0}},
		"c":  {DType: "U8", Shape: []int64{0, 5}, Data: nil},
		"\t": {DType: "BOOL", Shape: []int64{1}, Data: []byte{1}},
	}, nil)
	header := `{"z":{"dtype":"I64","shape":[1],"data_offsets":[0,8]},` +
		`"a":{"dtype":"F32","shape":[],"data_offsets":[8,12]},` +
		`"b":{"dtype":"U8","shape":[3],"data_offsets":[12,15]},` +
		`"c":{"dtype":"U8","shape":[0,5],"data_offsets":[15,15]},` +
		`"\t":{"dtype":"BOOL","shape":[1],"data_offsets":[15,16]}}`
	header += strings.Repeat(" ", (8-len(header)%8)%8)
	want := string(stBytes(header, []byte{9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x3f, 1, 2, 3, 1}))
	if got != want {
		t.Errorf("mixed:\n got %q\nwant %q", got, want)
	}
}

func TestSafetensorsAcceptsEdgeCases(t *testing.T) {
	for _, c := range []struct {
		name, header string
		buf          []byte
		tensors      []string
	}{
		{"whitespace around header", " \t\n{} \r\n ", nil, nil},
		{"metadata null", `{"__metadata__":null}`, nil, nil},
		{"zero-size tensors share an offset",
			`{"b":{"dtype":"F32","shape":[0],"data_offsets":[4,4]},"a":{"dtype":"I32","shape":[],"data_offsets":[0,4]},"c":{"dtype":"F16","shape":[3,0],"data_offsets":[4,4]}}`,
			make([]byte, 4), []string{"a", "b", "c"}},
		{"unknown fields are ignored",
			`{"a":{"extra":{"x":[1,{"y":null}]},"dtype":"U8","shape":[2],"data_offsets":[0,2]}}`, []byte{1, 2}, []string{"a"}},
		{"escaped names", `{"\u0061\n":{"dtype":"U8","shape":[],"data_offsets":[0,1]}}`, []byte{1}, []string{"a\n"}},
		{"empty name", `{"":{"dtype":"U8","shape":[],"data_offsets":[0,1]}}`, []byte{1}, []string{""}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := ParseSafetensors(stBytes(c.header, c.buf))
			if err != nil {
				t.Fatal(err)
			}
			if got := f.Names(); !slices.Equal(got, c.tensors) && !(len(got) == 0 && len(c.tensors) == 0) {
				t.Errorf("names %q, want %q", got, c.tensors)
			}
		})
	}
}

// f32x4 is the header entry of a tensor of 4 F32 at [b, e).
func f32x4(name string, b, e int) string {
	return `"` + name + `":{"dtype":"F32","shape":[4],"data_offsets":[` + strconv.Itoa(b) + `,` + strconv.Itoa(e) + `]}`
}

// stMalformed lists one safetensors file for each kind of malformation,
// with the exact error; the fuzz corpus is built from it too.
var stMalformed = []struct {
	name string
	data []byte
	want string
}{
	{"empty file", nil, "safetensors: file is 0 bytes, too short for the 8-byte header length"},
	{"short file", []byte("abc"), "safetensors: file is 3 bytes, too short for the 8-byte header length"},
	{"header above the cap", binary.LittleEndian.AppendUint64(nil, MaxHeaderSize+1),
		"safetensors: header length 100000001 exceeds the limit of 100000000 bytes"},
	{"header length 2^64-1", binary.LittleEndian.AppendUint64(nil, 1<<64-1),
		"safetensors: header length 18446744073709551615 exceeds the limit of 100000000 bytes"},
	{"header past the end", append(binary.LittleEndian.AppendUint64(nil, 100), "{}        "...),
		"safetensors: header length 100 runs past the end of the 18-byte file"},
	{"empty header", stBytes("", nil), "safetensors: header is not valid JSON: unexpected end of header"},
	{"not UTF-8", stBytes("{\"\xff\":1}", nil), "safetensors: header is not valid UTF-8"},
	{"truncated JSON", stBytes("{", nil), "safetensors: header is not valid JSON: unexpected end of header"},
	{"bad JSON", stBytes(`{"a" 1}`, nil),
		"safetensors: header is not valid JSON: invalid character '1' after object key"},
	{"array header", stBytes(`[1,2]`, nil), "safetensors: header is not a JSON object (it starts with an array)"},
	{"string header", stBytes(`"x"`, nil), `safetensors: header is not a JSON object (it starts with string "x")`},
	{"two objects", stBytes(`{}{}`, nil), "safetensors: header has an object after its JSON object"},
	{"trailing garbage", stBytes(`{} x`, nil),
		"safetensors: header is not valid JSON: invalid character 'x' looking for beginning of value"},
	{"duplicate name", stBytes("{"+f32x4("a", 0, 16)+","+f32x4("a", 16, 32)+"}", make([]byte, 32)),
		`safetensors: tensor "a": duplicate name in header`},
	{"duplicate metadata", stBytes(`{"__metadata__":{},"__metadata__":{}}`, nil),
		`safetensors: duplicate "__metadata__" entry in header`},
	{"metadata not an object", stBytes(`{"__metadata__":[]}`, nil),
		`safetensors: "__metadata__" is an array, not an object of strings`},
	{"metadata value not a string", stBytes(`{"__metadata__":{"k":1}}`, nil),
		`safetensors: "__metadata__" value of key "k" is number 1, not a string`},
	{"metadata duplicate key", stBytes(`{"__metadata__":{"k":"1","k":"2"}}`, nil),
		`safetensors: duplicate key "k" in "__metadata__"`},
	{"entry not an object", stBytes(`{"a":5}`, nil), `safetensors: tensor "a": header entry is number 5, not an object`},
	{"missing data_offsets", stBytes(`{"a":{"dtype":"F32","shape":[]}}`, nil),
		`safetensors: tensor "a": missing field "data_offsets"`},
	{"duplicate field", stBytes(`{"a":{"dtype":"F32","dtype":"F32","shape":[],"data_offsets":[0,4]}}`, make([]byte, 4)),
		`safetensors: tensor "a": duplicate field "dtype"`},
	{"unknown dtype", stBytes(`{"a":{"dtype":"F33","shape":[],"data_offsets":[0,4]}}`, make([]byte, 4)),
		`safetensors: tensor "a": unknown dtype "F33"`},
	{"dtype not a string", stBytes(`{"a":{"dtype":32,"shape":[],"data_offsets":[0,4]}}`, make([]byte, 4)),
		`safetensors: tensor "a": dtype is number 32, not a string`},
	{"negative dimension", stBytes(`{"a":{"dtype":"F32","shape":[-1],"data_offsets":[0,4]}}`, make([]byte, 4)),
		`safetensors: tensor "a": shape holds negative number -1`},
	{"fractional dimension", stBytes(`{"a":{"dtype":"F32","shape":[1.0],"data_offsets":[0,4]}}`, make([]byte, 4)),
		`safetensors: tensor "a": shape holds 1.0, not an integer`},
	{"string dimension", stBytes(`{"a":{"dtype":"F32","shape":["1"],"data_offsets":[0,4]}}`, make([]byte, 4)),
		`safetensors: tensor "a": shape holds string "1", not an integer`},
	{"shape not an array", stBytes(`{"a":{"dtype":"F32","shape":4,"data_offsets":[0,4]}}`, make([]byte, 4)),
		`safetensors: tensor "a": shape is number 4, not an array of integers`},
	{"dimension beyond u64", stBytes(`{"a":{"dtype":"F32","shape":[18446744073709551616],"data_offsets":[0,4]}}`, make([]byte, 4)),
		`safetensors: tensor "a": shape holds 18446744073709551616, which overflows a 64-bit unsigned integer`},
	{"dimension beyond i64", stBytes(`{"a":{"dtype":"F32","shape":[9223372036854775808],"data_offsets":[0,4]}}`, make([]byte, 4)),
		`safetensors: tensor "a": shape dimension 9223372036854775808 is too large`},
	{"element count overflows", stBytes(`{"a":{"dtype":"I32","shape":[2,9223372036854775807],"data_offsets":[0,16]}}`, make([]byte, 16)),
		`safetensors: tensor "a": shape [2, 9223372036854775807] of I32 overflows: its element count does not fit in 63 bits`},
	{"byte size overflows", stBytes(`{"a":{"dtype":"I32","shape":[4611686018427387904],"data_offsets":[0,16]}}`, make([]byte, 16)),
		`safetensors: tensor "a": shape [4611686018427387904] of I32 overflows: its size in bits does not fit in 63 bits`},
	{"overflow before a zero dimension", stBytes(`{"a":{"dtype":"U8","shape":[4294967296,4294967296,0],"data_offsets":[0,0]}}`, nil),
		`safetensors: tensor "a": shape [4294967296, 4294967296, 0] of U8 overflows: its element count does not fit in 63 bits`},
	{"sub-byte misaligned", stBytes(`{"a":{"dtype":"F4","shape":[3],"data_offsets":[0,2]}}`, make([]byte, 2)),
		`safetensors: tensor "a": shape [3] of F4 is 12 bits, not a whole number of bytes`},
	{"one offset", stBytes(`{"a":{"dtype":"F32","shape":[],"data_offsets":[4]}}`, make([]byte, 4)),
		`safetensors: tensor "a": data_offsets has 1 entries, want 2`},
	{"end before begin", stBytes("{"+f32x4("a", 16, 0)+"}", make([]byte, 16)),
		`safetensors: tensor "a": data_offsets [16, 0] end before they begin`},
	{"past the buffer", stBytes("{"+f32x4("a", 0, 16)+"}", make([]byte, 12)),
		`safetensors: tensor "a": data_offsets [0, 16] run past the end of the 12-byte data buffer`},
	{"offset beyond i64", stBytes(`{"a":{"dtype":"U8","shape":[1],"data_offsets":[18446744073709551614,18446744073709551615]}}`, make([]byte, 1)),
		`safetensors: tensor "a": data_offsets [18446744073709551614, 18446744073709551615] run past the end of the 1-byte data buffer`},
	{"overlap", stBytes("{"+f32x4("a", 0, 16)+","+f32x4("b", 8, 24)+"}", make([]byte, 24)),
		`safetensors: tensor "b": data_offsets [8, 24] overlap tensor "a", which ends at 16`},
	{"same range twice", stBytes("{"+f32x4("b", 0, 16)+","+f32x4("a", 0, 16)+"}", make([]byte, 16)),
		`safetensors: tensor "b": data_offsets [0, 16] overlap tensor "a", which ends at 16`},
	{"hole between tensors", stBytes("{"+f32x4("b", 24, 40)+","+f32x4("a", 0, 16)+"}", make([]byte, 40)),
		`safetensors: tensor "b": data_offsets [24, 40] leave a hole: bytes [16, 24) of the data buffer belong to no tensor`},
	{"hole at the start", stBytes("{"+f32x4("a", 8, 24)+"}", make([]byte, 24)),
		`safetensors: tensor "a": data_offsets [8, 24] leave a hole: bytes [0, 8) of the data buffer belong to no tensor`},
	{"bytes after the last tensor", stBytes("{"+f32x4("a", 0, 16)+"}", make([]byte, 20)),
		`safetensors: bytes [16, 20) of the data buffer, after the last tensor "a", belong to no tensor`},
	{"buffer without tensors", stBytes("{}", make([]byte, 4)),
		"safetensors: the header lists no tensors, but the data buffer holds 4 bytes"},
	{"size differs from range", stBytes(`{"a":{"dtype":"I32","shape":[2,2],"data_offsets":[0,4]}}`, make([]byte, 4)),
		`safetensors: tensor "a": dtype I32 and shape [2, 2] need 16 bytes, but data_offsets [0, 4] hold 4`},
	{"empty tensor with data", stBytes(`{"a":{"dtype":"I32","shape":[2,0],"data_offsets":[0,4]}}`, make([]byte, 4)),
		`safetensors: tensor "a": dtype I32 and shape [2, 0] need 0 bytes, but data_offsets [0, 4] hold 4`},
}

func TestSafetensorsMalformed(t *testing.T) {
	for _, c := range stMalformed {
		t.Run(c.name, func(t *testing.T) {
			f, err := ParseSafetensors(c.data)
			if err == nil {
				t.Fatalf("accepted %q: %v", c.data, f.Names())
			}
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Errorf("error %T is not a *FormatError", err)
			}
			if err.Error() != c.want {
				t.Errorf("error\n got %s\nwant %s", err, c.want)
			}
		})
	}
}

// TestSafetensorsMNIST reads the real PyTorch-trained MNIST weights
// (../shared/data/mnist-burn/mnist.safetensors, written by the reference
// serializer) and re-encodes them: the output must be the same bytes.
func TestSafetensorsMNIST(t *testing.T) {
	path := sharedData(t, "mnist-burn/mnist.safetensors")
	f, err := OpenSafetensors(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string][]int64{
		"conv1.weight": {8, 1, 3, 3}, "conv1.bias": {8},
		"conv2.weight": {16, 8, 3, 3}, "conv2.bias": {16},
		"conv3.weight": {24, 16, 3, 3}, "conv3.bias": {24},
		"fc1.weight": {32, 11616}, "fc1.bias": {32},
		"fc2.weight": {10, 32}, "fc2.bias": {10},
		"norm1.weight": {24}, "norm1.bias": {24}, "norm1.running_mean": {24}, "norm1.running_var": {24},
		"norm1.num_batches_tracked": {},
		"norm2.weight":              {10}, "norm2.bias": {10}, "norm2.running_mean": {10}, "norm2.running_var": {10},
		"norm2.num_batches_tracked": {},
	}
	infos := f.Tensors()
	if len(infos) != len(want) {
		t.Errorf("%d tensors, want %d: %q", len(infos), len(want), f.Names())
	}
	raw := map[string]RawTensor{}
	for _, info := range infos {
		shape, ok := want[info.Name]
		if !ok {
			t.Errorf("unexpected tensor %q", info.Name)
			continue
		}
		wantElem := ir.F32
		if strings.HasSuffix(info.Name, "num_batches_tracked") {
			wantElem = ir.I64
		}
		if info.Elem != wantElem || !slices.Equal(info.Shape, shape) {
			t.Errorf("%s: %s %v, want %s %v", info.Name, info.Elem, info.Shape, wantElem, shape)
		}
		data, err := f.Raw(info.Name)
		if err != nil {
			t.Fatal(err)
		}
		raw[info.Name] = RawTensor{DType: info.DType, Shape: info.Shape, Data: data}
	}
	// The first tensors in the buffer are the I64 counters (largest alignment first).
	if infos[0].DType != "I64" || infos[0].Begin != 0 {
		t.Errorf("first tensor %s %s at %d", infos[0].Name, infos[0].DType, infos[0].Begin)
	}
	w, err := f.Tensor("fc1.weight")
	if err != nil {
		t.Fatal(err)
	}
	var nonzero int
	for _, v := range w.F {
		if v != 0 {
			nonzero++
		}
		if v != v || v > 10 || v < -10 {
			t.Fatalf("fc1.weight holds %v, not a trained weight", v)
		}
	}
	if nonzero < len(w.F)/2 {
		t.Errorf("fc1.weight has only %d nonzero values of %d", nonzero, len(w.F))
	}
	nb, err := f.Tensor("norm1.num_batches_tracked")
	if err != nil || nb.I[0] <= 0 {
		t.Errorf("num_batches_tracked = %v (%v), want a positive count", nb, err)
	}
	var buf bytes.Buffer
	if err := EncodeSafetensors(&buf, raw, f.Metadata()); err != nil {
		t.Fatal(err)
	}
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), orig) {
		t.Errorf("re-encoding the file gives %d different bytes (original %d)", buf.Len(), len(orig))
	}
}

func TestSafetensorsAtomicWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "w.safetensors")
	if err := os.WriteFile(path, []byte("precious"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		call func() error
		want string
	}{
		{"complex<f64>", func() error {
			return WriteSafetensors(path, map[string]*ir.Tensor{"c": ir.MustTensor(ir.TensorOf(ir.C128, 2))}, nil)
		}, `safetensors: tensor "c": element type complex<f64> has no safetensors dtype`},
		{"i4", func() error {
			return WriteSafetensors(path, map[string]*ir.Tensor{"q": ir.MustTensor(ir.TensorOf(ir.I4, 2))}, nil)
		}, `safetensors: tensor "q": element type i4 has no safetensors dtype`},
		{"wrong raw size", func() error {
			return WriteSafetensorsRaw(path, map[string]RawTensor{
				"a": {DType: "F32", Shape: []int64{2}, Data: make([]byte, 8)},
				"b": {DType: "F32", Shape: []int64{2}, Data: make([]byte, 7)},
			}, nil)
		}, `safetensors: tensor "b": dtype F32 and shape [2] need 8 bytes, got 7`},
		{"unknown dtype", func() error {
			return WriteSafetensorsRaw(path, map[string]RawTensor{"a": {DType: "F128"}}, nil)
		}, `safetensors: tensor "a": unknown dtype "F128"`},
		{"reserved name", func() error {
			return WriteSafetensorsRaw(path, map[string]RawTensor{"__metadata__": {DType: "U8", Shape: []int64{}, Data: []byte{1}}}, nil)
		}, `safetensors: tensor "__metadata__": the name is reserved for the metadata`},
		{"negative dimension", func() error {
			return WriteSafetensorsRaw(path, map[string]RawTensor{"a": {DType: "U8", Shape: []int64{-1}}}, nil)
		}, `safetensors: tensor "a": shape [-1] has a negative dimension`},
		{"invalid UTF-8", func() error {
			return WriteSafetensorsRaw(path, map[string]RawTensor{"\xff": {DType: "U8", Shape: []int64{}, Data: []byte{1}}}, nil)
		}, `safetensors: tensor "\xff": the name is not valid UTF-8`},
	} {
		err := c.call()
		if err == nil || strings.TrimPrefix(err.Error(), path+": ") != c.want {
			t.Errorf("%s: error %v, want %s", c.name, err, c.want)
		}
		if got, _ := os.ReadFile(path); string(got) != "precious" {
			t.Errorf("%s: existing file clobbered: %q", c.name, got)
		}
	}
	if err := WriteSafetensors(filepath.Join(dir, "missing", "x.safetensors"), nil, nil); err == nil {
		t.Errorf("writing into a missing folder succeeded")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("folder holds %d entries after failed writes, want 1", len(entries))
	}
	// A successful write replaces the file and keeps its mode.
	x := ir.Scalar(ir.F32, 1.5)
	if err := WriteSafetensors(path, map[string]*ir.Tensor{"x": x}, nil); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 kept", st.Mode().Perm())
	}
	f, err := OpenSafetensors(path)
	if err != nil {
		t.Fatal(err)
	}
	y, err := f.Tensor("x")
	if err != nil || !y.Equal(x) {
		t.Errorf("read back %v, %v", y, err)
	}
	if _, err := f.Tensor("nope"); err == nil || !strings.HasSuffix(err.Error(), `safetensors: tensor "nope": no such tensor in the file`) {
		t.Errorf("missing tensor error %v", err)
	}
	f.Close()
	if _, err := f.Raw("x"); err == nil {
		t.Errorf("Raw after Close succeeded")
	}
	if err := f.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	entries, _ = os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("folder holds %d entries after the write, want 1", len(entries))
	}
}

func TestOpenSafetensorsErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := OpenSafetensors(filepath.Join(dir, "none")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := OpenSafetensors(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("folder: %v", err)
	}
	p := filepath.Join(dir, "empty.safetensors")
	os.WriteFile(p, nil, 0o644)
	if _, err := OpenSafetensors(p); err == nil || err.Error() != p+": safetensors: file is 0 bytes, too short for the 8-byte header length" {
		t.Errorf("empty file: %v", err)
	}
}
