package passes

import "github.com/zmlc/zmlc/ir"

// cloneOp returns a deep copy of op: fresh results, regions copied block
// by block. Operands found in vmap are replaced by their mapping, others
// are kept; the new op's results and block arguments are added to vmap so
// that later clones read them.
func cloneOp(op *ir.Op, vmap map[*ir.Value]*ir.Value) *ir.Op {
	operands := make([]*ir.Value, len(op.Operands))
	for i, v := range op.Operands {
		if w, ok := vmap[v]; ok {
			operands[i] = w
		} else {
			operands[i] = v
		}
	}
	types := make([]ir.Type, len(op.Results))
	for i, r := range op.Results {
		types[i] = r.Type
	}
	n := ir.NewOp(op.Name, operands, types, append(ir.Attrs{}, op.Attrs...))
	n.Loc = op.Loc
	for i, r := range op.Results {
		n.Results[i].Name = r.Name
		vmap[r] = n.Results[i]
	}
	for _, r := range op.Regions {
		nr := &ir.Region{Parent: n}
		for _, b := range r.Blocks {
			nb := &ir.Block{Parent: nr}
			for _, a := range b.Args {
				na := nb.AddArg(a.Type)
				na.Name = a.Name
				vmap[a] = na
			}
			nr.Blocks = append(nr.Blocks, nb)
		}
		for bi, b := range r.Blocks {
			for _, o := range b.Ops {
				nr.Blocks[bi].Append(cloneOp(o, vmap))
			}
		}
		n.Regions = append(n.Regions, nr)
	}
	return n
}
