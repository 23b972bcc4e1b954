package compile

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/tensorio"
	"github.com/zmlc/zmlc/targets/kernel"
)

// Compile compiles src (a .zml model or a StableHLO module, by filename's
// extension) for opts.Target and returns the bundle's bytes
// (docs/BUNDLE.md): the host program, the optimised StableHLO and, under
// EmbedWeights, the weights. The same inputs give the same bytes.
func Compile(filename string, src []byte, opts Options) ([]byte, error) {
	l, err := Lower(filename, src, opts)
	if err != nil {
		return nil, err
	}
	return l.Bundle(opts)
}

// Bundle builds the bundle of a lowered compilation.
func (l *Lowered) Bundle(opts Options) ([]byte, error) {
	man, blobs, err := l.Manifest(opts)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := emit.Encode(&buf, man, blobs); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Manifest returns the manifest and blobs of the bundle (the writer fills
// the format, version and blob table).
func (l *Lowered) Manifest(opts Options) (*emit.Manifest, []emit.BlobData, error) {
	out := l.Wasm
	target := l.Target
	if target == "" {
		target = "wasm"
	}
	man := &emit.Manifest{
		Target:     emit.Target{Name: target},
		Entries:    []emit.Entry{},
		Parameters: []emit.Parameter{},
		Modules: []emit.Module{{Name: "self", Format: emit.FormatWasmSelf,
			Kernels: out.Kernels}},
		Host:      "host.wasm",
		StableHLO: "program.mlir",
	}
	if man.Modules[0].Kernels == nil {
		man.Modules[0].Kernels = []emit.Kernel{}
	}
	if len(opts.Dims) > 0 {
		man.Dims = opts.Dims
	}
	blobs := []emit.BlobData{
		{Name: "host.wasm", Kind: emit.BlobHost, Data: out.Wasm},
		{Name: "program.mlir", Kind: emit.BlobStableHLO, Data: []byte(l.stableHLO())},
	}
	if d := l.Device; d != nil {
		if d.unvalidated != nil {
			return nil, nil, d.unvalidated
		}
		if len(d.Options) > 0 {
			man.Target.Options = d.Options
		}
		// A program without kernels has no module to load.
		man.Modules = []emit.Module{}
		if len(d.Module.Kernels) > 0 {
			man.Modules = append(man.Modules, d.Module)
			blobs = append(blobs, emit.BlobData{Name: d.Module.Blob, Kind: emit.BlobKernels, Data: d.Blob})
			var err error
			if blobs, err = addVulkanFallback(l, man, blobs); err != nil {
				return nil, nil, err
			}
		}
	}
	if x := l.XLA; x != nil {
		man.Target.Options = x.Options
		man.Modules = x.Modules
		blobs = append(blobs, x.Blobs...)
	}
	var weights *tensorio.File
	if opts.EmbedWeights != "" {
		f, err := tensorio.OpenSafetensors(opts.EmbedWeights)
		if err != nil {
			return nil, nil, fmt.Errorf("embedding weights: %w", err)
		}
		defer f.Close()
		weights = f
	}
	peak := int64(0)
	for _, name := range out.Params {
		pb := out.ParamBuf[name]
		p := emit.Parameter{Name: name, DType: pb.Elem.String(), Shape: shapeOrEmpty(pb.Shape)}
		peak += pb.Bytes
		if weights != nil {
			info, ok := weights.Info(name)
			want := ir.TensorOf(pb.Elem, pb.Shape...)
			if !ok {
				return nil, nil, fmt.Errorf("embedding weights: %s has no tensor %q (%s)", opts.EmbedWeights, name, want)
			}
			if info.Elem != pb.Elem || !slices.Equal(info.Shape, pb.Shape) {
				return nil, nil, fmt.Errorf("embedding weights: %s: tensor %q is %s %v, the program wants %s", opts.EmbedWeights, name, info.DType, info.Shape, want)
			}
			data, err := weights.Raw(name)
			if err != nil {
				return nil, nil, fmt.Errorf("embedding weights: %w", err)
			}
			p.Blob = "weights/" + name
			blobs = append(blobs, emit.BlobData{Name: p.Blob, Kind: emit.BlobWeights, Data: bytes.Clone(data)})
		}
		man.Parameters = append(man.Parameters, p)
	}
	for i, e := range out.Entries {
		f := l.Funcs[i]
		me := emit.Entry{Name: e.Name, Export: e.Export, Inputs: []emit.Value{}, Outputs: []emit.Value{},
			Prologue: len(kernel.SplitPrologue(e.Program).Kept)}
		args := f.Args()
		for k, t := range f.Type.Inputs {
			if s, ok := f.ArgAttr(k, "zml.param").(ir.StringAttr); ok && s != "" {
				continue
			}
			v, err := value(t, f.ArgAttr(k, "zml.dims"), opts.Dims)
			if err != nil {
				return nil, nil, fmt.Errorf("entry %s: argument %d: %w", e.Name, k, err)
			}
			if k < len(args) {
				v.Name = args[k].Name
			}
			me.Inputs = append(me.Inputs, v)
		}
		var checks []emit.Check
		if i < len(l.Checks) {
			checks = l.Checks[i]
		}
		me.Checks = checks
		for k, t := range f.Type.Results[:len(f.Type.Results)-2*len(checks)] {
			v, err := value(t, f.ResultAttr(k, "zml.dims"), opts.Dims)
			if err != nil {
				return nil, nil, fmt.Errorf("entry %s: result %d: %w", e.Name, k, err)
			}
			me.Outputs = append(me.Outputs, v)
		}
		man.Entries = append(man.Entries, me)
		temps := int64(0)
		for _, b := range e.Program.Buffers {
			if b.Kind == kernel.Temp {
				temps += b.Bytes
			}
		}
		peak = max(peak, peak+temps)
	}
	man.Buffers = emit.BufferPlan{PeakBytes: peak}
	return man, blobs, nil
}

// stableHLO returns the bundle's program.mlir: the optimised module, with
// its checks when LowerModule turned them into results.
func (l *Lowered) stableHLO() string {
	if l.source != "" {
		return l.source
	}
	return asm.Print(l.Module, asm.Options{})
}

func shapeOrEmpty(s []int64) []int64 {
	if s == nil {
		return []int64{}
	}
	return s
}

// value describes a tensor argument or result for the manifest; dims are
// reported for the axes whose name is a bound symbolic dimension.
func value(t ir.Type, dimsAttr ir.Attribute, bound map[string]int64) (emit.Value, error) {
	tt, ok := t.(*ir.TensorType)
	if !ok {
		return emit.Value{}, fmt.Errorf("type %s is not a tensor", t)
	}
	v := emit.Value{DType: tt.Elem.String(), Shape: shapeOrEmpty(tt.Shape)}
	if arr, ok := dimsAttr.(ir.ArrayAttr); ok && len(arr) == len(tt.Shape) {
		any := false
		names := make([]string, len(arr))
		for i, a := range arr {
			if s, ok := a.(ir.StringAttr); ok {
				if _, sym := bound[string(s)]; sym {
					names[i] = string(s)
					any = true
				}
			}
		}
		if any {
			v.Dims = names
		}
	}
	return v, nil
}
