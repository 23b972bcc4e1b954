package interp

// rng_bit_generator (spec: rng_bit_generator), partition_id, replica_id and
// after_all.
//
// rng_bit_generator produces exactly the bits XLA's RngBitGeneratorExpander
// produces (xla/hlo/builder/lib/prng.cc), so that programs reproduce JAX's
// numbers:
//   - DEFAULT is PHILOX, XLA's default on CPU and GPU.
//   - THREE_FRY: Threefry-2x32 with 20 rounds (Salmon et al., "Parallel
//     random numbers: as easy as 1, 2, 3", SC'11). The state is
//     [key, counter] (2 x 64 bits). Result elements of 64 bits use one
//     block each, counter + linear index, value = x0 | x1<<32; elements of
//     32 bits or fewer use one block per pair: the output shape is split in
//     halves along its first even dimension (else its largest, rank 0 as
//     [1]); block counter + h gives the two elements 2h and 2h+1 of that
//     dimension (words x0 and x1), narrower types keeping the low bits of
//     the 32-bit word. The output state is [key, counter + blocks used].
//   - PHILOX: Philox-4x32 with 10 rounds. The state is [key, c_lo, c_hi] (a
//     128-bit counter) or [key, c] where, as XLA does, the counter's low word
//     is c and its high word is the key; block counter + j gives the four
//     32-bit words 4j..4j+3 (32-bit and narrower elements, low bits kept) or
//     two 64-bit words 2j, 2j+1 (w0|w1<<32, w2|w3<<32). The output state is
//     [key, counter + blocks used] (3 elements), or [key, low word] for a
//     state of 2.
//
// Float result types get the generated bit patterns (bitcast).

import (
	"math/bits"

	"github.com/zmlc/zmlc/ir"
)

func init() {
	Register("stablehlo.rng_bit_generator", evalRngBitGenerator)
	Register("stablehlo.partition_id", func(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
		return one(ir.Scalar(ir.UI32, in.PartitionID)), nil
	})
	Register("stablehlo.replica_id", func(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
		return one(ir.Scalar(ir.UI32, in.ReplicaID)), nil
	})
	Register("stablehlo.after_all", func(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
		return []Value{Token{}}, nil
	})
}

func evalRngBitGenerator(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	st, err := unaryArg(op, args)
	if err != nil {
		return nil, err
	}
	if st.Type.Rank() != 1 || !st.Type.Elem.IsInteger() || st.Type.Elem.Bits() != 64 {
		return nil, errorAt(op, "initial_state must be a 1-D tensor of ui64, got %s", st.Type)
	}
	alg, err := attrEnum(op, "rng_algorithm", "DEFAULT")
	if err != nil {
		return nil, err
	}
	if len(op.Results) != 2 {
		return nil, errorAt(op, "has %d results, want output_state and output", len(op.Results))
	}
	out, err := newResult(op, 1)
	if err != nil {
		return nil, err
	}
	e := out.Type.Elem
	w := e.Bits()
	if e == ir.I1 || e.IsComplex() || w > 64 {
		return nil, errorAt(op, "unsupported output element type %s", e)
	}
	n := len(out.I) + len(out.F)
	state := make([]uint64, len(st.I))
	for i, v := range st.I {
		state[i] = uint64(v)
	}
	words := make([]uint64, n)
	var newState []uint64
	switch alg {
	case "THREE_FRY":
		if len(state) != 2 {
			return nil, errorAt(op, "THREE_FRY needs a state of 2 elements, got %s", st.Type)
		}
		newState = threeFryBits(state[0], state[1], out.Type.Shape, w, words)
		newState = []uint64{state[0], newState[0]}
	case "PHILOX", "DEFAULT":
		var lo, hi uint64
		switch len(state) {
		case 2:
			lo, hi = state[1], state[0]
		case 3:
			lo, hi = state[1], state[2]
		default:
			return nil, errorAt(op, "PHILOX needs a state of 2 or 3 elements, got %s", st.Type)
		}
		lo, hi = philoxBits(state[0], lo, hi, w, words)
		if len(state) == 2 {
			newState = []uint64{state[0], lo}
		} else {
			newState = []uint64{state[0], lo, hi}
		}
	default:
		return nil, errorAt(op, "unknown rng_algorithm %q", alg)
	}
	for i, v := range words {
		setElemBits(out, i, v, 0)
	}
	ns, err := newResult(op, 0)
	if err != nil {
		return nil, err
	}
	if ns.Len() != len(newState) || !ns.Type.Elem.IsIntOrBool() {
		return nil, errorAt(op, "output_state type %s does not match initial_state %s", ns.Type, st.Type)
	}
	for i, v := range newState {
		ns.I[i] = ns.Type.Elem.WrapInt(int64(v))
	}
	return []Value{ns, out}, nil
}

