package wasm_test

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
)

// runWasm compiles src's @main for the wasm target and runs it on in.
func runWasm(t *testing.T, src string, in *ir.Tensor) *ir.Tensor {
	t.Helper()
	m, err := asm.Parse("f8.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return runCompiled(t, m, 1, []*ir.Tensor{in})[0]
}

var f8Types = []ir.ElementType{ir.F8E4M3FN, ir.F8E5M2}

// TestF8Decode converts every bit pattern of each f8 type to f32 on wasm
// and checks the value (sign of zero and NaN-ness included) against
// ir.FloatFromBits.
func TestF8Decode(t *testing.T) {
	for _, e := range f8Types {
		t.Run(e.String(), func(t *testing.T) {
			src := fmt.Sprintf(`func.func @main(%%b: tensor<256xui8>) -> tensor<256xf32> {
  %%0 = stablehlo.bitcast_convert %%b : (tensor<256xui8>) -> tensor<256x%[1]s>
  %%1 = stablehlo.convert %%0 : (tensor<256x%[1]s>) -> tensor<256xf32>
  return %%1 : tensor<256xf32>
}`, e)
			in := ir.MustTensor(&ir.TensorType{Shape: []int64{256}, Elem: ir.UI8})
			for i := range in.I {
				in.I[i] = int64(i)
			}
			got := runWasm(t, src, in)
			for i, g := range got.F {
				w := ir.FloatFromBits(uint64(i), e)
				ok := g == w && math.Signbit(g) == math.Signbit(w) || math.IsNaN(g) && math.IsNaN(w)
				if !ok {
					t.Errorf("%s bits %#02x: got %v, want %v", e, i, g, w)
				}
			}
		})
	}
}

// f32Sweep returns f32 values around every rounding boundary of the f8
// types (each 8-bit mantissa prefix of the binades 2^-37..2^33, and one
// ulp either side), both signs, the specials and random bit patterns.
func f32Sweep() []float64 {
	var bits []uint32
	for ex := uint32(90); ex <= 160; ex++ {
		for k := uint32(0); k < 256; k++ {
			m := ex<<23 | k<<15
			bits = append(bits, m, m+1, m-1)
		}
	}
	rng := rand.New(rand.NewSource(1))
	for range 20000 {
		bits = append(bits, rng.Uint32()&0x7fffffff)
	}
	bits = append(bits, 0, 1, 0x7f7fffff, 0x7f800000, 0x7fc00000, 0x7f800001, 0x43e80000, 0x43e7ffff,
		0x43e80001, 0x47700000, 0x476fffff, 0x47800000)
	var out []float64
	for _, b := range bits {
		out = append(out, float64(math.Float32frombits(b)), float64(math.Float32frombits(b|1<<31)))
	}
	return out
}

// TestF8Encode converts a sweep of f32 (and f64) values to each f8 type on
// wasm and checks the bits against ir.FloatBits (round to nearest even;
// f8E4M3FN overflow to NaN).
func TestF8Encode(t *testing.T) {
	vals := f32Sweep()
	n := len(vals)
	for _, e := range f8Types {
		for _, from := range []ir.ElementType{ir.F32, ir.F64} {
			t.Run(fmt.Sprintf("%s_from_%s", e, from), func(t *testing.T) {
				src := fmt.Sprintf(`func.func @main(%%x: tensor<%[2]dx%[3]s>) -> tensor<%[2]dxui8> {
  %%0 = stablehlo.convert %%x : (tensor<%[2]dx%[3]s>) -> tensor<%[2]dx%[1]s>
  %%1 = stablehlo.bitcast_convert %%0 : (tensor<%[2]dx%[1]s>) -> tensor<%[2]dxui8>
  return %%1 : tensor<%[2]dxui8>
}`, e, n, from)
				in := ir.MustTensor(&ir.TensorType{Shape: []int64{int64(n)}, Elem: from})
				copy(in.F, vals)
				if from == ir.F64 {
					// Values between f32's: the rounding must happen once.
					for i := range in.F {
						if i%3 == 1 {
							in.F[i] += in.F[i] * 0x1p-30
						}
					}
				}
				got := runWasm(t, src, in)
				bad := 0
				for i, g := range got.I {
					if w := int64(ir.FloatBits(in.F[i], e)); g != w && bad < 10 {
						bad++
						t.Errorf("%s(%v): got %#02x, want %#02x", e, in.F[i], g, w)
					}
				}
			})
		}
	}
}
