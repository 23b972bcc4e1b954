package main

import (
	"context"
	"encoding/json"

	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/internal/weightstest"
	"github.com/zmlc/zmlc/ir/tensorio"
	"github.com/zmlc/zmlc/llm"
	"github.com/zmlc/zmlc/llm/tokenizer"
)

// unpermuteHF returns w's rows in Hugging Face's rotate-half order: the
// inverse of llm.PermuteHF (found by permuting the row numbers).
func unpermuteHF(w []byte, heads, rowBytes int) []byte {
	rows := len(w) / rowBytes
	ids := make([]byte, rows)
	for i := range ids {
		ids[i] = byte(i)
	}
	perm := llm.PermuteHF(ids, heads, 1) // perm[dst] = src
	out := make([]byte, len(w))
	for dst, src := range perm {
		copy(out[int(src)*rowBytes:(int(src)+1)*rowBytes], w[dst*rowBytes:(dst+1)*rowBytes])
	}
	return out
}

// TestRotateHalfMatchesRunC writes stories260K as a Hugging Face
// directory (q/k rows in rotate-half order, as transformers stores them)
// and runs it on the interpreter without un-permuting: the rotate-half
// RoPE gives run.c's text.
// hfStories writes stories260K as a Hugging Face directory (config.json,
// model.safetensors with transformers' q/k row order) into a temporary
// folder, and returns it with the reference checkpoint and tokenizer.
func hfStories(t *testing.T) (string, *llm.Checkpoint, *tokenizer.SentencePiece) {
	ref, tok := stories(t)
	dir := t.TempDir()
	names := map[string]string{"tok_embeddings.weight": "model.embed_tokens.weight", "norm.weight": "model.norm.weight"}
	hf := map[string]string{"attention_norm.weight": "input_layernorm.weight", "attention.wq.weight": "self_attn.q_proj.weight",
		"attention.wk.weight": "self_attn.k_proj.weight", "attention.wv.weight": "self_attn.v_proj.weight",
		"attention.wo.weight": "self_attn.o_proj.weight", "ffn_norm.weight": "post_attention_layernorm.weight",
		"feed_forward.w1.weight": "mlp.gate_proj.weight", "feed_forward.w2.weight": "mlp.down_proj.weight",
		"feed_forward.w3.weight": "mlp.up_proj.weight"}
	raw := map[string]tensorio.RawTensor{}
	for _, x := range ref.Tensors() {
		name, data := names[x.Name], x.Data
		if name == "" {
			i, rest, _ := strings.Cut(strings.TrimPrefix(x.Name, "layers."), ".")
			name = "model.layers." + i + "." + hf[rest]
		}
		switch {
		case strings.HasSuffix(x.Name, "wq.weight"):
			data = unpermuteHF(data, ref.Config.Heads, int(x.Shape[1])*4)
		case strings.HasSuffix(x.Name, "wk.weight"):
			data = unpermuteHF(data, ref.Config.KVHeads, int(x.Shape[1])*4)
		}
		raw[name] = tensorio.RawTensor{DType: "F32", Shape: x.Shape, Data: data}
	}
	if err := tensorio.WriteSafetensorsRaw(filepath.Join(dir, "model.safetensors"), raw, nil); err != nil {
		t.Fatal(err)
	}
	c := ref.Config
	cfg, _ := json.Marshal(map[string]any{"architectures": []string{"LlamaForCausalLM"}, "hidden_size": c.Dim,
		"intermediate_size": c.Hidden, "num_hidden_layers": c.Layers, "num_attention_heads": c.Heads,
		"num_key_value_heads": c.KVHeads, "vocab_size": c.Vocab, "max_position_embeddings": c.Context,
		"rms_norm_eps": c.NormEps, "rope_theta": c.RopeTheta, "tie_word_embeddings": true})
	os.WriteFile(filepath.Join(dir, "config.json"), cfg, 0o644)
	return dir, ref, tok
}

func TestRotateHalfMatchesRunC(t *testing.T) {
	dir, _, tok := hfStories(t)
	ckpt, err := llm.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ckpt.Close()
	if ckpt.Config.RoPE != llm.RotateHalf {
		t.Fatalf("RoPE %v", ckpt.Config.RoPE)
	}
	wantRunCPrefix(t, "rotate-half", ckpt, tok)
}

// wantRunCPrefix generates 24 positions of the first stories case from
// ckpt on the interpreter and checks the text is a prefix of run.c's.
func wantRunCPrefix(t *testing.T, what string, ckpt *llm.Checkpoint, tok *tokenizer.SentencePiece) {
	t.Helper()
	sh := storiesShape(ckpt)
	e, err := newInterpEngine(zmlSource, sh, ckpt)
	if err != nil {
		t.Fatal(err)
	}
	c0 := storiesCases[0]
	want, _ := os.ReadFile("testdata/runc/" + c0.file)
	got := strings.TrimSuffix(generateText(t, e, tok, sh, c0, 24), "\n")
	if len(got) < 40 || !strings.HasPrefix(string(want), got) {
		t.Errorf("%s: %q is not a prefix of run.c's %q", what, got, want)
	}
}

// TestModelFromHub: -model takes a location as zmlc run --weights does.
// The Hugging Face directory of stories260K, served by a loopback fixture
// of the Hub's file protocol (internal/weightstest), is fetched into a
// fresh huggingface_hub cache and generates run.c's text, as the local
// directory does.
func TestModelFromHub(t *testing.T) {
	dir, _, tok := hfStories(t)
	files := map[string][]byte{}
	for _, name := range []string{"config.json", "model.safetensors"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = b
	}
	hub := weightstest.NewHub(t)
	commit := strings.Repeat("ab", 20)
	hub.AddRepo("karpathy/stories260K", &weightstest.HubRepo{Commits: map[string]map[string][]byte{commit: files}, Refs: map[string]string{"main": commit}})
	t.Setenv("HF_ENDPOINT", hub.URL)
	t.Setenv("HF_HUB_CACHE", t.TempDir())
	t.Setenv("HF_TOKEN", "")
	t.Setenv("HF_HUB_OFFLINE", "")
	path, err := resolveModel(context.Background(), "hf://karpathy/stories260K")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(filepath.Join(path, "model.safetensors")); err != nil || string(got) != string(files["model.safetensors"]) {
		t.Fatalf("%s: the fetched weights differ from the served ones (%v)", path, err)
	}
	ckpt, err := llm.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ckpt.Close()
	wantRunCPrefix(t, "from hf://", ckpt, tok)
	if _, err := resolveModel(context.Background(), "hf://karpathy/nothere"); err == nil || !strings.Contains(err.Error(), "karpathy/nothere") {
		t.Errorf("a missing repository: %v, want an error naming it", err)
	}
}
