package llm

import (
	"fmt"

	"github.com/zmlc/zmlc/llm/gguf"
)

// RoPE is the pairing rotary position embeddings use within a head.
type RoPE int

const (
	// Interleaved rotates the pairs (2j, 2j+1) of a head: Meta's original
	// Llama, llama2.c's run.c and GGUF's "llama" architecture
	// (LLAMA_ROPE_TYPE_NORM in llama.cpp).
	Interleaved RoPE = iota
	// RotateHalf rotates the pairs (j, j+head_dim/2): Hugging Face's
	// LlamaForCausalLM (rotate_half), whose q/k weights are stored with
	// their rows permuted accordingly (see PermuteHF).
	RotateHalf
)

func (r RoPE) String() string {
	if r == RotateHalf {
		return "rotate-half"
	}
	return "interleaved"
}

// Config is a Llama-family model's architecture.
type Config struct {
	Dim     int // model width (hidden_size, embedding_length)
	Hidden  int // feed-forward width (intermediate_size, feed_forward_length)
	Layers  int
	Heads   int // query heads
	KVHeads int // key/value heads (grouped-query attention: Heads is a multiple)
	HeadDim int // per-head width; Dim/Heads unless the checkpoint says otherwise
	Vocab   int
	// Context is the longest sequence the model was trained for
	// (llama2.c's seq_len, context_length, max_position_embeddings).
	Context   int
	RopeTheta float64 // RoPE base θ (10000 unless set)
	NormEps   float64 // RMSNorm ε
	// Tied reports that the classifier reuses tok_embeddings.weight
	// (no output.weight).
	Tied bool
	RoPE RoPE
}

// Validate checks that the sizes are positive and consistent.
func (c Config) Validate() error {
	switch {
	case c.Dim <= 0 || c.Hidden <= 0 || c.Layers <= 0 || c.Heads <= 0 || c.KVHeads <= 0 || c.HeadDim <= 0 || c.Vocab <= 0 || c.Context <= 0:
		return fmt.Errorf("invalid model config %+v: every size must be positive", c)
	case c.Heads%c.KVHeads != 0:
		return fmt.Errorf("invalid model config: %d query heads are not a multiple of %d key/value heads", c.Heads, c.KVHeads)
	case c.HeadDim%2 != 0:
		return fmt.Errorf("invalid model config: head dimension %d is odd (RoPE rotates pairs)", c.HeadDim)
	case c.NormEps <= 0 || c.RopeTheta <= 0:
		return fmt.Errorf("invalid model config: RMSNorm epsilon %g and RoPE base %g must be positive", c.NormEps, c.RopeTheta)
	}
	return nil
}

// ParamShape gives the shape of each parameter for c (nil for a name
// that is not a parameter).
func (c Config) paramShapes() map[string][]int64 {
	d, h, hd := int64(c.Dim), int64(c.Hidden), int64(c.HeadDim)
	q, kv := int64(c.Heads)*hd, int64(c.KVHeads)*hd
	m := map[string][]int64{
		"tok_embeddings.weight": {int64(c.Vocab), d},
		"norm.weight":           {d},
	}
	if !c.Tied {
		m["output.weight"] = []int64{int64(c.Vocab), d}
	}
	for i := range c.Layers {
		p := fmt.Sprintf("layers.%d.", i)
		m[p+"attention_norm.weight"] = []int64{d}
		m[p+"attention.wq.weight"] = []int64{q, d}
		m[p+"attention.wk.weight"] = []int64{kv, d}
		m[p+"attention.wv.weight"] = []int64{kv, d}
		m[p+"attention.wo.weight"] = []int64{d, q}
		m[p+"ffn_norm.weight"] = []int64{d}
		m[p+"feed_forward.w1.weight"] = []int64{h, d}
		m[p+"feed_forward.w2.weight"] = []int64{d, h}
		m[p+"feed_forward.w3.weight"] = []int64{h, d}
	}
	return m
}

// ParamNames lists the parameter names of c in the order llama.zml
// declares them: tok_embeddings, then each layer's attention_norm, wq, wk,
// wv, wo, ffn_norm, w1, w2, w3, then norm and (untied) output.
func (c Config) ParamNames() []string {
	names := []string{"tok_embeddings.weight"}
	for i := range c.Layers {
		p := fmt.Sprintf("layers.%d.", i)
		names = append(names, p+"attention_norm.weight", p+"attention.wq.weight", p+"attention.wk.weight",
			p+"attention.wv.weight", p+"attention.wo.weight", p+"ffn_norm.weight",
			p+"feed_forward.w1.weight", p+"feed_forward.w2.weight", p+"feed_forward.w3.weight")
	}
	names = append(names, "norm.weight")
	if !c.Tied {
		names = append(names, "output.weight")
	}
	return names
}

// Tensor is one parameter of a checkpoint: its name (see the package
// doc), its element type as stored (a ggml type: F32, F16, BF16 or a
// block-quantised one), its row-major shape and its bytes, a slice of the
// file's read-only memory map.
type Tensor struct {
	Name  string
	Type  gguf.Type
	Shape []int64
	Data  []byte
	// Source is the tensor's name in the file ("blk.0.attn_q.weight",
	// "model.layers.0.self_attn.q_proj.weight"), for messages.
	Source string
}

// Elems returns the number of values of t.
func (t Tensor) Elems() int64 {
	n := int64(1)
	for _, d := range t.Shape {
		n *= d
	}
	return n
}

// Float32 decodes t's values (gguf.Dequantize), for checks and host
// reference computations.
func (t Tensor) Float32() ([]float32, error) {
	v, err := gguf.Dequantize(t.Type, t.Data, t.Elems())
	if err != nil {
		return nil, fmt.Errorf("tensor %s: %w", t.Name, err)
	}
	return v, nil
}
