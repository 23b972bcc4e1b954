package spirv

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// SPIR-V for Vulkan 1.2 has no bf16 or 8-bit float type and no integers
// narrower than 8 bits, and OpBitCount / FindUMsb are used on 32-bit
// integers only. The renderer legalises such kernels with
// kernel.LegalizeNarrow: bf16 values are their bits in a 16-bit integer,
// f8E4M3FN and f8E5M2 values their byte (buffers of them are 16-bit and
// 8-bit storage buffers, StorageBuffer16BitAccess / 8BitAccess, which
// lavapipe and most desktop drivers have; a device without them refuses
// the module at load with the feature's name), converted to and from f32
// with integer code; i2/i4/ui2/ui4 are computed in 8-bit integers; popcnt
// and clz of other widths become 32-bit operations. f16 stays a native
// type (Float16).

// narrowOptions is what the renderer asks kernel.LegalizeNarrow for.
var narrowOptions = K.NarrowOptions{
	Floats:     append([]ir.ElementType{ir.BF16}, K.Float8Types...),
	SubByte:    true,
	BitCount32: true,
	Index32:    true,
}

// heldAsBits reports whether a value or buffer element of type t is held
// as an integer of its storage size after legalizeNarrow: bf16, the f8
// types and the sub-byte integers.
func heldAsBits(t ir.ElementType) bool {
	return t == ir.BF16 || K.IsFloat8(t) || t.IsInteger() && t.Bits() < 8
}

// wideOptions is narrowOptions for Options.No8Or16Bit: f16 held as bits
// too, every value narrower than 32 bits in a 32-bit integer.
var wideOptions = K.NarrowOptions{
	Floats:     append([]ir.ElementType{ir.F16, ir.BF16}, K.Float8Types...),
	SubByte:    true,
	BitCount32: true,
	Index32:    true,
	Ints32:     true,
}

// legalizeNarrow returns k legalised by kernel.LegalizeNarrow when it
// needs it (k itself otherwise), checked by kernel.Verify.
func legalizeNarrow(k *K.Kernel, opt Options) (*K.Kernel, error) {
	o, held := narrowOptions, heldAsBits
	if opt.No8Or16Bit {
		o, held = wideOptions, heldWide
	}
	if !needsNarrow(k, held) {
		return k, nil
	}
	lk, err := K.LegalizeNarrow(k, o)
	if err != nil {
		return nil, fmt.Errorf("spirv: %w", err)
	}
	if err := K.Verify(lk); err != nil {
		return nil, fmt.Errorf("spirv: kernel %s: narrow-type legalisation produced an invalid kernel: %v", k.Name, err)
	}
	return lk, nil
}

// heldWide reports whether a type is held in a 32-bit integer with
// Options.No8Or16Bit: every type narrower than 32 bits but i1.
func heldWide(t ir.ElementType) bool {
	return t != ir.I1 && t != ir.Invalid && t != ir.Index && t.Bits() < 32
}

// held reports whether the renderer holds values of type t as integer
// bits (heldAsBits, or heldWide with No8Or16Bit).
func (r *renderer) held(t ir.ElementType) bool {
	if r.opt.No8Or16Bit {
		return heldWide(t)
	}
	return heldAsBits(t)
}

// needsNarrow reports whether k has a value or buffer of a type held as
// bits, or a popcnt/clz not on 32 bits.
func needsNarrow(k *K.Kernel, heldAsBits func(ir.ElementType) bool) bool {
	for _, bs := range [][]*K.Buffer{k.Params, k.Shared} {
		for _, b := range bs {
			if heldAsBits(b.Elem) {
				return true
			}
		}
	}
	var walk func([]*K.Node) bool
	walk = func(body []*K.Node) bool {
		for _, n := range body {
			if heldAsBits(n.Type) || (n.Kind == K.Popcnt || n.Kind == K.Clz) && n.Type.Bits() != 32 {
				return true
			}
			for _, a := range n.Args {
				if heldAsBits(a.Type) {
					return true
				}
			}
			if walk(n.Body) || walk(n.Else) {
				return true
			}
		}
		return false
	}
	return walk(k.Body)
}

// checkHeld fails on a value node that computes on a type held as bits
// (only loads, stores, variables, selects, and the bitcasts and converts
// between a type and its storage integer may remain after legalizeNarrow).
func (r *renderer) checkHeld(n *K.Node) {
	switch n.Kind {
	case K.Select, K.Bitcast:
		return
	case K.Convert:
		if r.scalarType(n.Type) == r.scalarType(n.Args[0].Type) {
			return
		}
	}
	for _, a := range n.Args {
		if r.held(a.Type) {
			fail("%%%d: %s on %s is not legalised", n.ID, n.Kind, a.Type)
		}
	}
	if r.held(n.Type) {
		fail("%%%d: %s of type %s is not legalised", n.ID, n.Kind, n.Type)
	}
}
