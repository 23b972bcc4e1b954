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

// narrowFloatSrc converts f32 inputs to type t, adds them to themselves
// there (one rounding) and returns the sum's bits (bitcast to ui8) and its
// f32 value.
func narrowFloatSrc(t ir.ElementType, n int) string {
	return fmt.Sprintf(`func.func @main(%%x: tensor<%[2]dxf32>) -> (tensor<%[2]dxui8>, tensor<%[2]dxf32>) {
  %%f = stablehlo.convert %%x : (tensor<%[2]dxf32>) -> tensor<%[2]dx%[1]s>
  %%s = stablehlo.add %%f, %%f : tensor<%[2]dx%[1]s>
  %%b = stablehlo.bitcast_convert %%s : (tensor<%[2]dx%[1]s>) -> tensor<%[2]dxui8>
  %%y = stablehlo.convert %%s : (tensor<%[2]dx%[1]s>) -> tensor<%[2]dxf32>
  return %%b, %%y : tensor<%[2]dxui8>, tensor<%[2]dxf32>
}
`, t, n)
}

// TestNarrowFloatsOnTargets runs convert, add and bitcast_convert of every
// 8-bit float type other than f8E4M3FN and f8E5M2 (whose tests are in the
// targets' packages) on wasm, cpu and vulkan at -O2, on every value of the
// type, the midpoints between neighbours (ties), their halves and the
// special values, and requires the interpreter's results bit for bit.
func TestNarrowFloatsOnTargets(t *testing.T) {
	for _, e := range []ir.ElementType{ir.F8E3M4, ir.F8E4M3, ir.F8E4M3FNUZ, ir.F8E4M3B11FNUZ, ir.F8E5M2FNUZ, ir.F8E8M0FNU} {
		var vs []float64
		for u := uint64(0); u < 256; u++ {
			a, b := ir.FloatFromBits(u, e), ir.FloatFromBits(u+1, e)
			vs = append(vs, a, a/2)
			if u < 255 && !math.IsNaN(a) && !math.IsNaN(b) && !math.IsInf(a, 0) && !math.IsInf(b, 0) {
				vs = append(vs, (a+b)/2, (a+b)/4)
			}
		}
		vs = append(vs, math.Inf(1), math.Inf(-1), math.NaN(), math.Copysign(0, -1), 1e30, -1e-30, 3e38)
		x := ir.MustTensor(ir.TensorOf(ir.F32, int64(len(vs))))
		for i, v := range vs {
			x.Set(i, float64(float32(v)))
		}
		src := narrowFloatSrc(e, len(vs))
		m, err := asm.Parse("narrow.mlir", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		want, err := interp.New(m).Call("main", []interp.Value{x})
		if err != nil {
			t.Fatal(err)
		}
		for _, target := range []string{"wasm", "cpu", "vulkan"} {
			t.Run(e.String()+"/"+target, func(t *testing.T) {
				needTarget(t, target)
				got, err := Run(context.Background(), "narrow.mlir", []byte(src), Options{Target: target}, "", "", []*ir.Tensor{x})
				if err != nil {
					t.Fatal(err)
				}
				wb, gb := want[0].(*ir.Tensor), got[0]
				bad := 0
				for i := range wb.I {
					if wb.I[i] != gb.I[i] {
						if bad < 5 {
							t.Errorf("%s: 2·%g: bits %#x, want %#x", e, x.F[i], gb.I[i], wb.I[i])
						}
						bad++
					}
				}
				wf, gf := want[1].(*ir.Tensor), got[1]
				for i := range wf.F {
					if math.Float64bits(wf.F[i]) != math.Float64bits(gf.F[i]) && !(math.IsNaN(wf.F[i]) && math.IsNaN(gf.F[i])) {
						if bad < 5 {
							t.Errorf("%s: back to f32 of 2·%g: %g, want %g", e, x.F[i], gf.F[i], wf.F[i])
						}
						bad++
					}
				}
				if bad > 0 {
					t.Errorf("%d of %d results differ", bad, 2*len(vs))
				}
			})
		}
	}
}
