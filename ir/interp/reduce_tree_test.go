package interp

import (
	"math"
	"testing"
)

// TestTreeSumError: the blocked tree sums 10^6 f32 copies of 0.1 within
// 16 ulp of the exact 100000.0015 (the left fold is 958 off), and the tree
// visits every element once (integers sum exactly).
func TestTreeSumError(t *testing.T) {
	round := func(v float64) float64 { return float64(float32(v)) }
	for _, n := range []int{1, 31, 32, 33, 1024, 1025, 32*32*32 + 7, 1000000} {
		x := make([]float64, n)
		for i := range x {
			x[i] = float64(i % 3)
		}
		want := 0.0
		for _, v := range x {
			want += v
		}
		if got := treeSum(x, func(v float64) float64 { return v }); got != want {
			t.Errorf("n=%d: integer sum %v, want %v", n, got, want)
		}
	}
	x := make([]float64, 1000000)
	for i := range x {
		x[i] = round(0.1)
	}
	got := treeSum(x, round)
	exact := round(0.1) * 1e6
	if d := math.Abs(got-exact) / float64(math.Nextafter32(1e5, 2e5)-1e5); d > 16 {
		t.Errorf("sum of 10^6 x 0.1f = %v, %.0f ulp from %v", got, d, exact)
	}
	if s := treeSum([]float64{math.Copysign(0, -1)}, round); !math.Signbit(s) {
		t.Errorf("a sum of -0 is %v, want -0", s)
	}
}
