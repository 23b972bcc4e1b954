package llvm

import (
	"fmt"
	"math"
	"math/rand"
	"testing"
	"unsafe"

	"github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// convertKernel returns a kernel out[i] = convert(in[i]) over n elements.
func convertKernel(from, to ir.ElementType, n int64) *K.Kernel {
	b := K.NewBuilder("conv")
	in := b.Param("in", from, []int64{n}, K.Read, 0)
	out := b.Param("out", to, []int64{n}, K.Write, 1)
	b.Loop(K.Grid, n, func(i *K.Node) {
		b.Store(out, i, b.Convert(b.Load(in, i), to))
	})
	return b.K
}

// evalF8 rewrites k with legalizeF8, checks that no f8 is left and that k
// is unchanged, and runs the copy on in (f8 given as their bytes),
// returning the output (f8 as bytes in I).
func evalF8(t *testing.T, k *K.Kernel, in *ir.Tensor) *ir.Tensor {
	t.Helper()
	before := k.String()
	nk := legalizeF8(k)
	if hasF8(nk) {
		t.Fatalf("f8 left after legalizeF8:\n%s", nk.String())
	}
	if k.String() != before {
		t.Fatalf("legalizeF8 modified its input")
	}
	out := ir.MustTensor(ir.TensorOf(nk.Params[1].Elem, nk.Params[1].Shape...))
	if err := K.EvalKernel(nk, []*ir.Tensor{in, out}); err != nil {
		t.Fatal(err)
	}
	return out
}

// sameFloat reports whether g and w are the same float (NaN-ness and the
// sign of zero included).
func sameFloat(g, w float64) bool {
	return g == w && math.Signbit(g) == math.Signbit(w) || math.IsNaN(g) && math.IsNaN(w)
}

// TestF8Decode converts every byte of each f8 type to f32 and f64 through
// the rewritten kernel and checks the value against ir.FloatFromBits.
func TestF8Decode(t *testing.T) {
	for _, e := range f8Types {
		for _, to := range []ir.ElementType{ir.F32, ir.F64} {
			in := ir.MustTensor(ir.TensorOf(ir.UI8, 256))
			for i := range in.I {
				in.I[i] = int64(i)
			}
			got := evalF8(t, convertKernel(e, to, 256), in)
			for i, g := range got.F {
				if w := ir.FloatFromBits(uint64(i), e); !sameFloat(g, w) {
					t.Errorf("%s bits %#02x to %s: got %v, want %v", e, i, to, g, w)
				}
			}
		}
	}
}

// f32Sweep returns f32 values around every rounding boundary of the f8
// types (each 8-bit mantissa prefix of the binades 2^-37..2^33 and one
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
	for range 5000 {
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

// TestF8Encode converts a sweep of f32, f64 (values between f32's too:
// the rounding must happen once), f16 and i32 values to each f8 type and
// checks the bytes against ir.FloatBits (round to nearest even; f8E4M3FN
// overflow to the positive NaN, NaN keeping its sign).
func TestF8Encode(t *testing.T) {
	vals := f32Sweep()
	for _, e := range f8Types {
		for _, from := range []ir.ElementType{ir.F32, ir.F64, ir.F16, ir.I32} {
			t.Run(fmt.Sprintf("%s_from_%s", e, from), func(t *testing.T) {
				n := int64(len(vals))
				in := ir.MustTensor(ir.TensorOf(from, n))
				for i, v := range vals {
					switch {
					case from == ir.F64 && i%3 == 1:
						v += v * 0x1p-30
					case from == ir.F16:
						v = ir.RoundFloat(v*0x1p-8, ir.F16)
					case from == ir.I32:
						v = math.Trunc(v * 0x1p-20)
					}
					if from == ir.I32 {
						if math.IsNaN(v) || math.Abs(v) >= 1<<31 {
							v = float64(i)
						}
						in.I[i] = int64(v)
					} else {
						in.F[i] = v
					}
				}
				got := evalF8(t, convertKernel(from, e, n), in)
				bad := 0
				for i, g := range got.I {
					x := in.F
					v := 0.0
					if from == ir.I32 {
						v = float64(in.I[i])
					} else {
						v = x[i]
					}
					if w := int64(ir.FloatBits(v, e)); g != w && bad < 10 {
						bad++
						t.Errorf("%s(%v from %s): got %#02x, want %#02x", e, v, from, g, w)
					}
				}
			})
		}
	}
}

// TestF8ToF8 converts every byte of each f8 type to the other and checks
// it against rounding the decoded value.
func TestF8ToF8(t *testing.T) {
	for _, from := range f8Types {
		to := f8Types[0]
		if from == to {
			to = f8Types[1]
		}
		in := ir.MustTensor(ir.TensorOf(ir.UI8, 256))
		for i := range in.I {
			in.I[i] = int64(i)
		}
		got := evalF8(t, convertKernel(from, to, 256), in)
		for i, g := range got.I {
			v := ir.FloatFromBits(uint64(i), from)
			w := int64(ir.FloatBits(v, to))
			if g != w && !(math.IsNaN(v) && math.IsNaN(ir.FloatFromBits(uint64(g), to))) {
				t.Errorf("%s %#02x (%v) to %s: got %#02x, want %#02x", from, i, v, to, g, w)
			}
		}
	}
}

// TestF8CPU compiles f32/f64 -> f8 and f8 -> f32 converts for the cpu
// target, runs them on the f32 sweep and on every byte, and checks the
// results against ir.FloatBits and ir.FloatFromBits (bit-exact; NaNs by
// NaN-ness).
func TestF8CPU(t *testing.T) {
	tgt := cpuTarget(t)
	vals := f32Sweep()
	n := int64(len(vals))
	type conv struct {
		from, to ir.ElementType
		n        int64
	}
	var convs []conv
	for _, e := range f8Types {
		convs = append(convs, conv{ir.F32, e, n}, conv{ir.F64, e, n}, conv{e, ir.F32, 256})
	}
	mod := NewModule(tgt)
	for i, c := range convs {
		if _, err := mod.Add(convertKernel(c.from, c.to, c.n), fmt.Sprintf("conv%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	lib := loadCPU(t, mod)
	defer lib.Close()
	for i, c := range convs {
		in := ir.MustTensor(ir.TensorOf(c.from, c.n))
		if isF8(c.from) {
			in = ir.MustTensor(ir.TensorOf(ir.UI8, c.n))
			for j := range in.I {
				in.I[j] = int64(j)
			}
		} else {
			for j, v := range vals {
				if c.from == ir.F64 && j%3 == 1 {
					v += v * 0x1p-30
				}
				in.F[j] = v
			}
		}
		outT := ir.TensorOf(c.to, c.n)
		if isF8(c.to) {
			outT = ir.TensorOf(ir.UI8, c.n)
		}
		inB := ir.TensorBytes(in)
		inBuf := alloc(int64(len(inB)))
		copy(inBuf, inB)
		outBuf := alloc(c.n * int64(outT.Elem.ByteSize()))
		k, err := lib.Kernel(mod.Kernels[i].Symbol)
		if err != nil {
			t.Fatal(err)
		}
		k.Run([]uint64{uint64(uintptr(unsafe.Pointer(&inBuf[0]))), uint64(uintptr(unsafe.Pointer(&outBuf[0])))}, mod.Kernels[i].Grid, 2)
		out, err := ir.TensorFromBytes(outT, outBuf)
		if err != nil {
			t.Fatal(err)
		}
		bad := 0
		for j := range c.n {
			var ok bool
			var got, want any
			if isF8(c.to) {
				g, w := out.I[j], int64(ir.FloatBits(in.F[j], c.to))
				ok, got, want = g == w, g, w
			} else {
				g, w := out.F[j], ir.FloatFromBits(uint64(j), c.from)
				ok, got, want = sameFloat(g, w), g, w
			}
			if !ok && bad < 10 {
				bad++
				t.Errorf("%s -> %s, element %d: got %v, want %v", c.from, c.to, j, got, want)
			}
		}
	}
}
