package compile

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/zmlc/zmlc/examples/mnist/mnistdata"
	"github.com/zmlc/zmlc/ir"
)

// mnistModel is one of examples/mnist's networks with its weights.
type mnistModel struct {
	name, src, weights string
}

var mnistMLP = mnistModel{"mlp", "../examples/mnist/mnist.zml", "../examples/mnist/mlp.safetensors"}
var mnistCNN = mnistModel{"cnn", "../examples/mnist/cnn.zml", "../../shared/data/mnist-burn/mnist.safetensors"}

// mnistTest loads the MNIST test set, skipping (failing under CI=true)
// when the data cannot be found.
func mnistTest(t *testing.T) *mnistdata.Set {
	t.Helper()
	dir, err := mnistdata.FindDir()
	if err == nil {
		var set *mnistdata.Set
		if set, err = mnistdata.LoadTest(dir); err == nil {
			return set
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal(err)
	}
	t.Skip(err)
	return nil
}

// classifyResult is a model's run over some test images.
type classifyResult struct {
	labels  []int
	correct int
	rate    float64 // images per second, batches only (no compile or open)
}

// classifyOn compiles m for target with batch b, opens it and labels the
// first n images of set (n a multiple of b).
func classifyOn(t *testing.T, m mnistModel, target string, set *mnistdata.Set, b, n int, opts Options) classifyResult {
	t.Helper()
	src, err := os.ReadFile(m.src)
	if err != nil {
		t.Fatal(err)
	}
	opts.Target = target
	opts.Dims = map[string]int64{"b": int64(b)}
	bundle, err := Compile(m.src, src, opts)
	if err != nil {
		t.Fatalf("%s on %s: %v", m.name, target, err)
	}
	rt, err := Open(bundle, m.weights, 0)
	if err != nil {
		t.Fatalf("%s on %s: %v", m.name, target, err)
	}
	defer rt.Close()
	var r classifyResult
	x, _ := ir.NewTensor(ir.TensorOf(ir.UI8, int64(b), mnistdata.Rows, mnistdata.Cols))
	start := time.Now()
	for i := 0; i < n; i += b {
		for j, p := range set.Batch(i, b) {
			x.I[j] = int64(p)
		}
		outs, err := rt.Run(context.Background(), "forward", []*ir.Tensor{x})
		if err != nil {
			t.Fatalf("%s on %s: %v", m.name, target, err)
		}
		for j := 0; j < b; j++ {
			got := label(outs[0], j)
			r.labels = append(r.labels, got)
			if got == int(set.Labels[i+j]) {
				r.correct++
			}
		}
	}
	r.rate = float64(n) / time.Since(start).Seconds()
	return r
}

// TestMNISTTargets classifies the first 1024 test images (batch 64) with
// the MLP on wasm, cpu and vulkan: every target gets the same number
// right as wasm (and the wasm MLP at least 97%). ZMLC_MNIST_N=10000 runs
// the full set; ZMLC_MNIST_CNN=1 adds the CNN (../shared/data weights).
func TestMNISTTargets(t *testing.T) {
	set := mnistTest(t)
	n := 1024
	if s := os.Getenv("ZMLC_MNIST_N"); s != "" {
		if v, err := strconv.Atoi(s); err == nil && v > 0 {
			n = min(v, set.Len()) / 64 * 64
		}
	}
	models := []mnistModel{mnistMLP}
	if os.Getenv("ZMLC_MNIST_CNN") == "1" {
		models = append(models, mnistCNN)
	}
	for _, m := range models {
		ref := classifyOn(t, m, "wasm", set, 64, n, Options{})
		t.Logf("%s on wasm: %d/%d right, %.0f images/s", m.name, ref.correct, n, ref.rate)
		if float64(ref.correct) < 0.97*float64(n) {
			t.Errorf("%s on wasm: %d/%d right, want at least 97%%", m.name, ref.correct, n)
		}
		for _, tc := range []struct {
			target string
			opts   Options
		}{{"cpu", Options{}}, {"vulkan", Options{}}} {
			target := tc.target
			name := m.name + "/" + target
			if tc.opts.GPU.Unstaged {
				name += "/unstaged"
			}
			t.Run(name, func(t *testing.T) {
				needTarget(t, target)
				r := classifyOn(t, m, target, set, 64, n, tc.opts)
				differ := 0
				for i := range r.labels {
					if r.labels[i] != ref.labels[i] {
						differ++
					}
				}
				t.Logf("%s: %d/%d right (%d labels differ from wasm), %.0f images/s", name, r.correct, n, differ, r.rate)
				if r.correct != ref.correct {
					t.Errorf("%s on %s: %d right, wasm has %d", m.name, target, r.correct, ref.correct)
				}
			})
		}
	}
}

// label returns image j's digit from a model's output: u8[b] labels as
// they are, f32[b, 10] scores by their argmax.
func label(out *ir.Tensor, j int) int {
	if len(out.I) > 0 {
		return int(out.I[j])
	}
	best := 0
	for c := 1; c < 10; c++ {
		if out.F[10*j+c] > out.F[10*j+best] {
			best = c
		}
	}
	return best
}
