package xlatest

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/examples/mnist/mnistdata"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/llvm"
)

// dot512 is a 512x512x512 f32 dot_general (the benchmark's size is
// substituted).
const dot512 = `func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<512x512xf32>
  return %0 : tensor<512x512xf32>
}`

// needLLVM fails the test under CI=true (skips otherwise) without LLVM
// 19's llc and ld.lld.
func needLLVM(t testing.TB) {
	t.Helper()
	for _, tool := range []llvm.Tool{llvm.ToolLLC, llvm.ToolLLD} {
		if _, err := tool.Path(); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatal(err)
			}
			t.Skip(err)
		}
	}
}

// randT returns a tensor of deterministic pseudo-random values in [-1, 1)
// (integers: the generator's bits, wrapped to the type).
func randT(e ir.ElementType, seed uint64, shape ...int64) *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(e, shape...))
	s := seed*0x9E3779B97F4A7C15 + 1
	next := func() uint64 {
		s ^= s << 13
		s ^= s >> 7
		s ^= s << 17
		return s
	}
	for i := range x.F {
		x.F[i] = float64(int64(next()>>40))/float64(1<<23) - 1
	}
	for i := range x.I {
		x.I[i] = e.WrapInt(int64(next() >> 1))
	}
	return x
}

// mnistModel is one of examples/mnist's networks with its weights.
type mnistModel struct {
	name, src, weights string
}

var mnistMLP = mnistModel{"mlp", "../../examples/mnist/mnist.zml", "../../examples/mnist/mlp.safetensors"}
var mnistCNN = mnistModel{"cnn", "../../examples/mnist/cnn.zml", sharedData("mnist-burn/mnist.safetensors")}

// sharedData is the path of rel in ../shared/data: $ZMLC_SHARED_DATA when
// set (Bazel's tests get it from .bazelrc.user), else beside the clone.
func sharedData(rel string) string {
	if sd := os.Getenv("ZMLC_SHARED_DATA"); sd != "" {
		return filepath.Join(sd, rel)
	}
	return filepath.Join("../../../shared/data", rel)
}

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

// classifyResult is a model's labels for some test images.
type classifyResult struct {
	labels []int
}

// classifyOn compiles m for target with batch b, opens it and labels the
// first n images of set (n a multiple of b).
func classifyOn(t *testing.T, m mnistModel, target string, set *mnistdata.Set, b, n int, opts compile.Options) classifyResult {
	t.Helper()
	src, err := os.ReadFile(m.src)
	if err != nil {
		t.Fatal(err)
	}
	opts.Target = target
	opts.Dims = map[string]int64{"b": int64(b)}
	bundle, err := compile.Compile(m.src, src, opts)
	if err != nil {
		t.Fatalf("%s on %s: %v", m.name, target, err)
	}
	rt, err := compile.Open(bundle, m.weights, 0)
	if err != nil {
		t.Fatalf("%s on %s: %v", m.name, target, err)
	}
	defer rt.Close()
	var r classifyResult
	x := ir.MustTensor(ir.TensorOf(ir.UI8, int64(b), mnistdata.Rows, mnistdata.Cols))
	for i := 0; i < n; i += b {
		for j, p := range set.Batch(i, b) {
			x.I[j] = int64(p)
		}
		outs, err := rt.Run(context.Background(), "forward", []*ir.Tensor{x})
		if err != nil {
			t.Fatalf("%s on %s: %v", m.name, target, err)
		}
		for j := 0; j < b; j++ {
			r.labels = append(r.labels, label(outs[0], j))
		}
	}
	return r
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
