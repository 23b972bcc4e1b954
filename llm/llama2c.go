package llm

import (
	"encoding/binary"
	"fmt"

	"github.com/zmlc/zmlc/internal/mmapfile"
	"github.com/zmlc/zmlc/llm/gguf"
)

// llama2c's version-1 header magic, "ak42" read as a little-endian uint32.
const llama2cMagic = 0x616b3432

// OpenLlama2C opens a llama2.c checkpoint (karpathy/llama2.c), memory-mapped:
//
//   - legacy (run.c's read_checkpoint): seven int32 — dim, hidden_dim,
//     n_layers, n_heads, n_kv_heads, vocab_size (negative: a separate
//     classifier follows), seq_len — then the f32 weights in
//     memory_map_weights' order: token embedding, rms_att, wq, wk, wv, wo,
//     rms_ffn, w1, w2, w3 (each for all layers), rms_final, the unused
//     freq_cis_real/imag tables (seq_len·head_size/2 each), then wcls;
//   - version 1 (export.py's version1_export): a 256-byte header (magic
//     "ak42", int32 version 1, the seven int32, a byte shared_classifier,
//     zero padding), then the f32 weights: attention norms, ffn norms,
//     final norm, token embedding, wq, wk, wv, wo, w1, w2, w3 (each for all
//     layers), then the classifier unless shared.
//
// Other versions (2: int8 quantised) are an error naming the version.
// RMSNorm ε is 1e-5 and the RoPE base 10000, as run.c computes them; the
// RoPE is interleaved.
func OpenLlama2C(path string) (*Checkpoint, error) {
	data, unmap, err := mmapfile.Open(path)
	if err != nil {
		return nil, err
	}
	c := &Checkpoint{Path: path, Format: "llama2c", tensors: map[string]Tensor{}, closers: []func() error{unmap}}
	if err := c.readLlama2C(data); err != nil {
		c.Close()
		return nil, fmt.Errorf("%s: llama2.c checkpoint: %w", path, err)
	}
	return c.finish()
}

func (c *Checkpoint) readLlama2C(data []byte) error {
	le := binary.LittleEndian
	if len(data) < 28 {
		return fmt.Errorf("file truncated: %d bytes, the header needs 28", len(data))
	}
	var hdr [7]int32
	off := 0
	v1 := le.Uint32(data) == llama2cMagic
	shared := false
	if v1 {
		if len(data) < 256 {
			return fmt.Errorf("file truncated: %d bytes, the version-1 header needs 256", len(data))
		}
		if v := int32(le.Uint32(data[4:])); v != 1 {
			return fmt.Errorf("version %d is not supported (legacy and version 1, float32, are)", v)
		}
		for i := range hdr {
			hdr[i] = int32(le.Uint32(data[8+4*i:]))
		}
		shared = data[36] != 0
		off = 256
	} else {
		for i := range hdr {
			hdr[i] = int32(le.Uint32(data[4*i:]))
		}
		shared = hdr[5] > 0
		if hdr[5] < 0 {
			hdr[5] = -hdr[5]
		}
		off = 28
	}
	for i, name := range []string{"dim", "hidden_dim", "n_layers", "n_heads", "n_kv_heads", "vocab_size", "seq_len"} {
		if hdr[i] <= 0 || hdr[i] > 1<<24 {
			return fmt.Errorf("header field %s = %d is out of range", name, hdr[i])
		}
	}
	cfg := Config{
		Dim: int(hdr[0]), Hidden: int(hdr[1]), Layers: int(hdr[2]), Heads: int(hdr[3]), KVHeads: int(hdr[4]),
		Vocab: int(hdr[5]), Context: int(hdr[6]), RopeTheta: 10000, NormEps: 1e-5, Tied: shared, RoPE: Interleaved,
	}
	if cfg.Dim%cfg.Heads != 0 {
		return fmt.Errorf("dim %d is not a multiple of n_heads %d", cfg.Dim, cfg.Heads)
	}
	cfg.HeadDim = cfg.Dim / cfg.Heads
	if err := cfg.Validate(); err != nil {
		return err
	}
	c.Config = cfg
	shapes := cfg.paramShapes()
	// take maps the next f32 tensor (one per layer when perLayer).
	take := func(param string, perLayer bool) error {
		names := []string{param}
		if perLayer {
			names = names[:0]
			for i := range cfg.Layers {
				names = append(names, fmt.Sprintf("layers.%d.%s", i, param))
			}
		}
		for _, n := range names {
			sh := shapes[n]
			size := int64(4)
			for _, d := range sh {
				size *= d
			}
			if int64(off)+size > int64(len(data)) {
				return fmt.Errorf("file truncated: tensor %s (%v f32) needs bytes %d to %d, the file has %d", n, sh, off, int64(off)+size, len(data))
			}
			c.tensors[n] = Tensor{Name: n, Type: gguf.F32, Shape: sh, Data: data[off : int64(off)+size : int64(off)+size]}
			off += int(size)
		}
		return nil
	}
	type step struct {
		param    string
		perLayer bool
	}
	var order []step
	if v1 {
		order = []step{{"attention_norm.weight", true}, {"ffn_norm.weight", true}, {"norm.weight", false},
			{"tok_embeddings.weight", false}, {"attention.wq.weight", true}, {"attention.wk.weight", true},
			{"attention.wv.weight", true}, {"attention.wo.weight", true}, {"feed_forward.w1.weight", true},
			{"feed_forward.w2.weight", true}, {"feed_forward.w3.weight", true}}
	} else {
		order = []step{{"tok_embeddings.weight", false}, {"attention_norm.weight", true}, {"attention.wq.weight", true},
			{"attention.wk.weight", true}, {"attention.wv.weight", true}, {"attention.wo.weight", true},
			{"ffn_norm.weight", true}, {"feed_forward.w1.weight", true}, {"feed_forward.w2.weight", true},
			{"feed_forward.w3.weight", true}, {"norm.weight", false}}
	}
	for _, s := range order {
		if err := take(s.param, s.perLayer); err != nil {
			return err
		}
	}
	if !v1 {
		// The unused freq_cis_real and freq_cis_imag tables.
		off += 2 * 4 * cfg.Context * cfg.HeadDim / 2
	}
	if !shared {
		if err := take("output.weight", false); err != nil {
			return err
		}
	}
	return nil
}
