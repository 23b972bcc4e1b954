package llm

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/zmlc/zmlc/ir/tensorio"
	"github.com/zmlc/zmlc/llm/gguf"
)

// HFOptions configure OpenHF.
type HFOptions struct {
	// Interleave un-permutes the rows of the q and k projections into the
	// interleaved RoPE order (PermuteHF), as llama.cpp's converter does,
	// so the model runs with Config.RoPE Interleaved. Those two tensors
	// per layer are then copies (in their own dtype); the default keeps
	// every tensor in the file's memory map and sets RoPE to RotateHalf.
	Interleave bool
}

// hfConfig is the part of a Hugging Face config.json (LlamaConfig in
// transformers) that zmlc reads.
type hfConfig struct {
	Architectures     []string        `json:"architectures"`
	HiddenSize        int             `json:"hidden_size"`
	IntermediateSize  int             `json:"intermediate_size"`
	NumHiddenLayers   int             `json:"num_hidden_layers"`
	NumAttentionHeads int             `json:"num_attention_heads"`
	NumKeyValueHeads  int             `json:"num_key_value_heads"`
	HeadDim           int             `json:"head_dim"`
	VocabSize         int             `json:"vocab_size"`
	MaxPosition       int             `json:"max_position_embeddings"`
	RopeTheta         float64         `json:"rope_theta"`
	RMSNormEps        float64         `json:"rms_norm_eps"`
	TieWordEmbeddings bool            `json:"tie_word_embeddings"`
	RopeScaling       json.RawMessage `json:"rope_scaling"`
	AttentionBias     bool            `json:"attention_bias"`
	MLPBias           bool            `json:"mlp_bias"`
}

// hfNames maps transformers' LlamaForCausalLM per-layer names
// (modeling_llama.py) to ours.
var hfNames = map[string]string{
	"input_layernorm.weight":          "attention_norm.weight",
	"self_attn.q_proj.weight":         "attention.wq.weight",
	"self_attn.k_proj.weight":         "attention.wk.weight",
	"self_attn.v_proj.weight":         "attention.wv.weight",
	"self_attn.o_proj.weight":         "attention.wo.weight",
	"post_attention_layernorm.weight": "ffn_norm.weight",
	"mlp.gate_proj.weight":            "feed_forward.w1.weight",
	"mlp.down_proj.weight":            "feed_forward.w2.weight",
	"mlp.up_proj.weight":              "feed_forward.w3.weight",
}

