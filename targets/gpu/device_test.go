package gpu_test

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/runtime/vulkan"
	"github.com/zmlc/zmlc/targets/gpu"
	K "github.com/zmlc/zmlc/targets/kernel"
	"github.com/zmlc/zmlc/targets/spirv"
)

// openDevice opens the Vulkan device (lavapipe in CI); without one the
// test fails under CI=true and is skipped otherwise.
func openDevice(tb testing.TB) *vulkan.Device {
	tb.Helper()
	d, err := vulkan.Open("")
	if err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("no Vulkan device (Debian packages libvulkan1 and mesa-vulkan-drivers): %v", err)
		}
		tb.Skipf("no Vulkan device: %v", err)
	}
	tb.Cleanup(d.Close)
	return d
}

// deviceProgram is a GPU-form Program set up on a device: a buffer per
// Program buffer (constants uploaded), a pipeline per kernel.
type deviceProgram struct {
	d     *vulkan.Device
	p     *K.Program
	bufs  []*vulkan.Buffer
	pipes []*vulkan.Pipeline
}

func newDeviceProgram(tb testing.TB, d *vulkan.Device, p *K.Program) *deviceProgram {
	tb.Helper()
	dp := &deviceProgram{d: d, p: p, bufs: make([]*vulkan.Buffer, len(p.Buffers)), pipes: make([]*vulkan.Pipeline, len(p.Kernels))}
	tb.Cleanup(dp.close)
	for _, b := range p.Buffers {
		nb, err := d.NewBuffer(uint64(max(b.Bytes, 4)))
		if err != nil {
			tb.Fatal(err)
		}
		dp.bufs[b.ID] = nb
		if b.Kind == K.Constant {
			copy(nb.Bytes(), ir.TensorBytes(b.Data))
		}
	}
	f := d.Features
	for i, k := range p.Kernels {
		bin, err := spirv.Render(k, spirv.Options{PreserveFloat: true})
		if err != nil {
			tb.Fatal(err)
		}
		if bin, err = spirv.StripFloatControls(bin, f.PreservesFloat); err != nil {
			tb.Fatal(err)
		}
		pl, err := d.NewPipeline(bin, k.Name, len(k.Params))
		if err != nil {
			tb.Fatalf("kernel %s: %v", k.Name, err)
		}
		dp.pipes[i] = pl
	}
	return dp
}

func (dp *deviceProgram) close() {
	dp.d.Sync()
	for _, b := range dp.bufs {
		if b != nil {
			dp.d.FreeBuffer(b)
		}
	}
	for _, p := range dp.pipes {
		if p != nil {
			dp.d.FreePipeline(p)
		}
	}
}

// run uploads the inputs, runs the steps (alloc, launch, copy) and
// returns the outputs.
func (dp *deviceProgram) run(tb testing.TB, inputs []*ir.Tensor) []*ir.Tensor {
	tb.Helper()
	p := dp.p
	for i, id := range p.Inputs {
		copy(dp.bufs[id].Bytes(), ir.TensorBytes(inputs[i]))
	}
	for _, s := range p.Steps {
		switch s.Kind {
		case K.Alloc, K.Free:
		case K.Launch:
			g, _, err := gpu.Dims(p.Kernels[s.Kernel])
			if err != nil {
				tb.Fatal(err)
			}
			args := make([]*vulkan.Buffer, len(s.Args))
			for i, a := range s.Args {
				args[i] = dp.bufs[a]
			}
			if err := dp.d.Dispatch(dp.pipes[s.Kernel], args, uint32(g), 1, 1); err != nil {
				tb.Fatal(err)
			}
		case K.Copy:
			if err := dp.d.Sync(); err != nil {
				tb.Fatal(err)
			}
			copy(dp.bufs[s.Dst].Bytes(), dp.bufs[s.Src].Bytes())
		default:
			tb.Fatalf("step %s is not supported by this runner", s.Kind)
		}
	}
	if err := dp.d.Sync(); err != nil {
		tb.Fatal(err)
	}
	var outs []*ir.Tensor
	for _, id := range p.Outputs {
		b := p.Buffers[id]
		x, err := ir.TensorFromBytes(ir.TensorOf(b.Elem, b.Shape...), slices.Clone(dp.bufs[id].Bytes()[:b.Bytes]))
		if err != nil {
			tb.Fatal(err)
		}
		outs = append(outs, x)
	}
	return outs
}

// fits reports why p's kernels exceed d's limits ("" when they fit):
// shared memory and invocations per workgroup.
func fits(d *vulkan.Device, p *K.Program) string {
	for _, k := range p.Kernels {
		var bytes int64
		for _, s := range k.Shared {
			bytes += s.Len() * int64(s.Elem.ByteSize())
		}
		_, w, _ := gpu.Dims(k)
		if bytes > int64(d.Limits.MaxComputeSharedMemorySize) || w > int64(d.Limits.MaxComputeWorkGroupInvocations) {
			return fmt.Sprintf("kernel %s: %d bytes of shared memory, %d invocations", k.Name, bytes, w)
		}
	}
	return ""
}

func randF32(seed int, shape ...int64) *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(ir.F32, shape...))
	for i := range x.F {
		x.F[i] = float64(float32(math.Sin(float64(i*7+seed)) * 2))
	}
	return x
}

func matmulSrc(n int) string {
	return strings.ReplaceAll(`func.func @main(%a: tensor<NxNxf32>, %b: tensor<NxNxf32>) -> tensor<NxNxf32> {
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<NxNxf32>, tensor<NxNxf32>) -> tensor<NxNxf32>
  return %r : tensor<NxNxf32>
}`, "N", fmt.Sprint(n))
}

