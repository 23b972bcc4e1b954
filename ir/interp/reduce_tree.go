package interp

import (
	"math"

	"github.com/zmlc/zmlc/ir"
)

// Long float sums: a one-operand reduce of more than treeBranch elements
// per result whose body is a float (or complex) add takes its elements in
// a blocked tree rather than a left fold, so
// that its rounding error grows like log n instead of n (the sum of 10^6
// f32 copies of 0.1 is 100000.0 instead of 100958.3). The spec leaves the
// reduction order to the implementation. The tree is the one the CPU
// targets' kernels emit (targets/kernel.TreeSum): leaf blocks of at most
// treeBranch consecutive elements summed left to right from -0, blocks of
// treeBranch^j elements summing their sub-blocks, a partial block its
// whole sub-blocks then its remainder's tree; the init value is added
// last. Each add rounds to the element type.

// treeBranch is the tree's branching factor (targets/kernel.TreeBranch).
const treeBranch = 32

// treeSum returns the sum of x in the blocked tree, each add rounded by
// round.
func treeSum(x []float64, round func(float64) float64) float64 {
	n := len(x)
	s := math.Copysign(0, -1)
	if n <= treeBranch {
		for _, v := range x {
			s = round(s + v)
		}
		return s
	}
	blk := treeBranch
	for blk*treeBranch < n {
		blk *= treeBranch
	}
	for i := 0; i+blk <= n; i += blk {
		s = round(s + treeSum(x[i:i+blk], round))
	}
	if rem := n % blk; rem > 0 {
		s = round(s + treeSum(x[n-rem:], round))
	}
	return s
}

// isAddBody reports whether r is `return add(arg0, arg1)` on rank-0
// tensors of element type e.
func isAddBody(r *ir.Region, e ir.ElementType) bool {
	b := r.Entry()
	if b == nil || len(b.Args) != 2 || len(b.Ops) != 2 {
		return false
	}
	add, ret := b.Ops[0], b.Ops[1]
	if add.Name != "stablehlo.add" || !isReturn(ret) || len(add.Operands) != 2 || len(ret.Operands) != 1 || ret.Operands[0] != add.Results[0] {
		return false
	}
	a0, a1 := add.Operands[0], add.Operands[1]
	if !(a0 == b.Args[0] && a1 == b.Args[1] || a0 == b.Args[1] && a1 == b.Args[0]) {
		return false
	}
	for _, v := range []*ir.Value{b.Args[0], b.Args[1], add.Results[0]} {
		if t := v.Tensor(); t == nil || t.Rank() != 0 || t.Elem != e {
			return false
		}
	}
	return true
}

// treeReduce computes result j of a float or complex add reduce: init +
// treeSum of the input elements at base+offs (scratch has len(offs)).
func treeReduce(res, input, init *ir.Tensor, j, base int, offs []int, scratch []float64) {
	e := res.Type.Elem
	if e.IsComplex() {
		p := e.ComplexPart()
		round := func(v float64) float64 { return ir.RoundFloat(v, p) }
		for i, o := range offs {
			scratch[i] = real(input.C[base+o])
		}
		re := treeSum(scratch, round)
		for i, o := range offs {
			scratch[i] = imag(input.C[base+o])
		}
		im := treeSum(scratch, round)
		res.C[j] = complex(round(real(init.C[0])+re), round(imag(init.C[0])+im))
		return
	}
	round := func(v float64) float64 { return ir.RoundFloat(v, e) }
	if e == ir.F64 {
		round = func(v float64) float64 { return v }
	}
	for i, o := range offs {
		scratch[i] = input.F[base+o]
	}
	res.F[j] = round(init.F[0] + treeSum(scratch, round))
}
