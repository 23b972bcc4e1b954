package main

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/ir/tensorio"
	"github.com/zmlc/zmlc/llm"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/runtime/drivers"
)

// engine runs llama.zml's two entries. It owns the KV cache, which it
// carries as an entry input and output (the bundle format has no device
// state shared between entries yet): switching to device-resident state
// only changes an engine, not the generation loop.
type engine interface {
	// prefill runs tokens (at most seq; padded) at positions start.. and
	// returns the logits after tokens[len(tokens)-1].
	prefill(tokens []int32, start int) ([]float32, error)
	// decode runs one token at position pos and returns the logits.
	decode(token int32, pos int) ([]float32, error)
	close() error
}

// inputs holds the per-call inputs shared by both entries (the rotation
// and mask rows, RMSNorm's ε, the attention scale √hd), the KV caches and
// the logits buffer.
type inputs struct {
	sh         shape
	rot, mask  []float32
	eps, scale float32
	kc, vc     []byte // the KV caches, f32[n_layers, ctx, kvh, hd]
	logits     []byte
}

func newInputs(sh shape) *inputs {
	return &inputs{
		sh: sh, eps: float32(sh.cfg.NormEps), scale: float32(math.Sqrt(float64(sh.cfg.HeadDim))),
		kc: make([]byte, sh.cacheBytes()), vc: make([]byte, sh.cacheBytes()),
		logits: make([]byte, 4*sh.cfg.Vocab),
	}
}

// rows fills rot and mask for rows positions starting at start, the
// first n of them real.
func (in *inputs) rows(start, n, rows int) {
	in.rot, in.mask = in.rot[:0], in.mask[:0]
	for i := range rows {
		p := start + min(i, n-1)
		in.rot = in.sh.rotation(in.rot, p)
		in.mask = in.sh.mask(in.mask, p)
	}
}

func f32Bytes(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func i32Bytes(v ...int32) []byte {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(x))
	}
	return b
}

func bytesF32(b []byte) []float32 {
	v := make([]float32, len(b)/4)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v
}

// padTokens returns tokens padded with id 0 to seq.
func padTokens(tokens []int32, seq int) []int32 {
	p := make([]int32, seq)
	copy(p, tokens)
	return p
}

// bundleEngine runs the compiled bundle with the launcher (package
// runtime) on the target's driver.
type bundleEngine struct {
	rt *runtime.Runtime
	in *inputs
}

// compileBundle compiles llama.zml for target with sh bound.
func compileBundle(src []byte, target string, sh shape) ([]byte, error) {
	return compile.Compile(zmlFile, src, compile.Options{Target: target, Dims: sh.dims()})
}

// newBundleEngine opens a bundle of llama.zml compiled for sh (see
// compileBundle), binds the checkpoint's weights and returns the engine.
func newBundleEngine(bundle []byte, sh shape, ckpt *llm.Checkpoint, workers int) (*bundleEngine, error) {
	// The launcher binds weights from a safetensors file: write one with
	// the parameters in llama.zml's shapes (the same bytes: a reshape).
	b, err := emit.Parse(bundle)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "zmlc-llama-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	raw := map[string]tensorio.RawTensor{}
	for _, p := range b.Manifest.Parameters {
		data, err := paramBytes(ckpt, p.Name)
		if err != nil {
			b.Close()
			return nil, err
		}
		raw[p.Name] = tensorio.RawTensor{DType: "F32", Shape: p.Shape, Data: data}
	}
	b.Close()
	weights := filepath.Join(dir, "weights.safetensors")
	if err := tensorio.WriteSafetensorsRaw(weights, raw, nil); err != nil {
		return nil, err
	}
	rt, err := compile.OpenWith(bundle, compile.OpenOptions{Weights: weights, Drivers: drivers.Options{Workers: workers}})
	if err != nil {
		return nil, err
	}
	return &bundleEngine{rt: rt, in: newInputs(sh)}, nil
}

func (e *bundleEngine) prefill(tokens []int32, start int) ([]float32, error) {
	in := e.in
	in.rows(start, len(tokens), in.sh.seq)
	ins := [][]byte{i32Bytes(padTokens(tokens, in.sh.seq)...), in.kc, in.vc, i32Bytes(int32(start)), i32Bytes(int32(len(tokens) - 1)),
		f32Bytes(in.rot), f32Bytes(in.mask), f32Bytes([]float32{in.eps}), f32Bytes([]float32{in.scale})}
	if err := e.rt.RunBytes(context.Background(), "prefill", ins, [][]byte{in.logits, in.kc, in.vc}); err != nil {
		return nil, err
	}
	return bytesF32(in.logits), nil
}

