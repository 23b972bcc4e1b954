package kernel

import (
	"fmt"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
)

// denseSrc is a dense layer x[m, k] . w[n, k]^T read through a transposed
// view, with a bias and relu when fused.
func denseSrc(m, n, k int, fused bool) string {
	if !fused {
		return fmt.Sprintf(`func.func @main(%%x: tensor<%[1]dx%[3]dxf32>, %%w: tensor<%[2]dx%[3]dxf32>) -> tensor<%[1]dx%[2]dxf32> {
  %%wt = stablehlo.transpose %%w, dims = [1, 0] : (tensor<%[2]dx%[3]dxf32>) -> tensor<%[3]dx%[2]dxf32>
  %%0 = stablehlo.dot_general %%x, %%wt, contracting_dims = [1] x [0] : (tensor<%[1]dx%[3]dxf32>, tensor<%[3]dx%[2]dxf32>) -> tensor<%[1]dx%[2]dxf32>
  return %%0 : tensor<%[1]dx%[2]dxf32>
}`, m, n, k)
	}
	return fmt.Sprintf(`func.func @main(%%x: tensor<%[1]dx%[3]dxf32>, %%w: tensor<%[2]dx%[3]dxf32>, %%b: tensor<%[2]dxf32>) -> tensor<%[1]dx%[2]dxf32> {
  %%wt = stablehlo.transpose %%w, dims = [1, 0] : (tensor<%[2]dx%[3]dxf32>) -> tensor<%[3]dx%[2]dxf32>
  %%0 = "zml.fusion"(%%x, %%wt, %%b) ({
  ^bb0(%%a: tensor<%[1]dx%[3]dxf32>, %%v: tensor<%[3]dx%[2]dxf32>, %%c: tensor<%[2]dxf32>):
    %%d = stablehlo.dot_general %%a, %%v, contracting_dims = [1] x [0] : (tensor<%[1]dx%[3]dxf32>, tensor<%[3]dx%[2]dxf32>) -> tensor<%[1]dx%[2]dxf32>
    %%bb = stablehlo.broadcast_in_dim %%c, dims = [1] : (tensor<%[2]dxf32>) -> tensor<%[1]dx%[2]dxf32>
    %%s = stablehlo.add %%d, %%bb : tensor<%[1]dx%[2]dxf32>
    %%z = stablehlo.constant dense<0.0> : tensor<%[1]dx%[2]dxf32>
    %%r = stablehlo.maximum %%s, %%z : tensor<%[1]dx%[2]dxf32>
    stablehlo.return %%r : tensor<%[1]dx%[2]dxf32>
  }) : (tensor<%[1]dx%[3]dxf32>, tensor<%[3]dx%[2]dxf32>, tensor<%[2]dxf32>) -> tensor<%[1]dx%[2]dxf32>
  return %%0 : tensor<%[1]dx%[2]dxf32>
}`, m, n, k)
}

func hasParam(k *Kernel, name string) bool {
	for _, p := range k.Params {
		if p.Name == name {
			return true
		}
	}
	return false
}

// TestSplitDotRemainders runs dense layers of odd sizes (columns not a
// multiple of the column group, contractions not a multiple of the vector
// width, one to eight rows) in the lane-split form with the wasm and cpu
// parameters and compares with the interpreter within
// corpustest.Reassociated (the sum order differs: lower_micro_dot.go).
func TestSplitDotRemainders(t *testing.T) {
	params := []TargetParams{{}, {Name: "cpu", VectorWidth: 8}, {MicroM: 1, MicroN: 12}}
	for _, sz := range [][3]int{{1, 32, 50}, {1, 10, 32}, {3, 37, 11}, {8, 5, 7}, {2, 8, 13}, {1, 3, 9}} {
		for _, fused := range []bool{false, true} {
			name := fmt.Sprintf("m%d_n%d_k%d_fused%v", sz[0], sz[1], sz[2], fused)
			t.Run(name, func(t *testing.T) {
				m := parse(t, denseSrc(sz[0], sz[1], sz[2], fused))
				for seed := int64(1); seed <= 2; seed++ {
					in := randomInputs(m.Func("main"), seed)
					want := mustInterpret(t, m, in...)
					for _, tp := range params {
						p := mustLower(t, m, tp)
						k := p.Kernels[len(p.Kernels)-1]
						if split := hasParam(k, "part"); split != (sz[2] >= max(tp.withDefaults().VectorWidth, 1)) {
							t.Fatalf("%+v: lane-split form %v:\n%s", tp, split, p)
						}
						got := mustEval(t, p, in)
						if err := corpustest.Compare(got[0], want[0], corpustest.Reassociated); err != nil {
							t.Fatalf("%+v seed %d: %v\n%s", tp, seed, err, p)
						}
					}
				}
			})
		}
	}
}

