package compile

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
)

func TestSmallProgram(t *testing.T) {
	src := `func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<16xf32>) -> tensor<4x16xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %1 = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %2 = stablehlo.add %0, %1 : tensor<4x16xf32>
  %z = stablehlo.constant dense<0.0> : tensor<4x16xf32>
  %3 = stablehlo.maximum %2, %z : tensor<4x16xf32>
  return %3 : tensor<4x16xf32>
}`
	in := []*ir.Tensor{randT(ir.F32, 1, 4, 8), randT(ir.F32, 2, 8, 16), randT(ir.F32, 3, 16)}
	m, err := asm.Parse("t.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	args := []interp.Value{in[0], in[1], in[2]}
	want, err := interp.New(m).Call("main", args)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Run(context.Background(), "t.mlir", []byte(src), Options{}, "", "", in)
	if err != nil {
		t.Fatal(err)
	}
	w := want[0].(*ir.Tensor)
	for i := range w.F {
		if d := got[0].F[i] - w.F[i]; d > 1e-5 || d < -1e-5 {
			t.Fatalf("element %d: got %v want %v", i, got[0].F[i], w.F[i])
		}
	}
}

func randT(e ir.ElementType, seed uint64, shape ...int64) *ir.Tensor {
	x := ir.TensorOf(e, shape...)
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	s := seed*0x9E3779B97F4A7C15 + 1
	next := func() uint64 {
		s ^= s << 13
		s ^= s >> 7
		s ^= s << 17
		return s
	}
	t, _ := ir.NewTensor(x)
	for i := int64(0); i < n; i++ {
		if e.IsFloat() {
			t.F[i] = float64(float32(float64(next()%2000)/1000 - 1))
		} else {
			t.I[i] = e.WrapInt(int64(next() % 256))
		}
	}
	return t
}

// compareT returns "" when got matches want: same type, integers exactly,
// floats within 4e-6 relative to the larger of the element and the
// tensor's largest finite magnitude (f64: 1e-12), NaN with NaN.
func compareT(got, want *ir.Tensor) string {
	if !ir.TypesEqual(got.Type, want.Type) {
		return fmt.Sprintf("type %s, want %s", got.Type, want.Type)
	}
	for i := range want.I {
		if got.I[i] != want.I[i] {
			return fmt.Sprintf("element %d: got %d, want %d", i, got.I[i], want.I[i])
		}
	}
	tol := 4e-6
	switch want.Type.Elem {
	case ir.F64:
		tol = 1e-12
	case ir.F16:
		tol = 4e-3
	case ir.BF16:
		tol = 3e-2
	}
	scale := 0.0
	for _, w := range want.F {
		if !math.IsInf(w, 0) && !math.IsNaN(w) {
			scale = math.Max(scale, math.Abs(w))
		}
	}
	for i, w := range want.F {
		g := got.F[i]
		if g == w && (w != 0 || math.Signbit(g) == math.Signbit(w)) || math.IsNaN(g) && math.IsNaN(w) {
			continue
		}
		if w != 0 && !math.IsInf(w, 0) && math.Abs(g-w) <= tol*math.Max(math.Abs(w), scale) {
			continue
		}
		return fmt.Sprintf("element %d: got %v, want %v", i, g, w)
	}
	return ""
}
