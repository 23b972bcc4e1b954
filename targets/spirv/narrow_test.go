package spirv_test

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"os"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/runtime/vulkan"
)

// runBoth compiles src's @main for the vulkan target, runs it on the
// device (lavapipe in CI) and in the interpreter, and compares every
// result exactly: integers equal, floats equal with the sign of zero, NaN
// matching NaN.
func runBoth(t *testing.T, src string, in ...*ir.Tensor) {
	t.Helper()
	d, err := vulkan.Open("")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no Vulkan device (Debian packages libvulkan1 and mesa-vulkan-drivers): %v", err)
		}
		t.Skipf("no Vulkan device: %v", err)
	}
	d.Close()
	m, err := asm.Parse("narrow.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	args := make([]interp.Value, len(in))
	for i, x := range in {
		args[i] = x
	}
	want, err := interp.New(m).Call("main", args)
	if err != nil {
		t.Fatal(err)
	}
	l, err := compile.LowerModule(m, compile.Options{Entry: "main", Target: "vulkan"})
	if err != nil {
		t.Fatal(err)
	}
	bundle, err := l.Bundle(compile.Options{Target: "vulkan"})
	if err != nil {
		t.Fatal(err)
	}
	rt, err := compile.Open(bundle, "", 1)
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	got, err := rt.Run(context.Background(), "main", in)
	if err != nil {
		t.Fatal(err)
	}
	for r := range want {
		w, g := want[r].(*ir.Tensor), got[r]
		bad := 0
		for i := 0; i < w.Len(); i++ {
			var ok bool
			var gv, wv any
			if w.F != nil {
				a, b := g.F[i], w.F[i]
				ok = math.IsNaN(a) && math.IsNaN(b) || a == b && math.Signbit(a) == math.Signbit(b)
				gv, wv = a, b
			} else {
				ok = g.I[i] == w.I[i]
				gv, wv = g.I[i], w.I[i]
			}
			if !ok {
				if bad++; bad <= 5 {
					var x []any
					for _, a := range in {
						if a.F != nil {
							x = append(x, a.F[i%a.Len()])
						} else {
							x = append(x, a.I[i%a.Len()])
						}
					}
					t.Errorf("result %d element %d (input %v): got %v, want %v", r, i, x, gv, wv)
				}
			}
		}
		if bad > 5 {
			t.Errorf("result %d: %d of %d elements differ", r, bad, w.Len())
		}
	}
}

func tensorI(e ir.ElementType, vs []int64) *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(e, int64(len(vs))))
	for i, v := range vs {
		x.I[i] = e.WrapInt(v)
	}
	return x
}

func tensorF(e ir.ElementType, vs []float64) *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(e, int64(len(vs))))
	copy(x.F, vs)
	return x
}

var heldFloats = []ir.ElementType{ir.BF16, ir.F8E4M3FN, ir.F8E5M2}

// TestNarrowDecodeOnDevice converts every bit pattern of bf16, f8E4M3FN
// and f8E5M2 to f32 and f64 on the device.
func TestNarrowDecodeOnDevice(t *testing.T) {
	for _, e := range heldFloats {
		t.Run(e.String(), func(t *testing.T) {
			n := 1 << e.Bits()
			vs := make([]int64, n)
			for i := range vs {
				vs[i] = int64(i)
			}
			u := "ui" + fmt.Sprint(e.Bits())
			src := fmt.Sprintf(`func.func @main(%%b: tensor<%[2]dx%[3]s>) -> (tensor<%[2]dxf32>, tensor<%[2]dxf64>, tensor<%[2]dxi32>) {
  %%0 = stablehlo.bitcast_convert %%b : (tensor<%[2]dx%[3]s>) -> tensor<%[2]dx%[1]s>
  %%1 = stablehlo.convert %%0 : (tensor<%[2]dx%[1]s>) -> tensor<%[2]dxf32>
  %%2 = stablehlo.convert %%0 : (tensor<%[2]dx%[1]s>) -> tensor<%[2]dxf64>
  %%3 = stablehlo.convert %%0 : (tensor<%[2]dx%[1]s>) -> tensor<%[2]dxi32>
  return %%1, %%2, %%3 : tensor<%[2]dxf32>, tensor<%[2]dxf64>, tensor<%[2]dxi32>
}`, e, n, u)
			runBoth(t, src, tensorI(map[int]ir.ElementType{8: ir.UI8, 16: ir.UI16}[e.Bits()], vs))
		})
	}
}

