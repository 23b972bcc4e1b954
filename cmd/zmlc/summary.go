package main

import (
	"math"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Summarisation of large results, as NumPy prints arrays (numpy.set_printoptions:
// threshold 1000, edgeitems 3): a result with more than summaryThreshold
// elements shows, along every axis longer than 2*summaryEdge, its first
// and last summaryEdge entries around `...`.
const (
	summaryThreshold = 1000
	summaryEdge      = 3
)

// resultString prints t as an MLIR dense literal with its type, every
// element in decimal; with more than summaryThreshold elements and not
// full, abbreviated as NumPy abbreviates (the literal then does not parse
// back: use --output for the values).
func resultString(t *ir.Tensor, full bool) string {
	if full || t.Len() <= summaryThreshold || isSplatTensor(t) {
		return t.String()
	}
	var b strings.Builder
	b.WriteString("dense<")
	shape := t.Type.Shape
	strides := ir.Strides(shape)
	var rec func(d, off int)
	rec = func(d, off int) {
		if d == len(shape) {
			b.WriteString(elemText(t, off))
			return
		}
		b.WriteString("[")
		n := int(shape[d])
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			if n > 2*summaryEdge && i == summaryEdge {
				b.WriteString("..., ")
				i = n - summaryEdge
			}
			rec(d+1, off+i*int(strides[d]))
		}
		b.WriteString("]")
	}
	rec(0, 0)
	b.WriteString("> : ")
	b.WriteString(t.Type.String())
	return b.String()
}

// isSplatTensor reports whether every element of t is the same (a literal
// then prints one value whatever the size).
func isSplatTensor(t *ir.Tensor) bool {
	for i := 1; i < t.Len(); i++ {
		switch {
		case t.I != nil && t.I[i] != t.I[0],
			t.F != nil && math.Float64bits(t.F[i]) != math.Float64bits(t.F[0]),
			t.C != nil && t.C[i] != t.C[0]:
			return false
		}
	}
	return true
}
