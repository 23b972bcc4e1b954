package gpu_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/gpu"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// isLavapipe reports whether the Vulkan device is Mesa's llvmpipe-based
// lavapipe (whose loop limit gpu.LavapipeLoopLimit documents).
func isLavapipe(name string) bool { return strings.Contains(strings.ToLower(name), "llvmpipe") }

// sumSrc sums n f32 values into a scalar.
func sumSrc(n int) string {
	return fmt.Sprintf(`func.func @main(%%x: tensor<%dxf32>) -> tensor<f32> {
  %%z = stablehlo.constant dense<0.0> : tensor<f32>
  %%s = stablehlo.reduce(%%x init: %%z) applies stablehlo.add across dimensions = [0] : (tensor<%dxf32>, tensor<f32>) -> tensor<f32>
  return %%s : tensor<f32>
}`, n, n)
}

// TestLavapipeLoopLimit is the smallest reproducer of lavapipe's loop
// limit: unstaged, a sum of n ones is one kernel of one serial loop of n
// iterations in one invocation. kernel.Eval gives n (our lowering is
// right); lavapipe gives min(n, 65535) (gpu.LavapipeLoopLimit), other
// devices n.
func TestLavapipeLoopLimit(t *testing.T) {
	d := openDevice(t)
	p := gpu.Vulkan()
	p.Unstaged = true
	for _, n := range []int{gpu.LavapipeLoopLimit, gpu.LavapipeLoopLimit + 1, 70000} {
		x := ir.MustTensor(ir.TensorOf(ir.F32, int64(n)))
		for i := range x.F {
			x.F[i] = 1
		}
		gp, want := lowerSrc(t, sumSrc(n), p, []*ir.Tensor{x}, true)
		if len(gp.Kernels) != 1 || gpu.InvocationIterations(gp.Kernels[0]) != int64(n) {
			t.Fatalf("n=%d: want one kernel of %d iterations per invocation:\n%s", n, n, gp)
		}
		ev, err := K.Eval(gp, []*ir.Tensor{x})
		if err != nil {
			t.Fatal(err)
		}
		if ev[0].F[0] != want[0].F[0] || want[0].F[0] != float64(n) {
			t.Fatalf("n=%d: kernel.Eval %v, interpreter %v", n, ev[0].F[0], want[0].F[0])
		}
		got := newDeviceProgram(t, d, gp).run(t, []*ir.Tensor{x})[0].F[0]
		expect := float64(n)
		if isLavapipe(d.Name) {
			expect = float64(min(n, gpu.LavapipeLoopLimit))
		}
		if got != expect {
			t.Errorf("n=%d on %s: sum %v, want %v", n, d.Name, got, expect)
		}
	}
}

// TestUnstagedDotOnDevice is the unstaged 64x64x64 dot_general that gave
// wrong rows on lavapipe: kernel.Eval matches the interpreter, one
// invocation runs more than gpu.LavapipeLoopLimit iterations, and on
// lavapipe exactly the rows computed after the limit (the last row of each
// invocation's 16-row block) differ; the staged kernel (the workaround,
// vulkan's default) stays under the limit and matches everywhere.
func TestUnstagedDotOnDevice(t *testing.T) {
	d := openDevice(t)
	const n = 64
	in := []*ir.Tensor{randF32(1, n, n), randF32(2, n, n)}
	unstaged := gpu.Vulkan()
	unstaged.Unstaged = true
	for _, c := range []struct {
		name string
		p    gpu.Params
	}{{"unstaged", unstaged}, {"staged", gpu.Vulkan()}} {
		gp, want := lowerSrc(t, matmulSrc(n), c.p, in, true)
		ev, err := K.Eval(gp, in)
		if err != nil {
			t.Fatal(err)
		}
		if diff := closeF32(ev[0], want[0]); diff != "" {
			t.Fatalf("%s: kernel.Eval: %s", c.name, diff)
		}
		iters := int64(0)
		for _, k := range gp.Kernels {
			iters = max(iters, gpu.InvocationIterations(k))
		}
		over := iters > gpu.LavapipeLoopLimit
		t.Logf("%s: %d iterations per invocation", c.name, iters)
		if over != (c.name == "unstaged") {
			t.Errorf("%s: %d iterations per invocation; the unstaged kernel should exceed %d, the staged one not", c.name, iters, gpu.LavapipeLoopLimit)
		}
		got := newDeviceProgram(t, d, gp).run(t, in)[0]
		var badRows []int
		for r := 0; r < n; r++ {
			row := &ir.Tensor{Type: ir.TensorOf(ir.F32, n), F: got.F[r*n : (r+1)*n]}
			wrow := &ir.Tensor{Type: ir.TensorOf(ir.F32, n), F: want[0].F[r*n : (r+1)*n]}
			if closeF32(row, wrow) != "" {
				badRows = append(badRows, r)
			}
		}
		var expect []int
		if over && isLavapipe(d.Name) {
			expect = []int{15, 31, 47, 63}
		}
		if fmt.Sprint(badRows) != fmt.Sprint(expect) {
			t.Errorf("%s on %s: rows %v differ from the interpreter, want %v", c.name, d.Name, badRows, expect)
		}
	}
}
