package passes

import "github.com/zmlc/zmlc/ir"

// maxFusedReduceExtent bounds the reductions that fuse into a consumer
// region. The kernel lowering computes a reduction fused into a consumer
// once per element the consumer writes, so a reduce whose result is read
// back through a broadcast (a softmax's sum feeding the division) costs
// its extent again per broadcast element: cheap over a classifier's 10
// classes or a 128-wide row, quadratic over an attention row of 512 cache
// positions (it made a stories260K decode step 100 times slower).
// Reductions over more elements than this, read through a broadcast, stay
// in their own region.
const maxFusedReduceExtent = 128

// reduceFusesInto reports whether the reduce op may join the group of its
// readers: always when they read its result at its own size (no
// recomputation), otherwise only when each result element reduces at most
// maxFusedReduceExtent input elements.
func reduceFusesInto(op *ir.Op, readers []*ir.Op) bool {
	in, out := op.Operands[0].Tensor(), op.Results[0].Tensor()
	if in == nil || out == nil {
		return false
	}
	n := out.NumElements()
	broadcast := false
	for _, r := range readers {
		for _, res := range r.Results {
			if t := res.Tensor(); t != nil && t.NumElements() > n {
				broadcast = true
			}
		}
	}
	return !broadcast || n > 0 && in.NumElements()/n <= maxFusedReduceExtent
}