// threefry2x32 encrypts the counter (x0, x1) with key (k0, k1): 20 rounds.
func threefry2x32(k0, k1, x0, x1 uint32) (uint32, uint32) {
	rot := [8]int{13, 15, 26, 6, 17, 29, 16, 24}
	ks := [3]uint32{k0, k1, 0x1BD11BDA ^ k0 ^ k1}
	x0 += ks[0]
	x1 += ks[1]
	for g := 0; g < 5; g++ {
		for r := 0; r < 4; r++ {
			x0 += x1
			x1 = bits.RotateLeft32(x1, rot[(g%2)*4+r])
			x1 ^= x0
		}
		x0 += ks[(g+1)%3]
		x1 += ks[(g+2)%3] + uint32(g+1)
	}
	return x0, x1
}

// threeFryBits fills words (one per element of shape, w bits each) and
// returns the new counter.
func threeFryBits(key, ctr uint64, shape []int64, w int, words []uint64) []uint64 {
	k0, k1 := uint32(key), uint32(key>>32)
	n := len(words)
	if w == 64 {
		for i := range words {
			c := ctr + uint64(i)
			a, b := threefry2x32(k0, k1, uint32(c), uint32(c>>32))
			words[i] = uint64(a) | uint64(b)<<32
		}
		return []uint64{ctr + uint64(n)}
	}
	mask := uint64(1)<<uint(w) - 1
	if len(shape) == 0 {
		a, _ := threefry2x32(k0, k1, uint32(ctr), uint32(ctr>>32))
		words[0] = uint64(a) & mask
		return []uint64{ctr + 1}
	}
	split := -1
	for d, s := range shape {
		if s%2 == 0 {
			split = d
			break
		}
	}
	if split < 0 {
		for d, s := range shape {
			if split < 0 || s > shape[split] {
				split = d
			}
		}
	}
	half := append([]int64{}, shape...)
	half[split] = (shape[split] + 1) / 2
	hs := ir.Strides(half)
	hidx := make([]int64, len(shape))
	forEachIndex(shape, func(idx []int64, lin int) {
		copy(hidx, idx)
		hidx[split] = idx[split] / 2
		c := ctr + uint64(linearIndex(hidx, hs))
		a, b := threefry2x32(k0, k1, uint32(c), uint32(c>>32))
		if idx[split]%2 == 1 {
			a = b
		}
		words[lin] = uint64(a) & mask
	})
	return []uint64{ctr + uint64(numElements(half))}
}

// philox4x32 encrypts the 128-bit counter x with key (k0, k1): 10 rounds.
func philox4x32(k0, k1 uint32, x [4]uint32) [4]uint32 {
	const (
		w32A = 0x9E3779B9
		w32B = 0xBB67AE85
		mA   = 0xD2511F53
		mB   = 0xCD9E8D57
	)
	for r := 0; r < 10; r++ {
		p0 := uint64(x[0]) * mA
		p1 := uint64(x[2]) * mB
		x = [4]uint32{uint32(p1>>32) ^ x[1] ^ k0, uint32(p1), uint32(p0>>32) ^ x[3] ^ k1, uint32(p0)}
		k0 += w32A
		k1 += w32B
	}
	return x
}

// philoxBits fills words (w bits each) from the 128-bit counter (lo, hi)
// and returns the counter after the blocks used.
func philoxBits(key, lo, hi uint64, w int, words []uint64) (uint64, uint64) {
	k0, k1 := uint32(key), uint32(key>>32)
	n := len(words)
	per := 4
	if w == 64 {
		per = 2
	}
	blocks := (n + per - 1) / per
	mask := ^uint64(0)
	if w < 64 {
		mask = uint64(1)<<uint(w) - 1
	}
	for j := 0; j < blocks; j++ {
		cl, carry := bits.Add64(lo, uint64(j), 0)
		ch := hi + carry
		y := philox4x32(k0, k1, [4]uint32{uint32(cl), uint32(cl >> 32), uint32(ch), uint32(ch >> 32)})
		if w == 64 {
			for k := 0; k < 2 && 2*j+k < n; k++ {
				words[2*j+k] = uint64(y[2*k]) | uint64(y[2*k+1])<<32
			}
		} else {
			for k := 0; k < 4 && 4*j+k < n; k++ {
				words[4*j+k] = uint64(y[k]) & mask
			}
		}
	}
	nl, carry := bits.Add64(lo, uint64(blocks), 0)
	return nl, hi + carry
}
