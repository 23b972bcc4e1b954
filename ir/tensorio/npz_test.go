package tensorio

import (
	"archive/zip"
	"bytes"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// TestNpzMNIST reads the ONNX model zoo's MNIST reference pair
// (../shared/data/mnist-onnx-zoo-2018/test_data_0.npz, written in 2018 with
// 16-byte header alignment): a digit 5.
func TestNpzMNIST(t *testing.T) {
	path := sharedData(t, "mnist-onnx-zoo-2018/test_data_0.npz")
	m, err := ReadNpzFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(m) != 2 {
		t.Errorf("%d arrays, want 2 (inputs, outputs)", len(m))
	}
	in, out := m["inputs"], m["outputs"]
	if in == nil || out == nil {
		t.Fatalf("arrays %v", m)
	}
	if !ir.TypesEqual(in.Type, ir.TensorOf(ir.F32, 1, 28, 28)) || !ir.TypesEqual(out.Type, ir.TensorOf(ir.F32, 1, 10)) {
		t.Fatalf("types %s and %s", in.Type, out.Type)
	}
	var lit int
	for _, v := range in.F {
		if v < 0 || v > 1 {
			t.Fatalf("input pixel %v outside [0, 1]", v)
		}
		if v > 0.5 {
			lit++
		}
	}
	if lit < 30 || lit > 400 {
		t.Errorf("%d bright pixels: not a digit", lit)
	}
	best := 0
	for i, v := range out.F {
		if v > out.F[best] {
			best = i
		}
	}
	if best != 5 {
		t.Errorf("reference logits pick digit %d, want 5 (INDEX.md)", best)
	}
	// Re-encoding each member gives the same tensor.
	for name, x := range m {
		var b bytes.Buffer
		if err := EncodeNpy(&b, x); err != nil {
			t.Fatal(err)
		}
		if y, err := DecodeNpy(b.Bytes()); err != nil || !y.Equal(x) {
			t.Errorf("%s does not round-trip: %v", name, err)
		}
	}
}

func TestNpzRoundTrip(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.npz")
	a := ir.MustTensor(ir.TensorOf(ir.F64, 2, 3))
	a.F = []float64{1, 2, 3, 4, 5, -6}
	b := ir.Scalar(ir.UI8, int64(200))
	in := map[string]*ir.Tensor{"b": b, "a": a, "nested/name": ir.MustTensor(ir.TensorOf(ir.I1, 0))}
	if err := WriteNpzFile(p, in); err != nil {
		t.Fatal(err)
	}
	first, _ := os.ReadFile(p)
	if err := WriteNpzFile(p, in); err != nil {
		t.Fatal(err)
	}
	if second, _ := os.ReadFile(p); !bytes.Equal(first, second) {
		t.Errorf("writing the same tensors twice gives different bytes")
	}
	m, err := ReadNpzFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(m) != 3 {
		t.Errorf("%d arrays", len(m))
	}
	for k, x := range in {
		if !m[k].Equal(x) {
			t.Errorf("%s: read %v, wrote %v", k, m[k], x)
		}
	}
	err = WriteNpzFile(p, map[string]*ir.Tensor{"w": ir.MustTensor(ir.TensorOf(ir.BF16, 1))})
	if err == nil || !strings.HasSuffix(err.Error(), `npz: tensor "w": element type bf16 has no NumPy dtype: .npy cannot store it (safetensors can store bf16 and f8)`) {
		t.Errorf("bf16 member: %v", err)
	}
	if again, _ := os.ReadFile(p); !bytes.Equal(again, first) {
		t.Errorf("failed write changed the existing file")
	}
}

// zipOf builds a zip archive; members with method Deflate are compressed.
func zipOf(t *testing.T, members []struct {
	name   string
	data   []byte
	method uint16
}) []byte {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, m := range members {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: m.name, Method: m.method})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(m.data)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestNpzMembers(t *testing.T) {
	var npy bytes.Buffer
	x := ir.MustTensor(ir.TensorOf(ir.I16, 300))
	for i := range x.I {
		x.I[i] = int64(i % 7)
	}
	EncodeNpy(&npy, x)
	type member = struct {
		name   string
		data   []byte
		method uint16
	}
	// savez_compressed: deflated members.
	m, err := DecodeNpz(zipOf(t, []member{{"x.npy", npy.Bytes(), zip.Deflate}}))
	if err != nil || !m["x"].Equal(x) {
		t.Errorf("deflated member: %v", err)
	}
	for _, c := range []struct {
		name string
		zip  []byte
		want string
	}{
		{"not a zip", []byte("\x93NUMPY not a zip"), "npz: not a valid zip archive: zip: not a valid zip file"},
		{"non-npy member", zipOf(t, []member{{"x.npy", npy.Bytes(), zip.Store}, {"notes.txt", []byte("hi"), zip.Store}}),
			`npz: tensor "notes.txt": member is not a .npy file`},
		{"duplicate member", zipOf(t, []member{{"x.npy", npy.Bytes(), zip.Store}, {"x.npy", npy.Bytes(), zip.Deflate}}),
			`npz: tensor "x.npy": member appears twice in the archive`},
		{"bad member", zipOf(t, []member{{"x.npy", npy.Bytes()[:200], zip.Deflate}}),
			`npz: tensor "x.npy": array data is truncated: shape (300,) of i16 needs 600 bytes, the file holds 72`},
		{"trailing bytes in member", zipOf(t, []member{{"x.npy", append(bytes.Clone(npy.Bytes()), 0), zip.Store}}),
			`npz: tensor "x.npy": bytes after the array data`},
	} {
		_, err := DecodeNpz(c.zip)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: error\n got %v\nwant %s", c.name, err, c.want)
		}
	}
	// A corrupted byte in a stored member fails the CRC check.
	z := zipOf(t, []member{{"x.npy", npy.Bytes(), zip.Store}})
	i := bytes.Index(z, npy.Bytes()[200:220])
	z[i] ^= 1
	if _, err := DecodeNpz(z); err == nil || err.Error() != `npz: tensor "x.npy": zip: checksum error` {
		t.Errorf("corrupted member: %v (crc of original %08x)", err, crc32.ChecksumIEEE(npy.Bytes()))
	}
}
