package corpustest

import (
	"math"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func floats(e ir.ElementType, v ...float64) *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(e, int64(len(v))))
	copy(x.F, v)
	return x
}

func TestCompareFloats(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	negZero := math.Copysign(0, -1)
	for _, c := range []struct {
		got, want []float64
		tol       Tolerance
		ok        bool
	}{
		{[]float64{1, 2}, []float64{1, 2}, Reassociated, true},
		{[]float64{1 + 5e-7, 2}, []float64{1, 2}, Reassociated, true},  // 5e-7 <= 1e-6 * 2 (scale)
		{[]float64{1 + 5e-6, 2}, []float64{1, 2}, Reassociated, false}, // 5e-6 > 2e-6
		{[]float64{1 + 5e-6, 2}, []float64{1, 2}, LegalisedMath, true}, // 5e-6 <= 8e-6
		{[]float64{1e-7, 100}, []float64{0, 100}, Reassociated, true},  // normwise around zero
		{[]float64{1e-7, 100}, []float64{0, 100}, Tolerance{F32: 1e-6, SignedZeros: true}, false},
		{[]float64{negZero}, []float64{0}, Reassociated, true},
		{[]float64{negZero}, []float64{0}, Tolerance{SignedZeros: true}, false},
		{[]float64{0}, []float64{0}, Tolerance{SignedZeros: true}, true},
		{[]float64{nan, inf}, []float64{nan, inf}, Reassociated, true},
		{[]float64{1, inf}, []float64{nan, inf}, Reassociated, false},
		{[]float64{nan}, []float64{1}, Reassociated, false},
		{[]float64{1e300, 1}, []float64{inf, 1}, Reassociated, false},
		{[]float64{-inf}, []float64{inf}, LegalisedMath, false},
	} {
		err := Compare(floats(ir.F32, c.got...), floats(ir.F32, c.want...), c.tol)
		if (err == nil) != c.ok {
			t.Errorf("Compare(%v, %v, %+v) = %v, want ok %v", c.got, c.want, c.tol, err, c.ok)
		}
	}
}

func TestCompareToleranceByType(t *testing.T) {
	// 1e-3 off is within f16's 2e-3 but not f32's 1e-6 nor f64's 1e-12;
	// bf16 takes Other.
	for e, ok := range map[ir.ElementType]bool{ir.F16: true, ir.BF16: true, ir.F32: false, ir.F64: false} {
		err := Compare(floats(e, 1.001), floats(e, 1), Reassociated)
		if (err == nil) != ok {
			t.Errorf("%s: Compare = %v, want ok %v", e, err, ok)
		}
	}
}

func TestCompareInts(t *testing.T) {
	a := ir.MustTensor(ir.TensorOf(ir.I32, 3))
	b := ir.MustTensor(ir.TensorOf(ir.I32, 3))
	copy(a.I, []int64{1, 2, 3})
	copy(b.I, []int64{1, 2, 3})
	if err := Compare(a, b, Reassociated); err != nil {
		t.Error(err)
	}
	b.I[2] = 4
	if err := Compare(a, b, LegalisedMath); err == nil || !strings.Contains(err.Error(), "element 2") {
		t.Errorf("Compare = %v, want a mismatch at element 2", err)
	}
}

func TestCompareTypes(t *testing.T) {
	if err := Compare(floats(ir.F32, 1), floats(ir.F64, 1), Reassociated); err == nil || !strings.Contains(err.Error(), "type") {
		t.Errorf("Compare across types = %v", err)
	}
	if err := Compare(floats(ir.F32, 1, 2), floats(ir.F32, 1), Reassociated); err == nil {
		t.Error("Compare across shapes succeeded")
	}
	bad := &ir.Tensor{Type: ir.TensorOf(ir.F32, 2), F: []float64{1}} // malformed: no panic
	if err := Compare(bad, floats(ir.F32, 1, 2), Reassociated); err == nil {
		t.Error("Compare of a short tensor succeeded")
	}
}

func TestCompareComplex(t *testing.T) {
	a := ir.MustTensor(ir.TensorOf(ir.C64, 2))
	b := ir.MustTensor(ir.TensorOf(ir.C64, 2))
	copy(a.C, []complex128{complex(1, 2), complex(3, -4)})
	copy(b.C, []complex128{complex(1, 2), complex(3, -4+1e-6)})
	if err := Compare(a, b, LegalisedMath); err != nil {
		t.Error(err)
	}
	b.C[0] = complex(1, 2.01)
	if err := Compare(a, b, LegalisedMath); err == nil || !strings.Contains(err.Error(), "element 0") {
		t.Errorf("Compare = %v, want a mismatch at element 0", err)
	}
}
