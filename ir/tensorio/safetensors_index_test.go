package tensorio

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// writeShards writes a.safetensors {x, y} and b.safetensors {z} in dir.
func writeShards(t *testing.T, dir string) {
	t.Helper()
	x := ir.MustTensor(ir.TensorOf(ir.F32, 2))
	x.F = []float64{1, 2}
	y := ir.MustTensor(ir.TensorOf(ir.I32, 3))
	y.I = []int64{4, 5, 6}
	z := ir.MustTensor(ir.TensorOf(ir.F16, 1))
	z.F = []float64{7}
	if err := WriteSafetensors(filepath.Join(dir, "a.safetensors"), map[string]*ir.Tensor{"x": x, "y": y}, nil); err != nil {
		t.Fatal(err)
	}
	if err := WriteSafetensors(filepath.Join(dir, "b.safetensors"), map[string]*ir.Tensor{"z": z}, nil); err != nil {
		t.Fatal(err)
	}
}

// TestSafetensorsIndex opens a sharded checkpoint by its index and finds
// each tensor in its shard; the index's checks give one error each.
func TestSafetensorsIndex(t *testing.T) {
	dir := t.TempDir()
	writeShards(t, dir)
	index := func(body string) string {
		p := filepath.Join(dir, SafetensorsIndexName)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := index(`{"metadata": {"total_size": 22}, "weight_map": {"x": "a.safetensors", "y": "a.safetensors", "z": "b.safetensors"}}`)
	s, err := OpenSafetensorsIndex(p)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := strings.Join(s.Names(), ","); got != "x,y,z" {
		t.Errorf("names %s", got)
	}
	f, info, ok := s.Lookup("z")
	if !ok || filepath.Base(f.Path()) != "b.safetensors" || info.DType != "F16" {
		t.Errorf("z: %v %+v %v", f, info, ok)
	}
	y, err := s.Tensor("y")
	if err != nil || y.I[2] != 6 {
		t.Errorf("y = %v, %v", y, err)
	}
	if _, err := s.Tensor("w"); err == nil || !strings.Contains(err.Error(), `tensor "w"`) {
		t.Errorf("missing tensor: %v", err)
	}
	for _, c := range []struct{ body, want string }{
		{`{"weight_map": {"x": "b.safetensors"}}`, `tensor "x": the weight_map puts the tensor in b.safetensors, which does not hold it`},
		{`{"metadata": {"total_size": 21}, "weight_map": {"x": "a.safetensors", "y": "a.safetensors", "z": "b.safetensors"}}`, "metadata.total_size is 21 bytes, but the mapped tensors of the shards hold 22"},
		{`{"weight_map": {"x": "../a.safetensors"}}`, `shard "../a.safetensors" is not a file name inside the index's folder`},
		{`{"weight_map": {"x": "/etc/a.safetensors"}}`, "is not a file name inside"},
		{`{"weight_map": {"x": 3}}`, "weight_map entry 3 is not a file name"},
		{`{"metadata": {}}`, "no weight_map"},
		{`[1]`, "not a JSON object with a weight_map"},
		{`{"weight_map": {"x": "c.safetensors"}}`, "c.safetensors: no such file"},
	} {
		_, err := OpenSafetensorsIndex(index(c.body))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.body, err, c.want)
		}
	}
}

// TestSafetensorsShards opens files as one checkpoint; a tensor in two
// files is an error naming both.
func TestSafetensorsShards(t *testing.T) {
	dir := t.TempDir()
	writeShards(t, dir)
	a, b := filepath.Join(dir, "a.safetensors"), filepath.Join(dir, "b.safetensors")
	s, err := OpenSafetensorsShards(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Files()) != 2 || len(s.Names()) != 3 {
		t.Errorf("%d files, %d tensors", len(s.Files()), len(s.Names()))
	}
	s.Close()
	_, err = OpenSafetensorsShards(a, b, a)
	if err == nil || !strings.Contains(err.Error(), "also in "+a) {
		t.Errorf("duplicate: %v", err)
	}
}
