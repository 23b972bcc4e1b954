package runtime

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// TestTensorBytesMatchIR checks that encodeTensor and decodeTensor agree
// with ir.TensorBytes and ir.TensorFromBytes for every element type, on
// values that include out-of-range integers, NaNs and infinities.
func TestTensorBytesMatchIR(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, e := range ir.AllElementTypes() {
		x, err := ir.NewTensor(ir.TensorOf(e, 3, 7))
		if err != nil {
			t.Fatal(err)
		}
		for i := range x.I {
			x.I[i] = int64(rng.Uint64()) >> rng.IntN(64)
		}
		specials := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, math.Copysign(0, -1), 1e-40, 3.4e38}
		for i := range x.F {
			x.F[i] = rng.NormFloat64() * 100
			if i < len(specials) {
				x.F[i] = specials[i]
			}
		}
		for i := range x.C {
			x.C[i] = complex(rng.NormFloat64(), rng.NormFloat64())
		}
		want := ir.TensorBytes(x)
		got := make([]byte, len(want))
		encodeTensor(got, x)
		if !bytes.Equal(got, want) {
			t.Errorf("%s: encodeTensor\n got %x\nwant %x", e, got, want)
			continue
		}
		wantX, err := ir.TensorFromBytes(x.Type, want)
		if err != nil {
			t.Fatal(err)
		}
		gotX, err := decodeTensor(x.Type, want)
		if err != nil {
			t.Fatalf("%s: decodeTensor: %v", e, err)
		}
		if !sameValues(gotX, wantX) {
			t.Errorf("%s: decodeTensor\n got %v\nwant %v", e, gotX, wantX)
		}
	}
}

// sameValues compares two tensors element by element, NaNs by their bits.
func sameValues(a, b *ir.Tensor) bool {
	if a.Type.String() != b.Type.String() || len(a.I) != len(b.I) || len(a.F) != len(b.F) || len(a.C) != len(b.C) {
		return false
	}
	for i := range a.I {
		if a.I[i] != b.I[i] {
			return false
		}
	}
	for i := range a.F {
		if math.Float64bits(a.F[i]) != math.Float64bits(b.F[i]) {
			return false
		}
	}
	for i := range a.C {
		if a.C[i] != b.C[i] {
			return false
		}
	}
	return true
}
