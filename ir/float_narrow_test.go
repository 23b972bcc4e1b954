package ir

import (
	"math"
	"sort"
	"testing"
)

// narrowSpec is a narrow float format as its definition states it (MLIR's
// builtin float types, ml_dtypes' README), written out independently of
// float.go's floatFormats.
type narrowSpec struct {
	e                ElementType
	width, ebits, mb int
	bias             int
	// kind: "ieee" (inf and NaN in the all-ones exponent), "fnuz" (0x80 is
	// NaN, no inf), "finite" (no inf, no NaN), "e8m0".
	kind string
	max  float64 // the largest finite value, from the definition
	min  float64 // the smallest positive value
}

var narrowSpecs = []narrowSpec{
	{F4E2M1FN, 4, 2, 1, 1, "finite", 6, 0.5},
	{F6E2M3FN, 6, 2, 3, 1, "finite", 7.5, 0.125},
	{F6E3M2FN, 6, 3, 2, 3, "finite", 28, 0.0625},
	{F8E3M4, 8, 3, 4, 3, "ieee", 15.5, 0x1p-6},
	{F8E4M3, 8, 4, 3, 7, "ieee", 240, 0x1p-9},
	{F8E4M3FNUZ, 8, 4, 3, 8, "fnuz", 240, 0x1p-10},
	{F8E4M3B11FNUZ, 8, 4, 3, 11, "fnuz", 30, 0x1p-13},
	{F8E5M2FNUZ, 8, 5, 2, 16, "fnuz", 57344, 0x1p-17},
	{F8E8M0FNU, 8, 8, 0, 127, "e8m0", 0x1p127, 0x1p-127},
}

// decode is the value of code b by the format's definition.
func (s narrowSpec) decode(b uint64) float64 {
	if s.kind == "e8m0" {
		if b == 0xFF {
			return math.NaN()
		}
		return math.Ldexp(1, int(b)-127)
	}
	sign := b >> uint(s.width-1) & 1
	ex := int(b >> uint(s.mb) & (1<<uint(s.ebits) - 1))
	m := float64(b & (1<<uint(s.mb) - 1))
	if s.kind == "fnuz" && b == 0x80 {
		return math.NaN()
	}
	if s.kind == "ieee" && ex == 1<<uint(s.ebits)-1 {
		if m != 0 {
			return math.NaN()
		}
		return math.Copysign(math.Inf(1), -float64(sign)+0.5)
	}
	var v float64
	if ex == 0 {
		v = m / float64(int(1)<<uint(s.mb)) * math.Ldexp(1, 1-s.bias)
	} else {
		v = (1 + m/float64(int(1)<<uint(s.mb))) * math.Ldexp(1, ex-s.bias)
	}
	if sign == 1 {
		v = -v
	}
	return v
}

// TestF4E2M1FNTable checks f4E2M1FN's 16 codes against the table of its
// definition (ml_dtypes: 0, 0.5, 1, 1.5, 2, 3, 4, 6 and negatives).
func TestF4E2M1FNTable(t *testing.T) {
	want := []float64{0, 0.5, 1, 1.5, 2, 3, 4, 6}
	for b := uint64(0); b < 16; b++ {
		w := want[b&7]
		if b >= 8 {
			w = -w
		}
		if g := FloatFromBits(b, F4E2M1FN); g != w || math.Signbit(g) != (b >= 8) {
			t.Errorf("code %#x: %g, want %g", b, g, w)
		}
		if g := FloatBits(w, F4E2M1FN); g != b {
			t.Errorf("FloatBits(%g) = %#x, want %#x", w, g, b)
		}
	}
}

