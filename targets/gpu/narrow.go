package gpu

import (
	"github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// legalizeSubByte computes the sub-byte integers (i2, i4, ui2, ui4) of a
// GPU kernel in their byte (kernel.LegalizeNarrow with SubByte: signed
// ones sign-extended in an i8, unsigned ones zero-extended in a ui8,
// re-wrapped after every operation) before Legalize, so that every GPU
// target computes them in a type it has, and Legalize's guards of
// division and shifts are built on 8-bit values (a shift guard against
// the width 2 is not even representable in i2). Buffers keep their
// element types. Kernels without sub-byte values are returned as they are.
func legalizeSubByte(k *K.Kernel) (*K.Kernel, error) {
	if !hasSubByte(k) {
		return k, nil
	}
	return K.LegalizeNarrow(k, K.NarrowOptions{SubByte: true})
}

func isSubByte(t ir.ElementType) bool { return t.IsInteger() && t.Bits() < 8 }

// hasSubByte reports whether a kernel has a sub-byte buffer or value.
func hasSubByte(k *K.Kernel) bool {
	for _, bs := range [][]*K.Buffer{k.Params, k.Shared} {
		for _, b := range bs {
			if isSubByte(b.Elem) {
				return true
			}
		}
	}
	var walk func([]*K.Node) bool
	walk = func(body []*K.Node) bool {
		for _, n := range body {
			if isSubByte(n.Type) || walk(n.Body) || walk(n.Else) {
				return true
			}
			for _, a := range n.Args {
				if isSubByte(a.Type) {
					return true
				}
			}
		}
		return false
	}
	return walk(k.Body)
}
