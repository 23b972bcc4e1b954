package llm

import (
	"fmt"
	"strings"

	"github.com/zmlc/zmlc/llm/gguf"
)

// ggufNames maps llama.cpp's per-layer tensor names (gguf-py's
// constants.py, MODEL_TENSOR names for LLM_ARCH_LLAMA) to ours.
var ggufNames = map[string]string{
	"attn_norm":   "attention_norm.weight",
	"attn_q":      "attention.wq.weight",
	"attn_k":      "attention.wk.weight",
	"attn_v":      "attention.wv.weight",
	"attn_output": "attention.wo.weight",
	"ffn_norm":    "ffn_norm.weight",
	"ffn_gate":    "feed_forward.w1.weight",
	"ffn_down":    "feed_forward.w2.weight",
	"ffn_up":      "feed_forward.w3.weight",
}

// OpenGGUF opens a GGUF file of architecture "llama" (llama.cpp's
// LLM_ARCH_LLAMA, which also serves SmolLM2, TinyLlama and Mistral
// exports), memory-mapped. The config comes from the metadata
// (llama.embedding_length, feed_forward_length, block_count,
// attention.head_count, attention.head_count_kv, context_length,
// rope.freq_base, attention.layer_norm_rms_epsilon, rope.dimension_count,
// and the vocabulary size from llama.vocab_size or the
// tokenizer.ggml.tokens array); the classifier is tied when output.weight
// is absent. GGUF's llama q/k rows are in the interleaved RoPE order
// (llama.cpp's converter un-permutes Hugging Face's, see PermuteHF).
func OpenGGUF(path string) (*Checkpoint, error) {
	f, err := gguf.Open(path)
	if err != nil {
		return nil, err
	}
	c := &Checkpoint{Path: path, Format: "gguf", GGUF: f, tensors: map[string]Tensor{}, closers: []func() error{f.Close}}
	if err := c.readGGUF(f); err != nil {
		c.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return c.finish()
}

func (c *Checkpoint) readGGUF(f *gguf.File) error {
	arch := f.Architecture()
	if arch != "llama" {
		return fmt.Errorf("general.architecture is %q; zmlc reads Llama-family GGUF files (\"llama\")", arch)
	}
	u := func(key string) (int, error) {
		v, err := f.Uint(arch + "." + key)
		if err == nil && v > 1<<30 {
			err = fmt.Errorf("metadata %s.%s = %d is out of range", arch, key, v)
		}
		return int(v), err
	}
	var cfg Config
	var err error
	for _, p := range []struct {
		key string
		dst *int
	}{{"embedding_length", &cfg.Dim}, {"feed_forward_length", &cfg.Hidden}, {"block_count", &cfg.Layers},
		{"attention.head_count", &cfg.Heads}, {"context_length", &cfg.Context}} {
		if *p.dst, err = u(p.key); err != nil {
			return err
		}
	}
	cfg.KVHeads = cfg.Heads
	if _, ok := f.Metadata[arch+".attention.head_count_kv"]; ok {
		if cfg.KVHeads, err = u("attention.head_count_kv"); err != nil {
			return err
		}
	}
	if cfg.Heads > 0 {
		cfg.HeadDim = cfg.Dim / cfg.Heads
	}
	if _, ok := f.Metadata[arch+".rope.dimension_count"]; ok {
		rd, err := u("rope.dimension_count")
		if err != nil {
			return err
		}
		if rd != cfg.HeadDim {
			return fmt.Errorf("partial RoPE (rope.dimension_count %d, head dimension %d) is not supported", rd, cfg.HeadDim)
		}
	}
	cfg.RopeTheta = 10000
	if _, ok := f.Metadata[arch+".rope.freq_base"]; ok {
		if cfg.RopeTheta, err = f.Float(arch + ".rope.freq_base"); err != nil {
			return err
		}
	}
	if _, ok := f.Metadata[arch+".rope.scaling.type"]; ok {
		if s, _ := f.String(arch + ".rope.scaling.type"); s != "none" {
			return fmt.Errorf("RoPE scaling %q is not supported", s)
		}
	}
	if cfg.NormEps, err = f.Float(arch + ".attention.layer_norm_rms_epsilon"); err != nil {
		return err
	}
	if _, ok := f.Metadata[arch+".vocab_size"]; ok {
		cfg.Vocab, err = u("vocab_size")
	} else {
		var toks []string
		toks, err = f.Strings("tokenizer.ggml.tokens")
		cfg.Vocab = len(toks)
	}
	if err != nil {
		return err
	}
	if _, ok := f.Tensor("rope_freqs.weight"); ok {
		return fmt.Errorf("tensor rope_freqs.weight (Llama 3.1 RoPE frequency scaling) is not supported")
	}
	_, hasOutput := f.Tensor("output.weight")
	cfg.Tied = !hasOutput
	cfg.RoPE = Interleaved
	c.Config = cfg
	for _, t := range f.Tensors {
		name := ""
		switch {
		case t.Name == "token_embd.weight":
			name = "tok_embeddings.weight"
		case t.Name == "output_norm.weight":
			name = "norm.weight"
		case t.Name == "output.weight":
			name = "output.weight"
		case strings.HasPrefix(t.Name, "blk."):
			rest := strings.TrimPrefix(t.Name, "blk.")
			i := strings.IndexByte(rest, '.')
			if i < 0 {
				continue
			}
			if n, ok := ggufNames[strings.TrimSuffix(rest[i+1:], ".weight")]; ok && strings.HasSuffix(rest, ".weight") {
				name = "layers." + rest[:i] + "." + n
			}
		}
		if name == "" {
			continue // tensors the model does not use
		}
		b, err := f.Bytes(t.Name)
		if err != nil {
			return err
		}
		c.tensors[name] = Tensor{Name: name, Type: t.Type, Shape: t.Shape(), Data: b, Source: t.Name}
	}
	return nil
}
