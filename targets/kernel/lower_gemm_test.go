package kernel

import (
	"fmt"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
)

// cpuParams are the cpu target's lowering parameters (compile/device.go):
// the packed GEMM is enabled by the name.
var cpuParams = TargetParams{Name: "cpu", VectorWidth: 8, Cores: 2}

// checkPacked lowers @main of src for the cpu, checks that wantPacked
// kernels are packed GEMMs, evaluates them on random inputs and compares
// with the interpreter within K*2^-24 relative to the tensor's largest
// magnitude: the packed product fuses each multiply-add (one rounding
// instead of two per step), so the sums differ by up to K f32 roundings.
func checkPacked(t *testing.T, src string, k int64, wantPacked int) {
	t.Helper()
	m := parse(t, src)
	p := mustLower(t, m, cpuParams)
	if got := packedKernels(p); got != wantPacked {
		t.Fatalf("%d packed gemm kernels, want %d:\n%s", got, wantPacked, p)
	}
	tol := corpustest.Tolerance{F32: float64(k) * 0x1p-24}
	for seed := int64(1); seed <= 2; seed++ {
		in := randomInputs(m.Func("main"), seed)
		want := mustInterpret(t, m, in...)
		got := mustEval(t, p, in)
		for i := range want {
			if err := corpustest.Compare(got[i], want[i], tol); err != nil {
				t.Fatalf("seed %d result %d: %v", seed, i, err)
			}
		}
	}
}

func dotSrc(m, n, k int64) string {
	return fmt.Sprintf(`func.func @main(%%a: tensor<%[1]dx%[3]dxf32>, %%b: tensor<%[3]dx%[2]dxf32>) -> tensor<%[1]dx%[2]dxf32> {
  %%0 = stablehlo.dot_general %%a, %%b, contracting_dims = [1] x [0] : (tensor<%[1]dx%[3]dxf32>, tensor<%[3]dx%[2]dxf32>) -> tensor<%[1]dx%[2]dxf32>
  return %%0 : tensor<%[1]dx%[2]dxf32>
}`, m, n, k)
}

func TestPackedGemmShapes(t *testing.T) {
	for _, c := range [][3]int64{
		{12, 16, 8},   // one full tile per panel, no edges
		{13, 35, 257}, // ragged rows and columns, K past one KC block with padding
		{64, 48, 300}, // two KC blocks without padding
		{40, 17, 33},
	} {
		t.Run(fmt.Sprintf("%dx%dx%d", c[0], c[1], c[2]), func(t *testing.T) {
			checkPacked(t, dotSrc(c[0], c[1], c[2]), c[2], 1)
		})
	}
}

func TestPackedGemmBatchedTransposed(t *testing.T) {
	// rhs contracts its last dim (x @ W^T), batch dim first on both.
	src := `func.func @main(%a: tensor<2x14x40xf32>, %b: tensor<2x20x40xf32>) -> tensor<2x14x20xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x14x40xf32>, tensor<2x20x40xf32>) -> tensor<2x14x20xf32>
  return %0 : tensor<2x14x20xf32>
}`
	checkPacked(t, src, 40, 1)
}

func TestPackedGemmFusedEpilogue(t *testing.T) {
	// bias + relu in the epilogue of the last of two KC blocks.
	src := `func.func @main(%a: tensor<20x300xf32>, %b: tensor<300x24xf32>, %c: tensor<24xf32>) -> tensor<20x24xf32> {
  %0 = "zml.fusion"(%a, %b, %c) ({
  ^bb0(%x: tensor<20x300xf32>, %w: tensor<300x24xf32>, %bias: tensor<24xf32>):
    %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<20x300xf32>, tensor<300x24xf32>) -> tensor<20x24xf32>
    %bb = stablehlo.broadcast_in_dim %bias, dims = [1] : (tensor<24xf32>) -> tensor<20x24xf32>
    %s = stablehlo.add %d, %bb : tensor<20x24xf32>
    %z = stablehlo.constant dense<0.0> : tensor<20x24xf32>
    %r = stablehlo.maximum %s, %z : tensor<20x24xf32>
    stablehlo.return %r : tensor<20x24xf32>
  }) : (tensor<20x300xf32>, tensor<300x24xf32>, tensor<24xf32>) -> tensor<20x24xf32>
  return %0 : tensor<20x24xf32>
}`
	checkPacked(t, src, 300, 1)
}

func TestPackedGemmNotForSmallOrOtherTargets(t *testing.T) {
	// batch-1 products (m = 1) keep the tiled form; so does every target
	// but the cpu.
	m := parse(t, dotSrc(1, 64, 64))
	p := mustLower(t, m, cpuParams)
	if packedKernels(p) != 0 {
		t.Errorf("m=1 product was packed:\n%s", p)
	}
	m = parse(t, dotSrc(64, 64, 64))
	if p = mustLower(t, m, TargetParams{}); packedKernels(p) != 0 {
		t.Errorf("wasm product was packed:\n%s", p)
	}
}

func TestPlanGemm(t *testing.T) {
	g := planGemm(1, 1024, 1024, 1024, 8, 2)
	if g.nr != 16 || g.mr != 6 || g.kc*g.nKC < 1024 || g.nT != 2 || g.mc > gemmMCMax || g.nT*g.nIC*g.mc < 1024 {
		t.Errorf("planGemm(1024^3) = %+v", g)
	}
	if !g.rowsChecked || g.colsChecked || g.kChecked {
		t.Errorf("planGemm(1024^3) checks = %+v", g)
	}
}

func TestVerifyFma(t *testing.T) {
	b := NewBuilder("k")
	buf := b.Param("x", ir.F32, []int64{4}, ReadWrite, 0)
	x := b.Load(buf, Idx(0))
	b.Store(buf, Idx(1), b.Fma(x, x, x))
	if err := Verify(b.K); err != nil {
		t.Fatalf("valid fma: %v", err)
	}
	if !strings.Contains(b.K.String(), "fma f32") {
		t.Errorf("printed kernel lacks the fma:\n%s", b.K)
	}
	b2 := NewBuilder("k")
	ib := b2.Param("x", ir.I32, []int64{4}, ReadWrite, 0)
	y := b2.Load(ib, Idx(0))
	b2.Store(ib, Idx(1), b2.Fma(y, y, y))
	if err := Verify(b2.K); err == nil || !strings.Contains(err.Error(), "fma") {
		t.Errorf("fma on i32 verified: %v", err)
	}
}

// packedKernels counts the kernels the packed GEMM lowering made.
func packedKernels(p *Program) int {
	n := 0
	for _, k := range p.Kernels {
		if strings.Contains(k.Source, "packed gemm") {
			n++
		}
	}
	return n
}
