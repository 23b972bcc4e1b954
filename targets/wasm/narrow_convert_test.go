package wasm_test

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
)

// narrowFloats are the float types the wasm target holds as their bits.
var narrowFloats = []ir.ElementType{ir.BF16, ir.F16, ir.F8E4M3FN, ir.F8E5M2}

// bitsType is the unsigned integer type of a narrow float's width.
func bitsType(e ir.ElementType) ir.ElementType {
	if e.Bits() == 16 {
		return ir.UI16
	}
	return ir.UI8
}

// runBoth compiles src's @main for the wasm target, runs it on in and
// returns its results together with the reference interpreter's.
func runBoth(t *testing.T, src string, in *ir.Tensor) (got, want []*ir.Tensor) {
	t.Helper()
	m, err := asm.Parse("narrow.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	ref, err := interp.New(m).Call("main", []interp.Value{in})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range ref {
		want = append(want, v.(*ir.Tensor))
	}
	return runCompiled(t, m, 1, []*ir.Tensor{in}), want
}

// toNarrowSrc is a function converting its argument (n values of type
// from) to each narrow float and returning their bits.
func toNarrowSrc(from ir.ElementType, n int) string {
	var body, res, types []string
	for i, e := range narrowFloats {
		body = append(body,
			fmt.Sprintf("  %%c%d = stablehlo.convert %%x : (tensor<%dx%s>) -> tensor<%dx%s>", i, n, from, n, e),
			fmt.Sprintf("  %%b%d = stablehlo.bitcast_convert %%c%d : (tensor<%dx%s>) -> tensor<%dx%s>", i, i, n, e, n, bitsType(e)))
		res = append(res, fmt.Sprintf("%%b%d", i))
		types = append(types, fmt.Sprintf("tensor<%dx%s>", n, bitsType(e)))
	}
	ts := strings.Join(types, ", ")
	return fmt.Sprintf("func.func @main(%%x: tensor<%dx%s>) -> (%s) {\n%s\n  return %s : %s\n}\n",
		n, from, ts, strings.Join(body, "\n"), strings.Join(res, ", "), ts)
}

// intTies returns 64-bit integer bit patterns around the rounding
// boundaries of every narrow float: for each length, significands of 2 to
// 12 bits followed by a tie bit, with nothing, the lowest bit, or every
// bit below it set (and one less), so that a conversion rounding twice
// (through f64 or f32) differs; plus random values of every length.
func intTies(rng *rand.Rand, bits int) []uint64 {
	var out []uint64
	add := func(u uint64) {
		if bits < 64 {
			u &= 1<<bits - 1
		}
		out = append(out, u)
	}
	for length := 1; length <= bits; length++ {
		top := uint64(1) << (length - 1)
		for p := 2; p <= 12 && p < length; p++ {
			shift := length - p              // bits below the kept significand
			half := uint64(1) << (shift - 1) // the tie bit
			for _, m := range []uint64{1<<(p-1) | 1, 1<<(p-1) | 2, 1<<p - 1, 1<<(p-1) | rng.Uint64()&(1<<(p-1)-1)} {
				v := m << shift
				add(v | half)
				add(v | half - 1)
				add(v | half | 1)
				add(v | half + half - 1)
				add(v | half>>1)
			}
		}
		for range 8 {
			add(top | rng.Uint64()&(top-1))
		}
	}
	return out
}

// f64Ties returns f64 values at and near the rounding boundaries of every
// narrow float (midpoints of neighbours, moved by amounts below f32's and
// below f64's precision), the specials, overflow bounds and random values.
func f64Ties(rng *rand.Rand) []float64 {
	fs := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), -math.NaN(),
		464, 465, 448, 480, 65520, 65504, 61440, 57344, 1e-40, -1e-45, 3.4e38, 1e300, -1e300, 0x1p-1074}
	for _, e := range narrowFloats {
		for u := uint64(0); u+1 < 1<<e.Bits(); u++ {
			a, b := ir.FloatFromBits(u, e), ir.FloatFromBits(u+1, e)
			if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) || e.Bits() == 16 && rng.Intn(16) != 0 {
				continue
			}
			m := (a + b) / 2
			fs = append(fs, m, m*(1+0x1p-40), m*(1-0x1p-40), m*(1+0x1p-52), m*(1-0x1p-53), -m, -m*(1+0x1p-30))
		}
	}
	for range 4000 {
		fs = append(fs, math.Float64frombits(rng.Uint64()))
	}
	return fs
}

// sameNarrowBits compares the bits g (wasm) and w (interpreter) of a
// narrow float e converted from a NaN (nanIn) or another value: exactly,
// but for NaN results. The interpreter holds narrow floats as float64, so
// a NaN input keeps its sign but not its payload there: then g must be a
// NaN of w's sign. A NaN from a number is f8E4M3FN's overflow NaN, which
// ir.RoundFloat makes positive (0x7F) — the interpreter's float-to-f8
// converts do, its integer ones negate the positive NaN of the magnitude
// (0xFF for negative integers): then g must be 0x7F.
func sameNarrowBits(g, w int64, e ir.ElementType, nanIn bool) bool {
	gf, wf := ir.FloatFromBits(uint64(g), e), ir.FloatFromBits(uint64(w), e)
	switch {
	case !math.IsNaN(wf):
		return g == w
	case nanIn:
		return math.IsNaN(gf) && math.Signbit(gf) == math.Signbit(wf)
	}
	return g == 0x7f && e == ir.F8E4M3FN
}

