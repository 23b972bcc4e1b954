package gguf

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// sample returns a small GGUF file with metadata of several types and one
// tensor of each supported type, with hand-chosen block contents.
func sample(t testing.TB) []byte {
	t.Helper()
	f32 := []byte{0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0} // 1.0, -2.0
	f16 := []byte{0x00, 0x3c, 0x00, 0xb8}          // 1.0, -0.5
	bf16 := []byte{0x80, 0x3f, 0x40, 0xc0}         // 1.0, -3.0
	q8 := make([]byte, 34)                         // d = 0.5, q = 0, 1, -2, ...
	q8[0], q8[1] = 0x00, 0x38
	for j := range 32 {
		q8[2+j] = byte(int8(j - 2*(j%2)*j))
	}
	q40 := make([]byte, 18) // d = 2, nibbles lo = j, hi = 15 - j
	q40[0], q40[1] = 0x00, 0x40
	for j := range 16 {
		q40[2+j] = byte(j) | byte(15-j)<<4
	}
	q41 := make([]byte, 20) // d = 0.25, m = -1, nibbles lo = j, hi = j
	q41[0], q41[1] = 0x00, 0x34
	q41[2], q41[3] = 0x00, 0xbc
	for j := range 16 {
		q41[4+j] = byte(j) | byte(j)<<4
	}
	var b bytes.Buffer
	err := Write(&b, 3, []KV{
		{"general.architecture", "llama"},
		{"llama.block_count", uint32(5)},
		{"llama.rope.freq_base", float32(10000)},
		{"flag", true},
		{"tokenizer.ggml.tokens", []string{"a", "b", "<0x0A>"}},
		{"tokenizer.ggml.scores", []float32{0, -1, -2}},
		{"tokenizer.ggml.token_type", []int32{1, 1, 6}},
	}, []WriteTensor{
		{"f32", F32, []int64{2}, f32},
		{"f16", F16, []int64{2, 1}, f16},
		{"bf16", BF16, []int64{1, 2}, bf16},
		{"q8", Q8_0, []int64{1, 32}, q8},
		{"q40", Q4_0, []int64{32}, q40},
		{"q41", Q4_1, []int64{32}, q41},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestParseRoundTrip(t *testing.T) {
	f, err := Parse(sample(t))
	if err != nil {
		t.Fatal(err)
	}
	if f.Version != 3 || f.Architecture() != "llama" || f.Alignment != 32 || f.DataOffset%32 != 0 {
		t.Fatalf("header: version %d arch %q alignment %d data at %d", f.Version, f.Architecture(), f.Alignment, f.DataOffset)
	}
	if n, err := f.Uint("llama.block_count"); err != nil || n != 5 {
		t.Errorf("block_count = %d, %v", n, err)
	}
	if v, err := f.Float("llama.rope.freq_base"); err != nil || v != 10000 {
		t.Errorf("freq_base = %v, %v", v, err)
	}
	if s, err := f.Strings("tokenizer.ggml.tokens"); err != nil || !slices.Equal(s, []string{"a", "b", "<0x0A>"}) {
		t.Errorf("tokens = %q, %v", s, err)
	}
	if _, err := f.Float("general.architecture"); err == nil {
		t.Error("Float of a string: no error")
	}
	want := map[string][]float32{
		"f32":  {1, -2},
		"f16":  {1, -0.5},
		"bf16": {1, -3},
	}
	q8 := make([]float32, 32)
	q40 := make([]float32, 32)
	q41 := make([]float32, 32)
	for j := range 32 {
		q8[j] = 0.5 * float32(int8(j-2*(j%2)*j))
	}
	for j := range 16 {
		q40[j] = 2 * float32(j-8)
		q40[j+16] = 2 * float32(15-j-8)
		q41[j] = 0.25*float32(j) - 1
		q41[j+16] = 0.25*float32(j) - 1
	}
	want["q8"], want["q40"], want["q41"] = q8, q40, q41
	for name, w := range want {
		got, err := f.Float32Tensor(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !slices.Equal(got, w) {
			t.Errorf("%s = %v, want %v", name, got, w)
		}
	}
	if ti, _ := f.Tensor("f16"); !slices.Equal(ti.Shape(), []int64{2, 1}) || !slices.Equal(ti.Dims, []uint64{1, 2}) {
		t.Errorf("f16 shape %v dims %v", ti.Shape(), ti.Dims)
	}
}

// TestTruncated cuts the file at every length short of the last tensor's
// end: each prefix is a *FormatError.
func TestTruncated(t *testing.T) {
	data := sample(t)
	whole, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	lt := whole.Tensors[len(whole.Tensors)-1]
	end := whole.DataOffset + int64(lt.Offset) + lt.Size // the padding after it is optional
	for n := range end {
		_, err := Parse(data[:n])
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Fatalf("prefix of %d bytes: error %v", n, err)
		}
	}
	_, err = Parse(data[:end-1])
	if err == nil || !strings.Contains(err.Error(), "truncated") || !strings.Contains(err.Error(), `"q41"`) {
		t.Errorf("truncated data section: %v", err)
	}
}

func TestUnsupportedType(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, 2, nil, []WriteTensor{{"blk.0.ffn_down.weight", Q4_K, []int64{256}, make([]byte, 144)}}); err != nil {
		t.Fatal(err)
	}
	f, err := Parse(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.Float32Tensor("blk.0.ffn_down.weight")
	if err == nil || !strings.Contains(err.Error(), "Q4_K") || !strings.Contains(err.Error(), SupportedTypes) {
		t.Errorf("Q4_K: %v", err)
	}
}

func TestBadHeaders(t *testing.T) {
	good := sample(t)
	cases := map[string]struct {
		edit func([]byte)
		want string
	}{
		"magic":      {func(b []byte) { b[0] = 'X' }, "not a GGUF file"},
		"version 1":  {func(b []byte) { b[4] = 1 }, "version 1 is not supported"},
		"big endian": {func(b []byte) { b[4], b[7] = 0, 3 }, "big-endian"},
		"version 9":  {func(b []byte) { b[4] = 9 }, "unknown GGUF version 9"},
		"counts":     {func(b []byte) { b[15] = 0x7f }, "cannot fit"},
	}
	for name, c := range cases {
		b := slices.Clone(good)
		c.edit(b)
		_, err := Parse(b)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}

func TestOpenMaps(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.gguf")
	if err := os.WriteFile(path, sample(t), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := f.Bytes("q41")
	if err != nil || len(b) != 20 {
		t.Fatalf("q41: %d bytes, %v", len(b), err)
	}
	os.WriteFile(path+".bad", sample(t)[:100], 0o644)
	if _, err := Open(path + ".bad"); err == nil || !strings.HasPrefix(err.Error(), path+".bad: gguf: ") {
		t.Errorf("truncated file: %v", err)
	}
}

// FuzzParse checks that Parse never panics and returns only *FormatError.
func FuzzParse(f *testing.F) {
	f.Add(sample(f))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Parse(data)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %T: %v", err, err)
			}
			return
		}
		for _, ti := range g.Tensors {
			b, err := g.Bytes(ti.Name)
			if err != nil || int64(len(b)) != ti.Size {
				t.Fatalf("%s: %d bytes, %v", ti.Name, len(b), err)
			}
			if ti.Type.Supported() {
				if _, err := g.Float32Tensor(ti.Name); err != nil {
					t.Fatalf("%s: %v", ti.Name, err)
				}
			}
		}
	})
}
