package wasm

import (
	"github.com/zmlc/zmlc/targets/gpu"
	"github.com/zmlc/zmlc/targets/kernel"
)

// needsLegalize reports whether a kernel body holds a float operation the
// wasm renderer has no instruction or helper for (sin, cos, tan, erf, cbrt,
// pow, atan2). Such kernels are rendered from a copy legalised by
// targets/gpu's Legalize — the math expansions every target shares, with
// the ULP bounds measured in targets/gpu/math_test.go — as targets/llvm
// does for its CPU target. Other kernels keep the wasm renderer's own
// lowering (f64 helpers, SIMD128 vector loops).
func needsLegalize(body []*kernel.Node) bool {
	for _, n := range body {
		switch n.Kind {
		case kernel.Sin, kernel.Cos, kernel.Tan, kernel.Erf, kernel.Cbrt, kernel.Pow, kernel.Atan2:
			if len(n.Args) > 0 && n.Args[0].Type.IsFloat() {
				return true
			}
		}
		if needsLegalize(n.Body) || needsLegalize(n.Else) {
			return true
		}
	}
	return false
}

// legalized returns a copy of k whose math is legalised as the GPU and
// CPU targets legalise it (targets/gpu.Legalize, computing in f64 where
// that is more accurate); buffers are shared with k, k is unchanged.
func legalized(k *kernel.Kernel) *kernel.Kernel {
	nk := &kernel.Kernel{Name: k.Name, Source: k.Source,
		Params: append([]*kernel.Buffer{}, k.Params...), Shared: append([]*kernel.Buffer{}, k.Shared...)}
	nodes := map[*kernel.Node]*kernel.Node{}
	var body func([]*kernel.Node) []*kernel.Node
	body = func(b []*kernel.Node) []*kernel.Node {
		out := make([]*kernel.Node, 0, len(b))
		for _, n := range b {
			c := *n
			c.Args = make([]*kernel.Node, len(n.Args))
			for i, a := range n.Args {
				if r, ok := nodes[a]; ok {
					c.Args[i] = r
				} else {
					c.Args[i] = a
				}
			}
			nodes[n] = &c
			c.Body = body(n.Body)
			c.Else = body(n.Else)
			out = append(out, &c)
		}
		return out
	}
	nk.Body = body(k.Body)
	gpu.Legalize(nk, gpu.Params{Name: "wasm", HasF64: true})
	return nk
}
