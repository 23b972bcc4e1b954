package llm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir/tensorio"
	"github.com/zmlc/zmlc/llm/gguf"
)

// stories returns the path of a stories260K file from ../shared/data,
// failing under CI=true and skipping elsewhere when it is absent.
func stories(t testing.TB, name string) string {
	t.Helper()
	p := SharedData("llama2c-stories260K/" + name)
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing (../shared/data beside the clone, or ZMLC_SHARED_DATA)", p)
		}
		t.Skipf("%s is missing", p)
	}
	return p
}

var storiesConfig = Config{Dim: 64, Hidden: 172, Layers: 5, Heads: 8, KVHeads: 4, HeadDim: 8, Vocab: 512,
	Context: 512, RopeTheta: 10000, NormEps: 1e-5, Tied: true, RoPE: Interleaved}

func open(t *testing.T, path string) *Checkpoint {
	t.Helper()
	c, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// TestLlama2CFormats reads stories260K in the legacy and the version-1
// format: the same config and byte-identical tensors, in different file
// orders.
func TestLlama2CFormats(t *testing.T) {
	legacy := open(t, stories(t, "stories260K.bin"))
	v1 := open(t, stories(t, "checkpoint_v1.bin"))
	if legacy.Config != storiesConfig || v1.Config != storiesConfig {
		t.Fatalf("configs %+v and %+v, want %+v", legacy.Config, v1.Config, storiesConfig)
	}
	if len(legacy.Tensors()) != 1+5*9+1 {
		t.Fatalf("%d tensors", len(legacy.Tensors()))
	}
	for _, a := range legacy.Tensors() {
		b, _ := v1.Tensor(a.Name)
		if !bytes.Equal(a.Data, b.Data) {
			t.Errorf("%s differs between the formats", a.Name)
		}
	}
	// run.c's first embedding value, read by hand from the file: bytes
	// 28..31 are the first f32 of the token embedding table.
	raw, _ := os.ReadFile(stories(t, "stories260K.bin"))
	emb, _ := legacy.Tensor("tok_embeddings.weight")
	if !bytes.Equal(emb.Data[:4], raw[28:32]) {
		t.Error("the embedding does not start after the 28-byte header")
	}
	norm, _ := legacy.Tensor("norm.weight")
	if off := len(raw) - 2*4*512*4 - 64*4; !bytes.Equal(norm.Data, raw[off:off+256]) {
		t.Error("norm.weight is not just before the freq_cis tables at the end of the file")
	}
}

func TestLlama2CTruncated(t *testing.T) {
	raw, err := os.ReadFile(stories(t, "stories260K.bin"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, n := range []int{0, 20, 28, 1000, len(raw) - 2*4*512*4 - 1} {
		p := filepath.Join(dir, fmt.Sprint(n))
		os.WriteFile(p, raw[:n], 0o644)
		_, err := Open(p)
		if err == nil || !strings.Contains(err.Error(), "truncated") || !strings.HasPrefix(err.Error(), p+": ") {
			t.Errorf("%d bytes: %v", n, err)
		}
	}
	v1, _ := os.ReadFile(stories(t, "checkpoint_v1.bin"))
	v2 := bytes.Clone(v1)
	v2[4] = 2
	p := filepath.Join(dir, "v2")
	os.WriteFile(p, v2, 0o644)
	if _, err := Open(p); err == nil || !strings.Contains(err.Error(), "version 2 is not supported") {
		t.Errorf("version 2: %v", err)
	}
}

// writeGGUF writes stories260K as a llama GGUF (F32 tensors under
// llama.cpp's names), with edit applied to the tensor list.
func writeGGUF(t *testing.T, c *Checkpoint, edit func([]gguf.WriteTensor) []gguf.WriteTensor) string {
	t.Helper()
	inv := map[string]string{"tok_embeddings.weight": "token_embd.weight", "norm.weight": "output_norm.weight"}
	for g, o := range ggufNames {
		for i := range c.Config.Layers {
			inv[fmt.Sprintf("layers.%d.%s", i, o)] = fmt.Sprintf("blk.%d.%s.weight", i, g)
		}
	}
	var ts []gguf.WriteTensor
	for _, x := range c.Tensors() {
		ts = append(ts, gguf.WriteTensor{Name: inv[x.Name], Type: x.Type, Shape: x.Shape, Data: x.Data})
	}
	if edit != nil {
		ts = edit(ts)
	}
	toks := make([]string, 512)
	for i := range toks {
		toks[i] = fmt.Sprint(i)
	}
	var b bytes.Buffer
	err := gguf.Write(&b, 3, []gguf.KV{
		{Key: "general.architecture", Value: "llama"},
		{Key: "llama.embedding_length", Value: uint32(64)},
		{Key: "llama.feed_forward_length", Value: uint32(172)},
		{Key: "llama.block_count", Value: uint32(5)},
		{Key: "llama.attention.head_count", Value: uint32(8)},
		{Key: "llama.attention.head_count_kv", Value: uint32(4)},
		{Key: "llama.context_length", Value: uint32(512)},
		{Key: "llama.rope.dimension_count", Value: uint32(8)},
		{Key: "llama.attention.layer_norm_rms_epsilon", Value: float32(1e-5)},
		{Key: "tokenizer.ggml.tokens", Value: toks},
	}, ts)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "m.gguf")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestGGUF(t *testing.T) {
	ref := open(t, stories(t, "stories260K.bin"))
	g := open(t, writeGGUF(t, ref, nil))
	want := storiesConfig
	want.NormEps = float64(float32(1e-5))
	if g.Format != "gguf" || g.Config != want {
		t.Fatalf("config %+v, want %+v", g.Config, want)
	}
	for _, a := range ref.Tensors() {
		b, _ := g.Tensor(a.Name)
		if !bytes.Equal(a.Data, b.Data) {
			t.Errorf("%s differs", a.Name)
		}
	}
}

// TestGGUFBad: an unsupported tensor type, a shape that does not match
// the metadata, a missing tensor and a truncated file each give one clear
// error.
func TestGGUFBad(t *testing.T) {
	ref := open(t, stories(t, "stories260K.bin"))
	cases := map[string]struct {
		edit func([]gguf.WriteTensor) []gguf.WriteTensor
		want string
	}{
		"type": {func(ts []gguf.WriteTensor) []gguf.WriteTensor {
			ts[3] = gguf.WriteTensor{Name: ts[3].Name, Type: gguf.Q5_0, Shape: ts[3].Shape, Data: make([]byte, 32*64/32*22)}
			return ts
		}, "tensor blk.0.attn_k.weight has type Q5_0, which zmlc does not support (supported: F32, F16, BF16, Q8_0, Q4_0, Q4_1)"},
		"shape": {func(ts []gguf.WriteTensor) []gguf.WriteTensor {
			ts[2].Shape = []int64{32, 128}
			return ts
		}, "tensor blk.0.attn_q.weight has shape [32 128], but the model config gives [64 64]"},
		"missing": {func(ts []gguf.WriteTensor) []gguf.WriteTensor { return ts[1:] }, "no tensor for parameter tok_embeddings.weight"},
	}
	for name, c := range cases {
		_, err := Open(writeGGUF(t, ref, c.edit))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant %q", name, err, c.want)
		}
	}
	p := writeGGUF(t, ref, nil)
	raw, _ := os.ReadFile(p)
	os.WriteFile(p, raw[:len(raw)/2], 0o644)
	if _, err := Open(p); err == nil || !strings.Contains(err.Error(), "file truncated: tensor") {
		t.Errorf("truncated: %v", err)
	}
}

// hfPermute is transformers' permute in convert_llama_weights_to_hf.py,
// which turns Meta's interleaved q/k rows into rotate-half order:
// w.view(n_heads, dim1 // n_heads // 2, 2, dim2).transpose(1, 2).reshape(dim1, dim2).
// Row h·hd + p·hd/2 + i of the result is row h·hd + 2i + p of w.
func hfPermute(w []byte, heads, rowBytes int) []byte {
	rows := len(w) / rowBytes
	hd := rows / heads
	out := make([]byte, len(w))
	for h := range heads {
		for p := range 2 {
			for i := range hd / 2 {
				dst, src := h*hd+p*hd/2+i, h*hd+2*i+p
				copy(out[dst*rowBytes:], w[src*rowBytes:(src+1)*rowBytes])
			}
		}
	}
	return out
}

// writeHF writes stories260K as a Hugging Face directory: config.json and
// the weights under transformers' names, q/k permuted as HF's conversion
// does, split over two shards with an index when sharded.
func writeHF(t *testing.T, c *Checkpoint, sharded bool, cfgEdit func(map[string]any)) string {
	t.Helper()
	dir := t.TempDir()
	inv := map[string]string{"tok_embeddings.weight": "model.embed_tokens.weight", "norm.weight": "model.norm.weight"}
	for h, o := range hfNames {
		for i := range c.Config.Layers {
			inv[fmt.Sprintf("layers.%d.%s", i, o)] = fmt.Sprintf("model.layers.%d.%s", i, h)
		}
	}
	shards := []map[string]tensorio.RawTensor{{}, {}}
	weightMap := map[string]string{}
	for i, x := range c.Tensors() {
		data := x.Data
		switch {
		case strings.HasSuffix(x.Name, "wq.weight"):
			data = hfPermute(data, c.Config.Heads, 64*4)
		case strings.HasSuffix(x.Name, "wk.weight"):
			data = hfPermute(data, c.Config.KVHeads, 64*4)
		}
		s := 0
		if sharded && i%2 == 1 {
			s = 1
		}
		shards[s][inv[x.Name]] = tensorio.RawTensor{DType: "F32", Shape: x.Shape, Data: data}
		weightMap[inv[x.Name]] = fmt.Sprintf("model-%05d-of-00002.safetensors", s+1)
	}
	if sharded {
		for s := range shards {
			if err := tensorio.WriteSafetensorsRaw(filepath.Join(dir, fmt.Sprintf("model-%05d-of-00002.safetensors", s+1)), shards[s], nil); err != nil {
				t.Fatal(err)
			}
		}
		idx, _ := json.Marshal(map[string]any{"weight_map": weightMap})
		os.WriteFile(filepath.Join(dir, "model.safetensors.index.json"), idx, 0o644)
	} else if err := tensorio.WriteSafetensorsRaw(filepath.Join(dir, "model.safetensors"), shards[0], nil); err != nil {
		t.Fatal(err)
	}
	cfg := map[string]any{
		"architectures": []string{"LlamaForCausalLM"}, "hidden_size": 64, "intermediate_size": 172,
		"num_hidden_layers": 5, "num_attention_heads": 8, "num_key_value_heads": 4, "vocab_size": 512,
		"max_position_embeddings": 512, "rms_norm_eps": 1e-5, "rope_theta": 10000.0, "tie_word_embeddings": true,
	}
	if cfgEdit != nil {
		cfgEdit(cfg)
	}
	b, _ := json.Marshal(cfg)
	os.WriteFile(filepath.Join(dir, "config.json"), b, 0o644)
	return dir
}

// TestHF opens Hugging Face directories made from stories260K with
// transformers' q/k permutation: as stored they differ from llama2.c's
// rows and use rotate-half RoPE; with Interleave, PermuteHF (llama.cpp's
// formula) restores llama2.c's bytes exactly.
func TestHF(t *testing.T) {
	ref := open(t, stories(t, "stories260K.bin"))
	for _, sharded := range []bool{false, true} {
		dir := writeHF(t, ref, sharded, nil)
		plain, err := OpenHF(dir, HFOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer plain.Close()
		want := storiesConfig
		want.RoPE = RotateHalf
		if plain.Config != want {
			t.Fatalf("config %+v, want %+v", plain.Config, want)
		}
		inter, err := OpenHF(dir, HFOptions{Interleave: true})
		if err != nil {
			t.Fatal(err)
		}
		defer inter.Close()
		if inter.Config.RoPE != Interleaved {
			t.Error("Interleave did not set the RoPE form")
		}
		for _, a := range ref.Tensors() {
			b, _ := inter.Tensor(a.Name)
			if !bytes.Equal(a.Data, b.Data) {
				t.Errorf("sharded %v: %s differs after un-permuting", sharded, a.Name)
			}
			p, _ := plain.Tensor(a.Name)
			qk := strings.HasSuffix(a.Name, "wq.weight") || strings.HasSuffix(a.Name, "wk.weight")
			if bytes.Equal(a.Data, p.Data) == qk {
				t.Errorf("%s: as stored, equal to llama2.c's = %v", a.Name, !qk)
			}
		}
	}
}

func TestHFBad(t *testing.T) {
	ref := open(t, stories(t, "stories260K.bin"))
	cases := map[string]struct {
		edit func(map[string]any)
		want string
	}{
		"hidden": {func(c map[string]any) { c["intermediate_size"] = 200 },
			"tensor model.layers.0.mlp.gate_proj.weight has shape [172 64], but the model config gives [200 64]"},
		"arch":    {func(c map[string]any) { c["architectures"] = []string{"GPT2LMHeadModel"} }, "zmlc reads LlamaForCausalLM"},
		"heads":   {func(c map[string]any) { c["num_key_value_heads"] = 3 }, "not a multiple of 3 key/value heads"},
		"untied":  {func(c map[string]any) { c["tie_word_embeddings"] = false }, "no tensor for parameter output.weight"},
		"scaling": {func(c map[string]any) { c["rope_scaling"] = map[string]any{"type": "linear"} }, "rope_scaling"},
	}
	for name, c := range cases {
		_, err := OpenHF(writeHF(t, ref, false, c.edit), HFOptions{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant %q", name, err, c.want)
		}
	}
}
