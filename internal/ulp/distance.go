// Package ulp measures the accuracy of zmlc's elementwise math against
// correctly rounded reference tables: the distance in units in the last
// place (ULP) between a computed value and the exact value rounded to the
// element type, per function, element type and target.
//
// The tables come from scripts/ulp_ref.py (mpmath at 2p + 40 bits for a
// type of p significand bits, rounded once to nearest even into the type);
// compile/accuracy's TestULP runs a bounded set of them on every target in
// CI, and scripts/ulp.sh the full sweep for the table in docs/IR.md.
package ulp

import (
	"math"

	"github.com/zmlc/zmlc/ir"
)

// Distance is the number of representable values of float type e between
// got and want (both values of e): 0 when they are equal (any NaN equals
// any NaN, +0 and -0 are one apart), +Inf when exactly one of them is NaN
// or an infinity differs from the other value.
func Distance(got, want float64, e ir.ElementType) float64 {
	switch {
	case math.IsNaN(got) || math.IsNaN(want):
		if math.IsNaN(got) && math.IsNaN(want) {
			return 0
		}
		return math.Inf(1)
	case got == want && math.Signbit(got) == math.Signbit(want):
		return 0
	case math.IsInf(got, 0) || math.IsInf(want, 0):
		return math.Inf(1)
	}
	// The ordered set of values of e: non-negative values by their bits,
	// negative ones mirrored below -0 (so +0 and -0 are one apart).
	ua, ub := ir.FloatBits(math.Abs(got), e), ir.FloatBits(math.Abs(want), e)
	switch {
	case math.Signbit(got) != math.Signbit(want):
		return float64(ua) + float64(ub) + 1
	case ua > ub:
		return float64(ua - ub)
	}
	return float64(ub - ua)
}
