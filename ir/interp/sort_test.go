package interp

import (
	"math/rand"
	"sort"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func sortOp(inputs []*ir.Tensor, dim int64, stable bool) *ir.Op {
	var rt []ir.Type
	for _, x := range inputs {
		rt = append(rt, x.Type)
	}
	return tbOp("stablehlo.sort", inputs, rt, ir.Attrs{
		{Name: "dimension", Value: &ir.IntegerAttr{Value: dim, Type: ir.I64}},
		{Name: "is_stable", Value: ir.BoolAttr(stable)},
	})
}

// The spec's example: two operands sorted along dimension 0 by GT on the
// first.
func TestSortSpecExample(t *testing.T) {
	a := tbI(ir.I64, []int64{2, 3}, 1, 2, 3, 3, 2, 1)
	b := tbI(ir.I64, []int64{2, 3}, 3, 2, 1, 1, 2, 3)
	op := sortOp([]*ir.Tensor{a, b}, 0, true)
	tbCompareBody(op, "GT", ir.I64, ir.I64)
	res := tbRun(t, op, a, b)
	tbWantI(t, "result0", res[0], ir.I64, []int64{2, 3}, 3, 2, 3, 1, 2, 1)
	tbWantI(t, "result1", res[1], ir.I64, []int64{2, 3}, 1, 2, 1, 3, 2, 3)
}

// Two operands and a custom comparator: ascending keys, ties broken by the
// second operand descending.
func TestSortCustomComparator(t *testing.T) {
	keys := tbI(ir.I32, []int64{5}, 3, 1, 3, 2, 1)
	vals := tbF(ir.F32, []int64{5}, 10, 20, 30, 40, 50)
	op := sortOp([]*ir.Tensor{keys, vals}, 0, false)
	s := tbScalar
	blk := op.AddRegion(s(ir.I32), s(ir.I32), s(ir.F32), s(ir.F32))
	cmp := func(x, y *ir.Value, dir string) *ir.Value {
		return blk.Append(ir.NewOp("stablehlo.compare", []*ir.Value{x, y}, []ir.Type{s(ir.I1)}, ir.Attrs{
			{Name: "comparison_direction", Value: &ir.EnumAttr{Dialect: "stablehlo", Kind: "comparison_direction", Value: dir}},
		})).Results[0]
	}
	lt := cmp(blk.Args[0], blk.Args[1], "LT")
	eq := cmp(blk.Args[0], blk.Args[1], "EQ")
	gt := cmp(blk.Args[2], blk.Args[3], "GT")
	tie := blk.Append(ir.NewOp("stablehlo.and", []*ir.Value{eq, gt}, []ir.Type{s(ir.I1)}, nil)).Results[0]
	r := blk.Append(ir.NewOp("stablehlo.or", []*ir.Value{lt, tie}, []ir.Type{s(ir.I1)}, nil)).Results[0]
	blk.Append(ir.NewOp("stablehlo.return", []*ir.Value{r}, nil, nil))
	res := tbRun(t, op, keys, vals)
	tbWantI(t, "keys", res[0], ir.I32, []int64{5}, 1, 1, 2, 3, 3)
	tbWantF(t, "vals", res[1], ir.F32, []int64{5}, 50, 20, 40, 30, 10)
}

// Equal keys keep their order; dimension -1 is the last one.
func TestSortStableNegativeDimension(t *testing.T) {
	keys := tbI(ir.I8, []int64{2, 4}, 2, 1, 2, 1, 0, 0, -1, 0)
	payload := tbIota(ir.I32, 2, 4)
	op := sortOp([]*ir.Tensor{keys, payload}, -1, true)
	tbCompareBody(op, "LT", ir.I8, ir.I32)
	res := tbRun(t, op, keys, payload)
	tbWantI(t, "keys", res[0], ir.I8, []int64{2, 4}, 1, 1, 2, 2, -1, 0, 0, 0)
	tbWantI(t, "payload", res[1], ir.I32, []int64{2, 4}, 1, 3, 0, 2, 6, 4, 5, 7)
}

func TestSortErrors(t *testing.T) {
	x := tbIota(ir.F32, 3)
	op := sortOp([]*ir.Tensor{x}, 1, true)
	tbCompareBody(op, "LT", ir.F32)
	if _, err := tbRunErr(op, x); err == nil {
		t.Fatal("dimension out of range: no error")
	}
	op = sortOp([]*ir.Tensor{x}, 0, true)
	tbBinaryBody(op, ir.F32, "stablehlo.add") // returns f32, not i1
	if _, err := tbRunErr(op, x); err == nil {
		t.Fatal("comparator returning f32: no error")
	}
}

// mergeSort agrees with sort.SliceStable for every length up to 70.
func TestMergeSortStable(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for n := 0; n <= 70; n++ {
		keys := make([]int, n)
		for i := range keys {
			keys[i] = rng.Intn(5)
		}
		v := make([]int, n)
		want := make([]int, n)
		for i := range v {
			v[i], want[i] = i, i
		}
		if err := mergeSort(v, make([]int, n), func(a, b int) (bool, error) { return keys[a] < keys[b], nil }); err != nil {
			t.Fatal(err)
		}
		sort.SliceStable(want, func(i, j int) bool { return keys[want[i]] < keys[want[j]] })
		for i := range v {
			if v[i] != want[i] {
				t.Fatalf("n=%d: got %v, want %v", n, v, want)
			}
		}
	}
}