func (e *bundleEngine) decode(token int32, pos int) ([]float32, error) {
	in := e.in
	in.rows(pos, 1, 1)
	ins := [][]byte{i32Bytes(token), in.kc, in.vc, i32Bytes(int32(pos)),
		f32Bytes(in.rot), f32Bytes(in.mask), f32Bytes([]float32{in.eps}), f32Bytes([]float32{in.scale})}
	if err := e.rt.RunBytes(context.Background(), "decode", ins, [][]byte{in.logits, in.kc, in.vc}); err != nil {
		return nil, err
	}
	return bytesF32(in.logits), nil
}

func (e *bundleEngine) close() error { return e.rt.Close() }

// interpEngine runs llama.zml on the reference interpreter.
type interpEngine struct {
	in     *interp.Interpreter
	mod    *ir.Module
	params map[string][]interp.Value
	st     *inputs
}

func newInterpEngine(src []byte, sh shape, ckpt *llm.Checkpoint) (*interpEngine, error) {
	mod, err := compile.Parse(zmlFile, src, compile.Options{Dims: sh.dims()})
	if err != nil {
		return nil, err
	}
	if err := compile.Optimize(mod, compile.Options{NoFusion: true}); err != nil {
		return nil, err
	}
	e := &interpEngine{in: interp.New(mod), mod: mod, params: map[string][]interp.Value{}, st: newInputs(sh)}
	cache := map[string]*ir.Tensor{}
	for _, entry := range []string{"prefill", "decode"} {
		f := mod.Func(entry)
		for i, t := range f.Type.Inputs {
			name, ok := f.ArgAttr(i, "zml.param").(ir.StringAttr)
			if !ok {
				continue
			}
			x, ok := cache[string(name)]
			if !ok {
				data, err := paramBytes(ckpt, string(name))
				if err != nil {
					return nil, err
				}
				if x, err = ir.TensorFromBytes(ir.AsTensor(t), data); err != nil {
					return nil, fmt.Errorf("parameter %s: %w", name, err)
				}
				cache[string(name)] = x
			}
			e.params[entry] = append(e.params[entry], x)
		}
	}
	return e, nil
}

// call runs entry on the parameters and the raw inputs (typed by the
// function's signature), and stores the logits and caches.
func (e *interpEngine) call(entry string, raw [][]byte) ([]float32, error) {
	f := e.mod.Func(entry)
	args := append([]interp.Value{}, e.params[entry]...)
	for i, b := range raw {
		x, err := ir.TensorFromBytes(ir.AsTensor(f.Type.Inputs[len(e.params[entry])+i]), b)
		if err != nil {
			return nil, err
		}
		args = append(args, x)
	}
	outs, err := e.in.Call(entry, args)
	if err != nil {
		return nil, err
	}
	res := make([]*ir.Tensor, len(outs))
	for i, o := range outs {
		t, ok := o.(*ir.Tensor)
		if !ok {
			return nil, fmt.Errorf("%s: result %d is not a tensor", entry, i)
		}
		res[i] = t
	}
	copy(e.st.kc, ir.TensorBytes(res[1]))
	copy(e.st.vc, ir.TensorBytes(res[2]))
	return bytesF32(ir.TensorBytes(res[0])), nil
}

func (e *interpEngine) prefill(tokens []int32, start int) ([]float32, error) {
	in := e.st
	in.rows(start, len(tokens), in.sh.seq)
	return e.call("prefill", [][]byte{i32Bytes(padTokens(tokens, in.sh.seq)...), in.kc, in.vc, i32Bytes(int32(start)),
		i32Bytes(int32(len(tokens) - 1)), f32Bytes(in.rot), f32Bytes(in.mask), f32Bytes([]float32{in.eps}), f32Bytes([]float32{in.scale})})
}

func (e *interpEngine) decode(token int32, pos int) ([]float32, error) {
	in := e.st
	in.rows(pos, 1, 1)
	return e.call("decode", [][]byte{i32Bytes(token), in.kc, in.vc, i32Bytes(int32(pos)),
		f32Bytes(in.rot), f32Bytes(in.mask), f32Bytes([]float32{in.eps}), f32Bytes([]float32{in.scale})})
}

func (e *interpEngine) close() error { return nil }