// OpenHF opens a Hugging Face model directory of a LlamaForCausalLM:
// config.json and the weights in model.safetensors, or sharded as listed
// by model.safetensors.index.json (its weight_map), memory-mapped. Tensors
// of dtype F32, F16 and BF16 are read; any other is an error naming it.
// Every tensor's shape is checked against config.json.
func OpenHF(dir string, opts HFOptions) (*Checkpoint, error) {
	c := &Checkpoint{Path: dir, Format: "hf", tensors: map[string]Tensor{}}
	if err := c.readHF(dir, opts); err != nil {
		c.Close()
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return c.finish()
}

func (c *Checkpoint) readHF(dir string, opts HFOptions) error {
	raw, err := os.ReadFile(filepath.Join(dir, "config.json"))
	if err != nil {
		return err
	}
	var hc hfConfig
	if err := json.Unmarshal(raw, &hc); err != nil {
		return fmt.Errorf("config.json: %w", err)
	}
	if len(hc.Architectures) > 0 && !slices.Contains(hc.Architectures, "LlamaForCausalLM") {
		return fmt.Errorf("config.json: architectures %v; zmlc reads LlamaForCausalLM", hc.Architectures)
	}
	if s := strings.TrimSpace(string(hc.RopeScaling)); s != "" && s != "null" {
		return fmt.Errorf("config.json: rope_scaling %s is not supported", s)
	}
	if hc.AttentionBias || hc.MLPBias {
		return fmt.Errorf("config.json: attention or MLP biases are not supported")
	}
	cfg := Config{
		Dim: hc.HiddenSize, Hidden: hc.IntermediateSize, Layers: hc.NumHiddenLayers, Heads: hc.NumAttentionHeads,
		KVHeads: hc.NumKeyValueHeads, HeadDim: hc.HeadDim, Vocab: hc.VocabSize, Context: hc.MaxPosition,
		RopeTheta: hc.RopeTheta, NormEps: hc.RMSNormEps, Tied: hc.TieWordEmbeddings, RoPE: RotateHalf,
	}
	if cfg.KVHeads == 0 {
		cfg.KVHeads = cfg.Heads
	}
	if cfg.HeadDim == 0 && cfg.Heads > 0 {
		cfg.HeadDim = cfg.Dim / cfg.Heads
	}
	if cfg.RopeTheta == 0 {
		cfg.RopeTheta = 10000
	}
	if cfg.NormEps == 0 {
		cfg.NormEps = 1e-6 // LlamaConfig's default
	}
	if opts.Interleave {
		cfg.RoPE = Interleaved
	}
	if err := cfg.Validate(); err != nil {
		return fmt.Errorf("config.json: %w", err)
	}
	c.Config = cfg
	files, err := hfShards(dir)
	if err != nil {
		return err
	}
	for _, name := range files {
		sf, err := tensorio.OpenSafetensors(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		c.closers = append(c.closers, sf.Close)
		for _, info := range sf.Tensors() {
			ours := hfName(info.Name)
			if ours == "" {
				continue
			}
			var typ gguf.Type
			switch info.DType {
			case "F32":
				typ = gguf.F32
			case "F16":
				typ = gguf.F16
			case "BF16":
				typ = gguf.BF16
			default:
				return fmt.Errorf("%s: tensor %s has dtype %s; zmlc reads F32, F16 and BF16 safetensors", name, info.Name, info.DType)
			}
			b, err := sf.Raw(info.Name)
			if err != nil {
				return err
			}
			t := Tensor{Name: ours, Type: typ, Shape: info.Shape, Data: b, Source: info.Name}
			if opts.Interleave && (strings.HasSuffix(ours, ".wq.weight") || strings.HasSuffix(ours, ".wk.weight")) {
				heads := cfg.Heads
				if strings.HasSuffix(ours, ".wk.weight") {
					heads = cfg.KVHeads
				}
				if len(t.Shape) != 2 || t.Shape[0] != int64(heads*cfg.HeadDim) {
					return fmt.Errorf("tensor %s has shape %v, but config.json gives %d heads of %d rows", info.Name, t.Shape, heads, cfg.HeadDim)
				}
				t.Data = PermuteHF(t.Data, heads, len(t.Data)/int(t.Shape[0]))
			}
			c.tensors[ours] = t
		}
	}
	return nil
}

// hfShards lists the safetensors files of a Hugging Face directory.
func hfShards(dir string) ([]string, error) {
	idx, err := os.ReadFile(filepath.Join(dir, "model.safetensors.index.json"))
	if os.IsNotExist(err) {
		return []string{"model.safetensors"}, nil
	} else if err != nil {
		return nil, err
	}
	var index struct {
		WeightMap map[string]string `json:"weight_map"`
	}
	if err := json.Unmarshal(idx, &index); err != nil {
		return nil, fmt.Errorf("model.safetensors.index.json: %w", err)
	}
	var files []string
	for _, f := range index.WeightMap {
		if filepath.Base(f) != f {
			return nil, fmt.Errorf("model.safetensors.index.json: shard %q is not a file name in the directory", f)
		}
		if !slices.Contains(files, f) {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("model.safetensors.index.json: empty weight_map")
	}
	slices.Sort(files)
	return files, nil
}

// hfName maps a LlamaForCausalLM tensor name to ours, or "" for one the
// model does not use (rotary_emb.inv_freq).
func hfName(n string) string {
	switch n {
	case "model.embed_tokens.weight":
		return "tok_embeddings.weight"
	case "model.norm.weight":
		return "norm.weight"
	case "lm_head.weight":
		return "output.weight"
	}
	rest, ok := strings.CutPrefix(n, "model.layers.")
	if !ok {
		return ""
	}
	i := strings.IndexByte(rest, '.')
	if i < 0 {
		return ""
	}
	if ours, ok := hfNames[rest[i+1:]]; ok {
		return "layers." + rest[:i] + "." + ours
	}
	return ""
}

// PermuteHF returns a copy of a q or k projection's rows (heads·head_dim
// rows of rowBytes bytes each) reordered from Hugging Face's rotate-half
// layout into the interleaved RoPE layout, exactly as llama.cpp's
// convert_hf_to_gguf.py (LlamaModel.permute) does:
//
//	w.reshape(heads, 2, head_dim/2, cols).swapaxes(1, 2).reshape(w.shape)
//
// so that row h·head_dim + 2i + p of the result is row
// h·head_dim + p·head_dim/2 + i of w (p ∈ {0, 1}). For the k projection
// heads is the number of key/value heads.
func PermuteHF(w []byte, heads, rowBytes int) []byte {
	rows := len(w) / rowBytes
	hd := rows / heads
	out := make([]byte, len(w))
	for h := range heads {
		for i := range hd / 2 {
			for p := range 2 {
				dst := h*hd + 2*i + p
				src := h*hd + p*hd/2 + i
				copy(out[dst*rowBytes:(dst+1)*rowBytes], w[src*rowBytes:(src+1)*rowBytes])
			}
		}
	}
	return out
}
