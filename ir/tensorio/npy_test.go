package tensorio

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// npyBytes assembles a .npy file of the given version from a header text
// (written as is, no padding) and data.
func npyBytes(major byte, header string, data []byte) []byte {
	out := []byte(npyMagic)
	out = append(out, major, 0)
	if major == 1 {
		out = binary.LittleEndian.AppendUint16(out, uint16(len(header)))
	} else {
		out = binary.LittleEndian.AppendUint32(out, uint32(len(header)))
	}
	out = append(out, header...)
	return append(out, data...)
}

func npyDict(descr, fortran, shape string) string {
	return "{'descr': '" + descr + "', 'fortran_order': " + fortran + ", 'shape': " + shape + ", }\n"
}

func TestNpyRoundTripEveryDType(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var n int
	for _, e := range ir.AllElementTypes() {
		if _, err := NpyDescr(e); err != nil {
			continue
		}
		n++
		for _, shape := range [][]int64{{}, {0}, {7}, {3, 5}, {2, 0, 3}, {2, 3, 4}} {
			x := randomTensor(t, r, ir.TensorOf(e, shape...))
			var b bytes.Buffer
			if err := EncodeNpy(&b, x); err != nil {
				t.Fatalf("%s: %v", x.Type, err)
			}
			if hl := b.Len() - len(ir.TensorBytes(x)); hl%64 != 0 {
				t.Errorf("%s: data starts at %d, not 64-byte aligned", x.Type, hl)
			}
			y, err := DecodeNpy(b.Bytes())
			if err != nil {
				t.Fatalf("%s: %v", x.Type, err)
			}
			if !y.Equal(x) {
				t.Errorf("%s: read %s, wrote %s", x.Type, y, x)
			}
		}
	}
	if n != 14 {
		t.Errorf("%d element types have a NumPy dtype, want 14", n)
	}
	// NaN, infinities and -0 keep their bits.
	x := ir.MustTensor(ir.TensorOf(ir.F16, 4))
	x.F = []float64{math.NaN(), math.Inf(-1), math.Copysign(0, -1), 65504}
	var b bytes.Buffer
	if err := EncodeNpy(&b, x); err != nil {
		t.Fatal(err)
	}
	if y, err := DecodeNpy(b.Bytes()); err != nil || !y.Equal(x) {
		t.Errorf("f16 specials: %v %v", y, err)
	}
}

// TestNpyGolden checks the exact bytes numpy.save writes for
// np.zeros((1, 28, 28), np.float32) (format 1.0, 128-byte header with
// growth padding) and for a scalar.
func TestNpyGolden(t *testing.T) {
	var b bytes.Buffer
	if err := EncodeNpy(&b, ir.MustTensor(ir.TensorOf(ir.F32, 1, 28, 28))); err != nil {
		t.Fatal(err)
	}
	dict := "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 28, 28), }"
	want := "\x93NUMPY\x01\x00\x76\x00" + dict + strings.Repeat(" ", 20+33) + "\n"
	if got := b.String()[:128]; got != want {
		t.Errorf("header\n got %q\nwant %q", got, want)
	}
	if b.Len() != 128+784*4 {
		t.Errorf("file is %d bytes, want %d", b.Len(), 128+784*4)
	}
	b.Reset()
	if err := EncodeNpy(&b, ir.Scalar(ir.I1, int64(1))); err != nil {
		t.Fatal(err)
	}
	dict = "{'descr': '|b1', 'fortran_order': False, 'shape': (), }"
	want = "\x93NUMPY\x01\x00\x76\x00" + dict + strings.Repeat(" ", 62) + "\n\x01"
	if b.String() != want {
		t.Errorf("scalar bool\n got %q\nwant %q", b.String(), want)
	}
	for e, d := range map[ir.ElementType]string{ir.I1: "|b1", ir.I8: "|i1", ir.UI8: "|u1", ir.I16: "<i2", ir.UI64: "<u8",
		ir.F16: "<f2", ir.F32: "<f4", ir.F64: "<f8", ir.C64: "<c8", ir.C128: "<c16"} {
		if got, err := NpyDescr(e); got != d || err != nil {
			t.Errorf("NpyDescr(%s) = %q, %v; want %q", e, got, err, d)
		}
	}
}

