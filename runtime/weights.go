package runtime

import (
	"context"
	"fmt"
	"os"
	"slices"

	"github.com/schollz/progressbar/v3"
	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/tensorio"
	"github.com/zmlc/zmlc/weights/source"
	"golang.org/x/term"
)

// progressThreshold is the weight size above which binding shows a
// progress bar on a terminal.
const progressThreshold = 256 << 20

// bindWeights allocates every parameter on the device and fills it, from
// the bundle's embedded blob or from the weights at the location
// opts.Weights (package weights/source: a local file or folder, hf://,
// s3://, https://; remote files are fetched into a cache first), a
// safetensors file or the shards of a sharded checkpoint, checking each
// tensor's dtype and shape against the manifest.
//
// A safetensors parameter is read from its file with pread, never through
// the file's memory map (whose pages would stay resident while it is
// open): straight into the linear memory when its buffer lies there
// (drivers sharing the memory, see inPlace), otherwise through one
// weightChunk buffer handed to Driver.Write (writeReaderRange). The maps
// are only used to validate the headers.
func (r *Runtime) bindWeights(opts Options) error {
	var set *weightSet
	var total int64
	for _, p := range r.man.Parameters {
		n, _ := emit.ByteSize(p.DType, p.Shape)
		total += n
		if p.Blob == "" && set == nil {
			if opts.Weights == "" {
				return fmt.Errorf("runtime: the bundle needs its weights (parameter %q is not embedded): pass a safetensors file", p.Name)
			}
			s, err := openWeights(opts)
			if err != nil {
				return err
			}
			defer s.Close()
			set = s
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
		var file *tensorio.File
		var size uint64
		if p.Blob != "" {
			var err error
			if data, err = r.blobBytes(p); err != nil {
				return err
			}
			size = uint64(len(data))
		} else {
			var err error
			if file, info, err = checkWeight(set.shards, opts.Weights, p); err != nil {
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
			var raw *os.File
			if raw, err = set.raw(file); err == nil {
				err = r.fillFromFile(h, raw, file.Path(), file.DataOffset()+info.Begin, info.Size(), &chunk, progress)
			}
		}
		if err != nil {
			return fmt.Errorf("runtime: weight %q: %w", p.Name, err)
		}
	}
	return nil
}

// weightSet is the checkpoint parameters are bound from: its safetensors
// files, validated and mapped, and each one opened for pread.
type weightSet struct {
	shards *tensorio.Shards
	files  map[*tensorio.File]*os.File
}

// openWeights resolves opts.Weights (fetching remote files into the
// cache, with opts.Source's settings) and opens its safetensors files.
// Errors name the location.
func openWeights(opts Options) (*weightSet, error) {
	ctx := opts.Context
	if ctx == nil {
		ctx = context.Background()
	}
	m, err := source.Open(ctx, opts.Weights, opts.Source)
	if err != nil {
		return nil, fmt.Errorf("runtime: %w", err)
	}
	if m.Format != "safetensors" {
		return nil, fmt.Errorf("runtime: weights %s: a %s checkpoint (%s); the launcher binds safetensors", opts.Weights, m.Format, m.Files[0])
	}
	s, err := m.OpenSafetensors()
	if err != nil {
		return nil, fmt.Errorf("runtime: weights %s: %w", opts.Weights, err)
	}
	return &weightSet{shards: s, files: map[*tensorio.File]*os.File{}}, nil
}

// raw returns f's file opened for reading.
func (s *weightSet) raw(f *tensorio.File) (*os.File, error) {
	if r, ok := s.files[f]; ok {
		return r, nil
	}
	r, err := os.Open(f.Path())
	if err != nil {
		return nil, err
	}
	s.files[f] = r
	return r, nil
}

// Close closes the files and unmaps the shards.
func (s *weightSet) Close() error {
	for _, r := range s.files {
		r.Close()
	}
	return s.shards.Close()
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

// checkWeight returns the shard holding parameter p's tensor and the
// tensor's description there, checked against the manifest's dtype and
// shape; loc names the weights in errors.
func checkWeight(set *tensorio.Shards, loc string, p emit.Parameter) (*tensorio.File, tensorio.TensorInfo, error) {
	want := ir.TensorOf(mustElem(p.DType), p.Shape...)
	file, info, ok := set.Lookup(p.Name)
	if !ok {
		return nil, info, fmt.Errorf("runtime: weights %s: tensor %q (%s) is missing", loc, p.Name, want)
	}
	if info.Elem != want.Elem || !slices.Equal(info.Shape, p.Shape) {
		got := fmt.Sprintf("%s %v", info.DType, info.Shape)
		if info.Elem != ir.Invalid {
			got = info.Type().String()
		}
		return nil, info, fmt.Errorf("runtime: weights %s: tensor %q is %s, the bundle wants %s", loc, p.Name, got, want)
	}
	return file, info, nil
}

// mustElem parses a dtype the manifest's validation has accepted.
func mustElem(dtype string) ir.ElementType {
	e, _ := ir.ParseElementType(dtype)
	return e
}
