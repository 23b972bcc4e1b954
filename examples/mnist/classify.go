package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"time"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/examples/mnist/mnistdata"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/weights/source"
)

//go:embed mnist.zml
var mlpSource []byte

//go:embed cnn.zml
var cnnSource []byte

// model is one of the example's networks.
type model struct {
	name    string // "mlp" or "cnn"
	file    string // the .zml file name, for diagnostics
	src     []byte
	weights string // default weights, relative to the repository root
}

var models = map[string]model{
	"mlp": {"mlp", "examples/mnist/mnist.zml", mlpSource, "examples/mnist/mlp.safetensors"},
	"cnn": {"cnn", "examples/mnist/cnn.zml", cnnSource, "../shared/data/mnist-burn/mnist.safetensors"},
}

// findFile resolves a path relative to the repository root: the nearest
// folder holding go.mod at or above the working directory,
// $BUILD_WORKSPACE_DIRECTORY (bazel run), and this source file's
// repository. Only repository roots are tried, so ../shared/data is the
// clone's sibling, never a folder beside some other parent. It returns rel
// itself if none has it.
func findFile(rel string) string {
	// Under Bazel, scripts/setup_bazel.sh passes the absolute path of
	// ../shared/data with --test_env where it exists.
	if sd := os.Getenv("ZMLC_SHARED_DATA"); sd != "" && strings.HasPrefix(rel, "../shared/data/") {
		if p := filepath.Join(sd, strings.TrimPrefix(rel, "../shared/data/")); statOK(p) {
			return p
		}
	}
	var roots []string
	if wd, err := os.Getwd(); err == nil {
		for d := wd; ; d = filepath.Dir(d) {
			if statOK(filepath.Join(d, "go.mod")) {
				roots = append(roots, d)
				break
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	if ws := os.Getenv("BUILD_WORKSPACE_DIRECTORY"); ws != "" {
		roots = append(roots, ws)
	}
	if _, file, _, ok := goruntime.Caller(0); ok {
		roots = append(roots, filepath.Join(filepath.Dir(file), "..", ".."))
	}
	for _, r := range roots {
		p := filepath.Join(r, rel)
		if statOK(p) {
			return p
		}
	}
	return rel
}

// statOK reports whether path exists.
func statOK(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// classifier labels a batch of images (n*784 bytes).
type classifier interface {
	classify(images []byte, n int) ([]int, error)
	close() error
}

// newClassifier compiles m for target ("wasm" or "interp") with the batch
// size bound, and binds the weights.
func newClassifier(m model, target, weights string, batch int, workers int) (classifier, error) {
	opts := compile.Options{Dims: map[string]int64{"b": int64(batch)}}
	switch target {
	case "wasm":
		bundle, err := compile.Compile(m.file, m.src, opts)
		if err != nil {
			return nil, err
		}
		rt, err := compile.Open(bundle, weights, workers)
		if err != nil {
			return nil, err
		}
		return &wasmClassifier{rt: rt, batch: batch}, nil
	case "interp":
		mod, err := compile.Parse(m.file, m.src, opts)
		if err != nil {
			return nil, err
		}
		if err := compile.Optimize(mod, compile.Options{NoFusion: true}); err != nil {
			return nil, err
		}
		f := mod.Func("forward")
		loc, err := source.Open(context.Background(), weights, nil)
		if err != nil {
			return nil, err
		}
		w, err := loc.OpenSafetensors()
		if err != nil {
			return nil, err
		}
		defer w.Close()
		c := &interpClassifier{in: interp.New(mod), batch: batch}
		for i := range f.Type.Inputs {
			name, ok := f.ArgAttr(i, "zml.param").(ir.StringAttr)
			if !ok {
				continue
			}
			x, err := w.Tensor(string(name))
			if err != nil {
				return nil, fmt.Errorf("weights %s: %w", weights, err)
			}
			c.params = append(c.params, x)
		}
		return c, nil
	}
	return nil, fmt.Errorf("unknown target %q (want interp or one of %s)", target, strings.Join(compile.Targets, ", "))
}

// imagesTensor returns the u8[batch, 28, 28] tensor of n images, padded
// with blank images.
func imagesTensor(images []byte, n, batch int) *ir.Tensor {
	t, _ := ir.NewTensor(ir.TensorOf(ir.UI8, int64(batch), mnistdata.Rows, mnistdata.Cols))
	for i, p := range images[:n*mnistdata.Pixels] {
		t.I[i] = int64(p)
	}
	return t
}

// labels turns the model's output into one digit per image: u8[b] labels
// as they are, f32[b, 10] scores by their argmax.
func labels(out *ir.Tensor, n int) ([]int, error) {
	sh := out.Shape()
	switch {
	case len(sh) == 1 && len(out.I) >= n:
		r := make([]int, n)
		for i := range r {
			r[i] = int(out.I[i])
		}
		return r, nil
	case len(sh) == 2 && sh[1] == 10 && len(out.F) >= 10*n:
		r := make([]int, n)
		for i := range r {
			best := 0
			for j := 1; j < 10; j++ {
				if out.F[10*i+j] > out.F[10*i+best] {
					best = j
				}
			}
			r[i] = best
		}
		return r, nil
	}
	return nil, fmt.Errorf("unexpected model output %s", out.Type)
}

type wasmClassifier struct {
	rt    *runtime.Runtime
	batch int
}

func (c *wasmClassifier) classify(images []byte, n int) ([]int, error) {
	outs, err := c.rt.Run(context.Background(), "forward", []*ir.Tensor{imagesTensor(images, n, c.batch)})
	if err != nil {
		return nil, err
	}
	return labels(outs[0], n)
}

func (c *wasmClassifier) close() error { return c.rt.Close() }

type interpClassifier struct {
	in     *interp.Interpreter
	params []*ir.Tensor
	batch  int
}

func (c *interpClassifier) classify(images []byte, n int) ([]int, error) {
	var args []interp.Value
	for _, p := range c.params {
		args = append(args, p)
	}
	args = append(args, imagesTensor(images, n, c.batch))
	outs, err := c.in.Call("forward", args)
	if err != nil {
		return nil, err
	}
	t, ok := outs[0].(*ir.Tensor)
	if !ok {
		return nil, errors.New("the model's result is not a tensor")
	}
	return labels(t, n)
}

func (c *interpClassifier) close() error { return nil }

// result is an evaluation over a test set.
type result struct {
	correct, total int
	elapsed        time.Duration
	first          int // the prediction for image 0
}

func (r result) accuracy() float64 { return float64(r.correct) / float64(r.total) }

func (r result) imagesPerSecond() float64 { return float64(r.total) / r.elapsed.Seconds() }

// evaluate classifies the first limit images of set (all when limit <= 0)
// in batches.
func evaluate(c classifier, set *mnistdata.Set, batch, limit int) (result, error) {
	total := set.Len()
	if limit > 0 && limit < total {
		total = limit
	}
	res := result{total: total}
	start := time.Now()
	for i := 0; i < total; i += batch {
		n := min(batch, total-i)
		got, err := c.classify(set.Batch(i, n), n)
		if err != nil {
			return res, err
		}
		for j, d := range got {
			if i+j == 0 {
				res.first = d
			}
			if d == int(set.Labels[i+j]) {
				res.correct++
			}
		}
	}
	res.elapsed = time.Since(start)
	return res, nil
}

// asciiArt draws a 28x28 image with characters of increasing ink.
func asciiArt(img []byte) string {
	const ramp = " .:-=+*#%@"
	var sb strings.Builder
	for y := 0; y < mnistdata.Rows; y++ {
		for x := 0; x < mnistdata.Cols; x++ {
			c := ramp[int(img[y*mnistdata.Cols+x])*(len(ramp)-1)/255]
			sb.WriteByte(c)
			sb.WriteByte(c)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
