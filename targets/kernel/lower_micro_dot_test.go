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
					want, err := corpustest.Interpret(m, "main", in...)
					if err != nil {
						t.Fatal(err)
					}
					for _, tp := range params {
						p, err := Lower(m, "main", tp)
						if err != nil {
							t.Fatal(err)
						}
						k := p.Kernels[len(p.Kernels)-1]
						if split := hasParam(k, "part"); split != (sz[2] >= max(tp.withDefaults().VectorWidth, 1)) {
							t.Fatalf("%+v: lane-split form %v:\n%s", tp, split, p)
						}
						got, err := Eval(p, in)
						if err != nil {
							t.Fatal(err)
						}
						if err := corpustest.Compare(got[0], want[0], corpustest.Reassociated); err != nil {
							t.Fatalf("%+v seed %d: %v\n%s", tp, seed, err, p)
						}
					}
				}
			})
		}
	}
}
