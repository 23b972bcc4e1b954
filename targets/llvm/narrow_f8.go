package llvm

import (
	zir "github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// The 8-bit floats (K.Float8Types: f8E4M3FN and f8E5M2 of the OCP "8-bit
// Floating Point Specification (OFP8)", 2023, and the others of MLIR's
// builtin types) have no LLVM type; they are held as their
// byte (i8). legalizeF8 runs the shared kernel-IR legalisation
// kernel.LegalizeNarrow for them (the method of the wasm and SPIR-V
// targets: f8 values are their bits, arithmetic widens to f32 and rounds
// back once, converts are integer and f32 code that follows ir.FloatBits
// and ir.FloatFromBits bit for bit), then gives the kernel ui8 buffers in
// place of its f8 ones, so the renderer sees no f8 at all.

// f8Types are the element types legalizeF8 rewrites.
var f8Types = K.Float8Types

// isF8 reports whether t is an 8-bit float.
func isF8(t zir.ElementType) bool { return K.IsFloat8(t) }

// hasF8 reports whether a kernel has an f8 buffer or value.
func hasF8(k *K.Kernel) bool {
	for _, b := range append(append([]*K.Buffer{}, k.Params...), k.Shared...) {
		if isF8(b.Elem) {
			return true
		}
	}
	var walk func([]*K.Node) bool
	walk = func(body []*K.Node) bool {
		for _, n := range body {
			if isF8(n.Type) {
				return true
			}
			for _, a := range n.Args {
				if isF8(a.Type) {
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

// legalizeF8 returns k when it holds no f8, else a copy without f8: held
// as bits by kernel.LegalizeNarrow, its f8 buffers replaced by ui8 buffers
// (new Buffer values; k and its buffers are not modified). Should the
// legalisation leave an f8 value anywhere but a load, a store or a
// bitcast, k is returned as it is and the renderer rejects its type.
func legalizeF8(k *K.Kernel) *K.Kernel {
	if !hasF8(k) {
		return k
	}
	nk, err := K.LegalizeNarrow(k, K.NarrowOptions{Floats: f8Types})
	if err != nil || !onlyF8Storage(nk.Body) {
		return k
	}
	r := &f8Storage{nodes: map[*K.Node]*K.Node{}, bufs: map[*K.Buffer]*K.Buffer{}}
	out := &K.Kernel{Name: nk.Name, Source: nk.Source}
	for _, b := range nk.Params {
		out.Params = append(out.Params, r.buf(b))
	}
	for _, b := range nk.Shared {
		out.Shared = append(out.Shared, r.buf(b))
	}
	out.Body = r.body(nk.Body)
	return out
}

// onlyF8Storage reports whether f8 appears in body only where
// LegalizeNarrow leaves it: loads from and stores to f8 buffers and the
// bitcasts between them and the held bits.
func onlyF8Storage(body []*K.Node) bool {
	for _, n := range body {
		switch n.Kind {
		case K.Load, K.Store, K.Bitcast:
		default:
			if isF8(n.Type) {
				return false
			}
			for _, a := range n.Args {
				if isF8(a.Type) {
					return false
				}
			}
		}
		if !onlyF8Storage(n.Body) || !onlyF8Storage(n.Else) {
			return false
		}
	}
	return true
}

// f8Storage copies a kernel with its f8 buffers as ui8 buffers: loads
// from them give ui8, and the bitcasts between f8 and ui8 become ui8 to
// ui8 (rendered as nothing).
type f8Storage struct {
	nodes map[*K.Node]*K.Node
	bufs  map[*K.Buffer]*K.Buffer
}

// buf returns the copy's buffer for b: b itself unless it holds f8.
func (r *f8Storage) buf(b *K.Buffer) *K.Buffer {
	if nb, ok := r.bufs[b]; ok {
		return nb
	}
	nb := b
	if isF8(b.Elem) {
		c := *b
		c.Elem = zir.UI8
		nb = &c
	}
	r.bufs[b] = nb
	return nb
}

// body copies a list of nodes.
func (r *f8Storage) body(body []*K.Node) []*K.Node {
	var out []*K.Node
	for _, n := range body {
		m := *n
		m.Args = make([]*K.Node, len(n.Args))
		for i, a := range n.Args {
			if c, ok := r.nodes[a]; ok {
				a = c
			}
			m.Args[i] = a
		}
		if isF8(m.Type) {
			m.Type = zir.UI8
		}
		if m.Buf != nil {
			m.Buf = r.buf(m.Buf)
		}
		r.nodes[n] = &m
		if n.Kind == K.Loop || n.Kind == K.If {
			m.Body = r.body(n.Body)
			m.Else = r.body(n.Else)
		}
		out = append(out, &m)
	}
	return out
}