func TestNpyNoDescrForMLDTypes(t *testing.T) {
	for _, e := range []ir.ElementType{ir.BF16, ir.F8E4M3FN, ir.F8E5M2, ir.I4, ir.UI2} {
		err := EncodeNpy(&bytes.Buffer{}, ir.MustTensor(ir.TensorOf(e, 2)))
		want := "npy: element type " + e.String() + " has no NumPy dtype: .npy cannot store it (safetensors can store bf16 and f8)"
		if err == nil || err.Error() != want {
			t.Errorf("%s: error %v, want %s", e, err, want)
		}
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "x.npy")
	if err := WriteNpyFile(p, ir.MustTensor(ir.TensorOf(ir.BF16, 2))); err == nil {
		t.Errorf("bf16 .npy written")
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Errorf("failed write left %s behind", p)
	}
}

func TestNpyBigEndianAndVersions(t *testing.T) {
	f32 := ir.MustTensor(ir.TensorOf(ir.F32, 2))
	f32.F = []float64{1.5, -2}
	i64 := ir.MustTensor(ir.TensorOf(ir.I64, 2))
	i64.I = []int64{-2, 1 << 40}
	c64 := ir.MustTensor(ir.TensorOf(ir.C64, 1))
	c64.C = []complex128{complex(1, -1)}
	u16 := ir.MustTensor(ir.TensorOf(ir.UI16, 3))
	u16.I = []int64{1, 0x1234, 0xFFFF}
	for _, c := range []struct {
		name string
		file []byte
		want *ir.Tensor
	}{
		{">f4", npyBytes(1, npyDict(">f4", "False", "(2,)"), []byte{0x3f, 0xc0, 0, 0, 0xc0, 0, 0, 0}), f32},
		{">i8", npyBytes(1, npyDict(">i8", "False", "(2,)"),
			[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0, 0, 1, 0, 0, 0, 0, 0}), i64},
		{">c8 swaps each part", npyBytes(1, npyDict(">c8", "False", "(1,)"), []byte{0x3f, 0x80, 0, 0, 0xbf, 0x80, 0, 0}), c64},
		{">u2", npyBytes(1, npyDict(">u2", "False", "(3,)"), []byte{0, 1, 0x12, 0x34, 0xff, 0xff}), u16},
		{"version 2.0", npyBytes(2, npyDict("<f4", "False", "(2,)"), []byte{0, 0, 0xc0, 0x3f, 0, 0, 0, 0xc0}), f32},
		{"version 3.0", npyBytes(3, npyDict("<f4", "False", "(2,)"), []byte{0, 0, 0xc0, 0x3f, 0, 0, 0, 0xc0}), f32},
		{"python 2 long ints, key order, double quotes", npyBytes(1, `{"shape": (2L,), "fortran_order": False, "descr": "<f4"}`+"\n",
			[]byte{0, 0, 0xc0, 0x3f, 0, 0, 0, 0xc0}), f32},
		{"1-D fortran order", npyBytes(1, npyDict("<u2", "True", "(3,)"), []byte{1, 0, 0x34, 0x12, 0xff, 0xff}), u16},
	} {
		got, err := DecodeNpy(c.file)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !got.Equal(c.want) {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
}

func TestNpyFortranOrder(t *testing.T) {
	// A (2, 3, 4) array a[i,j,k] = 100i + 10j + k, stored column-major:
	// i varies fastest, then j, then k.
	var data []byte
	for k := 0; k < 4; k++ {
		for j := 0; j < 3; j++ {
			for i := 0; i < 2; i++ {
				data = binary.LittleEndian.AppendUint16(data, uint16(100*i+10*j+k))
			}
		}
	}
	x, err := DecodeNpy(npyBytes(1, npyDict("<i2", "True", "(2, 3, 4)"), data))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i := 0; i < 2; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 4; k++ {
				if want := int64(100*i + 10*j + k); x.I[n] != want {
					t.Fatalf("element (%d,%d,%d) = %d, want %d", i, j, k, x.I[n], want)
				}
				n++
			}
		}
	}
	// Fortran order with an empty dimension and with a scalar.
	if x, err := DecodeNpy(npyBytes(1, npyDict("<f8", "True", "(3, 0)"), nil)); err != nil || x.Len() != 0 {
		t.Errorf("empty fortran array: %v %v", x, err)
	}
	if x, err := DecodeNpy(npyBytes(1, npyDict("<f8", "True", "()"), make([]byte, 8))); err != nil || x.Len() != 1 {
		t.Errorf("scalar fortran array: %v %v", x, err)
	}
}

