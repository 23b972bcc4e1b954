package compile

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
)

// chloTargetCase is one chlo op of TestChloOnTargets: its operands'
// values (of the i-th of n elements) and its bound in ULPs against the
// interpreter on each target (counted in ULPs of max(|want|, floor) where
// floor > 0: an absolute error near the function's zeros).
type chloTargetCase struct {
	op    string
	args  []func(i, n int) float64
	f32   int64 // bound for f32
	f64   int64 // bound for f64
	floor float64
}

// lin returns the i-th of n evenly spaced points of [lo, hi].
func lin(lo, hi float64) func(i, n int) float64 {
	return func(i, n int) float64 { return lo + (hi-lo)*float64(i)/float64(n-1) }
}

// cycle returns vs[i % len(vs)].
func cycle(vs ...float64) func(i, n int) float64 {
	return func(i, n int) float64 { return vs[i%len(vs)] }
}

// chloTargetCases are the measured bounds stated in docs/IR.md ("chlo
// ops"): the legalised forms' error on the interpreter plus the targets'
// own exp, log, sin, atan2 ... errors.
var chloTargetCases = []chloTargetCase{
	{op: "erfc", args: []func(int, int) float64{lin(-4, 10)}, f32: 12, f64: 12},
	{op: "lgamma", args: []func(int, int) float64{lin(-9.93, 30)}, f32: 40, f64: 40, floor: 1},
	{op: "digamma", args: []func(int, int) float64{lin(-9.93, 30)}, f32: 12, f64: 20, floor: 1},
	{op: "bessel_i1e", args: []func(int, int) float64{lin(-50, 50)}, f32: 12, f64: 14},
	{op: "asin", args: []func(int, int) float64{lin(-1, 1)}, f32: 4, f64: 4},
	{op: "acos", args: []func(int, int) float64{lin(-1, 1)}, f32: 4, f64: 4},
	{op: "atan", args: []func(int, int) float64{lin(-20, 20)}, f32: 4, f64: 4},
	{op: "sinh", args: []func(int, int) float64{lin(-88, 88)}, f32: 4, f64: 4},
	{op: "cosh", args: []func(int, int) float64{lin(-88, 88)}, f32: 4, f64: 4},
	{op: "asinh", args: []func(int, int) float64{lin(-100, 100)}, f32: 4, f64: 4},
	{op: "acosh", args: []func(int, int) float64{lin(1, 100)}, f32: 4, f64: 4},
	{op: "atanh", args: []func(int, int) float64{lin(-1, 1)}, f32: 4, f64: 4},
	{op: "zeta", args: []func(int, int) float64{cycle(1.5, 2, 3, 4.5, 7, 12), lin(0.05, 40)}, f32: 24, f64: 32},
	{op: "polygamma", args: []func(int, int) float64{cycle(0, 1, 2, 3, 4), lin(0.05, 40)}, f32: 24, f64: 24, floor: 1},
	{op: "next_after", args: []func(int, int) float64{lin(-3, 3), cycle(math.Inf(1), math.Inf(-1), 0, 1, -1e-40)}},
}

// chloTargetSource returns @main applying every case's op to its own
// inputs of n elements of type e.
func chloTargetSource(e ir.ElementType, n int) string {
	tt := fmt.Sprintf("tensor<%dx%s>", n, e)
	var params, body, rets, rtypes []string
	k := 0
	for i, c := range chloTargetCases {
		var names, types []string
		for range c.args {
			params = append(params, fmt.Sprintf("%%a%d: %s", k, tt))
			names = append(names, fmt.Sprintf("%%a%d", k))
			types = append(types, tt)
			k++
		}
		body = append(body, fmt.Sprintf("  %%r%d = chlo.%s %s : %s -> %s", i, c.op, strings.Join(names, ", "), strings.Join(types, ", "), tt))
		rets = append(rets, fmt.Sprintf("%%r%d", i))
		rtypes = append(rtypes, tt)
	}
	return fmt.Sprintf("func.func @main(%s) -> (%s) {\n%s\n  return %s : %s\n}\n", strings.Join(params, ", "),
		strings.Join(rtypes, ", "), strings.Join(body, "\n"), strings.Join(rets, ", "), strings.Join(rtypes, ", "))
}

// ulpErr is the distance of g from w in ULPs of type e (of max(|w|,
// floor) when floor > 0 and |w| < floor); 0 for two NaNs or equal
// infinities, MaxInt64 for a NaN or infinity against anything else.
func ulpErr(g, w float64, e ir.ElementType, floor float64) int64 {
	switch {
	case math.IsNaN(g) && math.IsNaN(w), g == w:
		return 0
	case math.IsNaN(g) || math.IsNaN(w) || math.IsInf(g, 0) || math.IsInf(w, 0):
		return math.MaxInt64
	}
	m := math.Max(math.Abs(w), floor)
	ulp := ir.FloatFromBits(ir.FloatBits(m, e)+1, e) - ir.RoundFloat(m, e)
	if m == 0 {
		ulp = ir.FloatFromBits(1, e)
	}
	return int64(math.Ceil(math.Abs(g-w)/ulp - 1e-9))
}

