package gpu_test

import (
	"math/rand"
	"os"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/targets/gpu"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// cnnSrc is the MNIST CNN at batch 2 after zmlc's optimisation (fused
// conv + bias + relu, conv3 fused with batch_norm and the flatten):
//
//	zmlc --target vulkan --emit mlir --dim b=2 examples/mnist/cnn.zml > targets/gpu/testdata/mnist_cnn_b2.mlir
const cnnSrc = "testdata/mnist_cnn_b2.mlir"

// TestCNNConvsStaged lowers the MNIST CNN with the vulkan, cuda and rocm
// parameters: its three convolution kernels must be staged by windows
// (conv.go), kernel.Eval must match the interpreter within 1e-5 of the
// output's scale, and on the Vulkan device (lavapipe in CI; skipped
// without one outside CI) the vulkan-parameter program must too.
func TestCNNConvsStaged(t *testing.T) {
	src, err := os.ReadFile(cnnSrc)
	if err != nil {
		t.Fatal(err)
	}
	m, err := asm.Parse(cnnSrc, src)
	if err != nil {
		t.Fatal(err)
	}
	f := m.Func("forward")
	r := rand.New(rand.NewSource(1))
	var in []*ir.Tensor
	var args []interp.Value
	for _, ty := range f.Type.Inputs {
		x := ir.MustTensor(ty.(*ir.TensorType))
		for i := range x.F {
			x.F[i] = float64(float32(0.01 + r.Float64()*0.09)) // positive: running variances
		}
		for i := range x.I {
			x.I[i] = int64(r.Intn(256))
		}
		in, args = append(in, x), append(args, x)
	}
	res, err := interp.New(m).Call("forward", args)
	if err != nil {
		t.Fatal(err)
	}
	want := res[0].(*ir.Tensor)
	for _, v := range want.F {
		if v != v {
			t.Fatalf("the interpreter gives NaN: fix the inputs")
		}
	}
	kp, err := K.Lower(m, "forward", K.TargetParams{GPU: true})
	if err != nil {
		t.Fatal(err)
	}
	var vk *K.Program
	for _, p := range []gpu.Params{gpu.Vulkan(), gpu.CUDA(), gpu.ROCm()} {
		gp, err := gpu.Lower(kp, p)
		if err != nil {
			t.Fatal(err)
		}
		if n := windows(gp); n < 3 {
			t.Errorf("%s: %d kernels staged by windows, want the 3 convolutions", p.Name, n)
		}
		got, err := K.Eval(gp, in)
		if err != nil {
			t.Fatal(err)
		}
		if diff := closeF32(got[0], want); diff != "" {
			t.Errorf("%s: kernel.Eval: %s", p.Name, diff)
		}
		if p.Name == "vulkan" {
			vk = gp
		}
	}
	d := openDevice(t)
	got := newDeviceProgram(t, d, vk).run(t, in)
	if diff := closeF32(got[0], want); diff != "" {
		t.Errorf("vulkan on %s: %s", d.Name, diff)
	}
}
