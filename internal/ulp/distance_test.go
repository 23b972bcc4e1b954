package ulp

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		got, want float64
		e         ir.ElementType
		d         float64
	}{
		{1, 1, ir.F64, 0},
		{math.Nextafter(1, 2), 1, ir.F64, 1},
		{math.Nextafter(math.Nextafter(0.8, 1), 1), 0.8, ir.F64, 2},
		{math.Copysign(0, -1), 0, ir.F32, 1},
		{-0x1p-149, 0x1p-149, ir.F32, 3},
		{1, math.NaN(), ir.F32, math.Inf(1)},
		{math.NaN(), math.NaN(), ir.F16, 0},
		{math.Inf(1), math.MaxFloat32, ir.F32, math.Inf(1)},
		{1.0078125, 1, ir.BF16, 1},
	} {
		if d := Distance(c.got, c.want, c.e); d != c.d {
			t.Errorf("Distance(%v, %v, %s) = %v, want %v", c.got, c.want, c.e, d, c.d)
		}
	}
}
