package kernel

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
)

// copyOperands allocates one result buffer per op result, copies operand i
// into it (Copy steps) and returns the kernel's read-write parameters for them.
func (l *lowerer) copyOperands(op *ir.Op, k *kgen, operands []*ir.Value) ([]int, []*Buffer, error) {
	var ids []int
	var ps []*Buffer
	for i, o := range operands {
		x, err := l.value(op, o)
		if err != nil {
			return nil, nil, err
		}
		if x.tuple != nil {
			return nil, nil, errorf(op, "tuple operands are not supported")
		}
		tt := op.Results[i].Tensor()
		id := l.temp(tt)
		l.emit(Step{Kind: Copy, Src: x.buf, Dst: id})
		ids = append(ids, id)
		ps = append(ps, k.b.Param(fmt.Sprintf("out%d", i), tt.Elem, tt.Shape, ReadWrite, id))
	}
	return ids, ps, nil
}

// sort: the operands are copied into the results, then each row along the
// sort dimension (a Grid loop over the other dimensions) is sorted in place
// by odd-even transposition: n passes of compare-and-swap on adjacent pairs,
// swapping only when the comparator puts the right element strictly first,
// so equal elements keep their order (stable).
func (l *lowerer) sort(op *ir.Op) error {
	k := l.newKgen("sort")
	ids, ps, err := l.copyOperands(op, k, op.Operands)
	if err != nil {
		return err
	}
	if len(op.Regions) != 1 {
		return errorf(op, "want one comparator region")
	}
	shape := shapeOf(op.Operands[0])
	dim, _ := ir.IntValue(op.Attr("dimension"))
	if dim < 0 {
		dim += int64(len(shape))
	}
	if dim < 0 || int(dim) >= len(shape) {
		return errorf(op, "dimension %d out of range", dim)
	}
	n := shape[dim]
	rows := append([]int64{}, shape...)
	rows[dim] = 1
	b := k.b
	k.outputNest(rows, func(idx []*Node) {
		at := func(j *Node) []*Node {
			ix := append([]*Node{}, idx...)
			ix[dim] = j
			return ix
		}
		b.Loop(Serial, n, func(p *Node) {
			b.Loop(Serial, (n+1)/2, func(q *Node) {
				j := b.Bin(Add, b.Bin(Mul, q, Idx(2)), b.Bin(Rem, p, Idx(2)))
				b.If(b.Bin(LT, b.Bin(Add, j, Idx(1)), Idx(n)), func() {
					// Clamped so the index ranges are provably in bounds;
					// the condition above makes the clamps no-ops.
					j1 := b.Bin(Min, b.Bin(Add, j, Idx(1)), Idx(n-1))
					j = b.Bin(Min, j, Idx(n-1))
					var lhs, rhs []*Node
					var offA, offB []*Node
					for _, pb := range ps {
						oa, ob := b.Offset(pb, at(j)), b.Offset(pb, at(j1))
						offA, offB = append(offA, oa), append(offB, ob)
						lhs = append(lhs, b.Load(pb, oa))
						rhs = append(rhs, b.Load(pb, ob))
					}
					// comparator(rhs, lhs): does element j+1 come first?
					args := make([]*Node, 0, 2*len(ps))
					for i := range ps {
						args = append(args, rhs[i], lhs[i])
					}
					res, err := k.region(op, op.Regions[0], args)
					if err != nil || len(res) != 1 || res[0].Type != ir.I1 {
						if err == nil {
							err = errorf(op, "comparator must return one i1")
						}
						k.fail(err, ir.I1)
						return
					}
					b.If(res[0], func() {
						for i, pb := range ps {
							b.Store(pb, offA[i], rhs[i])
							b.Store(pb, offB[i], lhs[i])
						}
					}, nil)
				}, nil)
			})
		})
	})
	if k.err != nil {
		return k.err
	}
	k.finish(opSource(op))
	for i, r := range op.Results {
		l.env[r] = bv{buf: ids[i]}
	}
	return nil
}

