package kernel

import (
	"fmt"
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// fmaParams are micro-tile settings with TargetParams.FMA: the cpu
// target's (6x16 of 8 lanes, as compile's kernelParams sets it), with two
// reduction steps per iteration, and the wasm shape.
var fmaParams = []TargetParams{
	{Name: "cpu", VectorWidth: 8, MicroM: 6, MicroN: 16, FMA: true},
	{Name: "cpu", VectorWidth: 8, MicroM: 6, MicroN: 16, FMA: true, ReduceSteps: 2},
	{FMA: true},
}

// microConvTerms is the number of products each output of microConvs
// sums (window size times input features).
var microConvTerms = map[string]int{
	"w7_f13_oihw_pad": 27, "w11_f3_borders": 18, "stride_dil_rev_f21": 18, "nchw_in_out_f9": 27,
	"conv1d_w10": 15, "conv3d": 24, "conv0d_b7": 5,
}

// checkFMA lowers src with each of fmaParams, checks that the last kernel
// accumulates with Fma nodes, and compares its results with the
// interpreter's: both sum the same k products in some order, each within
// gamma_k * sum|a_i*b_i| of the exact value (gamma_k ~ k*2^-24 for f32;
// Higham, "Accuracy and Stability of Numerical Algorithms", 2nd ed.,
// section 3.1), so they may differ by 2*k*2^-24 * sum|a_i*b_i| (plus one
// f32 rounding of the epilogue). sum|a_i*b_i| is the interpreter's result
// on the absolute values of the inputs.
func checkFMA(t *testing.T, src string, k int, seed int64) {
	t.Helper()
	m := parse(t, src)
	in := randomInputs(m.Func("main"), seed)
	want := mustInterpret(t, m, in...)
	abs := make([]*ir.Tensor, len(in))
	for i, x := range in {
		a := ir.MustTensor(x.Type)
		for j := 0; j < x.Len(); j++ {
			a.Set(j, math.Abs(x.F[j]))
		}
		abs[i] = a
	}
	bound := mustInterpret(t, m, abs...)
	tol := 2 * float64(k) * 0x1p-24
	for _, tp := range fmaParams {
		p := mustLower(t, m, tp)
		if !hasKind(p.Kernels[len(p.Kernels)-1].Body, Fma) {
			t.Fatalf("%+v: no fma in the micro-tile:\n%s", tp, p)
		}
		got := mustEval(t, p, in)
		for i, g := range got[0].F {
			w := want[0].F[i]
			if d := math.Abs(g - w); d > tol*bound[0].F[i]+0x1p-24*math.Abs(w) {
				t.Fatalf("%+v: element %d: %v, the interpreter gives %v (|diff| %g > %g)", tp, i, g, w, d, tol*bound[0].F[i])
			}
		}
	}
}

func hasKind(body []*Node, k Kind) bool {
	for _, n := range body {
		if n.Kind == k || hasKind(n.Body, k) || hasKind(n.Else, k) {
			return true
		}
	}
	return false
}

// TestMicroConvFMA runs the float convolutions of microConvs with fused
// multiply-adds in the micro-tile (checkFMA).
func TestMicroConvFMA(t *testing.T) {
	for name, k := range microConvTerms {
		t.Run(name, func(t *testing.T) { checkFMA(t, microConvs[name], k, 7) })
	}
}

// TestMicroDotFMA runs register-blocked products (24, 40, 19 and 13
// columns: remainder tiles on the cpu shape) and lane-split
// dense layers with fused multiply-adds (checkFMA).
func TestMicroDotFMA(t *testing.T) {
	for _, sz := range [][3]int{{121, 24, 16}, {37, 40, 6}, {16, 19, 3}, {5, 13, 9}} {
		src := fmt.Sprintf(`func.func @main(%%a: tensor<%[1]dx%[3]dxf32>, %%b: tensor<%[3]dx%[2]dxf32>) -> tensor<%[1]dx%[2]dxf32> {
  %%0 = stablehlo.dot_general %%a, %%b, contracting_dims = [1] x [0] : (tensor<%[1]dx%[3]dxf32>, tensor<%[3]dx%[2]dxf32>) -> tensor<%[1]dx%[2]dxf32>
  return %%0 : tensor<%[1]dx%[2]dxf32>
}`, sz[0], sz[1], sz[2])
		t.Run(fmt.Sprint(sz), func(t *testing.T) { checkFMA(t, src, sz[2], int64(sz[0])) })
	}
	for _, sz := range [][3]int{{1, 32, 300}, {2, 10, 37}} {
		t.Run(fmt.Sprint("dense", sz), func(t *testing.T) { checkFMA(t, denseSrc(sz[0], sz[1], sz[2], true), sz[2], 3) })
	}
}

// TestMicroTile checks the register micro-tile chosen per feature count.
func TestMicroTile(t *testing.T) {
	cpu := TargetParams{Name: "cpu", VectorWidth: 8, MicroM: 6, MicroN: 16}.withDefaults()
	wasm := DefaultTarget()
	for _, c := range []struct {
		t               TargetParams
		n, wantM, wantN int64
	}{
		{cpu, 16, 6, 16}, {cpu, 64, 6, 16}, {cpu, 24, 6, 16}, {cpu, 8, 12, 8}, {cpu, 5, 12, 8}, {cpu, 40, 6, 16},
		{wasm, 24, 2, 24}, {wasm, 16, 3, 16}, {wasm, 8, 6, 8}, {wasm, 32, 2, 24}, {wasm, 13, 3, 16},
	} {
		if m, n := c.t.microTile(c.n); m != c.wantM || n != c.wantN {
			t.Errorf("%s, %d features: %dx%d, want %dx%d", c.t.Name, c.n, m, n, c.wantM, c.wantN)
		}
	}
}
