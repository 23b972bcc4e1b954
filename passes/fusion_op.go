package passes

import "github.com/zmlc/zmlc/ir"

// FusionOp is the name of the op the fusion pass creates:
//
//	%r = "zml.fusion"(%a, %b) <{kind = "loop"}> ({
//	^bb0(%x: tensor<4xf32>, %y: tensor<4xf32>):
//	  %0 = stablehlo.add %x, %y : tensor<4xf32>
//	  stablehlo.return %0 : tensor<4xf32>
//	}) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
//
// Its operands are the region's external inputs, its results the region's
// outputs; the one region's entry block takes one argument per operand (same
// types) and ends with stablehlo.return of the outputs; the body holds
// ordinary StableHLO ops (small constants are cloned in rather than passed).
// The kind attribute names the fusion as XLA does: FusionLoop
// ("loop": elementwise ops, broadcasts and reshapes), FusionInput ("input":
// a reduction and the ops producing its inputs, and consuming its result),
// FusionOutput ("output": a dot_general or convolution and its elementwise
// epilogue). The interpreter runs the region (ir/interp/fusion.go); the
// kernel lowering (targets/kernel) makes one kernel of it.
//
// zml.fusion is deliberately not in ir's op registry: the verifier checks
// the region count of registered ops against a table only the ir package
// can extend, so a registered zml.fusion would be rejected ("requires 0
// region(s)"). As an op of a dialect zmlc does not model, ir.Verify checks
// its operands, results and region (dominance, terminators) without an op
// rule; CSE, DCE and canonicalisation treat it as pure when its region is
// (see effects).
const FusionOp = "zml.fusion"

// Fusion kinds (the kind attribute of FusionOp).
const (
	FusionLoop   = "loop"
	FusionInput  = "input"
	FusionOutput = "output"
)

// FusionKind returns the kind attribute of a zml.fusion op ("" for other
// ops or a missing kind).
func FusionKind(op *ir.Op) string {
	if op.Name != FusionOp {
		return ""
	}
	s, _ := op.Attr("kind").(ir.StringAttr)
	return string(s)
}

// FusionRegions returns the zml.fusion ops of f's body, in program order.
func FusionRegions(f *ir.Func) []*ir.Op {
	var r []*ir.Op
	if f.Body == nil {
		return nil
	}
	f.Body.Walk(func(op *ir.Op) bool {
		if op.Name == FusionOp {
			r = append(r, op)
		}
		return true
	})
	return r
}
