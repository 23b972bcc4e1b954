package runtime

import (
	"fmt"
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
//
// A safetensors parameter is read from the file with pread, never through
// the file's memory map (whose pages would stay resident while it is
// open): straight into the linear memory when its buffer lies there
// (drivers sharing the memory, see inPlace), otherwise through one
// weightChunk buffer handed to Driver.Write (writeReaderRange). The map is
// only used to validate the header.
func (r *Runtime) bindWeights(opts Options) error {
	var file *tensorio.File
	var raw *os.File
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
			if raw, err = os.Open(opts.Weights); err != nil {
				return fmt.Errorf("runtime: weights: %w", err)
			}
			defer raw.Close()
		}
	}
	var bar *progressbar.ProgressBar
	if opts.Progress > 0 || opts.Progress == 0 && total >= progressThreshold && term.IsTerminal(int(os.Stderr.Fd())) {
		bar = progressbar.NewOptions64(total, progressbar.OptionSetWriter(os.Stderr), progressbar.OptionShowBytes(true),
			progressbar.OptionSetDescription("binding weights"), progressbar.OptionClearOnFinish())
		defer bar.Finish()
	}
	progress := func(n int) {
		if bar != nil {
			bar.Add(n)
		}
	}
	var chunk []byte // writeReaderRange's buffer, shared by the weights
	for _, p := range r.man.Parameters {
		var data []byte
		var info tensorio.TensorInfo
		var size uint64
		if p.Blob != "" {
			var err error
			if data, err = r.blobBytes(p); err != nil {
				return err
			}
			size = uint64(len(data))
		} else {
			var err error
			if info, err = checkWeight(file, opts.Weights, p); err != nil {
				return err
			}
			size = uint64(info.Size())
		}
		h, err := r.drv.Alloc(size)
		if err != nil {
			return fmt.Errorf("runtime: weight %q: alloc of %d bytes: %w", p.Name, size, err)
		}
		r.params = append(r.params, h)
		if p.Blob != "" {
			err = r.drv.Write(h, 0, data)
			progress(len(data))
		} else {
			err = r.fillFromFile(h, raw, opts.Weights, file.DataOffset()+info.Begin, info.Size(), &chunk, progress)
		}
		if err != nil {
			return fmt.Errorf("runtime: weight %q: %w", p.Name, err)
		}
	}
	return nil
}

// fillFromFile fills buffer h with the n bytes of f (read from path) that
// start at byte off: in place when the buffer lies in the linear memory,
// else through Driver.Write and the reused buffer *buf (writeReaderRange).
// progress is told each piece's size.
func (r *Runtime) fillFromFile(h Handle, f *os.File, path string, off, n int64, buf *[]byte, progress func(int)) error {
	if b, ok, err := inPlace(r.drv, h, uint64(n)); err != nil {
		return err
	} else if ok {
		return readRange(b, f, path, off, progress)
	}
	return writeReaderRange(r.drv, h, f, path, off, n, buf, progress)
}

// blobBytes returns the bytes of parameter p, embedded as a bundle blob.
func (r *Runtime) blobBytes(p emit.Parameter) ([]byte, error) {
	data, ok := r.bundle.Blob(p.Blob)
	if !ok { // Validate guarantees it exists
		return nil, fmt.Errorf("runtime: weight %q: blob %q is missing", p.Name, p.Blob)
	}
	return data, nil
}

// checkWeight returns the description of parameter p's tensor in the
// safetensors file (opened from path), checked against the manifest's
// dtype and shape.
func checkWeight(file *tensorio.File, path string, p emit.Parameter) (tensorio.TensorInfo, error) {
	want := ir.TensorOf(mustElem(p.DType), p.Shape...)
	info, ok := file.Info(p.Name)
	if !ok {
		return info, fmt.Errorf("runtime: weights %s: tensor %q (%s) is missing", path, p.Name, want)
	}
	if info.Elem != want.Elem || !slices.Equal(info.Shape, p.Shape) {
		got := fmt.Sprintf("%s %v", info.DType, info.Shape)
		if info.Elem != ir.Invalid {
			got = info.Type().String()
		}
		return info, fmt.Errorf("runtime: weights %s: tensor %q is %s, the bundle wants %s", path, p.Name, got, want)
	}
	return info, nil
}

// mustElem parses a dtype the manifest's validation has accepted.
func mustElem(dtype string) ir.ElementType {
	e, _ := ir.ParseElementType(dtype)
	return e
}