const deviceSoftmax = `func.func @main(%x: tensor<64x1000xf32>) -> tensor<64x1000xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<64x1000xf32>, tensor<f32>) -> tensor<64xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<64xf32>) -> tensor<64x1000xf32>
  %d = stablehlo.subtract %x, %mb : tensor<64x1000xf32>
  %e = stablehlo.exponential %d : tensor<64x1000xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<64x1000xf32>, tensor<f32>) -> tensor<64xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<64xf32>) -> tensor<64x1000xf32>
  %r = stablehlo.divide %e, %sb : tensor<64x1000xf32>
  return %r : tensor<64x1000xf32>
}`

// lowerSrc parses src and lowers its @main for p; it also returns the
// interpreter's results on in.
func lowerSrc(tb testing.TB, src string, p gpu.Params, in []*ir.Tensor, interpret bool) (*K.Program, []*ir.Tensor) {
	tb.Helper()
	m, err := asm.Parse("main.mlir", []byte(src))
	if err != nil {
		tb.Fatal(err)
	}
	var want []*ir.Tensor
	if interpret {
		args := make([]interp.Value, len(in))
		for i, x := range in {
			args[i] = x
		}
		res, err := interp.New(m).Call("main", args)
		if err != nil {
			tb.Fatal(err)
		}
		for _, r := range res {
			want = append(want, r.(*ir.Tensor))
		}
	}
	kp, err := K.Lower(m, "main", K.TargetParams{GPU: true})
	if err != nil {
		tb.Fatal(err)
	}
	gp, err := gpu.Lower(kp, p)
	if err != nil {
		tb.Fatal(err)
	}
	return gp, want
}

// sharedKernels counts the kernels of p that use shared memory and barriers.
func sharedKernels(p *K.Program) int {
	n := 0
	for _, k := range p.Kernels {
		if len(k.Shared) > 0 && strings.Contains(k.String(), "barrier") {
			n++
		}
	}
	return n
}

// closeF32 compares within 1e-5 of the tensor's scale (float sums in
// another order, the legalised exp).
func closeF32(got, want *ir.Tensor) string {
	scale := 0.0
	for _, w := range want.F {
		scale = math.Max(scale, math.Abs(w))
	}
	for i, w := range want.F {
		if math.Abs(got.F[i]-w) > 1e-5*scale || math.IsNaN(got.F[i]) {
			return fmt.Sprintf("element %d: got %v, want %v", i, got.F[i], w)
		}
	}
	return ""
}

// TestStagedOnDevice runs a 256x256x256 f32 dot_general (the shared-memory
// tiled kernel) and a 64x1000 softmax (workgroup tree reductions) on the
// Vulkan device with the vulkan, cuda and rocm parameter sets and compares
// with the interpreter.
func TestStagedOnDevice(t *testing.T) {
	d := openDevice(t)
	t.Logf("device %s: %d invocations, %d bytes of shared memory, subgroup %d", d.Name,
		d.Limits.MaxComputeWorkGroupInvocations, d.Limits.MaxComputeSharedMemorySize, d.Limits.SubgroupSize)
	dotIn := []*ir.Tensor{randF32(1, 256, 256), randF32(2, 256, 256)}
	smIn := []*ir.Tensor{randF32(3, 64, 1000)}
	var dotWant, smWant []*ir.Tensor
	ran := 0
	for _, p := range []gpu.Params{gpu.Vulkan(), gpu.CUDA(), gpu.ROCm()} {
		for _, c := range []struct {
			name string
			src  string
			in   []*ir.Tensor
			want *[]*ir.Tensor
		}{{"dot 256", matmulSrc(256), dotIn, &dotWant}, {"softmax 64x1000", deviceSoftmax, smIn, &smWant}} {
			gp, want := lowerSrc(t, c.src, p, c.in, *c.want == nil)
			if *c.want == nil {
				*c.want = want
			}
			if sharedKernels(gp) == 0 {
				t.Errorf("%s (%s): no kernel staged through shared memory", c.name, p.Name)
			}
			if why := fits(d, gp); why != "" {
				t.Logf("%s (%s): not run, beyond the device's limits: %s", c.name, p.Name, why)
				continue
			}
			got := newDeviceProgram(t, d, gp).run(t, c.in)
			if diff := closeF32(got[0], (*c.want)[0]); diff != "" {
				t.Errorf("%s (%s): %s", c.name, p.Name, diff)
			}
			ran++
		}
	}
	if ran < 6 {
		t.Errorf("only %d of 6 programs ran on the device", ran)
	}
}

// BenchmarkDotOnDevice reports the GFLOP/s of a 512x512x512 f32
// dot_general on the Vulkan device, tiled through shared memory (vulkan
// and cuda parameters) and untiled (one invocation per output element).
func BenchmarkDotOnDevice(b *testing.B) {
	d := openDevice(b)
	const n = 512
	in := []*ir.Tensor{randF32(1, n, n), randF32(2, n, n)}
	unstaged := gpu.Vulkan()
	unstaged.Unstaged = true
	for _, c := range []struct {
		name string
		p    gpu.Params
	}{{"tiled_vulkan", gpu.Vulkan()}, {"tiled_cuda", gpu.CUDA()}, {"untiled", unstaged}} {
		b.Run(c.name, func(b *testing.B) {
			gp, _ := lowerSrc(b, matmulSrc(n), c.p, in, false)
			dp := newDeviceProgram(b, d, gp)
			dp.run(b, in) // warm up (pipeline compilation)
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				dp.run(b, in)
			}
			sec := time.Since(start).Seconds() / float64(b.N)
			b.ReportMetric(2*n*n*n/sec/1e9, "GFLOP/s")
		})
	}
}
