package wasm

import "github.com/zmlc/zmlc/targets/kernel"

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