// TestNarrowEncodeOnDevice rounds f32 values (every bf16 pattern with
// tie, below-tie, above-tie and maximal low halves), f64 values (ties of
// every format, nudged), and i32/i64 values (ties at many scales) to
// bf16, f8E4M3FN and f8E5M2 on the device.
func TestNarrowEncodeOnDevice(t *testing.T) {
	var f32s []float64
	for u := uint32(0); u < 1<<16; u++ {
		for _, low := range []uint32{0, 0x7fff, 0x8000, 0x8001, 0xffff} {
			f32s = append(f32s, float64(math.Float32frombits(u<<16|low)))
		}
	}
	rng := rand.New(rand.NewSource(1))
	var f64s []float64
	for _, e := range heldFloats {
		for u := uint64(0); u+1 < 1<<e.Bits(); u++ {
			a, b := ir.FloatFromBits(u, e), ir.FloatFromBits(u+1, e)
			if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) || e == ir.BF16 && rng.Intn(16) != 0 {
				continue
			}
			m := (a + b) / 2
			f64s = append(f64s, m, m*(1+0x1p-40), m*(1-0x1p-40))
		}
	}
	f64s = append(f64s, math.Inf(1), math.Inf(-1), math.NaN(), 1e300, -1e-300, 0, math.Copysign(0, -1))
	var ints []int64
	for k := 0; k < 63; k++ {
		for _, m := range []int64{1, 0x101, 0x103, 0x1000001, 0x11, 0x9, 0x7f} {
			if v := m << k; v>>k == m {
				ints = append(ints, v, v+1, v-1, -v, -v-1)
			}
		}
	}
	ints = append(ints, math.MinInt64, math.MaxInt64, math.MinInt32, math.MaxInt32)
	for _, e := range heldFloats {
		t.Run(e.String(), func(t *testing.T) {
			for _, c := range []struct {
				from ir.ElementType
				in   *ir.Tensor
			}{
				{ir.F32, tensorF(ir.F32, f32s)},
				{ir.F64, tensorF(ir.F64, f64s)},
				{ir.I32, tensorI(ir.I32, ints)},
				{ir.I64, tensorI(ir.I64, ints)},
				{ir.UI64, tensorI(ir.UI64, ints)},
			} {
				n := c.in.Len()
				src := fmt.Sprintf(`func.func @main(%%x: tensor<%[2]dx%[3]s>) -> tensor<%[2]dx%[1]s> {
  %%0 = stablehlo.convert %%x : (tensor<%[2]dx%[3]s>) -> tensor<%[2]dx%[1]s>
  return %%0 : tensor<%[2]dx%[1]s>
}`, e, n, c.from)
				runBoth(t, src, c.in)
			}
		})
	}
}

// TestSubByteOnDevice runs arithmetic, shifts, bit counts and converts of
// i2, i4, ui2 and ui4 over every pair of values, and popcnt/clz of 8-,
// 16- and 64-bit integers, on the device.
func TestSubByteOnDevice(t *testing.T) {
	for _, e := range []ir.ElementType{ir.I2, ir.I4, ir.UI2, ir.UI4} {
		t.Run(e.String(), func(t *testing.T) {
			lo, hi := e.IntRange()
			var xs, ys []int64
			for x := lo; x <= hi; x++ {
				for y := lo; y <= hi; y++ {
					xs, ys = append(xs, x), append(ys, y)
				}
			}
			n := len(xs)
			var body, types, names string
			for i, op := range []string{"add", "subtract", "multiply", "divide", "remainder", "shift_left", "shift_right_logical", "shift_right_arithmetic", "xor", "maximum"} {
				body += fmt.Sprintf("  %%b%d = stablehlo.%s %%x, %%y : tensor<%dx%s>\n", i, op, n, e)
				names += fmt.Sprintf("%%b%d, ", i)
				types += fmt.Sprintf("tensor<%dx%s>, ", n, e)
			}
			for i, op := range []string{"popcnt", "count_leading_zeros", "not", "negate"} {
				body += fmt.Sprintf("  %%u%d = stablehlo.%s %%x : tensor<%dx%s>\n", i, op, n, e)
				names += fmt.Sprintf("%%u%d, ", i)
				types += fmt.Sprintf("tensor<%dx%s>, ", n, e)
			}
			body += fmt.Sprintf("  %%c0 = stablehlo.convert %%x : (tensor<%[1]dx%[2]s>) -> tensor<%[1]dxf32>\n  %%c1 = stablehlo.convert %%c0 : (tensor<%[1]dxf32>) -> tensor<%[1]dxbf16>\n  %%c2 = stablehlo.convert %%c1 : (tensor<%[1]dxbf16>) -> tensor<%[1]dx%[2]s>\n", n, e)
			names += "%c2"
			types += fmt.Sprintf("tensor<%dx%s>", n, e)
			src := fmt.Sprintf("func.func @main(%%x: tensor<%[1]dx%[2]s>, %%y: tensor<%[1]dx%[2]s>) -> (%[3]s) {\n%[4]s  return %[5]s : %[3]s\n}", n, e, types, body, names)
			runBoth(t, src, tensorI(e, xs), tensorI(e, ys))
		})
	}
	rng := rand.New(rand.NewSource(2))
	for _, e := range []ir.ElementType{ir.I8, ir.UI8, ir.I16, ir.UI16, ir.I64, ir.UI64} {
		t.Run(e.String(), func(t *testing.T) {
			vs := []int64{0, 1, -1, math.MinInt64, math.MaxInt64, 1 << 32, 1<<32 - 1, 1 << 31}
			for range 500 {
				vs = append(vs, int64(rng.Uint64())>>rng.Intn(64))
			}
			n := len(vs)
			src := fmt.Sprintf(`func.func @main(%%x: tensor<%[1]dx%[2]s>) -> (tensor<%[1]dx%[2]s>, tensor<%[1]dx%[2]s>) {
  %%0 = stablehlo.popcnt %%x : tensor<%[1]dx%[2]s>
  %%1 = stablehlo.count_leading_zeros %%x : tensor<%[1]dx%[2]s>
  return %%0, %%1 : tensor<%[1]dx%[2]s>, tensor<%[1]dx%[2]s>
}`, n, e)
			runBoth(t, src, tensorI(e, vs))
		})
	}
}
