package ir

import "fmt"

// InferResultTypes returns the result types the StableHLO specification
// determines for op name given its operand types, attributes and regions
// (the regions' entry block arguments and `stablehlo.return` operands give
// the types of bodies such as reduce's). It checks the op's constraints on
// the way and returns an error quoting the violated rule, e.g.
// `lhs_batching_dimensions and rhs_batching_dimensions must have the same
// size (C1)`.
//
// Ops whose results are determined: every elementwise op (compare gives i1,
// abs/real/imag of complex give the part type, is_finite gives i1), constant,
// broadcast, transpose, slice, dynamic_slice, dynamic_update_slice,
// concatenate, pad, reverse, gather (with slice_sizes), scatter,
// dot_general, dot, convolution (the result element type is the lhs one),
// reduce, reduce_window, select_and_scatter, sort, map, while, if, case,
// tuple, get_tuple_element, optimization_barrier, partition_id, replica_id,
// get_dimension_size, after_all, the collectives, chlo.top_k and the ops
// without results (returns, check ops). Others (reshape, convert, iota,
// bitcast_convert, broadcast_in_dim, rng_bit_generator, custom_call,
// func.call) take their result type from the program and give an error
// saying so; so do unregistered ops.
func InferResultTypes(name string, operands []Type, attrs Attrs, regions []*Region) ([]Type, error) {
	rule := opRules[name]
	if rule == nil {
		if LookupOp(name) == nil {
			return nil, fmt.Errorf("'%s' is not a registered operation", name)
		}
		return nil, fmt.Errorf("'%s' op %s", name, errNeedsResultType)
	}
	for i, t := range operands {
		if t == nil {
			return nil, fmt.Errorf("'%s' op operand #%d has no type", name, i)
		}
	}
	if n, ok := regionCounts[name]; (ok && n >= 0 && len(regions) != n) || (!ok && len(regions) != 0) {
		want := n
		if !ok {
			want = 0
		}
		return nil, fmt.Errorf("'%s' op requires %d region(s), got %d", name, want, len(regions))
	}
	c := &opCtx{name: name, operands: operands, attrs: attrs, regions: regions, infer: true}
	ts, err := rule(c)
	if err != nil {
		return nil, fmt.Errorf("'%s' op %w", name, err)
	}
	if ts == nil {
		return nil, fmt.Errorf("'%s' op %s", name, errNeedsResultType)
	}
	return ts, nil
}
