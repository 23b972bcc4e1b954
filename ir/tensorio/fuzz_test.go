package tensorio

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// FuzzSafetensors checks that the reader never panics, that it returns only
// *FormatError values for bad input, and that every file it accepts
// survives a round trip through the writer: same tensors, dtypes, shapes,
// bytes and metadata, and a canonical encoding that re-encodes to itself.
// Seeds: testdata/fuzz/FuzzSafetensors (valid files and one file per kind
// of malformation; regenerate with TENSORIO_WRITE_CORPUS=1).
func FuzzSafetensors(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		sf, err := ParseSafetensors(data)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %T is not a *FormatError: %v", err, err)
			}
			return
		}
		raw := map[string]RawTensor{}
		var prevEnd int64
		for _, info := range sf.Tensors() {
			if info.Begin != prevEnd || info.End < info.Begin {
				t.Fatalf("%s: range [%d, %d) after %d", info.Name, info.Begin, info.End, prevEnd)
			}
			prevEnd = info.End
			b, err := sf.Raw(info.Name)
			if err != nil {
				t.Fatal(err)
			}
			raw[info.Name] = RawTensor{DType: info.DType, Shape: info.Shape, Data: b}
			x, err := sf.Tensor(info.Name)
			if info.Elem == ir.Invalid {
				if err == nil {
					t.Fatalf("%s: dtype %s decoded", info.Name, info.DType)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", info.Name, err)
			}
			if int64(len(ir.TensorBytes(x))) != info.Size() {
				t.Fatalf("%s: tensor has %d bytes, range %d", info.Name, len(ir.TensorBytes(x)), info.Size())
			}
		}
		var enc bytes.Buffer
		if err := EncodeSafetensors(&enc, raw, sf.Metadata()); err != nil {
			t.Fatalf("accepted file does not re-encode: %v", err)
		}
		g, err := ParseSafetensors(enc.Bytes())
		if err != nil {
			t.Fatalf("re-encoded file is rejected: %v", err)
		}
		if !maps.Equal(g.Metadata(), sf.Metadata()) && len(g.Metadata())+len(sf.Metadata()) > 0 {
			t.Fatalf("metadata %q became %q", sf.Metadata(), g.Metadata())
		}
		if len(g.Tensors()) != len(raw) {
			t.Fatalf("%d tensors became %d", len(raw), len(g.Tensors()))
		}
		raw2 := map[string]RawTensor{}
		for _, info := range g.Tensors() {
			want, ok := raw[info.Name]
			b, _ := g.Raw(info.Name)
			if !ok || want.DType != info.DType || !slices.Equal(want.Shape, info.Shape) || !bytes.Equal(want.Data, b) {
				t.Fatalf("tensor %q changed in the round trip", info.Name)
			}
			raw2[info.Name] = RawTensor{DType: info.DType, Shape: info.Shape, Data: b}
		}
		var enc2 bytes.Buffer
		if err := EncodeSafetensors(&enc2, raw2, g.Metadata()); err != nil || !bytes.Equal(enc.Bytes(), enc2.Bytes()) {
			t.Fatalf("encoding is not canonical (%v)", err)
		}
	})
}

// FuzzNpy checks that the .npy reader never panics, returns only
// *FormatError values, agrees with the streaming reader, and that every
// array it accepts round-trips through the writer.
func FuzzNpy(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		x, err := DecodeNpy(data)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %T is not a *FormatError: %v", err, err)
			}
			return
		}
		if y, err := ReadNpy(bytes.NewReader(data)); err != nil || !y.Equal(x) {
			t.Fatalf("streaming reader disagrees: %v", err)
		}
		var b bytes.Buffer
		if err := EncodeNpy(&b, x); err != nil {
			t.Fatalf("accepted array does not re-encode: %v", err)
		}
		y, err := DecodeNpy(b.Bytes())
		if err != nil {
			t.Fatalf("re-encoded array is rejected: %v", err)
		}
		if !y.Equal(x) {
			t.Fatalf("round trip changed %s into %s", x, y)
		}
	})
}

