package llvm

import (
	"math"
	"math/rand"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/targets/kernel"
)

// randomSrc holds functions with arguments, run on random inputs: the
// legalised math over wide ranges (sine within |x| < 8192, the
// legalisation's documented accurate range), a tiled dot_general whose sizes divide
// no tile, a reduction, integer division/shift corner cases and the
// narrow float conversions.
const randomSrc = `
func.func public @math(%x: tensor<1000xf32>, %y: tensor<1000xf32>) -> (tensor<1000xf32>, tensor<1000xf32>, tensor<1000xf32>, tensor<1000xf32>, tensor<1000xf32>, tensor<1000xf32>, tensor<1000xf32>, tensor<1000xf32>) {
  %e = stablehlo.exponential %x : tensor<1000xf32>
  %t = stablehlo.tanh %x : tensor<1000xf32>
  %a = stablehlo.abs %x : tensor<1000xf32>
  %l = stablehlo.log %a : tensor<1000xf32>
  %g = stablehlo.logistic %x : tensor<1000xf32>
  %k = stablehlo.constant dense<8192.0> : tensor<1000xf32>
  %xr = stablehlo.remainder %x, %k : tensor<1000xf32>
  %s = stablehlo.sine %xr : tensor<1000xf32>
  %p = stablehlo.power %a, %y : tensor<1000xf32>
  %m = stablehlo.maximum %x, %y : tensor<1000xf32>
  %r = stablehlo.remainder %x, %y : tensor<1000xf32>
  return %e, %t, %l, %g, %s, %p, %m, %r : tensor<1000xf32>, tensor<1000xf32>, tensor<1000xf32>, tensor<1000xf32>, tensor<1000xf32>, tensor<1000xf32>, tensor<1000xf32>, tensor<1000xf32>
}
func.func public @dot(%a: tensor<37x70xf32>, %b: tensor<70x45xf32>) -> tensor<37x45xf32> {
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<37x70xf32>, tensor<70x45xf32>) -> tensor<37x45xf32>
  return %r : tensor<37x45xf32>
}
func.func public @sum(%x: tensor<17x129xf64>) -> tensor<17xf64> {
  %z = stablehlo.constant dense<0.0> : tensor<f64>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<17x129xf64>, tensor<f64>) -> tensor<17xf64>
  return %r : tensor<17xf64>
}
func.func public @ints(%a: tensor<300xi32>, %b: tensor<300xi32>) -> (tensor<300xi32>, tensor<300xi32>, tensor<300xi32>, tensor<300xi32>) {
  %d = stablehlo.divide %a, %b : tensor<300xi32>
  %r = stablehlo.remainder %a, %b : tensor<300xi32>
  %s = stablehlo.shift_left %a, %b : tensor<300xi32>
  %t = stablehlo.shift_right_arithmetic %a, %b : tensor<300xi32>
  return %d, %r, %s, %t : tensor<300xi32>, tensor<300xi32>, tensor<300xi32>, tensor<300xi32>
}
func.func public @narrow(%x: tensor<500xf32>, %y: tensor<500xf64>) -> (tensor<500xbf16>, tensor<500xf16>, tensor<500xbf16>, tensor<500xf16>, tensor<500xi32>) {
  %a = stablehlo.convert %x : (tensor<500xf32>) -> tensor<500xbf16>
  %b = stablehlo.convert %x : (tensor<500xf32>) -> tensor<500xf16>
  %c = stablehlo.convert %y : (tensor<500xf64>) -> tensor<500xbf16>
  %d = stablehlo.convert %y : (tensor<500xf64>) -> tensor<500xf16>
  %e = stablehlo.convert %x : (tensor<500xf32>) -> tensor<500xi32>
  return %a, %b, %c, %d, %e : tensor<500xbf16>, tensor<500xf16>, tensor<500xbf16>, tensor<500xf16>, tensor<500xi32>
}
`

// randomTensor fills a tensor of t: floats spread over many binades with
// signs, special values sprinkled in (no values near the f32 overflow:
// there the interpreter's dot_general gives Inf where the kernel's f32
// accumulation, kernel.Eval's as well as the cpu target's, gives NaN); integers over the full range with
// small values (0, -1, shift amounts) mixed in.
func randomTensor(rng *rand.Rand, t *ir.TensorType) *ir.Tensor {
	x := ir.MustTensor(t)
	specials := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1, -1, 0.5, 65504, 65520}
	for i := range x.F {
		switch r := rng.Intn(10); {
		case r == 0:
			x.F[i] = specials[rng.Intn(len(specials))]
		case r < 5:
			x.F[i] = rng.NormFloat64() * 3
		default:
			x.F[i] = math.Ldexp(rng.Float64()*2-1, rng.Intn(60)-30)
		}
		if t.Elem == ir.F32 {
			x.F[i] = float64(float32(x.F[i]))
		}
	}
	for i := range x.I {
		if rng.Intn(3) == 0 {
			x.I[i] = int64(rng.Intn(40) - 4)
		} else {
			x.I[i] = int64(int32(rng.Uint32()))
		}
	}
	return x
}

// TestCPURandom runs the functions of randomSrc on the cpu target with
// random inputs (5 seeds) and compares with the interpreter (corpustest.LegalisedMath).
func TestCPURandom(t *testing.T) {
	tgt := cpuTarget(t)
	m, err := asm.Parse("random.mlir", []byte(randomSrc))
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	var progs []*kernel.Program
	for _, f := range m.Funcs {
		p, err := kernel.Lower(m, f.Name, cpuParams)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		progs = append(progs, p)
	}
	mod, err := Render(progs, tgt)
	if err != nil {
		t.Fatal(err)
	}
	lib := loadCPU(t, mod)
	defer lib.Close()
	next := 0
	for fi, f := range m.Funcs {
		p := progs[fi]
		h := &hostRun{p: p, workers: 2}
		for range p.Kernels {
			rk := mod.Kernels[next]
			next++
			k, err := lib.Kernel(rk.Symbol)
			if err != nil {
				t.Fatal(err)
			}
			h.kernels = append(h.kernels, k)
			h.grids = append(h.grids, rk.Grid)
		}
		for seed := int64(1); seed <= 5; seed++ {
			rng := rand.New(rand.NewSource(seed))
			var ins []*ir.Tensor
			var args []interp.Value
			for _, in := range f.Type.Inputs {
				x := randomTensor(rng, in.(*ir.TensorType))
				ins = append(ins, x)
				args = append(args, x)
			}
			want, err := interp.New(m).Call(f.Name, args)
			if err != nil {
				t.Fatalf("%s: interpreter: %v", f.Name, err)
			}
			got, err := h.run(ins...)
			if err != nil {
				t.Fatalf("%s: %v", f.Name, err)
			}
			for i := range want {
				w := want[i].(*ir.Tensor)
				if err := corpustest.Compare(got[i], w, corpustest.LegalisedMath); err != nil {
					t.Errorf("%s (seed %d): result %d: %v", f.Name, seed, i, err)
				}
				if f.Name != "narrow" {
					continue
				}
				// Conversions round once: exactly the interpreter's values.
				for j := range w.F {
					if g := got[i].F[j]; g != w.F[j] && !(math.IsNaN(g) && math.IsNaN(w.F[j])) {
						t.Errorf("narrow (seed %d): result %d element %d: got %v, want exactly %v", seed, i, j, g, w.F[j])
						break
					}
				}
			}
		}
	}
}