// npyMalformed lists one .npy file for each kind of malformation, with the
// exact error; the fuzz corpus is built from it too.
var npyMalformed = []struct {
	name string
	data []byte
	want string
}{
	{"empty", nil, "npy: file is 0 bytes, too short for the .npy magic string"},
	{"short magic", []byte("\x93NUM"), "npy: file is 4 bytes, too short for the .npy magic string"},
	{"not npy", []byte("PK\x03\x04rest of a zip"), `npy: not a .npy file: it starts with "PK\x03\x04re", not the magic string "\x93NUMPY"`},
	{"no version", []byte("\x93NUMPY\x01"), "npy: file ends inside the format version"},
	{"unknown version", append([]byte("\x93NUMPY\x04\x00"), 0, 0), "npy: unsupported format version 4.0 (zmlc reads 1.0, 2.0 and 3.0)"},
	{"no header length", []byte("\x93NUMPY\x01\x00\x05"), "npy: file ends inside the header length"},
	{"header truncated", append([]byte("\x93NUMPY\x01\x00\x40\x00"), "{'descr'"...), "npy: header length is 64, but the file ends after 8 header bytes"},
	{"header too long", npyLongHeader, "npy: header length 10001 exceeds the limit of 10000 bytes"},
	{"v3 not UTF-8", npyBytes(3, "{'descr': '\xff'}", nil), "npy: version 3.0 header is not valid UTF-8"},
	{"not a dict", npyBytes(1, "[1, 2]\n", nil), "npy: header is not a dictionary: [1, 2]"},
	{"syntax error", npyBytes(1, "{'descr': '<f4' 'shape': ()}", nil),
		`npy: cannot parse header "{'descr': '<f4' 'shape': ()}": at byte 16: expected ',' or '}', found "'shape': ()}"`},
	{"function call", npyBytes(1, "{'descr': __import__('os')}", nil),
		`npy: cannot parse header "{'descr': __import__('os')}": at byte 10: unexpected name "__import__"`},
	{"missing key", npyBytes(1, "{'descr': '<f4', 'shape': ()}", npyOneF32),
		"npy: header {'descr': '<f4', 'shape': ()} does not have exactly the keys 'descr', 'fortran_order' and 'shape'"},
	{"extra key", npyBytes(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (), 'x': 1}", npyOneF32),
		"npy: header {'descr': '<f4', 'fortran_order': False, 'shape': (), 'x': 1} does not have exactly the keys 'descr', 'fortran_order' and 'shape'"},
	{"duplicate key", npyBytes(1, "{'descr': '<f4', 'descr': '<f4', 'shape': ()}", npyOneF32),
		`npy: cannot parse header "{'descr': '<f4', 'descr': '<f4', 'shape': ()}": at byte 17: duplicate key 'descr'`},
	{"bfloat16 as void", npyBytes(1, npyDict("<V2", "False", "()"), []byte{0, 0}),
		`npy: descr "<V2" is NumPy's anonymous void type (ml_dtypes writes bfloat16 and float8 this way); zmlc cannot tell which element type it holds`},
	{"object array", npyBytes(1, npyDict("|O", "False", "()"), nil),
		`npy: descr "|O" is an object array (pickled data), which zmlc never loads`},
	{"unicode string", npyBytes(1, npyDict("<U5", "False", "()"), nil), `npy: descr "<U5" has no zmlc element type`},
	{"long double", npyBytes(1, npyDict("<f16", "False", "()"), nil), `npy: descr "<f16" has no zmlc element type`},
	{"native order", npyBytes(1, npyDict("=f4", "False", "()"), npyOneF32), `npy: descr "=f4" has native byte order, which a file cannot rely on`},
	{"no order", npyBytes(1, npyDict("f4", "False", "()"), npyOneF32), `npy: descr "f4" has no byte-order character ('<', '>' or '|')`},
	{"| for a wide type", npyBytes(1, npyDict("|f4", "False", "()"), npyOneF32), `npy: descr "|f4" gives no byte order for a 4-byte type`},
	{"structured", npyBytes(1, "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': ()}", npyOneF32),
		"npy: descr [('a', '<f4')] is not supported: structured and subarray dtypes have no zmlc element type"},
	{"fortran_order not bool", npyBytes(1, npyDict("<f4", "0", "()"), npyOneF32), "npy: fortran_order is not a valid bool: 0"},
	{"shape is a list", npyBytes(1, npyDict("<f4", "False", "[1]"), npyOneF32), "npy: shape is not valid: [1] is not a tuple of integers"},
	{"shape is an int", npyBytes(1, npyDict("<f4", "False", "(1)"), npyOneF32), "npy: shape is not valid: 1 is not a tuple of integers"},
	{"negative dimension", npyBytes(1, npyDict("<f4", "False", "(2, -1)"), npyOneF32), "npy: shape (2, -1) has a negative dimension"},
	{"string dimension", npyBytes(1, npyDict("<f4", "False", "('1',)"), npyOneF32),
		"npy: shape is not valid: ('1',) is not a tuple of integers that fit in 64 bits"},
	{"huge dimension", npyBytes(1, npyDict("<f4", "False", "(99999999999999999999,)"), npyOneF32),
		"npy: shape is not valid: (99999999999999999999,) is not a tuple of integers that fit in 64 bits"},
	{"float dimension", npyBytes(1, npyDict("<f4", "False", "(1.0,)"), npyOneF32),
		`npy: cannot parse header "{'descr': '<f4', 'fortran_order': False, 'shape': (1.0,), }\n": at byte 51: unsupported number "1.0,), }\n"`},
	{"size overflow", npyBytes(1, npyDict("<f8", "False", "(4611686018427387904, 2)"), nil),
		"npy: shape (4611686018427387904, 2) overflows: its byte size does not fit in 63 bits"},
	{"huge shape, no data", npyBytes(1, npyDict("<f8", "False", "(1099511627776,)"), npyOneF32),
		"npy: array data is truncated: shape (1099511627776,) of f64 needs 8796093022208 bytes, the file holds 4"},
	{"truncated data", npyBytes(1, npyDict("<f4", "False", "(2,)"), npyOneF32),
		"npy: array data is truncated: shape (2,) of f32 needs 8 bytes, the file holds 4"},
	{"trailing data", npyBytes(1, npyDict("<f4", "False", "()"), append(npyOneF32, 0)), "npy: 1 bytes after the array data"},
	{"deep nesting", npyBytes(1, strings.Repeat("(", 100), nil),
		`npy: cannot parse header "` + strings.Repeat("(", 100) + `": at byte 32: nesting deeper than 32`},
}

