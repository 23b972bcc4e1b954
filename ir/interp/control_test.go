package interp

import (
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// uaFunc adds a function to m whose body build fills; build returns the
// values the function returns.
func uaFunc(m *ir.Module, name string, inputs []ir.Type, build func(b *ir.Block) []*ir.Value) *ir.Func {
	r := &ir.Region{}
	b := &ir.Block{Parent: r}
	r.Blocks = []*ir.Block{b}
	for _, t := range inputs {
		b.AddArg(t)
	}
	res := build(b)
	var rt []ir.Type
	for _, v := range res {
		rt = append(rt, v.Type)
	}
	b.Append(ir.NewOp("func.return", res, nil, nil))
	f := &ir.Func{Name: name, Type: &ir.FunctionType{Inputs: inputs, Results: rt}, Body: r}
	m.Funcs = append(m.Funcs, f)
	return f
}

func uaConst(b *ir.Block, x *ir.Tensor) *ir.Value {
	return b.Append(ir.NewOp("stablehlo.constant", nil, []ir.Type{x.Type}, ir.Attrs{{Name: "value", Value: &ir.DenseElementsAttr{Value: x}}})).Results[0]
}

func uaBin(b *ir.Block, name string, x, y *ir.Value) *ir.Value {
	return b.Append(ir.NewOp(name, []*ir.Value{x, y}, []ir.Type{x.Type}, nil)).Results[0]
}

func TestWhileLoop(t *testing.T) {
	i32 := ir.TensorOf(ir.I32)
	m := &ir.Module{}
	uaFunc(m, "main", nil, func(b *ir.Block) []*ir.Value {
		zero := uaConst(b, ir.Scalar(ir.I32, int64(0)))
		w := ir.NewOp("stablehlo.while", []*ir.Value{zero, zero}, []ir.Type{i32, i32}, nil)
		cond := w.AddRegion(i32, i32)
		five := uaConst(cond, ir.Scalar(ir.I32, int64(5)))
		lt := cond.Append(ir.NewOp("stablehlo.compare", []*ir.Value{cond.Args[0], five}, []ir.Type{ir.TensorOf(ir.I1)},
			ir.Attrs{{Name: "comparison_direction", Value: uaEnum("comparison_direction", "LT")}})).Results[0]
		cond.Append(ir.NewOp("stablehlo.return", []*ir.Value{lt}, nil, nil))
		body := w.AddRegion(i32, i32)
		one := uaConst(body, ir.Scalar(ir.I32, int64(1)))
		i1 := uaBin(body, "stablehlo.add", body.Args[0], one)
		acc := uaBin(body, "stablehlo.add", body.Args[1], i1)
		body.Append(ir.NewOp("stablehlo.return", []*ir.Value{i1, acc}, nil, nil))
		b.Append(w)
		return w.Results
	})
	out, err := New(m).Call("main", nil)
	if err != nil {
		t.Fatal(err)
	}
	uaWantI(t, "counter", out[0].(*ir.Tensor), 5)
	uaWantI(t, "sum 1..5", out[1].(*ir.Tensor), 15)
}

func TestIfCaseCall(t *testing.T) {
	i32 := ir.TensorOf(ir.I32)
	m := &ir.Module{}
	uaFunc(m, "double", []ir.Type{i32}, func(b *ir.Block) []*ir.Value {
		return []*ir.Value{uaBin(b, "stablehlo.add", b.Args[0], b.Args[0])}
	})
	uaFunc(m, "pick", []ir.Type{ir.TensorOf(ir.I1), i32}, func(b *ir.Block) []*ir.Value {
		iff := ir.NewOp("stablehlo.if", []*ir.Value{b.Args[0]}, []ir.Type{i32}, nil)
		tb := iff.AddRegion()
		call := tb.Append(ir.NewOp("func.call", []*ir.Value{b.Args[1]}, []ir.Type{i32}, ir.Attrs{{Name: "callee", Value: &ir.SymbolRefAttr{Name: "double"}}}))
		tb.Append(ir.NewOp("stablehlo.return", call.Results, nil, nil))
		fb := iff.AddRegion()
		fb.Append(ir.NewOp("stablehlo.return", []*ir.Value{b.Args[1]}, nil, nil)) // captured value
		b.Append(iff)
		cs := ir.NewOp("stablehlo.case", []*ir.Value{b.Args[1]}, []ir.Type{i32}, nil)
		for k := int64(0); k < 3; k++ {
			br := cs.AddRegion()
			c := uaConst(br, ir.Scalar(ir.I32, 100+k))
			br.Append(ir.NewOp("stablehlo.return", []*ir.Value{c}, nil, nil))
		}
		b.Append(cs)
		return []*ir.Value{iff.Results[0], cs.Results[0]}
	})
	in := New(m)
	for _, tc := range []struct {
		p, x, wantIf, wantCase int64
	}{{1, 4, 8, 102}, {0, 4, 4, 102}, {0, 1, 1, 101}, {1, -1, -2, 102}} {
		out, err := in.Call("pick", []Value{ir.Scalar(ir.I1, tc.p), ir.Scalar(ir.I32, tc.x)})
		if err != nil {
			t.Fatal(err)
		}
		uaWantI(t, "if", out[0].(*ir.Tensor), tc.wantIf)
		uaWantI(t, "case", out[1].(*ir.Tensor), tc.wantCase)
	}
}

func TestCustomCallUnknownTarget(t *testing.T) {
	x := uaI(ir.I32, nil, 1)
	err := uaRunErr("stablehlo.custom_call", x.Type, ir.Attrs{{Name: "call_target_name", Value: ir.StringAttr("foo")}}, x)
	if err == nil || !strings.Contains(err.Error(), `"foo"`) {
		t.Errorf("unknown custom_call target: err = %v", err)
	}
}