// scatter: the inputs are copied into the results, then a serial nest over
// the update elements combines each in-bounds update into its target with
// the update computation, in order (so duplicate indices accumulate
// deterministically); out-of-bounds updates are skipped (spec).
func (l *lowerer) scatter(op *ir.Op) error {
	n := (len(op.Operands) - 1) / 2
	if n < 1 || len(op.Operands) != 2*n+1 || len(op.Regions) != 1 {
		return errorf(op, "malformed scatter")
	}
	dn, ok := op.Attr("scatter_dimension_numbers").(*ir.ScatterDimensionNumbersAttr)
	if !ok {
		return errorf(op, "missing scatter_dimension_numbers")
	}
	k := l.newKgen("scatter")
	ids, ps, err := l.copyOperands(op, k, op.Operands[:n])
	if err != nil {
		return err
	}
	for _, o := range op.Operands[n:] {
		x, err := l.value(op, o)
		if err != nil {
			return err
		}
		k.ext[o] = x.buf
	}
	b := k.b
	os := shapeOf(op.Operands[0])
	is := shapeOf(op.Operands[n])
	us := shapeOf(op.Operands[n+1])
	ivd := int(dn.IndexVectorDim)
	isWin := map[int]bool{}
	for _, d := range dn.UpdateWindowDims {
		isWin[int(d)] = true
	}
	b.Nest(us, 0, func(u []*Node) {
		var sIdx, wIdx []*Node
		for d, x := range u {
			if isWin[d] {
				wIdx = append(wIdx, x)
			} else {
				sIdx = append(sIdx, x)
			}
		}
		startAt := func(p int64) *Node {
			var si []*Node
			j := 0
			for d := 0; d < len(is); d++ {
				if d == ivd {
					si = append(si, Idx(p))
				} else {
					si = append(si, sIdx[j])
					j++
				}
			}
			x := k.valueAt(op.Operands[n], si)
			if x.Type.IsUnsigned() {
				x = b.Convert(x, ir.UI64)
			}
			return b.Convert(x, ir.Index)
		}
		full := make([]*Node, len(os))
		for d := range full {
			full[d] = Idx(0)
		}
		for p, d := range dn.ScatterDimsToOperandDims {
			full[d] = b.Bin(Add, full[d], startAt(int64(p)))
		}
		for i, d := range dn.InputBatchingDims {
			ds := int(dn.ScatterIndicesBatchingDims[i])
			if ds > ivd {
				ds--
			}
			if ds < len(sIdx) {
				full[d] = b.Bin(Add, full[d], sIdx[ds])
			}
		}
		skip := map[int64]bool{}
		for _, d := range dn.InsertedWindowDims {
			skip[d] = true
		}
		for _, d := range dn.InputBatchingDims {
			skip[d] = true
		}
		j := 0
		for d := range os {
			if skip[int64(d)] {
				continue
			}
			if j < len(wIdx) {
				full[d] = b.Bin(Add, full[d], wIdx[j])
			}
			j++
		}
		var in *Node
		for d := range os {
			in = k.and(in, k.inRange(full[d], 0, os[d]))
		}
		body := func() {
			args := make([]*Node, 2*n)
			offs := make([]*Node, n)
			for i, pb := range ps {
				offs[i] = b.Offset(pb, full)
				args[i] = b.Load(pb, offs[i])
				args[n+i] = k.valueAt(op.Operands[n+1+i], u)
			}
			res, err := k.region(op, op.Regions[0], args)
			if err != nil {
				k.fail(err, ir.I1)
				return
			}
			for i, pb := range ps {
				b.Store(pb, offs[i], b.Convert(res[i], pb.Elem))
			}
		}
		if in == nil {
			body()
		} else {
			b.If(in, body, nil)
		}
	})
	if k.err != nil {
		return k.err
	}
	k.finish(opSource(op))
	for i, r := range op.Results {
		l.env[r] = bv{buf: ids[i]}
	}
	return nil
}