var (
	npyOneF32     = []byte{0, 0, 0x80, 0x3f}
	npyLongHeader = npyBytes(2, strings.Repeat(" ", MaxNpyHeaderSize+1), nil)
)

func TestNpyMalformed(t *testing.T) {
	for _, c := range npyMalformed {
		t.Run(c.name, func(t *testing.T) {
			x, err := DecodeNpy(c.data)
			if err == nil {
				t.Fatalf("accepted: %v", x)
			}
			if _, ok := err.(*FormatError); !ok {
				t.Errorf("error %T is not a *FormatError", err)
			}
			if err.Error() != c.want {
				t.Errorf("error\n got %s\nwant %s", err, c.want)
			}
		})
	}
}

func TestNpyFiles(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.npy")
	x := ir.MustTensor(ir.TensorOf(ir.I32, 2, 2))
	x.I = []int64{1, -2, 3, -4}
	if err := WriteNpyFile(p, x); err != nil {
		t.Fatal(err)
	}
	y, err := ReadNpyFile(p)
	if err != nil || !y.Equal(x) {
		t.Fatalf("read %v, %v", y, err)
	}
	os.WriteFile(p, []byte("junk"), 0o644)
	if _, err := ReadNpyFile(p); err == nil || !strings.HasPrefix(err.Error(), p+": npy: not a .npy file") {
		t.Errorf("junk file: %v", err)
	}
	// Two arrays back to back in one stream.
	var b bytes.Buffer
	EncodeNpy(&b, x)
	EncodeNpy(&b, ir.Scalar(ir.F64, 2.5))
	r := bytes.NewReader(b.Bytes())
	if a, err := ReadNpy(r); err != nil || !a.Equal(x) {
		t.Errorf("first array: %v %v", a, err)
	}
	if a, err := ReadNpy(r); err != nil || a.F[0] != 2.5 {
		t.Errorf("second array: %v %v", a, err)
	}
}