// TestNarrowFloatsExhaustive decodes every code of every narrow type,
// checks it against the definition and its encoding back, then rounds the
// midpoints between neighbours (ties to the even code), points just off
// them, and the values past the ends and the special values by the type's
// rule.
func TestNarrowFloatsExhaustive(t *testing.T) {
	same := func(a, b float64) bool {
		return math.IsNaN(a) && math.IsNaN(b) || a == b && math.Signbit(a) == math.Signbit(b)
	}
	for _, s := range narrowSpecs {
		t.Run(s.e.String(), func(t *testing.T) {
			if s.e.Bits() != s.width {
				t.Fatalf("Bits() = %d, want %d", s.e.Bits(), s.width)
			}
			if MaxFinite(s.e) != s.max {
				t.Errorf("MaxFinite = %g, want %g", MaxFinite(s.e), s.max)
			}
			codes := map[float64]uint64{}
			var pos []float64
			for b := uint64(0); b < 1<<uint(s.width); b++ {
				w := s.decode(b)
				g := FloatFromBits(b, s.e)
				if !same(g, w) {
					t.Fatalf("FloatFromBits(%#x) = %g, want %g", b, g, w)
				}
				if RoundFloat(w, s.e) != w && !math.IsNaN(w) {
					t.Errorf("RoundFloat(%g) changes a value of the type", w)
				}
				if math.IsNaN(w) || math.IsInf(w, 0) {
					continue
				}
				if back := FloatBits(w, s.e); back != b {
					t.Errorf("FloatBits(%g) = %#x, want %#x", w, back, b)
				}
				if w > 0 {
					codes[w] = b
					pos = append(pos, w)
				}
			}
			sort.Float64s(pos)
			if pos[0] != s.min || pos[len(pos)-1] != s.max {
				t.Errorf("range [%g, %g], want [%g, %g]", pos[0], pos[len(pos)-1], s.min, s.max)
			}
			for i := 0; i+1 < len(pos); i++ {
				lo, hi := pos[i], pos[i+1]
				mid := (lo + hi) / 2
				want := lo
				if codes[hi]&1 == 0 || s.kind == "e8m0" {
					want = hi
				}
				for _, c := range []struct{ x, w float64 }{{mid, want}, {math.Nextafter(mid, lo), lo}, {math.Nextafter(mid, hi), hi}} {
					if g := RoundFloat(c.x, s.e); g != c.w {
						t.Errorf("RoundFloat(%g) = %g, want %g", c.x, g, c.w)
					}
					if s.kind != "e8m0" {
						if g := RoundFloat(-c.x, s.e); g != -c.w {
							t.Errorf("RoundFloat(%g) = %g, want %g", -c.x, g, -c.w)
						}
					}
				}
			}
			// Past the largest finite value: one ULP of max above, half way.
			beyond := s.max + (s.max-pos[len(pos)-2])/2
			if s.kind == "e8m0" {
				beyond = s.max * 1.5
			}
			inf, nan := math.Inf(1), math.NaN()
			type rc struct{ x, w float64 }
			var cases []rc
			switch s.kind {
			case "ieee":
				cases = []rc{{beyond, inf}, {inf, inf}, {-inf, -inf}, {nan, nan}, {math.Copysign(0, -1), math.Copysign(0, -1)}, {s.min / 2, 0}}
			case "fnuz":
				cases = []rc{{beyond, nan}, {inf, nan}, {-inf, nan}, {nan, nan}, {math.Copysign(0, -1), 0}, {-s.min / 2, 0}, {s.min / 2, 0}}
			case "finite":
				cases = []rc{{beyond, s.max}, {-beyond, -s.max}, {inf, s.max}, {-inf, -s.max}, {nan, 0}, {math.Copysign(0, -1), math.Copysign(0, -1)}, {s.min / 2, 0}}
			case "e8m0":
				cases = []rc{{beyond, nan}, {inf, nan}, {-1, nan}, {nan, nan}, {0, s.min}, {s.min / 4, s.min}}
			}
			for _, c := range cases {
				if g := RoundFloat(c.x, s.e); !same(g, c.w) {
					t.Errorf("RoundFloat(%g) = %g, want %g", c.x, g, c.w)
				}
			}
			if s.kind == "fnuz" && FloatBits(nan, s.e) != 0x80 {
				t.Errorf("NaN encodes as %#x, want 0x80", FloatBits(nan, s.e))
			}
		})
	}
}

// TestNarrowFloatNames checks the MLIR spellings parse to the types.
func TestNarrowFloatNames(t *testing.T) {
	for _, s := range narrowSpecs {
		if e, ok := ParseElementType(s.e.String()); !ok || e != s.e || !e.IsFloat() {
			t.Errorf("%s: ParseElementType gives %v, %v", s.e, e, ok)
		}
	}
	if _, ok := ParseElementType("f8E4M3FNUZZ"); ok {
		t.Error("f8E4M3FNUZZ parsed")
	}
}
