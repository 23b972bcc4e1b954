package interp

import (
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func uaAttrs(kv ...any) ir.Attrs {
	var a ir.Attrs
	for i := 0; i < len(kv); i += 2 {
		var v ir.Attribute
		switch x := kv[i+1].(type) {
		case []int64:
			v = ir.I64Array(x...)
		case int64:
			v = &ir.IntegerAttr{Value: x, Type: ir.I64}
		case ir.Attribute:
			v = x
		}
		a = append(a, ir.NamedAttr{Name: kv[i].(string), Value: v})
	}
	return a
}

func TestPadIssueCase(t *testing.T) {
	x := uaI(ir.I32, []int64{1, 2}, 669, -763)
	pv := uaI(ir.I32, nil, 0)
	attrs := uaAttrs("edge_padding_low", []int64{0, -1}, "edge_padding_high", []int64{0, 0}, "interior_padding", []int64{0, 0})
	r := uaRun(t, "stablehlo.pad", ir.TensorOf(ir.I32, 1, 1), attrs, x, pv)
	uaWantI(t, "pad", r, -763)
}

func TestPadInteriorAndNegative(t *testing.T) {
	x := uaI(ir.I32, []int64{3}, 1, 2, 3)
	pv := uaI(ir.I32, nil, 9)
	attrs := uaAttrs("edge_padding_low", []int64{1}, "edge_padding_high", []int64{-2}, "interior_padding", []int64{1})
	// [9, 1, 9, 2, 9, 3] with the last two cropped.
	r := uaRun(t, "stablehlo.pad", ir.TensorOf(ir.I32, 4), attrs, x, pv)
	uaWantI(t, "pad interior", r, 9, 1, 9, 2)
	e := uaI(ir.I32, []int64{0})
	r = uaRun(t, "stablehlo.pad", ir.TensorOf(ir.I32, 3), uaAttrs("edge_padding_low", []int64{1}, "edge_padding_high", []int64{2}, "interior_padding", []int64{5}), e, pv)
	uaWantI(t, "pad empty", r, 9, 9, 9)
}

func TestSliceFamily(t *testing.T) {
	x := uaI(ir.I32, []int64{3, 4}, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
	r := uaRun(t, "stablehlo.slice", ir.TensorOf(ir.I32, 2, 2), uaAttrs("start_indices", []int64{1, 0}, "limit_indices", []int64{3, 4}, "strides", []int64{1, 3}), x)
	uaWantI(t, "slice", r, 4, 7, 8, 11)
	// dynamic_slice clamps the start into [0, dim - size].
	s0, s1 := uaI(ir.I32, nil, 5), uaI(ir.I32, nil, -3)
	r = uaRun(t, "stablehlo.dynamic_slice", ir.TensorOf(ir.I32, 2, 2), uaAttrs("slice_sizes", []int64{2, 2}), x, s0, s1)
	uaWantI(t, "dynamic_slice", r, 4, 5, 8, 9)
	u := uaI(ir.I32, []int64{1, 2}, -1, -2)
	s1 = uaI(ir.I32, nil, 3)
	r = uaRun(t, "stablehlo.dynamic_update_slice", x.Type, nil, x, u, s0, s1)
	uaWantI(t, "dynamic_update_slice", r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, -1, -2)
	if x.I[10] != 10 {
		t.Error("dynamic_update_slice modified its operand")
	}
}

func TestConcatTransposeReverse(t *testing.T) {
	a := uaI(ir.I32, []int64{2, 1}, 1, 2)
	b := uaI(ir.I32, []int64{2, 2}, 3, 4, 5, 6)
	r := uaRun(t, "stablehlo.concatenate", ir.TensorOf(ir.I32, 2, 3), uaAttrs("dimension", int64(1)), a, b)
	uaWantI(t, "concatenate", r, 1, 3, 4, 2, 5, 6)
	x := uaI(ir.I32, []int64{2, 3}, 1, 2, 3, 4, 5, 6)
	r = uaRun(t, "stablehlo.transpose", ir.TensorOf(ir.I32, 3, 2), uaAttrs("permutation", []int64{1, 0}), x)
	uaWantI(t, "transpose", r, 1, 4, 2, 5, 3, 6)
	r = uaRun(t, "stablehlo.reverse", x.Type, uaAttrs("dimensions", []int64{1}), x)
	uaWantI(t, "reverse", r, 3, 2, 1, 6, 5, 4)
	r = uaRun(t, "stablehlo.reshape", ir.TensorOf(ir.I32, 3, 2), nil, x)
	uaWantI(t, "reshape", r, 1, 2, 3, 4, 5, 6)
	if err := uaRunErr("stablehlo.transpose", ir.TensorOf(ir.I32, 3, 2), uaAttrs("permutation", []int64{0, 0}), x); err == nil {
		t.Error("bad permutation accepted")
	}
}

func TestBroadcastIota(t *testing.T) {
	x := uaI(ir.I32, []int64{2, 1}, 1, 2)
	r := uaRun(t, "stablehlo.broadcast_in_dim", ir.TensorOf(ir.I32, 3, 2, 2), uaAttrs("broadcast_dimensions", []int64{1, 2}), x)
	uaWantI(t, "broadcast_in_dim", r, 1, 1, 2, 2, 1, 1, 2, 2, 1, 1, 2, 2)
	v := uaI(ir.I32, []int64{2}, 7, 8)
	r = uaRun(t, "stablehlo.broadcast", ir.TensorOf(ir.I32, 2, 2), uaAttrs("broadcast_sizes", []int64{2}), v)
	uaWantI(t, "broadcast", r, 7, 8, 7, 8)
	r = uaRun(t, "stablehlo.iota", ir.TensorOf(ir.I8, 2, 3), uaAttrs("iota_dimension", int64(1)))
	uaWantI(t, "iota", r, 0, 1, 2, 0, 1, 2)
	f := uaRun(t, "stablehlo.iota", ir.TensorOf(ir.F32, 2, 2), uaAttrs("iota_dimension", int64(0)))
	uaWantF(t, "iota f32", f, 0, 0, 1, 1)
	d := uaRun(t, "stablehlo.get_dimension_size", ir.TensorOf(ir.I32), uaAttrs("dimension", int64(1)), r)
	uaWantI(t, "get_dimension_size", d, 3)
	c := uaRun(t, "stablehlo.constant", ir.TensorOf(ir.I32, 2), ir.Attrs{{Name: "value", Value: &ir.DenseElementsAttr{Value: v}}})
	uaWantI(t, "constant", c, 7, 8)
	c.I[0] = 0
	if v.I[0] != 7 {
		t.Error("constant result aliases its attribute")
	}
}

func TestTuples(t *testing.T) {
	in := New(&ir.Module{})
	a, b := uaI(ir.I32, nil, 1), uaF(ir.F32, nil, 2)
	tt := &ir.TupleType{Elems: []ir.Type{a.Type, b.Type}}
	op := uaOp("stablehlo.tuple", []*ir.Tensor{a, b}, []ir.Type{tt}, nil)
	out, err := uaEval(in, op, a, b)
	if err != nil {
		t.Fatal(err)
	}
	g := ir.NewOp("stablehlo.get_tuple_element", []*ir.Value{op.Results[0]}, []ir.Type{b.Type}, uaAttrs("index", int64(1)))
	res, err := evals[g.Name](in, g, out)
	if err != nil {
		t.Fatal(err)
	}
	if res[0].(*ir.Tensor) != b {
		t.Error("get_tuple_element returned the wrong element")
	}
	g.Attrs = uaAttrs("index", int64(2))
	if _, err := evals[g.Name](in, g, out); err == nil {
		t.Error("out-of-range tuple index accepted")
	}
}
