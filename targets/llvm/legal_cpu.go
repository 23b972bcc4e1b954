package llvm

import (
	zir "github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/gpu"
	"github.com/zmlc/zmlc/targets/kernel"
)

// legalizedCPU returns the copy of k the cpu renders: gpu.Legalized with
// f64 support, keeping Fma nodes (the cpu renders them as llvm.fma; the
// GPU legaliser does not know them). Fma nodes pass through the
// legaliser disguised as selects (a select of a float condition is
// otherwise impossible), so k is briefly modified: renders of one kernel
// must not run concurrently.
func legalizedCPU(k *kernel.Kernel) *kernel.Kernel {
	var fmas []*kernel.Node
	walk(k.Body, func(n *kernel.Node) {
		if n.Kind == kernel.Fma {
			fmas = append(fmas, n)
		}
	})
	if len(fmas) == 0 {
		return gpu.Legalized(k, gpu.Params{Name: "cpu", HasF64: true})
	}
	for _, n := range fmas {
		n.Kind = kernel.Select
	}
	nk := gpu.Legalized(k, gpu.Params{Name: "cpu", HasF64: true})
	for _, n := range fmas {
		n.Kind = kernel.Fma
	}
	walk(nk.Body, func(n *kernel.Node) {
		if n.Kind == kernel.Select && n.Args[0].Type != zir.I1 {
			n.Kind = kernel.Fma
		}
	})
	return nk
}

// walk calls fn on every node of body, depth first, in order.
func walk(body []*kernel.Node, fn func(*kernel.Node)) {
	for _, n := range body {
		fn(n)
		walk(n.Body, fn)
		walk(n.Else, fn)
	}
}
