package compile

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/examples/mnist/mnistdata"
	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/runtime/cuda"
	"github.com/zmlc/zmlc/targets/kernel"
)

// The GPU check (scripts/gpu-bundle.sh, scripts/gpu-check.sh) runs this
// package's test binary on a machine with an NVIDIA GPU but no LLVM:
// TestCUDAWriteBundles writes, here, the cuda bundles of the op corpus and
// of the MNIST models into $ZMLC_CUDA_BUNDLE_OUT; TestCUDARun runs them
// there from $ZMLC_CUDA_BUNDLES (or, without it, compiles them in process).
const (
	envCUDABundleOut = "ZMLC_CUDA_BUNDLE_OUT"
	envCUDABundles   = "ZMLC_CUDA_BUNDLES"
)

// cudaCorpusFile is the bundle file name of corpus function fn of file.
func cudaCorpusFile(file, fn string) string {
	return strings.TrimSuffix(filepath.Base(file), ".mlir") + "__" + fn + ".zpkg"
}

// cudaCorpusFunc is one corpus function the cuda target should run.
type cudaCorpusFunc struct {
	file string
	m    *ir.Module
	f    *ir.Func
	want []interp.Value
}

// cudaCorpus lists the corpus functions of opsDir (argument-free, public,
// checks as results) the interpreter runs and kernel.Lower accepts for
// cuda, with their expected results.
func cudaCorpus(t *testing.T, opsDir string) []cudaCorpusFunc {
	files, _ := filepath.Glob(filepath.Join(opsDir, "*.mlir"))
	if len(files) == 0 {
		t.Fatalf("no corpus files in %s", opsDir)
	}
	opts := Options{Target: "cuda"}
	var out []cudaCorpusFunc
	for _, path := range files {
		for _, m := range corpustest.Modules(t, path) {
			for _, f := range m.Funcs {
				if f.Body == nil || !f.IsPublic() || len(f.Type.Inputs) != 0 || !corpustest.ChecksToOutputs(f) || ir.Verify(m) != nil {
					continue
				}
				want, err := interp.New(m).Call(f.Name, nil)
				if err != nil {
					continue
				}
				if _, err := kernel.Lower(m, f.Name, kernelParams("cuda", opts)); err != nil {
					continue
				}
				out = append(out, cudaCorpusFunc{file: path, m: m, f: f, want: want})
			}
		}
	}
	return out
}

// cudaCorpusBundle lowers one corpus function for cuda; it returns nil and
// the reason when the cuda target rejects it.
func cudaCorpusBundle(c cudaCorpusFunc) ([]byte, error) {
	o := Options{Target: "cuda", Entry: c.f.Name}
	l, err := LowerModule(c.m, o)
	if err != nil {
		return nil, err
	}
	return l.Bundle(o)
}

