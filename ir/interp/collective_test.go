package interp

import (
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func groupsAttr(rows ...[]int64) *ir.DenseElementsAttr {
	cols := int64(0)
	if len(rows) > 0 {
		cols = int64(len(rows[0]))
	}
	var flat []int64
	for _, r := range rows {
		flat = append(flat, r...)
	}
	return &ir.DenseElementsAttr{Value: tbI(ir.I64, []int64{int64(len(rows)), cols}, flat...)}
}

func TestAllReduceOneProcess(t *testing.T) {
	x := tbF(ir.F32, []int64{3}, 1, -2, 3)
	for _, groups := range []*ir.DenseElementsAttr{groupsAttr([]int64{0}), groupsAttr()} {
		op := tbOp("stablehlo.all_reduce", []*ir.Tensor{x}, []ir.Type{x.Type}, ir.Attrs{{Name: "replica_groups", Value: groups}})
		tbBinaryBody(op, ir.F32, "stablehlo.add")
		// A group of one: the reduction of a single operand is the operand.
		tbWantF(t, "all_reduce", tbRun(t, op, x)[0], ir.F32, []int64{3}, 1, -2, 3)
	}
	// Two replicas in one group need the other process.
	op := tbOp("stablehlo.all_reduce", []*ir.Tensor{x}, []ir.Type{x.Type}, ir.Attrs{{Name: "replica_groups", Value: groupsAttr([]int64{0, 1})}})
	tbBinaryBody(op, ir.F32, "stablehlo.add")
	in := New(nil)
	in.NumReplicas = 2
	if _, err := tbRunIn(in, op, x); err == nil || !strings.Contains(err.Error(), "multi-process") {
		t.Fatalf("group of two: got %v, want a multi-process error", err)
	}
	// flattened_ids: process (0, 1) of a 1x2 grid is flattened id 1.
	op = tbOp("stablehlo.all_reduce", []*ir.Tensor{x}, []ir.Type{x.Type}, ir.Attrs{
		{Name: "replica_groups", Value: groupsAttr([]int64{1}, []int64{0})},
		{Name: "channel_handle", Value: &ir.ChannelHandleAttr{Handle: 1, Type: 1}},
		{Name: "use_global_device_ids", Value: ir.UnitAttr{}},
	})
	tbBinaryBody(op, ir.F32, "stablehlo.add")
	in = New(nil)
	in.NumPartitions, in.PartitionID = 2, 1
	res, err := tbRunIn(in, op, x)
	if err != nil {
		t.Fatal(err)
	}
	tbWantF(t, "flattened", res[0], ir.F32, []int64{3}, 1, -2, 3)
}

func TestAllGatherReduceScatterAllToAll(t *testing.T) {
	x := tbIota(ir.I32, 2, 2)
	one := groupsAttr([]int64{0})
	op := tbOp("stablehlo.all_gather", []*ir.Tensor{x}, []ir.Type{x.Type}, ir.Attrs{
		{Name: "all_gather_dim", Value: &ir.IntegerAttr{Value: 1, Type: ir.I64}},
		{Name: "replica_groups", Value: one},
	})
	tbWantI(t, "all_gather", tbRun(t, op, x)[0], ir.I32, []int64{2, 2}, 0, 1, 2, 3)
	op = tbOp("stablehlo.reduce_scatter", []*ir.Tensor{x}, []ir.Type{x.Type}, ir.Attrs{
		{Name: "scatter_dimension", Value: &ir.IntegerAttr{Value: 0, Type: ir.I64}},
		{Name: "replica_groups", Value: one},
	})
	tbBinaryBody(op, ir.I32, "stablehlo.add")
	tbWantI(t, "reduce_scatter", tbRun(t, op, x)[0], ir.I32, []int64{2, 2}, 0, 1, 2, 3)
	a2a := func(count int64) *ir.Op {
		return tbOp("stablehlo.all_to_all", []*ir.Tensor{x}, []ir.Type{x.Type}, ir.Attrs{
			{Name: "split_dimension", Value: &ir.IntegerAttr{Value: 1, Type: ir.I64}},
			{Name: "concat_dimension", Value: &ir.IntegerAttr{Value: 0, Type: ir.I64}},
			{Name: "split_count", Value: &ir.IntegerAttr{Value: count, Type: ir.I64}},
			{Name: "replica_groups", Value: one},
		})
	}
	tbWantI(t, "all_to_all", tbRun(t, a2a(1), x)[0], ir.I32, []int64{2, 2}, 0, 1, 2, 3)
	if _, err := tbRunErr(a2a(2), x); err == nil {
		t.Fatal("split_count 2 in a group of one: no error")
	}
}

func TestCollectivePermute(t *testing.T) {
	x := tbF(ir.F64, []int64{2}, 5, 6)
	perm := func(pairs ...[]int64) *ir.Op {
		return tbOp("stablehlo.collective_permute", []*ir.Tensor{x}, []ir.Type{x.Type}, ir.Attrs{
			{Name: "source_target_pairs", Value: groupsAttr(pairs...)},
		})
	}
	tbWantF(t, "to self", tbRun(t, perm([]int64{0, 0}), x)[0], ir.F64, []int64{2}, 5, 6)
	in := New(nil)
	in.NumReplicas = 2
	// Process 0 sends to 1 and receives from nobody: zeros.
	res, err := tbRunIn(in, perm([]int64{0, 1}), x)
	if err != nil {
		t.Fatal(err)
	}
	tbWantF(t, "no source", res[0], ir.F64, []int64{2}, 0, 0)
	in = New(nil)
	in.NumReplicas = 2
	if _, err := tbRunIn(in, perm([]int64{1, 0}), x); err == nil {
		t.Fatal("receiving from another process: no error")
	}
	if _, err := tbRunErr(perm([]int64{0, 3}), x); err == nil {
		t.Fatal("pair outside the grid: no error")
	}
}

func TestCollectiveBroadcast(t *testing.T) {
	x := tbI(ir.I64, []int64{1, 2}, 1, 2)
	bc := func(groups *ir.DenseElementsAttr) *ir.Op {
		return tbOp("stablehlo.collective_broadcast", []*ir.Tensor{x}, []ir.Type{x.Type}, ir.Attrs{{Name: "replica_groups", Value: groups}})
	}
	tbWantI(t, "root", tbRun(t, bc(groupsAttr([]int64{0})), x)[0], ir.I64, []int64{1, 2}, 1, 2)
	in := New(nil)
	in.NumReplicas = 2
	res, err := tbRunIn(in, bc(groupsAttr([]int64{1})), x)
	if err != nil {
		t.Fatal(err)
	}
	tbWantI(t, "outside the groups", res[0], ir.I64, []int64{1, 2}, 0, 0)
	in = New(nil)
	in.NumReplicas = 2
	if _, err := tbRunIn(in, bc(groupsAttr([]int64{1, 0})), x); err == nil {
		t.Fatal("receiving from the root of another process: no error")
	}
}
