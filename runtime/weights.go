package runtime

import (
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/schollz/progressbar/v3"
	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/tensorio"
	"golang.org/x/term"
)

// progressThreshold is the weight size above which binding shows a
// progress bar on a terminal.
const progressThreshold = 256 << 20

// bindWeights allocates every parameter on the device and fills it, from
// the bundle's embedded blob or from the safetensors file opts.Weights,
// checking each tensor's dtype and shape against the manifest.
func (r *Runtime) bindWeights(opts Options) error {
	var file *tensorio.File
	var total int64
	for _, p := range r.man.Parameters {
		n, _ := emit.ByteSize(p.DType, p.Shape)
		total += n
		if p.Blob == "" && file == nil {
			if opts.Weights == "" {
				return fmt.Errorf("runtime: the bundle needs its weights (parameter %q is not embedded): pass a safetensors file", p.Name)
			}
			f, err := tensorio.OpenSafetensors(opts.Weights)
			if err != nil {
				return fmt.Errorf("runtime: weights: %w", err)
			}
			defer f.Close()
			file = f
		}
	}
	var bar io.Writer = io.Discard
	if opts.Progress > 0 || opts.Progress == 0 && total >= progressThreshold && term.IsTerminal(int(os.Stderr.Fd())) {
		pb := progressbar.NewOptions64(total, progressbar.OptionSetWriter(os.Stderr), progressbar.OptionShowBytes(true),
			progressbar.OptionSetDescription("binding weights"), progressbar.OptionClearOnFinish())
		defer pb.Finish()
		bar = pb
	}
	for _, p := range r.man.Parameters {
		data, err := r.weightBytes(file, opts.Weights, p)
		if err != nil {
			return err
		}
		h, err := r.drv.Alloc(uint64(len(data)))
		if err != nil {
			return fmt.Errorf("runtime: weight %q: alloc of %d bytes: %w", p.Name, len(data), err)
		}
		r.params = append(r.params, h)
		if err := r.drv.Write(h, 0, data); err != nil {
			return fmt.Errorf("runtime: weight %q: %w", p.Name, err)
		}
		bar.Write(data)
	}
	return nil
}

// weightBytes returns parameter p's bytes, checked against the manifest.
func (r *Runtime) weightBytes(file *tensorio.File, path string, p emit.Parameter) ([]byte, error) {
	if p.Blob != "" {
		data, ok := r.bundle.Blob(p.Blob)
		if !ok { // Validate guarantees it exists
			return nil, fmt.Errorf("runtime: weight %q: blob %q is missing", p.Name, p.Blob)
		}
		return data, nil
	}
	want := ir.TensorOf(mustElem(p.DType), p.Shape...)
	info, ok := file.Info(p.Name)
	if !ok {
		return nil, fmt.Errorf("runtime: weights %s: tensor %q (%s) is missing", path, p.Name, want)
	}
	if info.Elem != want.Elem || !slices.Equal(info.Shape, p.Shape) {
		got := fmt.Sprintf("%s %v", info.DType, info.Shape)
		if info.Elem != ir.Invalid {
			got = info.Type().String()
		}
		return nil, fmt.Errorf("runtime: weights %s: tensor %q is %s, the bundle wants %s", path, p.Name, got, want)
	}
	return file.Raw(p.Name)
}

// mustElem parses a dtype the manifest's validation has accepted.
func mustElem(dtype string) ir.ElementType {
	e, _ := ir.ParseElementType(dtype)
	return e
}
