package wasm

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
)

// The narrow floats (f16, bf16, the 8-bit floats of kernel.Float8Types)
// have no Wasm type.
// Kernels holding them are rewritten by the shared kernel-IR legalisation
// kernel.LegalizeNarrow (the one targets/spirv and targets/llvm use): a
// narrow float value becomes its bits in a ui16 or ui8, held zero-extended
// in an i32; arithmetic and comparisons widen to f32 exactly, compute
// there and round back once; converts are integer and f32 code that
// follows ir.FloatBits and ir.FloatFromBits (round to nearest even, from
// f64 and 32/64-bit integers through a round-to-odd f32, so results equal
// the interpreter's). Buffers keep their element types, so the renderer
// sees narrow floats only in loads (i32.load16_u, i32.load8_u), stores
// (i32.store16, i32.store8) and the bitcasts between them and their bits,
// which it renders as nothing.

// narrowFloatTypes are the float types LegalizeNarrow holds as bits here.
var narrowFloatTypes = append([]ir.ElementType{ir.F16, ir.BF16}, kernel.Float8Types...)

// isNarrow reports whether t is a float held as its 16 or 8 bits in an i32.
func isNarrow(t ir.ElementType) bool {
	return t == ir.F16 || t == ir.BF16 || kernel.IsFloat8(t)
}

// hasNarrow reports whether a kernel uses a narrow float buffer or value.
func hasNarrow(k *kernel.Kernel) bool {
	for _, p := range k.Params {
		if isNarrow(p.Elem) {
			return true
		}
	}
	return findNarrow(k.Body, false) != nil
}

// legalizeNarrow returns k when it holds no narrow float, else the copy
// kernel.LegalizeNarrow makes of it (k is not modified), checked by
// kernel.Verify and for narrow floats left anywhere but in loads, stores
// and bitcasts. Errors name the kernel, its source position and the
// offending node.
func legalizeNarrow(k *kernel.Kernel) (*kernel.Kernel, error) {
	if !hasNarrow(k) {
		return k, nil
	}
	src := ""
	if k.Source != "" {
		src = " (" + k.Source + ")"
	}
	lk, err := kernel.LegalizeNarrow(k, kernel.NarrowOptions{Floats: narrowFloatTypes})
	if err != nil {
		return nil, fmt.Errorf("wasm target%s: %w", src, err)
	}
	if err := kernel.Verify(lk); err != nil {
		return nil, fmt.Errorf("wasm target: kernel %s%s: narrow-float legalisation produced an invalid kernel: %v", k.Name, src, err)
	}
	if n := findNarrow(lk.Body, true); n != nil {
		kernel.Number(lk)
		return nil, fmt.Errorf("wasm target: kernel %s%s: %%%d (%s) computes on a narrow float after legalisation", k.Name, src, n.ID, n.Kind)
	}
	return lk, nil
}

// findNarrow returns the first node of body (nested bodies included)
// that has a narrow float type or operand, passing over loads, stores and
// bitcasts when exceptMemory (nil when none).
func findNarrow(body []*kernel.Node, exceptMemory bool) *kernel.Node {
	for _, n := range body {
		switch {
		case exceptMemory && (n.Kind == kernel.Load || n.Kind == kernel.Store || n.Kind == kernel.Bitcast):
		case isNarrow(n.Type):
			return n
		default:
			for _, a := range n.Args {
				if isNarrow(a.Type) {
					return n
				}
			}
		}
		if m := findNarrow(n.Body, exceptMemory); m != nil {
			return m
		}
		if m := findNarrow(n.Else, exceptMemory); m != nil {
			return m
		}
	}
	return nil
}