// TestWriteFuzzCorpus regenerates the committed seed corpora when run with
// TENSORIO_WRITE_CORPUS=1; otherwise it checks that they exist.
func TestWriteFuzzCorpus(t *testing.T) {
	corpora := map[string]map[string][]byte{
		"FuzzSafetensors": safetensorsSeeds(t),
		"FuzzNpy":         npySeeds(t),
	}
	for fuzzer, seeds := range corpora {
		dir := filepath.Join("testdata", "fuzz", fuzzer)
		if os.Getenv("TENSORIO_WRITE_CORPUS") != "1" {
			for name := range seeds {
				if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
					t.Errorf("seed missing (regenerate with TENSORIO_WRITE_CORPUS=1): %v", err)
				}
			}
			continue
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range seeds {
			text := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", data)
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// seedName turns a test case name into a file name.
func seedName(prefix, name string) string {
	return prefix + "-" + strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return '-'
	}, name)
}

func safetensorsSeeds(t *testing.T) map[string][]byte {
	seeds := map[string][]byte{}
	for _, c := range stMalformed {
		seeds[seedName("bad", c.name)] = c.data
	}
	enc := func(name string, tensors map[string]RawTensor, meta map[string]string) {
		var b bytes.Buffer
		if err := EncodeSafetensors(&b, tensors, meta); err != nil {
			t.Fatal(err)
		}
		seeds[seedName("valid", name)] = b.Bytes()
	}
	enc("empty", nil, nil)
	enc("metadata", nil, map[string]string{"format": "pt", "k\"\n": "ü"})
	r := rand.New(rand.NewPCG(5, 6))
	every := map[string]RawTensor{}
	for _, d := range stDTypes {
		shape := []int64{2, 4}
		n := DTypeBits(d.name)
		data := make([]byte, 8*n/8)
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		every[strings.ToLower(d.name)] = RawTensor{DType: d.name, Shape: shape, Data: data}
	}
	every["scalar"] = RawTensor{DType: "F64", Shape: []int64{}, Data: make([]byte, 8)}
	every["empty"] = RawTensor{DType: "I32", Shape: []int64{3, 0}}
	enc("every dtype", every, map[string]string{"note": "one tensor per dtype"})
	enc("model like", map[string]RawTensor{
		"conv1.weight":             {DType: "F32", Shape: []int64{2, 1, 1, 1}, Data: make([]byte, 8)},
		"conv1.bias":               {DType: "F32", Shape: []int64{2}, Data: make([]byte, 8)},
		"norm.num_batches_tracked": {DType: "I64", Shape: []int64{}, Data: []byte{7, 0, 0, 0, 0, 0, 0, 0}},
		"emb":                      {DType: "BF16", Shape: []int64{1, 2}, Data: []byte{0x80, 0x3f, 0, 0xc0}},
	}, nil)
	seeds["valid-whitespace"] = stBytes(" \n{\"a\":{\"dtype\":\"U8\",\"shape\":[1],\"data_offsets\":[0,1]}}\t ", []byte{1})
	seeds["valid-unknown-field"] = stBytes(`{"a":{"x":[1,{"y":null}],"dtype":"BOOL","shape":[2],"data_offsets":[0,2]}}`, []byte{0, 2})
	seeds["valid-shared-zero-offsets"] = stBytes(`{"b":{"dtype":"F32","shape":[0],"data_offsets":[4,4]},"a":{"dtype":"I32","shape":[],"data_offsets":[0,4]},"c":{"dtype":"F16","shape":[3,0],"data_offsets":[4,4]}}`, make([]byte, 4))
	return seeds
}

func npySeeds(t *testing.T) map[string][]byte {
	seeds := map[string][]byte{}
	for _, c := range npyMalformed {
		seeds[seedName("bad", c.name)] = c.data
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, e := range ir.AllElementTypes() {
		if _, err := NpyDescr(e); err != nil {
			continue
		}
		var b bytes.Buffer
		if err := EncodeNpy(&b, randomTensor(t, r, ir.TensorOf(e, 2, 3))); err != nil {
			t.Fatal(err)
		}
		seeds[seedName("valid", e.String())] = b.Bytes()
	}
	seeds["valid-scalar"] = npyBytes(1, npyDict("<f8", "False", "()"), make([]byte, 8))
	seeds["valid-empty"] = npyBytes(1, npyDict("<i4", "False", "(2, 0)"), nil)
	seeds["valid-big-endian"] = npyBytes(1, npyDict(">c8", "False", "(1,)"), []byte{0x3f, 0x80, 0, 0, 0xbf, 0x80, 0, 0})
	seeds["valid-fortran"] = npyBytes(1, npyDict("<u2", "True", "(2, 3)"), []byte{1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0})
	seeds["valid-v2"] = npyBytes(2, npyDict("|b1", "False", "(3,)"), []byte{0, 1, 2})
	seeds["valid-v3"] = npyBytes(3, npyDict("<f2", "False", "(1,)"), []byte{0, 0x3c})
	seeds["valid-python2"] = npyBytes(1, `{"shape": (2L,), "fortran_order": False, "descr": "<f4"}`+"\n", make([]byte, 8))
	return seeds
}
