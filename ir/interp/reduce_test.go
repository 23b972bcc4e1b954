package interp

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func reduceOp(inputs []*ir.Tensor, results []ir.Type, dims ...int64) *ir.Op {
	return tbOp("stablehlo.reduce", inputs, results, ir.Attrs{{Name: "dimensions", Value: tbI64s(dims...)}})
}

// withSlowBodies runs f with the body fast paths off.
func withSlowBodies(f func()) {
	reduceFastDisabled = true
	defer func() { reduceFastDisabled = false }()
	f()
}

func TestReduceSum(t *testing.T) {
	x := tbI(ir.I32, []int64{2, 3}, 1, 2, 3, 4, 5, 6)
	init := tbI(ir.I32, nil, 10)
	for _, slow := range []bool{false, true} {
		run := func() {
			op := reduceOp([]*ir.Tensor{x, init}, []ir.Type{ir.TensorOf(ir.I32, 2)}, 1)
			tbBinaryBody(op, ir.I32, "stablehlo.add")
			tbWantI(t, "sum over dim 1", tbRun(t, op, x, init)[0], ir.I32, []int64{2}, 16, 25)
			op = reduceOp([]*ir.Tensor{x, init}, []ir.Type{ir.TensorOf(ir.I32)}, 0, 1)
			tbBinaryBody(op, ir.I32, "stablehlo.add")
			tbWantI(t, "sum over all", tbRun(t, op, x, init)[0], ir.I32, nil, 31)
		}
		if slow {
			withSlowBodies(run)
		} else {
			run()
		}
	}
}

// Reducing dims 0 and 2 of a 2x3x2 tensor with maximum; NaN propagates.
func TestReduceMaxNaN(t *testing.T) {
	x := tbF(ir.F32, []int64{2, 3, 2},
		1, 5, 2, math.NaN(), -1, -3,
		4, 0, 9, 8, -7, -2)
	init := tbF(ir.F32, nil, math.Inf(-1))
	// Column j collects x[0][j][*] and x[1][j][*]: {1,5,4,0} {2,NaN,9,8} {-1,-3,-7,-2}.
	for _, slow := range []bool{false, true} {
		run := func() {
			op := reduceOp([]*ir.Tensor{x, init}, []ir.Type{ir.TensorOf(ir.F32, 3)}, 0, 2)
			tbBinaryBody(op, ir.F32, "stablehlo.maximum")
			tbWantF(t, "max", tbRun(t, op, x, init)[0], ir.F32, []int64{3}, 5, math.NaN(), -1)
		}
		if slow {
			withSlowBodies(run)
		} else {
			run()
		}
	}
}

// The fast path rounds like the add evaluator: f16 sums of 2048 + 1 + 1
// step by step stay at 2048 (ties to even) each time.
func TestReduceFastMatchesBody(t *testing.T) {
	x := tbF(ir.F16, []int64{4}, 2048, 1, 1, 1)
	init := tbF(ir.F16, nil, 0)
	var fast, slow *ir.Tensor
	op := reduceOp([]*ir.Tensor{x, init}, []ir.Type{ir.TensorOf(ir.F16)}, 0)
	tbBinaryBody(op, ir.F16, "stablehlo.add")
	fast = tbRun(t, op, x, init)[0]
	withSlowBodies(func() {
		op := reduceOp([]*ir.Tensor{x, init}, []ir.Type{ir.TensorOf(ir.F16)}, 0)
		tbBinaryBody(op, ir.F16, "stablehlo.add")
		slow = tbRun(t, op, x, init)[0]
	})
	if !fast.Equal(slow) || fast.F[0] != 2048 {
		t.Fatalf("fast %v, body %v, want 2048", fast.F, slow.F)
	}
}

