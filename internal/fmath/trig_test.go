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