// TestNarrowEncodeVsInterp converts integers and f64 values at the ties of
// every narrow float (bf16, f16, f8E4M3FN, f8E5M2) on the wasm target and
// compares the bits with the reference interpreter exactly (NaN results as
// sameNarrowBits says): one rounding to nearest even, as ir.FloatBits.
func TestNarrowEncodeVsInterp(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, from := range []ir.ElementType{ir.I32, ir.UI32, ir.I64, ir.UI64, ir.F64, ir.F32} {
		t.Run(from.String(), func(t *testing.T) {
			var in *ir.Tensor
			switch {
			case from.IsFloat():
				fs := f64Ties(rng)
				if from == ir.F32 {
					for i, f := range fs {
						fs[i] = float64(float32(f))
					}
				}
				in = ir.MustTensor(&ir.TensorType{Shape: []int64{int64(len(fs))}, Elem: from})
				copy(in.F, fs)
			default:
				us := intTies(rng, from.Bits())
				if from.Bits() == 64 {
					// The double rounding the wasm target had (through
					// f64): bf16 0x5a02 instead of 0x5a01.
					us = append(us, 9042383626829825, 9042383626829825)
				}
				in = ir.MustTensor(&ir.TensorType{Shape: []int64{int64(len(us))}, Elem: from})
				for i, u := range us {
					v := int64(u)
					if from.IsSigned() && i%2 == 1 {
						v = -v
					}
					in.I[i] = from.WrapInt(v)
				}
			}
			got, want := runBoth(t, toNarrowSrc(from, in.Len()), in)
			for k, e := range narrowFloats {
				bad := 0
				for i, w := range want[k].I {
					if g := got[k].I[i]; !sameNarrowBits(g, w, e, from.IsFloat() && math.IsNaN(in.F[i])) {
						if bad < 5 {
							var x any = in.F
							if from.IsFloat() {
								x = in.F[i]
							} else {
								x = in.I[i]
							}
							t.Errorf("%s -> %s of %v: got %#x (%v), want %#x (%v)", from, e, x,
								g, ir.FloatFromBits(uint64(g), e), w, ir.FloatFromBits(uint64(w), e))
						}
						bad++
					}
				}
				if bad > 0 {
					t.Errorf("%s -> %s: %d of %d values differ from the interpreter", from, e, bad, in.Len())
				}
			}
		})
	}
}

// TestNarrowDecodeVsInterp converts every bit pattern of each narrow float
// to f64, f32, i64, ui64, i32 and ui8 on the wasm target and compares
// the results with the reference interpreter exactly (NaN with NaN).
func TestNarrowDecodeVsInterp(t *testing.T) {
	tos := []ir.ElementType{ir.F64, ir.F32, ir.I64, ir.UI64, ir.I32, ir.UI8}
	for _, e := range narrowFloats {
		t.Run(e.String(), func(t *testing.T) {
			n := 1 << e.Bits()
			bt := bitsType(e)
			var body, res, types []string
			body = append(body, fmt.Sprintf("  %%v = stablehlo.bitcast_convert %%x : (tensor<%dx%s>) -> tensor<%dx%s>", n, bt, n, e))
			for i, to := range tos {
				body = append(body, fmt.Sprintf("  %%c%d = stablehlo.convert %%v : (tensor<%dx%s>) -> tensor<%dx%s>", i, n, e, n, to))
				res = append(res, fmt.Sprintf("%%c%d", i))
				types = append(types, fmt.Sprintf("tensor<%dx%s>", n, to))
			}
			ts := strings.Join(types, ", ")
			src := fmt.Sprintf("func.func @main(%%x: tensor<%dx%s>) -> (%s) {\n%s\n  return %s : %s\n}\n",
				n, bt, ts, strings.Join(body, "\n"), strings.Join(res, ", "), ts)
			in := ir.MustTensor(&ir.TensorType{Shape: []int64{int64(n)}, Elem: bt})
			for i := range in.I {
				in.I[i] = int64(i)
			}
			got, want := runBoth(t, src, in)
			for k, to := range tos {
				bad := 0
				for i := 0; i < n; i++ {
					var ok bool
					var g, w any
					if to.IsFloat() {
						gf, wf := got[k].F[i], want[k].F[i]
						ok = gf == wf && math.Signbit(gf) == math.Signbit(wf) || math.IsNaN(gf) && math.IsNaN(wf)
						g, w = gf, wf
					} else {
						ok = got[k].I[i] == want[k].I[i]
						g, w = got[k].I[i], want[k].I[i]
					}
					if !ok {
						if bad < 5 {
							t.Errorf("%s bits %#x -> %s: got %v, want %v", e, i, to, g, w)
						}
						bad++
					}
				}
				if bad > 0 {
					t.Errorf("%s -> %s: %d of %d values differ from the interpreter", e, to, bad, n)
				}
			}
		})
	}
}
