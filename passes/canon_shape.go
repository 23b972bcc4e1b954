package passes

import (
	"github.com/zmlc/zmlc/ir"
)

// Shape-op rules: compositions of two transposes, reshapes,
// broadcast_in_dims, exact converts and slices become one op; ops that
// change nothing (identity permutation, same-type reshape and convert,
// identity broadcast, full slice, zero padding, empty broadcast) are
// replaced by their operand.

// producer returns the op defining op's operand i if it is called name.
func producer(op *ir.Op, i int, name string) *ir.Op {
	if i >= len(op.Operands) {
		return nil
	}
	d := op.Operands[i].Def
	if d == nil || d.Name != name {
		return nil
	}
	return d
}

// replaceByOperandIfSameType is the rewrite of the no-op rules.
func noOpRule(rule, name string, isNoOp func(op *ir.Op) bool) *Rule {
	return &Rule{
		Name: rule,
		Op:   name,
		Match: func(op *ir.Op) bool {
			return len(op.Operands) > 0 && len(op.Results) == 1 && sameType(op.Operands[0], op.Results[0]) && isNoOp(op)
		},
		Rewrite: replaceWith(func(op *ir.Op) *ir.Value { return op.Operands[0] }),
	}
}

// replaceOne replaces op by a new op name reading x with op's result type
// and attrs, or by x itself when x already has that type and identity says
// the op would be a no-op.
func replaceOne(rw *Rewriter, op *ir.Op, name string, x *ir.Value, attrs ir.Attrs, identity bool) {
	if identity && sameType(x, op.Results[0]) {
		rw.ReplaceOp(op, x)
		return
	}
	n := rw.Create(op, name, []*ir.Value{x}, []ir.Type{op.Results[0].Type}, attrs)
	rw.ReplaceOp(op, n.Result(0))
}

func shapeRules() []*Rule {
	return []*Rule{
		noOpRule("transpose-identity", "stablehlo.transpose", func(op *ir.Op) bool { return isIdentityPerm(ints(op, "permutation")) }),
		noOpRule("reshape-same-type", "stablehlo.reshape", func(op *ir.Op) bool { return true }),
		noOpRule("convert-same-type", "stablehlo.convert", func(op *ir.Op) bool { return true }),
		noOpRule("broadcast-in-dim-identity", "stablehlo.broadcast_in_dim", func(op *ir.Op) bool {
			return isIdentityPerm(ints(op, "broadcast_dimensions"))
		}),
		noOpRule("broadcast-empty", "stablehlo.broadcast", func(op *ir.Op) bool { return len(ints(op, "broadcast_sizes")) == 0 }),
		noOpRule("slice-full", "stablehlo.slice", func(op *ir.Op) bool { return allZero(ints(op, "start_indices")) }),
		noOpRule("pad-zero", "stablehlo.pad", func(op *ir.Op) bool {
			return allZero(ints(op, "edge_padding_low")) && allZero(ints(op, "edge_padding_high")) && allZero(ints(op, "interior_padding"))
		}),
		{
			Name:  "transpose-transpose",
			Op:    "stablehlo.transpose",
			Match: func(op *ir.Op) bool { return producer(op, 0, "stablehlo.transpose") != nil },
			Rewrite: func(rw *Rewriter, op *ir.Op) {
				in := producer(op, 0, "stablehlo.transpose")
				p1, p2 := ints(in, "permutation"), ints(op, "permutation")
				// result[i] = mid[p2[i]] = x[p1[p2[i]]]
				c := make([]int64, len(p2))
				for i, d := range p2 {
					c[i] = p1[d]
				}
				replaceOne(rw, op, "stablehlo.transpose", in.Operands[0], ir.Attrs{{Name: "permutation", Value: ir.I64Array(c...)}}, isIdentityPerm(c))
			},
		},
		{
			Name:  "reshape-reshape",
			Op:    "stablehlo.reshape",
			Match: func(op *ir.Op) bool { return producer(op, 0, "stablehlo.reshape") != nil },
			Rewrite: func(rw *Rewriter, op *ir.Op) {
				in := producer(op, 0, "stablehlo.reshape")
				replaceOne(rw, op, "stablehlo.reshape", in.Operands[0], nil, true)
			},
		},
		{
			Name:  "broadcast-in-dim-broadcast-in-dim",
			Op:    "stablehlo.broadcast_in_dim",
			Match: func(op *ir.Op) bool { return producer(op, 0, "stablehlo.broadcast_in_dim") != nil },
			Rewrite: func(rw *Rewriter, op *ir.Op) {
				in := producer(op, 0, "stablehlo.broadcast_in_dim")
				d1, d2 := ints(in, "broadcast_dimensions"), ints(op, "broadcast_dimensions")
				// operand dim i -> mid dim d1[i] -> result dim d2[d1[i]]
				c := make([]int64, len(d1))
				for i, d := range d1 {
					c[i] = d2[d]
				}
				replaceOne(rw, op, "stablehlo.broadcast_in_dim", in.Operands[0], ir.Attrs{{Name: "broadcast_dimensions", Value: ir.I64Array(c...)}}, isIdentityPerm(c))
			},
		},
		{
			Name: "convert-convert",
			Op:   "stablehlo.convert",
			Match: func(op *ir.Op) bool {
				in := producer(op, 0, "stablehlo.convert")
				return in != nil && exactConversion(elemOf(in.Operands[0]), elemOf(in.Results[0]))
			},
			Rewrite: func(rw *Rewriter, op *ir.Op) {
				in := producer(op, 0, "stablehlo.convert")
				replaceOne(rw, op, "stablehlo.convert", in.Operands[0], nil, true)
			},
		},
		{
			Name: "slice-slice",
			Op:   "stablehlo.slice",
			Match: func(op *ir.Op) bool {
				in := producer(op, 0, "stablehlo.slice")
				return in != nil && op.Results[0].Tensor() != nil && in.Operands[0].Tensor() != nil && op.Results[0].Tensor().IsStatic()
			},
			Rewrite: func(rw *Rewriter, op *ir.Op) {
				in := producer(op, 0, "stablehlo.slice")
				s1, t1 := ints(in, "start_indices"), ints(in, "strides")
				s2, t2 := ints(op, "start_indices"), ints(op, "strides")
				out := op.Results[0].Tensor().Shape
				srcShape := in.Operands[0].Tensor().Shape
				n := len(out)
				start, limit, stride := make([]int64, n), make([]int64, n), make([]int64, n)
				// out[k] = mid[s2 + k*t2] = x[s1 + (s2 + k*t2)*t1]
				for d := 0; d < n; d++ {
					start[d] = s1[d] + s2[d]*t1[d]
					stride[d] = t1[d] * t2[d]
					if out[d] == 0 {
						start[d] = min(start[d], srcShape[d])
						limit[d] = start[d]
					} else {
						limit[d] = start[d] + (out[d]-1)*stride[d] + 1
					}
				}
				attrs := ir.Attrs{
					{Name: "start_indices", Value: ir.I64Array(start...)},
					{Name: "limit_indices", Value: ir.I64Array(limit...)},
					{Name: "strides", Value: ir.I64Array(stride...)},
				}
				replaceOne(rw, op, "stablehlo.slice", in.Operands[0], attrs, false)
			},
		},
	}
}
