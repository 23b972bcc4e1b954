package kernel

import (
	"math"

	"github.com/zmlc/zmlc/ir"
)

// TreeBranch is the branching factor of TreeSum: each accumulator adds at
// most TreeBranch terms, so a sum of n terms rounds at most
// TreeBranch*ceil(log_TreeBranch(n)) times along any path.
const TreeBranch = 32

// TreeSum emits into b the sum of x(i) for i in [0, n) (n >= 1) in a
// blocked tree of serial loops: a leaf block adds at most TreeBranch
// consecutive terms left to right from -0 (the identity of float add,
// which keeps a sum of -0s -0); a block of TreeBranch^j terms adds the
// sums of its TreeBranch sub-blocks; a partial block its whole sub-blocks
// and then its remainder's tree. The rounding error of a float sum grows
// like log n (Higham, "The accuracy of floating point summation", SIAM J.
// Sci. Comput. 14(4), 1993: the bound of a tree of height h is h*u*sum|x|),
// instead of n for the left fold. add combines two partial sums (the
// reduce body's add); x is called once per term with the term's index, an
// ir.Index node. It returns the total (a Get of the root accumulator).
func TreeSum(b *Builder, n int64, t ir.ElementType, x func(i *Node) *Node, add func(a, c *Node) *Node) *Node {
	var tree func(off *Node, n int64) *Node
	tree = func(off *Node, n int64) *Node {
		at := func(i *Node) *Node {
			if off == nil {
				return i
			}
			return b.Bin(Add, off, i)
		}
		v := b.Var(ConstOf(t, math.Copysign(0, -1)))
		if n <= TreeBranch {
			b.Loop(Serial, n, func(i *Node) { b.Set(v, add(b.Get(v), x(at(i)))) })
			return b.Get(v)
		}
		blk := int64(TreeBranch)
		for blk*TreeBranch < n {
			blk *= TreeBranch
		}
		q, rem := n/blk, n%blk
		b.Loop(Serial, q, func(i *Node) {
			b.Set(v, add(b.Get(v), tree(at(b.Bin(Mul, i, Idx(blk))), blk)))
		})
		if rem > 0 {
			b.Set(v, add(b.Get(v), tree(at(Idx(q*blk)), rem)))
		}
		return b.Get(v)
	}
	return tree(nil, n)
}

// floatAddBody reports whether region r of a one-operand reduce is
// `return add(arg0, arg1)` on floats of one type.
func floatAddBody(r *ir.Region) bool {
	blk := r.Entry()
	if blk == nil || len(blk.Args) != 2 || len(blk.Ops) != 2 {
		return false
	}
	add, ret := blk.Ops[0], blk.Ops[1]
	if add.Name != "stablehlo.add" || len(add.Operands) != 2 || len(ret.Operands) != 1 || ret.Operands[0] != add.Results[0] {
		return false
	}
	a0, a1 := add.Operands[0], add.Operands[1]
	if !(a0 == blk.Args[0] && a1 == blk.Args[1] || a0 == blk.Args[1] && a1 == blk.Args[0]) {
		return false
	}
	t0, t1, tr := blk.Args[0].Tensor(), blk.Args[1].Tensor(), add.Results[0].Tensor()
	return t0 != nil && t1 != nil && tr != nil && t0.Elem.IsFloat() && t0.Elem == t1.Elem && t0.Elem == tr.Elem
}
