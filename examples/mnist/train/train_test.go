package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/zmlc/zmlc/examples/mnist/mnistdata"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/tensorio"
)

// committed is the weights file that `go run ./examples/mnist/train` writes.
const committed = "../mlp.safetensors"

var (
	loadOnce          sync.Once
	trainSet, testSet *mnistdata.Set
	loadErr           error
)

// mnist returns the real MNIST training and test sets, read once.
func mnist(t *testing.T) (train, test *mnistdata.Set) {
	t.Helper()
	loadOnce.Do(func() {
		dir, err := mnistdata.FindDir()
		if err != nil {
			loadErr = err
			return
		}
		if trainSet, loadErr = mnistdata.LoadTrain(dir); loadErr == nil {
			testSet, loadErr = mnistdata.LoadTest(dir)
		}
	})
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return trainSet, testSet
}

// shortRun trains on 3000 images for one epoch and returns the file bytes.
func shortRun(t *testing.T, seed uint64, workers int) ([]byte, *params) {
	t.Helper()
	set, _ := mnist(t)
	cfg := defaultConfig()
	cfg.seed, cfg.epochs, cfg.limit, cfg.workers = seed, 1, 3000, workers
	p := train(cfg, set)
	path := filepath.Join(t.TempDir(), "w.safetensors")
	if err := p.write(path, metadata(cfg, set.Len(), 0)); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b, p
}

// TestShortTrainingDeterministic trains twice, with different numbers of
// workers, and wants identical bytes; a different seed must change them,
// and even this short training must classify most test images.
func TestShortTrainingDeterministic(t *testing.T) {
	a, p := shortRun(t, 7, 1)
	b, _ := shortRun(t, 7, 3)
	if !bytes.Equal(a, b) {
		t.Fatalf("two trainings with seed 7 wrote different files (%d and %d bytes)", len(a), len(b))
	}
	c, _ := shortRun(t, 8, 2)
	if bytes.Equal(a, c) {
		t.Error("seeds 7 and 8 wrote the same file")
	}
	_, test := mnist(t)
	sub := &mnistdata.Set{Images: test.Batch(0, 2000), Labels: test.Labels[:2000]}
	if acc := p.accuracy(sub); acc < 0.75 {
		t.Errorf("after one epoch on 3000 images: accuracy %.4f on 2000 test images, want at least 0.75", acc)
	}
}

// TestCommittedWeights checks the committed weights: exactly the tensors
// of mnist.zml with their shapes and dtype, recorded metadata, and at least
// 97.5% of the test set classified right by the plain Go forward pass, the
// very figure the trainer recorded.
func TestCommittedWeights(t *testing.T) {
	f, err := tensorio.OpenSafetensors(committed)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var names []string
	for _, info := range f.Tensors() {
		names = append(names, info.Name)
		if info.DType != "F32" || info.Elem != ir.F32 {
			t.Errorf("tensor %s has dtype %s, want F32", info.Name, info.DType)
		}
	}
	slices.Sort(names)
	if got, want := strings.Join(names, " "), "fc1.bias fc1.weight fc2.bias fc2.weight"; got != want {
		t.Errorf("tensors %q, want %q", got, want)
	}
	p, meta, err := readParams(committed)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"seed", "epochs", "batch", "learning_rate", "momentum"} {
		if meta[key] == "" {
			t.Errorf("metadata lacks %q: %v", key, meta)
		}
	}
	if meta["train_images"] != "60000" {
		t.Errorf("metadata train_images = %q, want 60000", meta["train_images"])
	}
	_, test := mnist(t)
	acc := p.accuracy(test)
	t.Logf("committed weights: test accuracy %.4f", acc)
	if acc < 0.975 {
		t.Errorf("test accuracy %.4f, want at least 0.975", acc)
	}
	if got := strconv.FormatFloat(acc, 'f', 4, 64); meta["test_accuracy"] != got {
		t.Errorf("metadata test_accuracy = %q, but the forward pass gives %s", meta["test_accuracy"], got)
	}
}

// TestReadParamsRejects checks that readParams names what is wrong with a
// file that does not fit mnist.zml.
func TestReadParamsRejects(t *testing.T) {
	good := func() map[string]*ir.Tensor {
		m := map[string]*ir.Tensor{}
		for _, s := range paramSpec {
			m[s.name] = ir.MustTensor(ir.TensorOf(ir.F32, s.shape...))
		}
		return m
	}
	tests := []struct {
		name   string
		change func(map[string]*ir.Tensor)
		want   string
	}{
		{"missing", func(m map[string]*ir.Tensor) { delete(m, "fc2.bias") }, "want exactly"},
		{"extra", func(m map[string]*ir.Tensor) { m["fc3.bias"] = ir.MustTensor(ir.TensorOf(ir.F32, 1)) }, "want exactly"},
		{"renamed", func(m map[string]*ir.Tensor) { m["fc2.b"] = m["fc2.bias"]; delete(m, "fc2.bias") }, "fc2.bias"},
		{"shape", func(m map[string]*ir.Tensor) { m["fc1.weight"] = ir.MustTensor(ir.TensorOf(ir.F32, 784, 500)) }, "want tensor<500x784xf32>"},
		{"dtype", func(m map[string]*ir.Tensor) { m["fc2.bias"] = ir.MustTensor(ir.TensorOf(ir.F16, 10)) }, "want tensor<10xf32>"},
	}
	for _, tc := range tests {
		m := good()
		tc.change(m)
		path := filepath.Join(t.TempDir(), tc.name+".safetensors")
		if err := tensorio.WriteSafetensors(path, m, nil); err != nil {
			t.Fatal(err)
		}
		if _, _, err := readParams(path); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
	path := filepath.Join(t.TempDir(), "good.safetensors")
	if err := tensorio.WriteSafetensors(path, good(), nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := readParams(path); err != nil {
		t.Errorf("a well-formed file: %v", err)
	}
}

// TestExpDet compares expDet with math.Exp over the softmax's range.
func TestExpDet(t *testing.T) {
	for x := -750.0; x <= 0; x += 0.0137 {
		got, want := expDet(x), math.Exp(x)
		if want == 0 {
			if got != 0 {
				t.Fatalf("expDet(%g) = %g, want 0", x, got)
			}
			continue
		}
		if rel := math.Abs(got-want) / want; rel > 1e-15 && want > 0x1p-1022 {
			t.Fatalf("expDet(%g) = %g, math.Exp gives %g (relative error %g)", x, got, want, rel)
		}
	}
	if expDet(0) != 1 {
		t.Errorf("expDet(0) = %g, want 1", expDet(0))
	}
}

// TestShuffle checks that shuffle permutes and that intn stays in range.
func TestShuffle(t *testing.T) {
	r := &rng{state: 1}
	p := make([]int32, 1000)
	for i := range p {
		p[i] = int32(i)
	}
	r.shuffle(p)
	seen := make([]bool, len(p))
	moved := 0
	for i, v := range p {
		if seen[v] {
			t.Fatalf("value %d twice after shuffle", v)
		}
		seen[v] = true
		if int(v) != i {
			moved++
		}
	}
	if moved < 900 {
		t.Errorf("shuffle left %d of 1000 values in place", 1000-moved)
	}
	for range 1000 {
		if v := r.intn(7); v < 0 || v >= 7 {
			t.Fatalf("intn(7) = %d", v)
		}
	}
}
