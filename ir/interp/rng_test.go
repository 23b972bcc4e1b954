package interp

import (
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// Known-answer vectors of Random123 (kat_vectors): threefry2x32_20 and
// philox4x32_10.
func TestThreefryPhiloxKnownAnswers(t *testing.T) {
	a, b := threefry2x32(0, 0, 0, 0)
	if a != 0x6b200159 || b != 0x99ba4efe {
		t.Errorf("threefry2x32(0) = %#x %#x", a, b)
	}
	a, b = threefry2x32(0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff)
	if a != 0x1cb996fc || b != 0xbb002be7 {
		t.Errorf("threefry2x32(ff) = %#x %#x", a, b)
	}
	p := philox4x32(0, 0, [4]uint32{})
	if p != [4]uint32{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8} {
		t.Errorf("philox4x32(0) = %#x", p)
	}
	p = philox4x32(0xffffffff, 0xffffffff, [4]uint32{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff})
	if p != [4]uint32{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd} {
		t.Errorf("philox4x32(ff) = %#x", p)
	}
}

func uaRng(t *testing.T, alg string, state []int64, out *ir.TensorType) (*ir.Tensor, *ir.Tensor) {
	t.Helper()
	st := uaI(ir.UI64, []int64{int64(len(state))}, state...)
	op := uaOp("stablehlo.rng_bit_generator", []*ir.Tensor{st}, []ir.Type{st.Type, out},
		ir.Attrs{{Name: "rng_algorithm", Value: uaEnum("rng_algorithm", alg)}})
	res, err := uaEval(New(&ir.Module{}), op, st)
	if err != nil {
		t.Fatal(err)
	}
	return res[0].(*ir.Tensor), res[1].(*ir.Tensor)
}

func TestRngBitGeneratorThreeFry(t *testing.T) {
	key, ctr := int64(0x0000000700000005), int64(40)
	k0, k1 := uint32(5), uint32(7)
	ns, out := uaRng(t, "THREE_FRY", []int64{key, ctr}, ir.TensorOf(ir.UI32, 4))
	a0, b0 := threefry2x32(k0, k1, 40, 0)
	a1, b1 := threefry2x32(k0, k1, 41, 0)
	uaWantI(t, "u32 bits", out, int64(a0), int64(b0), int64(a1), int64(b1))
	uaWantI(t, "state", ns, key, ctr+2)
	// Odd dims only: split the largest (3 -> 2 blocks per row of the 1).
	_, out = uaRng(t, "THREE_FRY", []int64{key, ctr}, ir.TensorOf(ir.UI8, 1, 3))
	uaWantI(t, "u8 bits", out, int64(a0&0xff), int64(b0&0xff), int64(a1&0xff))
	ns, out = uaRng(t, "THREE_FRY", []int64{key, ctr}, ir.TensorOf(ir.UI64, 2))
	uaWantI(t, "u64 bits", out, int64(uint64(a0)|uint64(b0)<<32), int64(uint64(a1)|uint64(b1)<<32))
	uaWantI(t, "state64", ns, key, ctr+2)
}

func TestRngBitGeneratorPhilox(t *testing.T) {
	key := int64(0x0000000300000002)
	ns, out := uaRng(t, "PHILOX", []int64{key, -1, 0}, ir.TensorOf(ir.UI32, 5))
	y0 := philox4x32(2, 3, [4]uint32{0xffffffff, 0xffffffff, 0, 0})
	y1 := philox4x32(2, 3, [4]uint32{0, 0, 1, 0}) // the counter carries into the high word
	uaWantI(t, "u32 bits", out, int64(y0[0]), int64(y0[1]), int64(y0[2]), int64(y0[3]), int64(y1[0]))
	uaWantI(t, "state", ns, key, 1, 1)
	// Two-element state: the counter's high word is the key (XLA).
	ns, out = uaRng(t, "DEFAULT", []int64{key, 9}, ir.TensorOf(ir.UI64, 1))
	y := philox4x32(2, 3, [4]uint32{9, 0, 2, 3})
	uaWantI(t, "u64 bits", out, int64(uint64(y[0])|uint64(y[1])<<32))
	uaWantI(t, "state2", ns, key, 10)
	// Float outputs hold the same bits as unsigned ones.
	_, u := uaRng(t, "PHILOX", []int64{key, 9, 0}, ir.TensorOf(ir.UI32, 2))
	_, f := uaRng(t, "PHILOX", []int64{key, 9, 0}, ir.TensorOf(ir.F32, 2))
	for i := range u.I {
		if got := ir.FloatBits(f.F[i], ir.F32); got != uint64(u.I[i]) && f.F[i] == f.F[i] {
			t.Errorf("f32 element %d bits %#x, want %#x", i, got, u.I[i])
		}
	}
	if err := uaRunErr("stablehlo.rng_bit_generator", ir.TensorOf(ir.UI32, 2), nil, uaI(ir.UI64, []int64{5}, 1, 2, 3, 4, 5)); err == nil {
		t.Error("malformed rng_bit_generator accepted")
	}
}
