package main

import (
	"fmt"
	"math"

	"github.com/zmlc/zmlc/llm"
	"github.com/zmlc/zmlc/llm/gguf"
)

// shape is the static part of a compiled model: the checkpoint's config,
// the KV-cache length ctx and the prefill width seq.
type shape struct {
	cfg llm.Config
	ctx int // cache positions (≤ cfg.Context)
	seq int // tokens per prefill call
}

// dims returns the --dim bindings of llama.zml for s.
func (s shape) dims() map[string]int64 {
	c := s.cfg
	return map[string]int64{
		"vocab": int64(c.Vocab), "dim": int64(c.Dim), "hidden": int64(c.Hidden),
		"kvh": int64(c.KVHeads), "grp": int64(c.Heads / c.KVHeads), "hd": int64(c.HeadDim), "hd2": int64(c.HeadDim),
		"n_layers": int64(c.Layers), "ctx": int64(s.ctx), "seq": int64(s.seq),
	}
}

// cacheBytes is the size of one of the two KV caches,
// f32[n_layers, ctx, kvh, hd].
func (s shape) cacheBytes() int {
	return 4 * s.cfg.Layers * s.ctx * s.cfg.KVHeads * s.cfg.HeadDim
}

// rotation appends to dst the hd x hd RoPE rotation of one head at
// position pos (llama.zml's rot input), computed in float32 as llama2.c's
// run.c does: for pair j, freq = 1 / powf(θ, 2j/hd), angle = pos·freq,
// cos and sin rounded to float32. The pairs are (2j, 2j+1) for the
// interleaved form and (j, j+hd/2) for rotate-half.
func (s shape) rotation(dst []float32, pos int) []float32 {
	hd := s.cfg.HeadDim
	base := len(dst)
	dst = append(dst, make([]float32, hd*hd)...)
	r := dst[base:]
	theta := float32(s.cfg.RopeTheta)
	for j := range hd / 2 {
		freq := 1 / float32(math.Pow(float64(theta), float64(float32(2*j)/float32(hd))))
		val := float32(pos) * freq
		c, sn := float32(math.Cos(float64(val))), float32(math.Sin(float64(val)))
		a, b := 2*j, 2*j+1
		if s.cfg.RoPE == llm.RotateHalf {
			a, b = j, j+hd/2
		}
		r[a*hd+a], r[b*hd+b] = c, c
		r[b*hd+a], r[a*hd+b] = -sn, sn
	}
	return dst
}

// mask appends to dst the additive attention mask of a query at position
// pos (llama.zml's mask input, one row of ctx): 0 for cache positions
// 0..pos, -inf after.
func (s shape) mask(dst []float32, pos int) []float32 {
	for c := range s.ctx {
		if c <= pos {
			dst = append(dst, 0)
		} else {
			dst = append(dst, float32(math.Inf(-1)))
		}
	}
	return dst
}

// paramBytes returns the bytes of parameter name of llama.zml from ckpt:
// output.weight is tok_embeddings.weight when the classifier is tied.
// llama.zml declares f32 parameters, so only F32 tensors are accepted.
func paramBytes(ckpt *llm.Checkpoint, name string) ([]byte, error) {
	if name == "output.weight" && ckpt.Config.Tied {
		name = "tok_embeddings.weight"
	}
	t, ok := ckpt.Tensor(name)
	if !ok {
		return nil, fmt.Errorf("%s: no tensor for parameter %s", ckpt.Path, name)
	}
	if t.Type != gguf.F32 {
		return nil, fmt.Errorf("%s: tensor %s has type %s; examples/llama runs float32 weights only (block-quantised weights are not compiled yet)", ckpt.Path, t.Source, t.Type)
	}
	return t.Data, nil
}
