package fmath

import (
	"math"
	"math/cmplx"
	"testing"
)

// ulps is the distance between a and b in units of the last place of b.
func ulps(a, b float64) float64 {
	if a == b {
		return 0
	}
	return math.Abs(a-b) / (math.Nextafter(math.Abs(b), math.Inf(1)) - math.Abs(b))
}

// TestLogSubnormal checks Log against exact identities: log(2^k) = k ln 2
// and log(m 2^k) = log(m) + k ln 2, for subnormal arguments.
func TestLogSubnormal(t *testing.T) {
	for k := -1074; k <= -1020; k++ {
		x := math.Ldexp(1, k)
		want := float64(k) * math.Ln2 // within 0.5 ulp of k*ln2: |k| < 2^11
		if d := ulps(Log(x), want); d > 1 {
			t.Errorf("Log(2^%d) = %v, want %v (%.1f ulp)", k, Log(x), want, d)
		}
	}
	x := 3 * math.Ldexp(1, -1070)
	if d := ulps(Log(x), math.Log(3)-1070*math.Ln2); d > 2 {
		t.Errorf("Log(3*2^-1070) = %v (%.1f ulp)", Log(x), d)
	}
	for _, c := range []struct{ x, want float64 }{{0, math.Inf(-1)}, {-0x1p-1074, math.NaN()}, {1, 0}, {math.Inf(1), math.Inf(1)}} {
		if got := Log(c.x); got != c.want && !(math.IsNaN(got) && math.IsNaN(c.want)) {
			t.Errorf("Log(%v) = %v, want %v", c.x, got, c.want)
		}
	}
	if d := ulps(Log10(0x1p-1074), -1074*math.Log10(2)); d > 2 {
		t.Errorf("Log10(2^-1074) = %v (%.1f ulp)", Log10(0x1p-1074), d)
	}
}

// TestPowSubnormal: (2^-1074)^(1/1074*k) and x^y for subnormal x against
// 2^(k*y) computed exactly in the exponent.
func TestPowSubnormal(t *testing.T) {
	for _, c := range []struct{ x, y, want float64 }{
		{0x1p-1074, 0.5, 0x1p-537},
		{0x1p-1074, -0.5, 0x1p537},
		{0x1p-1060, 0.25, 0x1p-265},
		{0x1p-1074, 1.0 / 1074, math.Exp2(-1074 * (1.0 / 1074))},
		{0x1p-1073, 2, 0},
		{0x1p-1073, -0.75, math.Exp2(1073 * 0.75)},
		{-0x1p-1074, 3, math.Copysign(0, -1)},
		{0x1p-1074, 0, 1},
	} {
		got := Pow(c.x, c.y)
		if d := ulps(got, c.want); d > 2 || math.Signbit(got) != math.Signbit(c.want) {
			t.Errorf("Pow(%v, %v) = %v, want %v (%.1f ulp)", c.x, c.y, got, c.want, d)
		}
	}
}

func TestComplexSubnormal(t *testing.T) {
	z := complex(0x1p-1074, 0x1p-1074)
	want := -1074*math.Ln2 + 0.5*math.Ln2
	if d := ulps(real(CLog(z)), want); d > 2 || imag(CLog(z)) != math.Pi/4 {
		t.Errorf("CLog(%v) = %v, want real %v", z, CLog(z), want)
	}
	p := CPow(complex(0x1p-1074, 0), complex(0.5, 0))
	if d := ulps(real(p), 0x1p-537); d > 4 || math.Abs(imag(p)) > 1e-170 {
		t.Errorf("CPow(2^-1074, 0.5) = %v, want 2^-537", p)
	}
	if got := CPow(complex(4, 0), complex(0.5, 0)); cmplx.Abs(got-2) > 1e-15 {
		t.Errorf("CPow(4, 0.5) = %v", got)
	}
}

// TestPowExact: exact powers must come out exact (within 1 ulp) where
// math.Pow's exp(y log x) loses many ulps.
func TestPowExact(t *testing.T) {
	for _, c := range []struct{ x, y, want float64 }{
		{2, 50, 0x1p50}, {10, 10, 1e10}, {2, 120, 0x1p120}, {2, -1074, 0x1p-1074}, {2, 1023, 0x1p1023},
		{2, 1024, math.Inf(1)}, {2, -1075, 0}, {0.5, 1074, 0x1p-1074}, {-2, 3, -8}, {-2, 1e300, math.Inf(1)},
		{3, 20, 3486784401}, {1.5, 2, 2.25}, {0x1p-1006, 0.25, math.Ldexp(math.Sqrt2, -252)},
		{7, 0.5, math.Sqrt(7)}, {1e-300, -1, 1e300}, {4, -0.5, 0.5}, {-8, 1.0 / 3, math.NaN()},
		{1 + 0x1p-52, 0x1p52, math.E},
	} {
		got := Pow(c.x, c.y)
		if math.IsNaN(c.want) {
			if !math.IsNaN(got) {
				t.Errorf("Pow(%v, %v) = %v, want NaN", c.x, c.y, got)
			}
			continue
		}
		if d := ulps(got, c.want); d > 1 || math.Signbit(got) != math.Signbit(c.want) {
			t.Errorf("Pow(%v, %v) = %v, want %v (%.1f ulp)", c.x, c.y, got, c.want, d)
		}
	}
}