// argmaxBody adds the body of a (value, index) reduce that keeps the larger
// value and, on a tie, the lower index.
func argmaxBody(op *ir.Op, ve, ie ir.ElementType) {
	s := tbScalar
	b := op.AddRegion(s(ve), s(ie), s(ve), s(ie))
	av, ai, bv, bi := b.Args[0], b.Args[1], b.Args[2], b.Args[3]
	cmp := func(x, y *ir.Value, dir string) *ir.Value {
		return b.Append(ir.NewOp("stablehlo.compare", []*ir.Value{x, y}, []ir.Type{s(ir.I1)}, ir.Attrs{
			{Name: "comparison_direction", Value: &ir.EnumAttr{Dialect: "stablehlo", Kind: "comparison_direction", Value: dir}},
		})).Results[0]
	}
	bin := func(name string, x, y *ir.Value) *ir.Value {
		return b.Append(ir.NewOp(name, []*ir.Value{x, y}, []ir.Type{x.Type}, nil)).Results[0]
	}
	sel := func(p, x, y *ir.Value) *ir.Value {
		return b.Append(ir.NewOp("stablehlo.select", []*ir.Value{p, x, y}, []ir.Type{x.Type}, nil)).Results[0]
	}
	gt := cmp(av, bv, "GT")
	tie := bin("stablehlo.and", cmp(av, bv, "EQ"), cmp(ai, bi, "LT"))
	keep := bin("stablehlo.or", gt, tie)
	b.Append(ir.NewOp("stablehlo.return", []*ir.Value{sel(keep, av, bv), sel(keep, ai, bi)}, nil, nil))
}

// The case: argmax of [3, 7, 7, 1] through (values, iota) is 1.
func TestReduceArgmax(t *testing.T) {
	v := tbF(ir.F32, []int64{4}, 3, 7, 7, 1)
	idx := tbIota(ir.I32, 4)
	vi := tbF(ir.F32, nil, math.Inf(-1))
	ii := tbI(ir.I32, nil, 0)
	op := reduceOp([]*ir.Tensor{v, idx, vi, ii}, []ir.Type{ir.TensorOf(ir.F32), ir.TensorOf(ir.I32)}, 0)
	argmaxBody(op, ir.F32, ir.I32)
	res := tbRun(t, op, v, idx, vi, ii)
	tbWantF(t, "max value", res[0], ir.F32, nil, 7)
	tbWantI(t, "argmax", res[1], ir.I32, nil, 1)
	// Row-wise on a 2x3: rows [5 9 9] and [2 2 1] give indices 1 and 0.
	m := tbF(ir.F32, []int64{2, 3}, 5, 9, 9, 2, 2, 1)
	mi := tbI(ir.I32, []int64{2, 3}, 0, 1, 2, 0, 1, 2)
	op = reduceOp([]*ir.Tensor{m, mi, vi, ii}, []ir.Type{ir.TensorOf(ir.F32, 2), ir.TensorOf(ir.I32, 2)}, 1)
	argmaxBody(op, ir.F32, ir.I32)
	res = tbRun(t, op, m, mi, vi, ii)
	tbWantI(t, "row argmax", res[1], ir.I32, []int64{2}, 1, 0)
}

func TestReduceEmptyAndErrors(t *testing.T) {
	x := ir.MustTensor(ir.TensorOf(ir.F32, 2, 0))
	init := tbF(ir.F32, nil, 3)
	op := reduceOp([]*ir.Tensor{x, init}, []ir.Type{ir.TensorOf(ir.F32, 2)}, 1)
	tbBinaryBody(op, ir.F32, "stablehlo.add")
	tbWantF(t, "empty reduce", tbRun(t, op, x, init)[0], ir.F32, []int64{2}, 3, 3)

	y := tbIota(ir.F32, 2, 2)
	bad := reduceOp([]*ir.Tensor{y, init}, []ir.Type{ir.TensorOf(ir.F32, 2)}, 2)
	tbBinaryBody(bad, ir.F32, "stablehlo.add")
	if _, err := tbRunErr(bad, y, init); err == nil {
		t.Fatal("out-of-range dimension: no error")
	}
	odd := reduceOp([]*ir.Tensor{y}, []ir.Type{ir.TensorOf(ir.F32, 2)}, 1)
	tbBinaryBody(odd, ir.F32, "stablehlo.add")
	if _, err := tbRunErr(odd, y); err == nil {
		t.Fatal("missing init value: no error")
	}
	noBody := reduceOp([]*ir.Tensor{y, init}, []ir.Type{ir.TensorOf(ir.F32, 2)}, 1)
	if _, err := tbRunErr(noBody, y, init); err == nil {
		t.Fatal("missing body: no error")
	}
}