// TestMicroDotRemainders runs products of odd sizes (rows and columns not
// multiples of the micro-tile, a prime row count, one row, one term,
// batches, a fused epilogue) in the register-blocked form with several
// micro-tiles, compares them with the interpreter within
// corpustest.Reassociated and with the GPU's one-row-per-pass form bit for
// bit (both sum k in ascending order).
func TestMicroDotRemainders(t *testing.T) {
	params := []TargetParams{{}, {Name: "cpu", VectorWidth: 8}, {MicroM: 4, MicroN: 8}, {MicroM: 3, MicroN: 12}, {MicroM: 1, MicroN: 4}, {Cores: 1},
		{ReduceSteps: 1}, {ReduceSteps: 3}, {Name: "cpu", VectorWidth: 8, ReduceSteps: 2}}
	var srcs []string
	for _, sz := range [][3]int{{1, 50, 9}, {3, 13, 1}, {7, 5, 20}, {37, 30, 6}, {16, 64, 3}} {
		srcs = append(srcs, fmt.Sprintf(`func.func @main(%%a: tensor<%[1]dx%[3]dxf32>, %%b: tensor<%[3]dx%[2]dxf32>) -> tensor<%[1]dx%[2]dxf32> {
  %%0 = stablehlo.dot_general %%a, %%b, contracting_dims = [1] x [0] : (tensor<%[1]dx%[3]dxf32>, tensor<%[3]dx%[2]dxf32>) -> tensor<%[1]dx%[2]dxf32>
  return %%0 : tensor<%[1]dx%[2]dxf32>
}`, sz[0], sz[1], sz[2]))
	}
	srcs = append(srcs, `func.func @main(%a: tensor<2x5x7xf32>, %b: tensor<2x7x11xf32>) -> tensor<2x5x11xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x5x7xf32>, tensor<2x7x11xf32>) -> tensor<2x5x11xf32>
  return %0 : tensor<2x5x11xf32>
}`, `func.func @main(%a: tensor<9xf32>, %b: tensor<9x13xf32>) -> tensor<13xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<9xf32>, tensor<9x13xf32>) -> tensor<13xf32>
  return %0 : tensor<13xf32>
}`, `func.func @main(%x: tensor<5x12xf32>, %w: tensor<12x19xf32>, %c: tensor<19xf32>) -> tensor<5x19xf32> {
  %0 = "zml.fusion"(%x, %w, %c) ({
  ^bb0(%a: tensor<5x12xf32>, %v: tensor<12x19xf32>, %e: tensor<19xf32>):
    %d = stablehlo.dot_general %a, %v, contracting_dims = [1] x [0] : (tensor<5x12xf32>, tensor<12x19xf32>) -> tensor<5x19xf32>
    %bb = stablehlo.broadcast_in_dim %e, dims = [1] : (tensor<19xf32>) -> tensor<5x19xf32>
    %s = stablehlo.add %d, %bb : tensor<5x19xf32>
    %z = stablehlo.constant dense<0.0> : tensor<5x19xf32>
    %r = stablehlo.maximum %s, %z : tensor<5x19xf32>
    stablehlo.return %r : tensor<5x19xf32>
  }) : (tensor<5x12xf32>, tensor<12x19xf32>, tensor<19xf32>) -> tensor<5x19xf32>
  return %0 : tensor<5x19xf32>
}`)
	for n, src := range srcs {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			m := parse(t, src)
			in := randomInputs(m.Func("main"), int64(n+1))
			want := mustInterpret(t, m, in...)
			gp := mustLower(t, m, TargetParams{GPU: true})
			rowForm := mustEval(t, gp, in)
			for _, tp := range params {
				p := mustLower(t, m, tp)
				got := mustEval(t, p, in)
				if err := corpustest.Compare(got[0], want[0], corpustest.Reassociated); err != nil {
					t.Fatalf("%+v: %v\n%s", tp, err, p)
				}
				for i := range got[0].F {
					if got[0].F[i] != rowForm[0].F[i] {
						t.Fatalf("%+v: element %d: %v, the row form gives %v", tp, i, got[0].F[i], rowForm[0].F[i])
					}
				}
			}
		})
	}
}
