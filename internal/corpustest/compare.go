package corpustest

import (
	"fmt"
	"math"

	"github.com/zmlc/zmlc/ir"
)

// Tolerance says how far a target's float element may be from the
// expected one: |got-want| <= tol * max(|want|, scale), where tol is the
// field for the element type and scale the tensor's largest finite
// magnitude (normwise: a target may reassociate sums, and cancellation
// makes an elementwise relative error meaningless). Complex parts use the
// field of their float type.
type Tolerance struct {
	F64, F32, F16 float64
	// Other is the tolerance of bf16 and the f8 types.
	Other float64
	// SignedZeros, when set, requires an expected zero to come back as a
	// zero of the same sign (no tolerance around zero).
	SignedZeros bool
}

// Reassociated is the tolerance of the kernel lowering against the
// interpreter: exact math, but sums (dot, convolution, reduce) may be
// reassociated.
var Reassociated = Tolerance{F64: 1e-12, F32: 1e-6, F16: 2e-3, Other: 2e-2}

// LegalisedMath is the tolerance of the GPU and LLVM targets against the
// interpreter: the legalised math functions (targets/gpu) are within 4 ULP
// (f32: 2^-23 ≈ 1.2e-7 per ULP; tan's 4 ULP is the worst) on top of
// Reassociated's sums.
var LegalisedMath = Tolerance{F64: 1e-12, F32: 4e-6, F16: 4e-3, Other: 3e-2}

// of returns the tolerance for element type e (for a complex type, that of
// its parts).
func (tol Tolerance) of(e ir.ElementType) float64 {
	switch e {
	case ir.F64, ir.C128:
		return tol.F64
	case ir.F32, ir.C64:
		return tol.F32
	case ir.F16:
		return tol.F16
	}
	return tol.Other
}

// Compare returns nil when got matches want: the same type, integers and
// booleans exactly, floats and complex parts within tol (see Tolerance),
// NaN with NaN, infinities exactly. Otherwise the error names the first
// element that differs.
func Compare(got, want *ir.Tensor, tol Tolerance) error {
	if !ir.TypesEqual(got.Type, want.Type) {
		return fmt.Errorf("type %s, want %s", got.Type, want.Type)
	}
	if len(got.I) != len(want.I) || len(got.F) != len(want.F) || len(got.C) != len(want.C) {
		return fmt.Errorf("%d/%d/%d elements (int/float/complex), want %d/%d/%d", len(got.I), len(got.F), len(got.C), len(want.I), len(want.F), len(want.C))
	}
	for i := range want.I {
		if got.I[i] != want.I[i] {
			return fmt.Errorf("element %d: got %d, want %d", i, got.I[i], want.I[i])
		}
	}
	t := tol.of(want.Type.Elem)
	scale := 0.0
	for _, w := range want.F {
		scale = grow(scale, w)
	}
	for i, w := range want.F {
		if g := got.F[i]; !tol.close(g, w, t, scale) {
			return fmt.Errorf("element %d: got %v, want %v", i, g, w)
		}
	}
	scale = 0
	for _, w := range want.C {
		scale = grow(grow(scale, real(w)), imag(w))
	}
	for i, w := range want.C {
		g := got.C[i]
		if !tol.close(real(g), real(w), t, scale) || !tol.close(imag(g), imag(w), t, scale) {
			return fmt.Errorf("element %d: got %v, want %v", i, g, w)
		}
	}
	return nil
}

// grow returns max(scale, |w|) for finite w, scale otherwise.
func grow(scale, w float64) float64 {
	if math.IsInf(w, 0) || math.IsNaN(w) {
		return scale
	}
	return math.Max(scale, math.Abs(w))
}

// close reports whether g is within t of w on a tensor of the given scale.
func (tol Tolerance) close(g, w, t, scale float64) bool {
	if math.IsNaN(g) && math.IsNaN(w) {
		return true
	}
	if tol.SignedZeros && w == 0 {
		return g == 0 && math.Signbit(g) == math.Signbit(w)
	}
	if g == w {
		return true
	}
	return !math.IsInf(w, 0) && math.Abs(g-w) <= t*math.Max(math.Abs(w), scale)
}
