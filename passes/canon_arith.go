package passes

import (
	"math"

	"github.com/zmlc/zmlc/ir"
)

// Arithmetic identities. For integers (and i1, where add is or and
// multiply is and): x+0 = 0+x = x, x-0 = x, x*1 = 1*x = x, x*0 = 0*x = 0,
// x-x = 0. For floats only identities exact for every input, NaN, infinities
// and signed zeros included: x + -0.0 = x, x - +0.0 = x, x*1 = x, x/1 = x,
// -(-x) = x. A float x + +0.0 is NOT x (-0.0 + 0.0 = +0.0) and x*0 is not 0
// (NaN, inf, sign of zero), so those stay.

// replaceWith returns a rewrite replacing op by the value that pick
// chooses among its operands.
func replaceWith(pick func(op *ir.Op) *ir.Value) func(rw *Rewriter, op *ir.Op) {
	return func(rw *Rewriter, op *ir.Op) { rw.ReplaceOp(op, pick(op)) }
}

// identityRule returns rules for name where an operand equal to the
// constant that isUnit accepts can be dropped: on the right and, for
// commutative ops, on the left.
func identityRules(rule, name string, commutative bool, isUnit func(*ir.Value) bool) []*Rule {
	rs := []*Rule{{
		Name: rule,
		Op:   name,
		Match: func(op *ir.Op) bool {
			return len(op.Operands) == 2 && isUnit(op.Operands[1]) && sameType(op.Operands[0], op.Results[0])
		},
		Rewrite: replaceWith(func(op *ir.Op) *ir.Value { return op.Operands[0] }),
	}}
	if commutative {
		rs = append(rs, &Rule{
			Name: rule,
			Op:   name,
			Match: func(op *ir.Op) bool {
				return len(op.Operands) == 2 && isUnit(op.Operands[0]) && sameType(op.Operands[1], op.Results[0])
			},
			Rewrite: replaceWith(func(op *ir.Op) *ir.Value { return op.Operands[1] }),
		})
	}
	return rs
}

func intConst(want int64) func(*ir.Value) bool {
	return func(v *ir.Value) bool { return allInts(v, want) }
}

func floatConst(want float64) func(*ir.Value) bool {
	return func(v *ir.Value) bool { return allFloats(v, want) }
}

func arithRules() []*Rule {
	var rs []*Rule
	add := func(r ...*Rule) { rs = append(rs, r...) }
	add(identityRules("int-add-zero", "stablehlo.add", true, intConst(0))...)
	add(identityRules("int-subtract-zero", "stablehlo.subtract", false, intConst(0))...)
	add(identityRules("int-multiply-one", "stablehlo.multiply", true, intConst(1))...)
	add(identityRules("float-add-negative-zero", "stablehlo.add", true, floatConst(math.Copysign(0, -1)))...)
	add(identityRules("float-subtract-zero", "stablehlo.subtract", false, floatConst(0))...)
	add(identityRules("float-multiply-one", "stablehlo.multiply", true, floatConst(1))...)
	add(identityRules("float-divide-one", "stablehlo.divide", false, floatConst(1))...)
	// x*0 = 0 for integers: the zero operand has the result's type.
	for _, side := range []int{1, 0} {
		side := side
		add(&Rule{
			Name: "int-multiply-zero",
			Op:   "stablehlo.multiply",
			Match: func(op *ir.Op) bool {
				return len(op.Operands) == 2 && allInts(op.Operands[side], 0) && sameType(op.Operands[side], op.Results[0])
			},
			Rewrite: replaceWith(func(op *ir.Op) *ir.Value { return op.Operands[side] }),
		})
	}
	add(&Rule{
		Name: "int-subtract-self",
		Op:   "stablehlo.subtract",
		Match: func(op *ir.Op) bool {
			t := op.Results[0].Tensor()
			return len(op.Operands) == 2 && op.Operands[0] == op.Operands[1] && t != nil && t.IsStatic() && t.Elem.IsIntOrBool()
		},
		Rewrite: func(rw *Rewriter, op *ir.Op) {
			rw.ReplaceOp(op, splatConstant(rw, op, op.Results[0].Tensor(), int64(0)))
		},
	})
	add(&Rule{
		Name: "negate-negate",
		Op:   "stablehlo.negate",
		Match: func(op *ir.Op) bool {
			d := op.Operands[0].Def
			return d != nil && d.Name == "stablehlo.negate" && sameType(d.Operands[0], op.Results[0])
		},
		Rewrite: replaceWith(func(op *ir.Op) *ir.Value { return op.Operands[0].Def.Operands[0] }),
	})
	return rs
}
