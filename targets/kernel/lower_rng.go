package kernel

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
)

func init() { hostOps["stablehlo.rng_bit_generator"] = (*lowerer).rngBitGenerator }

// rngBitGenerator lowers stablehlo.rng_bit_generator to the bits the
// interpreter produces (ir/interp/rng.go, after XLA's
// RngBitGeneratorExpander): THREE_FRY is Threefry-2x32 (20 rounds), PHILOX
// and DEFAULT Philox-4x32 (10 rounds), with the interpreter's counter
// layout. Two kernels: one computes the output state (a few scalars), the
// other each output element independently (Grid loop over the output),
// encrypting the counter block that element comes from. Float outputs get
// the bit patterns.
func (l *lowerer) rngBitGenerator(op *ir.Op) error {
	if len(op.Operands) != 1 || len(op.Results) != 2 {
		return errorf(op, "want initial_state and results output_state, output")
	}
	st, err := l.value(op, op.Operands[0])
	if err != nil {
		return err
	}
	if st.tuple != nil {
		return errorf(op, "tuple operands are not supported")
	}
	stT := op.Operands[0].Tensor()
	nsT, outT := op.Results[0].Tensor(), op.Results[1].Tensor()
	if stT.Rank() != 1 || !stT.Elem.IsInteger() || stT.Elem.Bits() != 64 || nsT == nil || outT == nil || nsT.NumElements() != stT.NumElements() || !nsT.Elem.IsInteger() {
		return errorf(op, "initial_state must be a 1-D tensor of ui64 and output_state of its size, got %s and %s", stT, op.Results[0].Type)
	}
	alg := ir.EnumValue(op.Attr("rng_algorithm"))
	if alg == "" {
		alg = "DEFAULT"
	}
	e := outT.Elem
	w := e.Bits()
	ue, ok := uintOf(w)
	if e == ir.I1 || e.IsComplex() || !ok {
		return errorf(op, "unsupported output element type %s", e)
	}
	ns := stT.Shape[0]
	switch {
	case alg == "THREE_FRY" && ns != 2:
		return errorf(op, "THREE_FRY needs a state of 2 elements, got %s", stT)
	case (alg == "PHILOX" || alg == "DEFAULT") && ns != 2 && ns != 3:
		return errorf(op, "PHILOX needs a state of 2 or 3 elements, got %s", stT)
	case alg != "THREE_FRY" && alg != "PHILOX" && alg != "DEFAULT":
		return errorf(op, "unknown rng_algorithm %q", alg)
	}
	n := outT.NumElements()
	shape := outT.Shape

	// Blocks used, per algorithm (the counter advance).
	var blocks int64
	split := -1
	var half []int64
	if alg == "THREE_FRY" {
		switch {
		case w == 64:
			blocks = n
		case len(shape) == 0:
			blocks = 1
		default:
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
			half = append([]int64{}, shape...)
			half[split] = (shape[split] + 1) / 2
			blocks = 1
			for _, s := range half {
				blocks *= s
			}
		}
	} else {
		per := int64(4)
		if w == 64 {
			per = 2
		}
		blocks = (n + per - 1) / per
	}

	u64 := func(v int64) *Node { return ConstOf(ir.UI64, v) }
	stateIn := func(k *kgen) (key, lo, hi *Node) {
		p := k.input(st.buf)
		ld := func(i int64) *Node { return k.b.Convert(k.b.Load(p, Idx(i)), ir.UI64) }
		key = ld(0)
		switch {
		case alg == "THREE_FRY":
			lo = ld(1)
		case ns == 2:
			lo, hi = ld(1), key
		default:
			lo, hi = ld(1), ld(2)
		}
		return key, lo, hi
	}
	// add128 returns (lo, hi) + v as a 128-bit sum.
	add128 := func(b *Builder, lo, hi, v *Node) (*Node, *Node) {
		s := b.Bin(Add, lo, v)
		carry := b.Convert(b.Bin(LT, s, lo), ir.UI64)
		return s, b.Bin(Add, hi, carry)
	}

	// Kernel 1: the output state.
	nsID := l.temp(nsT)
	k := l.newKgen("rng_state")
	nsP := k.b.Param("out0", nsT.Elem, nsT.Shape, Write, nsID)
	{
		b := k.b
		key, lo, hi := stateIn(k)
		var vals []*Node
		if alg == "THREE_FRY" {
			vals = []*Node{key, b.Bin(Add, lo, u64(blocks))}
		} else {
			nl, nh := add128(b, lo, hi, u64(blocks))
			vals = []*Node{key, nl}
			if ns == 3 {
				vals = append(vals, nh)
			}
		}
		for i, v := range vals {
			b.Store(nsP, Idx(int64(i)), b.Convert(v, nsT.Elem))
		}
	}
	k.finish(fmt.Sprintf("%s (output_state)", opSource(op)))

	// Kernel 2: the output bits.
	outID := l.temp(outT)
	k = l.newKgen("rng_bits")
	outP := k.b.Param("out0", e, shape, Write, outID)
	if n > 0 {
		k.outputNest(shape, func(idx []*Node) {
			b := k.b
			key, lo, hi := stateIn(k)
			k0 := b.Convert(key, ir.UI32)
			k1 := b.Convert(b.Bin(ShrL, key, u64(32)), ir.UI32)
			lin := b.Convert(b.Offset(outP, idx), ir.UI64)
			var word *Node // ui64
			if alg == "THREE_FRY" {
				c := lo
				var odd *Node
				switch {
				case w == 64:
					c = b.Bin(Add, lo, lin)
				case len(shape) == 0:
				default:
					hidx := append([]*Node{}, idx...)
					hidx[split] = b.Bin(Div, idx[split], Idx(2))
					hs := ir.Strides(half)
					h := Idx(0)
					for d := range hidx {
						h = b.Bin(Add, h, b.Bin(Mul, hidx[d], Idx(hs[d])))
					}
					c = b.Bin(Add, lo, b.Convert(h, ir.UI64))
					odd = b.Bin(EQ, b.Bin(Rem, idx[split], Idx(2)), Idx(1))
				}
				x0, x1 := k.threefry2x32(k0, k1, b.Convert(c, ir.UI32), b.Convert(b.Bin(ShrL, c, u64(32)), ir.UI32))
				a, c1 := b.Convert(x0, ir.UI64), b.Convert(x1, ir.UI64)
				switch {
				case w == 64:
					word = b.Bin(Or, a, b.Bin(Shl, c1, u64(32)))
				case odd != nil:
					word = b.Select(odd, c1, a)
				default:
					word = a
				}
			} else {
				per := int64(4)
				if w == 64 {
					per = 2
				}
				j := b.Bin(Div, lin, u64(per))
				kk := b.Bin(Rem, lin, u64(per))
				cl, ch := add128(b, lo, hi, j)
				y := k.philox4x32(k0, k1, [4]*Node{
					b.Convert(cl, ir.UI32), b.Convert(b.Bin(ShrL, cl, u64(32)), ir.UI32),
					b.Convert(ch, ir.UI32), b.Convert(b.Bin(ShrL, ch, u64(32)), ir.UI32),
				})
				var ys [4]*Node
				for i := range y {
					ys[i] = b.Convert(y[i], ir.UI64)
				}
				if w == 64 {
					w0 := b.Bin(Or, ys[0], b.Bin(Shl, ys[1], u64(32)))
					w1 := b.Bin(Or, ys[2], b.Bin(Shl, ys[3], u64(32)))
					word = b.Select(b.Bin(EQ, kk, u64(0)), w0, w1)
				} else {
					word = ys[3]
					for i := 2; i >= 0; i-- {
						word = b.Select(b.Bin(EQ, kk, u64(int64(i))), ys[i], word)
					}
				}
			}
			bitsW := b.Convert(word, ue) // the low w bits
			b.Store(outP, b.Offset(outP, idx), k.fromBits(bitsW, e))
		})
	}
	if k.err != nil {
		return k.err
	}
	k.finish(opSource(op))
	l.env[op.Results[0]] = bv{buf: nsID}
	l.env[op.Results[1]] = bv{buf: outID}
	return nil
}

