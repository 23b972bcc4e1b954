package fmath

import (
	"math"
	"testing"
)

// TestTrigLarge checks Sin, Cos and Tan of large arguments against values
// worked out with 300-bit arithmetic (mpmath), where math.Sin is tens of
// ulps off.
func TestTrigLarge(t *testing.T) {
	for _, c := range []struct{ x, sin, cos float64 }{
		{1e30, 0.009331468931175825, -0.9999564608959665},
		{-1.2563858435029742e+19, 0.0028197870363965497, 0.9999960243926319},
		{1e22, -0.8522008497671888, 0.523214785395139},
		{0x1p1023, 0.563127779850884, -0.826369834614148},
	} {
		if d := ulps(Sin(c.x), c.sin); d > 1 {
			t.Errorf("Sin(%v) = %v, want %v (%.0f ulp)", c.x, Sin(c.x), c.sin, d)
		}
		if c.cos != 0 {
			if d := ulps(Cos(c.x), c.cos); d > 1 {
				t.Errorf("Cos(%v) = %v, want %v (%.0f ulp)", c.x, Cos(c.x), c.cos, d)
			}
		}
	}
	if s := Sin(math.Inf(1)); !math.IsNaN(s) {
		t.Errorf("Sin(inf) = %v", s)
	}
}

// TestTrigMedium: zeros of sin and cos near multiples of pi/2 and tan of a
// tiny argument, against 300-bit values (math.Sin is 7 ulps off at pi,
// math.Tan 14 at 8e-8).
func TestTrigMedium(t *testing.T) {
	for _, c := range []struct {
		f    func(float64) float64
		name string
		x, w float64
	}{
		{Sin, "Sin", 3.141592653589793, 1.2246467991473532e-16},
		{Cos, "Cos", 4.71238898038469, -1.8369701987210297e-16},
		{Tan, "Tan", 8.154134895305116e-08, 8.154134895305134e-08},
		{Sin, "Sin", 100, -0.5063656411097588},
		{Tan, "Tan", 1e5, -0.035771662952898776},
		{Tan, "Tan", 3.141592653589793, -1.2246467991473532e-16},
	} {
		if d := ulps(c.f(c.x), c.w); d > 1 {
			t.Errorf("%s(%v) = %v, want %v (%.0f ulp)", c.name, c.x, c.f(c.x), c.w, d)
		}
	}
	if s := Tan(math.Copysign(0, -1)); !math.Signbit(s) || s != 0 {
		t.Errorf("Tan(-0) = %v", s)
	}
}
