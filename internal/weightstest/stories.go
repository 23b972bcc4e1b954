package weightstest

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir/tensorio"
)

// Stories260KBin is llama2.c's stories260K checkpoint, from the repository
// root (../shared/data, see its INDEX.md).
const Stories260KBin = "../shared/data/llama2c-stories260K/stories260K.bin"

// FindRepoFile returns the path of a file given relative to the
// repository root, from a test's working directory (a package folder).
// A path under ../shared/data is looked up in $ZMLC_SHARED_DATA when it
// is set (Bazel's tests get it from .bazelrc.user).
func FindRepoFile(t testing.TB, rel string) string {
	t.Helper()
	if sd := os.Getenv("ZMLC_SHARED_DATA"); sd != "" {
		if sub, ok := strings.CutPrefix(rel, "../shared/data/"); ok {
			p := filepath.Join(sd, filepath.FromSlash(sub))
			if _, err := os.Stat(p); err != nil {
				t.Fatalf("%s is missing: %v", p, err)
			}
			return p
		}
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			p := filepath.Join(dir, filepath.FromSlash(rel))
			if _, err := os.Stat(p); err != nil {
				if os.Getenv("CI") == "true" {
					t.Fatalf("%s is missing: %v", rel, err)
				}
				t.Skipf("%s is missing (it comes with ../shared/data beside the clone): %v", rel, err)
			}
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Llama2cTensors reads a llama2.c legacy checkpoint (run.c's
// read_checkpoint: seven int32 — dim, hidden_dim, n_layers, n_heads,
// n_kv_heads, vocab_size (negative: a separate classifier), seq_len —
// then the f32 weights in memory_map_weights' order) and returns its
// weights under the names of llama2.c's model.py state_dict
// (tok_embeddings.weight, layers.N.attention.wq.weight, ...,
// feed_forward.w1.weight, norm.weight, output.weight when not shared),
// each shaped as PyTorch stores it ([out, in] for a linear layer). The
// RoPE tables freq_cis_real/imag are not weights (model.py recomputes
// them) and are skipped.
func Llama2cTensors(data []byte) (map[string]tensorio.RawTensor, error) {
	if len(data) < 28 {
		return nil, fmt.Errorf("llama2.c checkpoint: %d bytes, too short for its header", len(data))
	}
	var h [7]int32
	for i := range h {
		h[i] = int32(binary.LittleEndian.Uint32(data[4*i:]))
	}
	dim, hidden, layers, heads, kvHeads, vocab, seq := int64(h[0]), int64(h[1]), int64(h[2]), int64(h[3]), int64(h[4]), int64(h[5]), int64(h[6])
	shared := vocab > 0
	vocab = max(vocab, -vocab)
	if dim <= 0 || hidden <= 0 || layers <= 0 || heads <= 0 || kvHeads <= 0 || dim%heads != 0 || seq <= 0 {
		return nil, fmt.Errorf("llama2.c checkpoint: bad header %v", h)
	}
	hs := dim / heads
	kv := kvHeads * hs
	out := map[string]tensorio.RawTensor{}
	off := int64(28)
	take := func(shape ...int64) ([]byte, error) {
		n := int64(4)
		for _, d := range shape {
			n *= d
		}
		if off+n > int64(len(data)) {
			return nil, fmt.Errorf("llama2.c checkpoint: %d bytes, ends before byte %d", len(data), off+n)
		}
		b := data[off : off+n]
		off += n
		return b, nil
	}
	add := func(name string, shape ...int64) error {
		b, err := take(shape...)
		if err == nil {
			out[name] = tensorio.RawTensor{DType: "F32", Shape: shape, Data: b}
		}
		return err
	}
	perLayer := func(name string, shape ...int64) error {
		for l := range layers {
			if err := add(fmt.Sprintf("layers.%d.%s", l, name), shape...); err != nil {
				return err
			}
		}
		return nil
	}
	steps := []func() error{
		func() error { return add("tok_embeddings.weight", vocab, dim) },
		func() error { return perLayer("attention_norm.weight", dim) },
		func() error { return perLayer("attention.wq.weight", dim, dim) },
		func() error { return perLayer("attention.wk.weight", kv, dim) },
		func() error { return perLayer("attention.wv.weight", kv, dim) },
		func() error { return perLayer("attention.wo.weight", dim, dim) },
		func() error { return perLayer("ffn_norm.weight", dim) },
		func() error { return perLayer("feed_forward.w1.weight", hidden, dim) },
		func() error { return perLayer("feed_forward.w2.weight", dim, hidden) },
		func() error { return perLayer("feed_forward.w3.weight", hidden, dim) },
		func() error { return add("norm.weight", dim) },
		func() error { _, err := take(seq, hs/2); return err }, // freq_cis_real
		func() error { _, err := take(seq, hs/2); return err }, // freq_cis_imag
	}
	if !shared {
		steps = append(steps, func() error { return add("output.weight", vocab, dim) })
	}
	for _, s := range steps {
		if err := s(); err != nil {
			return nil, err
		}
	}
	if off != int64(len(data)) {
		return nil, fmt.Errorf("llama2.c checkpoint: %d bytes after the weights", int64(len(data))-off)
	}
	return out, nil
}

// Stories260K writes stories260K as dir/model.safetensors and returns its
// path and tensors.
func Stories260K(t testing.TB, dir string) (string, map[string]tensorio.RawTensor) {
	t.Helper()
	data, err := os.ReadFile(FindRepoFile(t, Stories260KBin))
	if err != nil {
		t.Fatal(err)
	}
	ts, err := Llama2cTensors(data)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, tensorio.SafetensorsName)
	if err := tensorio.WriteSafetensorsRaw(p, ts, map[string]string{"format": "pt"}); err != nil {
		t.Fatal(err)
	}
	return p, ts
}

// Shard writes tensors as n safetensors shards in dir, named as
// transformers names them (model-00001-of-0000N.safetensors), tensors
// assigned in name order to keep the shards' sizes near equal, and the
// index model.safetensors.index.json (weight_map and total_size). It
// returns the index's path.
func Shard(t testing.TB, tensors map[string]tensorio.RawTensor, dir string, n int) string {
	t.Helper()
	names := make([]string, 0, len(tensors))
	var total int64
	for k, v := range tensors {
		names = append(names, k)
		total += int64(len(v.Data))
	}
	slices.Sort(names)
	shards := make([]map[string]tensorio.RawTensor, n)
	weightMap := map[string]string{}
	var acc int64
	for _, name := range names {
		i := min(int(acc*int64(n)/max(total, 1)), n-1)
		if shards[i] == nil {
			shards[i] = map[string]tensorio.RawTensor{}
		}
		shards[i][name] = tensors[name]
		weightMap[name] = fmt.Sprintf("model-%05d-of-%05d.safetensors", i+1, n)
		acc += int64(len(tensors[name].Data))
	}
	for i, s := range shards {
		if s == nil {
			t.Fatalf("shard %d of %d is empty: too few tensors", i+1, n)
		}
		p := filepath.Join(dir, fmt.Sprintf("model-%05d-of-%05d.safetensors", i+1, n))
		if err := tensorio.WriteSafetensorsRaw(p, s, map[string]string{"format": "pt"}); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "{\n  \"metadata\": {\n    \"total_size\": %d\n  },\n  \"weight_map\": {\n", total)
	for i, name := range names {
		sep := ","
		if i == len(names)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, "    %q: %q%s\n", name, weightMap[name], sep)
	}
	b.WriteString("  }\n}\n")
	p := filepath.Join(dir, tensorio.SafetensorsIndexName)
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// F32s decodes little-endian f32 bytes, for comparisons in tests.
func F32s(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}
