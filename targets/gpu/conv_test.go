package gpu_test

import (
	"fmt"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/gpu"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// convSrc is a 3x3 valid convolution in MNIST's layout (NHWC activations,
// OIHW weights) with bias and relu: n images of h x w x ci to co
// channels, as examples/mnist/cnn.zml's conv layers.
func convSrc(n, h, w, ci, co int) string {
	oh, ow := h-2, w-2
	return fmt.Sprintf(`func.func @main(%%x: tensor<%[1]dx%[2]dx%[3]dx%[4]dxf32>, %%k: tensor<%[5]dx%[4]dx3x3xf32>, %%b: tensor<%[5]dxf32>) -> tensor<%[1]dx%[6]dx%[7]dx%[5]dxf32> {
  %%c = stablehlo.convolution(%%x, %%k) dim_numbers = [b, 0, 1, f]x[o, i, 0, 1]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<%[1]dx%[2]dx%[3]dx%[4]dxf32>, tensor<%[5]dx%[4]dx3x3xf32>) -> tensor<%[1]dx%[6]dx%[7]dx%[5]dxf32>
  %%bb = stablehlo.broadcast_in_dim %%b, dims = [3] : (tensor<%[5]dxf32>) -> tensor<%[1]dx%[6]dx%[7]dx%[5]dxf32>
  %%s = stablehlo.add %%c, %%bb : tensor<%[1]dx%[6]dx%[7]dx%[5]dxf32>
  %%z = stablehlo.constant dense<0.0> : tensor<%[1]dx%[6]dx%[7]dx%[5]dxf32>
  %%r = stablehlo.maximum %%s, %%z : tensor<%[1]dx%[6]dx%[7]dx%[5]dxf32>
  return %%r : tensor<%[1]dx%[6]dx%[7]dx%[5]dxf32>
}`, n, h, w, ci, co, oh, ow)
}

// convCases are MNIST's three conv layers (batch 2) and odd sizes whose
// boxes do not divide the output.
var convCases = []struct {
	name            string
	n, h, w, ci, co int
}{
	{"conv1", 2, 28, 28, 1, 8}, {"conv2", 2, 26, 26, 8, 16}, {"conv3", 2, 24, 24, 16, 24},
	{"odd", 3, 9, 7, 3, 5},
}

// TestConvStaged lowers 3x3 convolutions with the vulkan, cuda, rocm and
// two small parameter sets: with the targets' sets the convolution kernel
// must be staged by windows in shared memory (conv.go), and every kernel
// must stay within the parameters' shared memory and workgroup size. When
// staged, kernel.Eval must give exactly the unstaged kernels' results
// (same order of additions); always it must match the interpreter within
// 1e-5 of the output's scale. (With 2 KiB of shared memory conv3's
// windows do not fit: it falls back to a workgroup reduction.)
func TestConvStaged(t *testing.T) {
	params := []gpu.Params{gpu.Vulkan(), gpu.CUDA(), gpu.ROCm(),
		{Name: "small", WorkgroupSize: 32, MaxGrid: 3, SharedMemBytes: 2048},
		{Name: "odd", WorkgroupSize: 24, MaxGrid: 5, SharedMemBytes: 4096}}
	for _, c := range convCases {
		in := []*ir.Tensor{randF32(1, int64(c.n), int64(c.h), int64(c.w), int64(c.ci)), randF32(2, int64(c.co), int64(c.ci), 3, 3), randF32(3, int64(c.co))}
		unstaged := gpu.Vulkan()
		unstaged.Unstaged = true
		ref, want := lowerSrc(t, convSrc(c.n, c.h, c.w, c.ci, c.co), unstaged, in, true)
		refOut, err := K.Eval(ref, in)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range params {
			gp, _ := lowerSrc(t, convSrc(c.n, c.h, c.w, c.ci, c.co), p, in, false)
			staged := windows(gp) > 0
			if !staged && (p.Name == "vulkan" || p.Name == "cuda" || p.Name == "rocm") {
				t.Errorf("%s (%s): the convolution is not staged by windows:\n%s", c.name, p.Name, gp)
				continue
			}
			for _, k := range gp.Kernels {
				var bytes int64
				for _, s := range k.Shared {
					bytes += s.Len() * int64(s.Elem.ByteSize())
				}
				_, w, _ := gpu.Dims(k)
				limit := p.SharedMemBytes
				if limit == 0 {
					limit = gpu.Vulkan().SharedMemBytes
				}
				if bytes > limit || w > int64(max(p.WorkgroupSize, 1)) && p.WorkgroupSize != 0 {
					t.Errorf("%s (%s): kernel %s uses %d bytes of shared memory and %d invocations", c.name, p.Name, k.Name, bytes, w)
				}
			}
			got, err := K.Eval(gp, in)
			if err != nil {
				t.Fatalf("%s (%s): %v", c.name, p.Name, err)
			}
			for i, v := range refOut[0].F {
				if staged && got[0].F[i] != v {
					t.Errorf("%s (%s): element %d: staged %v, unstaged %v", c.name, p.Name, i, got[0].F[i], v)
					break
				}
			}
			if diff := closeF32(got[0], want[0]); diff != "" {
				t.Errorf("%s (%s): %s", c.name, p.Name, diff)
			}
		}
	}
}

// TestConvStagedOnDevice runs the staged convolutions on the Vulkan device
// (lavapipe in CI) with the vulkan, cuda and rocm parameters and compares
// them with the interpreter.
func TestConvStagedOnDevice(t *testing.T) {
	d := openDevice(t)
	ran := 0
	for _, c := range convCases {
		in := []*ir.Tensor{randF32(1, int64(c.n), int64(c.h), int64(c.w), int64(c.ci)), randF32(2, int64(c.co), int64(c.ci), 3, 3), randF32(3, int64(c.co))}
		var want []*ir.Tensor
		for _, p := range []gpu.Params{gpu.Vulkan(), gpu.CUDA(), gpu.ROCm()} {
			gp, w := lowerSrc(t, convSrc(c.n, c.h, c.w, c.ci, c.co), p, in, want == nil)
			if want == nil {
				want = w
			}
			if windows(gp) == 0 {
				t.Errorf("%s (%s): the convolution is not staged by windows", c.name, p.Name)
			}
			if why := fits(d, gp); why != "" {
				t.Logf("%s (%s): not run, beyond the device's limits: %s", c.name, p.Name, why)
				continue
			}
			got := newDeviceProgram(t, d, gp).run(t, in)
			if diff := closeF32(got[0], want[0]); diff != "" {
				t.Errorf("%s (%s) on %s: %s", c.name, p.Name, d.Name, diff)
			}
			ran++
		}
	}
	if ran < 3*len(convCases)-2 {
		t.Errorf("only %d of %d programs ran on the device", ran, 3*len(convCases))
	}
}

// windows counts the kernels staged by conv.go: shared "window" buffers
// and a barrier.
func windows(p *K.Program) int {
	n := 0
	for _, k := range p.Kernels {
		for _, s := range k.Shared {
			if s.Name == "window" && sharedKernels(&K.Program{Kernels: []*K.Kernel{k}}) == 1 {
				n++
				break
			}
		}
	}
	return n
}
