package interp

// Test helpers of the dot/conv/reduce/window/sort/gather/scatter/map/
// collective/chlo tests: tensors from literals, ops run inside a real
// function through Interpreter.Call, and scalar bodies for regions.

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// tbF returns a float tensor of element type e and the given shape; vals
// are rounded to e.
func tbF(e ir.ElementType, shape []int64, vals ...float64) *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(e, shape...))
	if len(vals) != x.Len() {
		panic("tbF: wrong number of values")
	}
	for i, v := range vals {
		x.Set(i, v)
	}
	return x
}

// tbI returns an integer (or i1) tensor of element type e.
func tbI(e ir.ElementType, shape []int64, vals ...int64) *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(e, shape...))
	if len(vals) != x.Len() {
		panic("tbI: wrong number of values")
	}
	for i, v := range vals {
		x.Set(i, v)
	}
	return x
}

// tbIota returns a tensor of element type e holding 0, 1, 2, ... in
// row-major order.
func tbIota(e ir.ElementType, shape ...int64) *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(e, shape...))
	for i := 0; i < x.Len(); i++ {
		switch storageKind(e) {
		case kindInt:
			x.Set(i, int64(i))
		case kindFloat:
			x.Set(i, float64(i))
		default:
			x.Set(i, complex(float64(i), 0))
		}
	}
	return x
}

// tbOp returns an op called name with fresh operands of the argument types
// and results of the given types; tbRun wires it into a function.
func tbOp(name string, args []*ir.Tensor, results []ir.Type, attrs ir.Attrs) *ir.Op {
	ops := make([]*ir.Value, len(args))
	for i, a := range args {
		ops[i] = &ir.Value{Type: a.Type}
	}
	return ir.NewOp(name, ops, results, attrs)
}

// tbRunErr runs op on args inside a function `@main` and returns its
// results (or the error).
func tbRunErr(op *ir.Op, args ...*ir.Tensor) ([]*ir.Tensor, error) {
	return tbRunIn(New(nil), op, args...)
}

// tbRunIn is tbRunErr on a given interpreter (for NumReplicas etc.).
func tbRunIn(in *Interpreter, op *ir.Op, args ...*ir.Tensor) ([]*ir.Tensor, error) {
	ft := &ir.FunctionType{}
	for _, a := range args {
		ft.Inputs = append(ft.Inputs, a.Type)
	}
	for _, r := range op.Results {
		ft.Results = append(ft.Results, r.Type)
	}
	f := &ir.Func{Name: "main", Type: ft}
	holder := &ir.Op{}
	blk := holder.AddRegion(ft.Inputs...)
	f.Body = holder.Regions[0]
	f.Body.Parent = nil
	op.Operands = append([]*ir.Value{}, blk.Args...)
	blk.Append(op)
	blk.Append(ir.NewOp("func.return", op.Results, nil, nil))
	in.Module = &ir.Module{Funcs: []*ir.Func{f}}
	vals := make([]Value, len(args))
	for i, a := range args {
		vals[i] = a
	}
	res, err := in.Call("main", vals)
	if err != nil {
		return nil, err
	}
	out := make([]*ir.Tensor, len(res))
	for i, r := range res {
		out[i] = r.(*ir.Tensor)
	}
	return out, nil
}

// tbRun is tbRunErr that fails the test on error.
func tbRun(t *testing.T, op *ir.Op, args ...*ir.Tensor) []*ir.Tensor {
	t.Helper()
	res, err := tbRunErr(op, args...)
	if err != nil {
		t.Fatalf("%s: %v", op.Name, err)
	}
	return res
}

// tbScalar returns the type tensor<e>.
func tbScalar(e ir.ElementType) *ir.TensorType { return ir.TensorOf(e) }

// tbBinaryBody adds to op a region `^bb(%a: tensor<e>, %b: tensor<e>)`
// returning `name(%a, %b)`.
func tbBinaryBody(op *ir.Op, e ir.ElementType, name string) {
	b := op.AddRegion(tbScalar(e), tbScalar(e))
	x := b.Append(ir.NewOp(name, []*ir.Value{b.Args[0], b.Args[1]}, []ir.Type{tbScalar(e)}, nil))
	b.Append(ir.NewOp("stablehlo.return", x.Results, nil, nil))
}

// tbCompareBody adds a region of 2n scalar arguments (pairs of element
// types es) returning compare(%arg0, %arg1, dir) of the first pair.
func tbCompareBody(op *ir.Op, dir string, es ...ir.ElementType) {
	var ts []ir.Type
	for _, e := range es {
		ts = append(ts, tbScalar(e), tbScalar(e))
	}
	b := op.AddRegion(ts...)
	attrs := ir.Attrs{{Name: "comparison_direction", Value: &ir.EnumAttr{Dialect: "stablehlo", Kind: "comparison_direction", Value: dir}}}
	x := b.Append(ir.NewOp("stablehlo.compare", []*ir.Value{b.Args[0], b.Args[1]}, []ir.Type{tbScalar(ir.I1)}, attrs))
	b.Append(ir.NewOp("stablehlo.return", x.Results, nil, nil))
}

// tbI64s is the dense array attribute array<i64: v...>.
func tbI64s(v ...int64) *ir.DenseArrayAttr { return ir.I64Array(v...) }

// tbPadding is dense<[[lo, hi], ...]> : tensor<Nx2xi64>.
func tbPadding(lohi ...int64) *ir.DenseElementsAttr {
	return &ir.DenseElementsAttr{Value: tbI(ir.I64, []int64{int64(len(lohi) / 2), 2}, lohi...)}
}

// tbWantF fails unless x has element type e, the shape and the values
// (compared exactly; NaN matches NaN).
func tbWantF(t *testing.T, what string, x *ir.Tensor, e ir.ElementType, shape []int64, vals ...float64) {
	t.Helper()
	if x.Type.Elem != e || !sameShape(x.Type.Shape, shape) {
		t.Fatalf("%s: got type %s, want shape %v of %s", what, x.Type, shape, e)
	}
	if len(vals) != len(x.F) {
		t.Fatalf("%s: got %d elements, want %d", what, len(x.F), len(vals))
	}
	for i, v := range vals {
		g := x.F[i]
		if g != v && !(math.IsNaN(g) && math.IsNaN(v)) {
			t.Fatalf("%s: element %d is %v, want %v (all: %v)", what, i, g, v, x.F)
		}
	}
}

// tbWantI fails unless x has element type e, the shape and the values.
func tbWantI(t *testing.T, what string, x *ir.Tensor, e ir.ElementType, shape []int64, vals ...int64) {
	t.Helper()
	if x.Type.Elem != e || !sameShape(x.Type.Shape, shape) {
		t.Fatalf("%s: got type %s, want shape %v of %s", what, x.Type, shape, e)
	}
	if len(vals) != len(x.I) {
		t.Fatalf("%s: got %d elements, want %d", what, len(x.I), len(vals))
	}
	for i, v := range vals {
		if x.I[i] != v {
			t.Fatalf("%s: element %d is %d, want %d (all: %v)", what, i, x.I[i], v, x.I)
		}
	}
}