// TestChloOnTargets compiles every legalised chlo op for wasm (-O0 and
// -O2), cpu and vulkan (-O2; vulkan f32 only: lavapipe has no f64 here), runs it on
// values given as inputs, and checks each result against the interpreter
// within the case's bound (next_after exactly).
func TestChloOnTargets(t *testing.T) {
	const n = 263 // not a multiple of any vector width: remainders run too
	for _, e := range []ir.ElementType{ir.F32, ir.F64} {
		src := chloTargetSource(e, n)
		m, err := asm.Parse("chlo.mlir", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		var in []*ir.Tensor
		var args []interp.Value
		for _, c := range chloTargetCases {
			for _, f := range c.args {
				x := ir.MustTensor(ir.TensorOf(e, n))
				for i := 0; i < n; i++ {
					x.Set(i, ir.RoundFloat(f(i, n), e))
				}
				in = append(in, x)
				args = append(args, x)
			}
		}
		want, err := interp.New(m).Call("main", args)
		if err != nil {
			t.Fatal(err)
		}
		targets := []string{"wasm", "cpu", "vulkan"}
		if e == ir.F64 {
			targets = targets[:2]
		}
		for _, target := range targets {
			levels := []int{2}
			if target == "wasm" {
				// -O0 makes a kernel of every op of the legalised forms
				// (about 1500): minutes on cpu and vulkan; wasm shows
				// that -O0 legalises them (compile.legalizeChlo).
				levels = []int{0, 2}
			}
			for _, level := range levels {
				t.Run(fmt.Sprintf("%s/%s/O%d", e, target, level), func(t *testing.T) {
					needTarget(t, target)
					got, err := Run(context.Background(), "chlo.mlir", []byte(src), Options{Target: target, OptLevel: Level(level)}, "", "", in)
					if err != nil {
						t.Fatal(err)
					}
					for ci, c := range chloTargetCases {
						bound := c.f32
						if e == ir.F64 {
							bound = c.f64
						}
						w, g := want[ci].(*ir.Tensor), got[ci]
						worst, at := int64(0), -1
						for i := range w.F {
							if d := ulpErr(g.F[i], w.F[i], e, c.floor); d > worst {
								worst, at = d, i
							}
						}
						if worst > bound {
							t.Errorf("chlo.%s: %d ULP at element %d (got %g, want %g), bound %d", c.op, worst, at, g.F[at], w.F[at], bound)
						} else {
							t.Logf("chlo.%s: max %d ULP", c.op, worst)
						}
					}
				})
			}
		}
	}
}

// chloComplexOps are the chlo ops with a complex form.
var chloComplexOps = []string{"asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh"}

// TestChloComplexOnTargets compiles the complex forms for wasm, cpu and
// vulkan (complex<f32>; complex<f64> on wasm and cpu) at -O2 and checks
// them against the interpreter on a grid of [-3, 3]² with signed zeros on
// the axes, normwise: max(|Δre|, |Δim|) within 4 ULPs of the larger part
// (measured: 2).
func TestChloComplexOnTargets(t *testing.T) {
	var pts []complex128
	nz := math.Copysign(0, -1)
	for i := 0; i < 17; i++ {
		v := -3 + 6*float64(i)/16
		for j := 0; j < 17; j++ {
			pts = append(pts, complex(v, -3+6*float64(j)/16))
		}
		pts = append(pts, complex(v, 0), complex(v, nz), complex(0, v), complex(nz, v))
	}
	n := len(pts)
	for _, e := range []ir.ElementType{ir.C64, ir.C128} {
		tt := fmt.Sprintf("tensor<%dx%s>", n, e)
		var body, rets, rtypes []string
		for i, op := range chloComplexOps {
			body = append(body, fmt.Sprintf("  %%r%d = chlo.%s %%z : %s -> %s", i, op, tt, tt))
			rets = append(rets, fmt.Sprintf("%%r%d", i))
			rtypes = append(rtypes, tt)
		}
		src := fmt.Sprintf("func.func @main(%%z: %s) -> (%s) {\n%s\n  return %s : %s\n}\n", tt, strings.Join(rtypes, ", "),
			strings.Join(body, "\n"), strings.Join(rets, ", "), strings.Join(rtypes, ", "))
		m, err := asm.Parse("chlo_complex.mlir", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		z := ir.MustTensor(ir.TensorOf(e, int64(n)))
		for i, p := range pts {
			z.Set(i, p)
		}
		want, err := interp.New(m).Call("main", []interp.Value{z})
		if err != nil {
			t.Fatal(err)
		}
		targets := []string{"wasm", "cpu", "vulkan"}
		if e == ir.C128 {
			targets = targets[:2]
		}
		for _, target := range targets {
			t.Run(fmt.Sprintf("%s/%s", e, target), func(t *testing.T) {
				needTarget(t, target)
				got, err := Run(context.Background(), "chlo_complex.mlir", []byte(src), Options{Target: target}, "", "", []*ir.Tensor{z})
				if err != nil {
					t.Fatal(err)
				}
				part := e.ComplexPart()
				for k, op := range chloComplexOps {
					w, g := want[k].(*ir.Tensor), got[k]
					worst, at := int64(0), 0
					for i := range w.C {
						d := max(ulpErr(real(g.C[i]), real(w.C[i]), part, math.Max(math.Abs(real(w.C[i])), math.Abs(imag(w.C[i])))),
							ulpErr(imag(g.C[i]), imag(w.C[i]), part, math.Max(math.Abs(real(w.C[i])), math.Abs(imag(w.C[i])))))
						if d > worst {
							worst, at = d, i
						}
					}
					if worst > 4 {
						t.Errorf("chlo.%s: %d ULP at %v (got %v, want %v)", op, worst, pts[at], g.C[at], w.C[at])
					} else {
						t.Logf("chlo.%s: max %d ULP", op, worst)
					}
				}
			})
		}
	}
}