// TestCUDAWriteBundles writes the GPU check's bundles into
// $ZMLC_CUDA_BUNDLE_OUT (scripts/gpu-bundle.sh sets it): corpus/NAME.zpkg
// and corpus/NAME.ptx for every corpus function the cuda target accepts,
// and mnist-mlp.zpkg, mnist-cnn.zpkg (batch 64). Without the variable it
// has nothing to do.
func TestCUDAWriteBundles(t *testing.T) {
	out := os.Getenv(envCUDABundleOut)
	if out == "" {
		t.Skipf("$%s is not set (scripts/gpu-bundle.sh sets it)", envCUDABundleOut)
	}
	needLLVM(t)
	dir := filepath.Join(out, "corpus")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	written := 0
	for _, c := range cudaCorpus(t, "../testdata/ops") {
		b, err := cudaCorpusBundle(c)
		if err != nil {
			continue // rejected at compile time: TestCUDARun counts it
		}
		bundle, err := emit.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		name := cudaCorpusFile(c.file, c.f.Name)
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		// A function with no kernels (constants only) has no module.
		for i, mod := range bundle.Manifest.Modules {
			ptx, ok := bundle.Blob(mod.Blob)
			if !ok || mod.Format != emit.FormatPTX {
				t.Fatalf("%s: module %d is %q, blob found %v", c.f.Name, i, mod.Format, ok)
			}
			ptxName := fmt.Sprintf("%s.%d.ptx", strings.TrimSuffix(name, ".zpkg"), i)
			if err := os.WriteFile(filepath.Join(dir, ptxName), ptx, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		bundle.Close()
		written++
	}
	for _, m := range []mnistModel{mnistMLP, mnistCNN} {
		src, err := os.ReadFile(m.src)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Compile(m.src, src, Options{Target: "cuda", Dims: map[string]int64{"b": 64}})
		if err != nil {
			t.Fatalf("%s: %v", m.name, err)
		}
		if err := os.WriteFile(filepath.Join(out, "mnist-"+m.name+".zpkg"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("wrote %d corpus bundles and 2 MNIST bundles to %s", written, out)
	if written < 250 {
		t.Errorf("only %d corpus functions compile for cuda", written)
	}
}

// TestCUDARun runs the op corpus and the MNIST models on the cuda target
// when libcuda.so.1 opens and has a GPU (skipped otherwise), comparing the
// corpus with the interpreter, and prints a pass/fail table with MNIST
// accuracy and images/s. Bundles come from $ZMLC_CUDA_BUNDLES (with
// ops/*.mlir, mnist-*.zpkg and the weights beside them, as
// scripts/gpu-bundle.sh lays them out) or are compiled here (LLVM 19).
func TestCUDARun(t *testing.T) {
	d := cuda.New(0)
	if err := d.Init(nil); err != nil {
		t.Skipf("no CUDA device: %v", err)
	}
	d.Close()
	dir := os.Getenv(envCUDABundles)
	opsDir, weights := "../testdata/ops", map[string]string{"mlp": mnistMLP.weights, "cnn": mnistCNN.weights}
	if dir != "" {
		opsDir = filepath.Join(dir, "ops")
		weights = map[string]string{"mlp": filepath.Join(dir, "mlp.safetensors"), "cnn": filepath.Join(dir, "cnn.safetensors")}
	} else {
		needLLVM(t)
	}
	var table []string
	row := func(format string, a ...any) { table = append(table, fmt.Sprintf(format, a...)) }

	pass, fail, rejected, unsup := 0, 0, 0, 0
	start := time.Now()
	for _, c := range cudaCorpus(t, opsDir) {
		name := filepath.Base(c.file) + ":@" + c.f.Name
		var b []byte
		var err error
		if dir != "" {
			b, err = os.ReadFile(filepath.Join(dir, "corpus", cudaCorpusFile(c.file, c.f.Name)))
		} else {
			b, err = cudaCorpusBundle(c)
		}
		if err != nil {
			rejected++
			continue
		}
		rt, err := OpenWith(b, OpenOptions{})
		if err != nil {
			t.Errorf("%s: open: %v", name, err)
			unsup++
			continue
		}
		got, err := rt.Run(context.Background(), c.f.Name, nil)
		rt.Close()
		if err != nil {
			t.Errorf("%s: run: %v", name, err)
			fail++
			continue
		}
		ok := len(got) == len(c.want)
		for i := 0; ok && i < len(c.want); i++ {
			if diff := compareT(got[i], c.want[i].(*ir.Tensor)); diff != "" {
				t.Errorf("%s: result %d: %s", name, i, diff)
				ok = false
			}
		}
		if ok {
			pass++
		} else {
			fail++
		}
	}
	row("%-24s %6s %6s %s", "check", "pass", "fail", "notes")
	row("%-24s %6d %6d %d not built for cuda, %d refused at open (%s)", "op corpus", pass, fail, rejected, unsup, time.Since(start).Round(time.Millisecond))
	if pass < 250 {
		t.Errorf("only %d corpus functions pass on cuda", pass)
	}

	set := mnistTest(t)
	n := set.Len() / 64 * 64
	for _, m := range []mnistModel{mnistMLP, mnistCNN} {
		var b []byte
		var err error
		if dir != "" {
			b, err = os.ReadFile(filepath.Join(dir, "mnist-"+m.name+".zpkg"))
		} else {
			var src []byte
			if src, err = os.ReadFile(m.src); err == nil {
				b, err = Compile(m.src, src, Options{Target: "cuda", Dims: map[string]int64{"b": 64}})
			}
		}
		if err != nil {
			t.Errorf("mnist %s: %v", m.name, err)
			row("%-24s %6d %6d %v", "mnist "+m.name, 0, 1, err)
			continue
		}
		correct, rate, err := cudaClassify(b, weights[m.name], set, n)
		if err != nil {
			t.Errorf("mnist %s: %v", m.name, err)
			row("%-24s %6d %6d %v", "mnist "+m.name, 0, 1, err)
			continue
		}
		acc := float64(correct) / float64(n)
		p, f := 1, 0
		if acc < 0.97 {
			t.Errorf("mnist %s on cuda: %d/%d right, want at least 97%%", m.name, correct, n)
			p, f = 0, 1
		}
		row("%-24s %6d %6d accuracy %.2f%% (%d/%d), %.0f images/s at batch 64", "mnist "+m.name, p, f, 100*acc, correct, n, rate)
	}
	fmt.Println("cuda target check:")
	for _, r := range table {
		fmt.Println("  " + r)
	}
}

// cudaClassify opens a batch-64 MNIST bundle with weights and labels the
// first n images of set (n a multiple of 64): right answers and images/s
// over the batches.
func cudaClassify(b []byte, weights string, set *mnistdata.Set, n int) (int, float64, error) {
	rt, err := Open(b, weights, 0)
	if err != nil {
		return 0, 0, err
	}
	defer rt.Close()
	x, _ := ir.NewTensor(ir.TensorOf(ir.UI8, 64, mnistdata.Rows, mnistdata.Cols))
	correct := 0
	start := time.Now()
	for i := 0; i < n; i += 64 {
		for j, p := range set.Batch(i, 64) {
			x.I[j] = int64(p)
		}
		outs, err := rt.Run(context.Background(), "forward", []*ir.Tensor{x})
		if err != nil {
			return 0, 0, err
		}
		for j := 0; j < 64; j++ {
			if label(outs[0], j) == int(set.Labels[i+j]) {
				correct++
			}
		}
	}
	return correct, float64(n) / time.Since(start).Seconds(), nil
}