// rotl32 rotates the ui32 x left by r bits.
func (k *kgen) rotl32(x *Node, r int) *Node {
	b := k.b
	return b.Bin(Or, b.Bin(Shl, x, ConstOf(ir.UI32, int64(r))), b.Bin(ShrL, x, ConstOf(ir.UI32, int64(32-r))))
}

// threefry2x32 emits Threefry-2x32 with 20 rounds (Salmon et al., SC'11)
// of the counter (x0, x1) under key (k0, k1), all ui32.
func (k *kgen) threefry2x32(k0, k1, x0, x1 *Node) (*Node, *Node) {
	b := k.b
	rot := [8]int{13, 15, 26, 6, 17, 29, 16, 24}
	ks := [3]*Node{k0, k1, b.Bin(Xor, b.Bin(Xor, ConstOf(ir.UI32, int64(0x1BD11BDA)), k0), k1)}
	x0 = b.Bin(Add, x0, ks[0])
	x1 = b.Bin(Add, x1, ks[1])
	for g := 0; g < 5; g++ {
		for r := 0; r < 4; r++ {
			x0 = b.Bin(Add, x0, x1)
			x1 = k.rotl32(x1, rot[(g%2)*4+r])
			x1 = b.Bin(Xor, x1, x0)
		}
		x0 = b.Bin(Add, x0, ks[(g+1)%3])
		x1 = b.Bin(Add, x1, b.Bin(Add, ks[(g+2)%3], ConstOf(ir.UI32, int64(g+1))))
	}
	return x0, x1
}

// philox4x32 emits Philox-4x32 with 10 rounds of the counter x under key
// (k0, k1), all ui32; the 32x32->64 products are computed in ui64.
func (k *kgen) philox4x32(k0, k1 *Node, x [4]*Node) [4]*Node {
	b := k.b
	const (
		w32A = 0x9E3779B9
		w32B = 0xBB67AE85
		mA   = 0xD2511F53
		mB   = 0xCD9E8D57
	)
	c32 := func(v int64) *Node { return ConstOf(ir.UI32, v) }
	for r := 0; r < 10; r++ {
		p0 := b.Bin(Mul, b.Convert(x[0], ir.UI64), ConstOf(ir.UI64, int64(mA)))
		p1 := b.Bin(Mul, b.Convert(x[2], ir.UI64), ConstOf(ir.UI64, int64(mB)))
		hi0 := b.Convert(b.Bin(ShrL, p0, ConstOf(ir.UI64, int64(32))), ir.UI32)
		hi1 := b.Convert(b.Bin(ShrL, p1, ConstOf(ir.UI64, int64(32))), ir.UI32)
		x = [4]*Node{
			b.Bin(Xor, b.Bin(Xor, hi1, x[1]), k0),
			b.Convert(p1, ir.UI32),
			b.Bin(Xor, b.Bin(Xor, hi0, x[3]), k1),
			b.Convert(p0, ir.UI32),
		}
		k0 = b.Bin(Add, k0, c32(w32A))
		k1 = b.Bin(Add, k1, c32(w32B))
	}
	return x
}
