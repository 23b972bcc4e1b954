package kernel

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
)

// TestTreeSumMatchesInterpreter: a long float add reduce lowers to
// TreeSum's blocked tree, the same order as the interpreter's, so the
// results are bit-identical (reduced extents below, at and past the
// branching factor, perfect and partial trees, several reduced dims, f32
// and bf16).
func TestTreeSumMatchesInterpreter(t *testing.T) {
	for _, c := range []struct {
		elem  string
		shape []int64
		dims  string
	}{
		{"f32", []int64{3, 32}, "1"},
		{"f32", []int64{2, 33}, "1"},
		{"f32", []int64{1025}, "0"},
		{"f32", []int64{32 * 32 * 32}, "0"},
		{"f32", []int64{32*32*32 + 33*32 + 5}, "0"},
		{"f32", []int64{7, 5, 40}, "0, 2"},
		{"bf16", []int64{2, 3000}, "1"},
		{"f64", []int64{40, 3}, "0"},
	} {
		t.Run(fmt.Sprint(c.elem, c.shape, c.dims), func(t *testing.T) {
			e, _ := ir.ParseElementType(c.elem)
			in := ir.MustTensor(ir.TensorOf(e, c.shape...))
			rng := rand.New(rand.NewPCG(1, 2))
			for i := range in.F {
				in.Set(i, rng.Float64()*2-0.9)
			}
			shapeStr, keptStr := "", ""
			for d, s := range c.shape {
				shapeStr += fmt.Sprintf("%dx", s)
				isRed := false
				for _, rd := range []byte(c.dims) {
					if rd >= '0' && int(rd-'0') == d {
						isRed = true
					}
				}
				if !isRed {
					keptStr += fmt.Sprintf("%dx", s)
				}
			}
			src := fmt.Sprintf(`func.func @main(%%x: tensor<%s%s>) -> tensor<%s%s> {
  %%z = stablehlo.constant dense<0.5> : tensor<%s>
  %%r = stablehlo.reduce(%%x init: %%z) applies stablehlo.add across dimensions = [%s] : (tensor<%s%s>, tensor<%s>) -> tensor<%s%s>
  return %%r : tensor<%s%s>
}`, shapeStr, c.elem, keptStr, c.elem, c.elem, c.dims, shapeStr, c.elem, c.elem, keptStr, c.elem, keptStr, c.elem)
			m, err := asm.Parse("t.mlir", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			want, err := corpustest.Interpret(m, "main", in)
			if err != nil {
				t.Fatal(err)
			}
			p, err := Lower(m, "main", TargetParams{})
			if err != nil {
				t.Fatal(err)
			}
			got, err := Eval(p, []*ir.Tensor{in})
			if err != nil {
				t.Fatal(err)
			}
			if !got[0].Equal(want[0]) {
				t.Errorf("kernel %v, interpreter %v", got[0], want[0])
			}
		})
	}
}
