package interp

// The collectives all_reduce, all_gather, reduce_scatter, all_to_all,
// collective_permute and collective_broadcast, executed by one process
// (spec: "Collective ops" and each op's section).
//
// The interpreter runs a single process, (ReplicaID, PartitionID) in a grid
// of NumReplicas x NumPartitions (zero counts as one). Each op computes the
// spec's process groups (cross_replica, cross_partition,
// cross_replica_and_partition or flattened_ids, chosen by channel_handle and
// use_global_device_ids; empty replica_groups mean one group of every
// process; -1 entries pad ragged groups) and finds this process's group:
//   - a group of this process alone gives the spec's result for a group of
//     one: all_reduce returns its operands (a reduction tree of one leaf
//     applies no computation), all_gather, reduce_scatter and all_to_all
//     (split_count 1) return their operands;
//   - collective_permute returns zeros when no pair targets this process,
//     and the operand when this process sends to itself; collective_broadcast
//     returns zeros outside every group and the operand at the group's root;
//   - anything that needs another process's data is an error: running
//     several processes together (replicas and partitions exchanging
//     values) comes later, with the sharding work.

import (
	"github.com/zmlc/zmlc/ir"
)

func init() {
	Register("stablehlo.all_reduce", evalAllReduce)
	Register("stablehlo.all_gather", evalAllGather)
	Register("stablehlo.reduce_scatter", evalReduceScatter)
	Register("stablehlo.all_to_all", evalAllToAll)
	Register("stablehlo.collective_permute", evalCollectivePermute)
	Register("stablehlo.collective_broadcast", evalCollectiveBroadcast)
}

// procID is a process of the grid: (replica, partition).
type procID struct{ replica, partition int64 }

// groupStrategy is how replica_groups turn into process groups.
type groupStrategy int

const (
	crossReplica groupStrategy = iota
	crossPartition
	crossReplicaAndPartition
	flattenedIDs
)

// grid returns the process counts (at least 1) and this process.
func (in *Interpreter) grid(op *ir.Op) (nr, np int64, self procID, err error) {
	nr, np = max(in.NumReplicas, 1), max(in.NumPartitions, 1)
	self = procID{in.ReplicaID, in.PartitionID}
	if self.replica < 0 || self.replica >= nr || self.partition < 0 || self.partition >= np {
		return 0, 0, self, errorAt(op, "process (%d, %d) is outside the %dx%d process grid", self.replica, self.partition, nr, np)
	}
	return nr, np, self, nil
}

// channelID returns the op's channel_handle handle (0 when absent).
func channelID(op *ir.Op) int64 {
	if ch, ok := op.Attr("channel_handle").(*ir.ChannelHandleAttr); ok {
		return ch.Handle
	}
	return 0
}

// reductionStrategy is the strategy of all_gather, all_reduce and
// reduce_scatter.
func reductionStrategy(op *ir.Op) (groupStrategy, error) {
	global, err := attrBool(op, "use_global_device_ids", false)
	if err != nil {
		return 0, err
	}
	ch := channelID(op)
	switch {
	case ch <= 0 && !global:
		return crossReplica, nil
	case ch > 0 && !global:
		return crossReplicaAndPartition, nil
	case ch > 0 && global:
		return flattenedIDs, nil
	}
	return 0, errorAt(op, "use_global_device_ids needs a channel_handle with a positive handle")
}

// channelStrategy is the strategy of all_to_all, collective_permute and
// collective_broadcast.
func channelStrategy(op *ir.Op) groupStrategy {
	if channelID(op) > 0 {
		return crossPartition
	}
	return crossReplica
}

// idGroups reads a 2-D integer attribute (replica_groups) as lists of ids,
// dropping -1 padding. A missing or empty attribute gives nil.
func idGroups(op *ir.Op, name string) ([][]int64, error) {
	a := op.Attr(name)
	if a == nil {
		return nil, nil
	}
	d, ok := a.(*ir.DenseElementsAttr)
	if !ok || !d.Value.Type.Elem.IsInteger() || d.Value.Type.Rank() != 2 {
		return nil, errorAt(op, "%s must be a 2-D integer tensor", name)
	}
	rows, cols := d.Value.Type.Shape[0], d.Value.Type.Shape[1]
	var groups [][]int64
	for r := int64(0); r < rows; r++ {
		var g []int64
		for c := int64(0); c < cols; c++ {
			if v := d.Value.I[r*cols+c]; v != -1 {
				g = append(g, v)
			}
		}
		if len(g) > 0 {
			groups = append(groups, g)
		}
	}
	return groups, nil
}

// processGroups expands id groups into process groups (spec: cross_replica,
// cross_partition, cross_replica_and_partition, flattened_ids). Empty groups
// mean every id in one group.
func processGroups(op *ir.Op, groups [][]int64, s groupStrategy, nr, np int64) ([][]procID, error) {
	limit := nr
	switch s {
	case crossPartition:
		limit = np
	case flattenedIDs:
		limit = nr * np
	}
	if len(groups) == 0 {
		all := make([]int64, limit)
		for i := range all {
			all[i] = int64(i)
		}
		groups = [][]int64{all}
	}
	var out [][]procID
	for _, g := range groups {
		for _, id := range g {
			if id < 0 || id >= limit {
				return nil, errorAt(op, "process group id %d is outside [0, %d)", id, limit)
			}
		}
		switch s {
		case crossReplica:
			for p := int64(0); p < np; p++ {
				var pg []procID
				for _, r := range g {
					pg = append(pg, procID{r, p})
				}
				out = append(out, pg)
			}
		case crossPartition:
			for r := int64(0); r < nr; r++ {
				var pg []procID
				for _, p := range g {
					pg = append(pg, procID{r, p})
				}
				out = append(out, pg)
			}
		case crossReplicaAndPartition:
			var pg []procID
			for p := int64(0); p < np; p++ {
				for _, r := range g {
					pg = append(pg, procID{r, p})
				}
			}
			out = append(out, pg)
		case flattenedIDs:
			var pg []procID
			for _, f := range g {
				pg = append(pg, procID{f / np, f % np})
			}
			out = append(out, pg)
		}
	}
	return out, nil
}

// ownGroup returns the process group holding this process (nil if none).
func (in *Interpreter) ownGroup(op *ir.Op, s groupStrategy) ([]procID, procID, error) {
	nr, np, self, err := in.grid(op)
	if err != nil {
		return nil, self, err
	}
	groups, err := idGroups(op, "replica_groups")
	if err != nil {
		return nil, self, err
	}
	pgs, err := processGroups(op, groups, s, nr, np)
	if err != nil {
		return nil, self, err
	}
	for _, g := range pgs {
		for _, p := range g {
			if p == self {
				return g, self, nil
			}
		}
	}
	return nil, self, nil
}

// soloGroup checks that this process forms a process group by itself, the
// only case a single process can compute; otherwise it returns an error
// naming the group size.
func (in *Interpreter) soloGroup(op *ir.Op, s groupStrategy) error {
	g, self, err := in.ownGroup(op, s)
	if err != nil {
		return err
	}
	switch {
	case g == nil:
		return errorAt(op, "process (%d, %d) is in no process group", self.replica, self.partition)
	case len(g) != 1:
		return errorAt(op, "needs a process group of %d processes; the interpreter runs one process (multi-process execution is not supported yet)", len(g))
	}
	return nil
}

// soloCopy checks that op's process group (grouped as the reduction-style
// collectives are) is this process alone and returns copyResults(op, ts).
func (in *Interpreter) soloCopy(op *ir.Op, ts []*ir.Tensor) ([]Value, error) {
	s, err := reductionStrategy(op)
	if err != nil {
		return nil, err
	}
	if err := in.soloGroup(op, s); err != nil {
		return nil, err
	}
	return copyResults(op, ts)
}

// copyResults converts each operand into a new tensor of the type of the
// matching op result, which must have the operand's shape.
func copyResults(op *ir.Op, operands []*ir.Tensor) ([]Value, error) {
	if len(op.Results) != len(operands) {
		return nil, errorAt(op, "has %d results for %d operands", len(op.Results), len(operands))
	}
	out := make([]Value, len(operands))
	for i, x := range operands {
		r, err := newResult(op, i)
		if err != nil {
			return nil, err
		}
		if !sameShape(r.Type.Shape, x.Type.Shape) {
			return nil, errorAt(op, "result %d has type %s, want the shape of %s for a process group of one", i, r.Type, x.Type)
		}
		if r.Type.Elem == x.Type.Elem {
			copy(r.I, x.I)
			copy(r.F, x.F)
			copy(r.C, x.C)
		} else {
			for k := 0; k < r.Len(); k++ {
				castElem(r, k, x, k)
			}
		}
		out[i] = r
	}
	return out, nil
}

func evalAllReduce(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, -1)
	if err != nil {
		return nil, err
	}
	if len(op.Regions) != 1 {
		return nil, errorAt(op, "expects one computation region")
	}
	// One operand per group: the reduction tree is a single leaf, converted
	// to the computation's type.
	return in.soloCopy(op, ts)
}

func evalAllGather(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, -1)
	if err != nil {
		return nil, err
	}
	dim, err := attrInt(op, "all_gather_dim")
	if err != nil {
		return nil, err
	}
	for _, x := range ts {
		if dim < 0 || dim >= int64(x.Type.Rank()) {
			return nil, errorAt(op, "all_gather_dim %d is out of range for %s", dim, x.Type)
		}
	}
	return in.soloCopy(op, ts)
}

func evalReduceScatter(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, 1)
	if err != nil {
		return nil, err
	}
	if len(op.Regions) != 1 {
		return nil, errorAt(op, "expects one computation region")
	}
	dim, err := attrInt(op, "scatter_dimension")
	if err != nil {
		return nil, err
	}
	if dim < 0 || dim >= int64(ts[0].Type.Rank()) {
		return nil, errorAt(op, "scatter_dimension %d is out of range for %s", dim, ts[0].Type)
	}
	return in.soloCopy(op, ts)
}

func evalAllToAll(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, -1)
	if err != nil {
		return nil, err
	}
	split, err := attrInt(op, "split_dimension")
	if err != nil {
		return nil, err
	}
	concat, err := attrInt(op, "concat_dimension")
	if err != nil {
		return nil, err
	}
	count, err := attrInt(op, "split_count")
	if err != nil {
		return nil, err
	}
	for _, x := range ts {
		r := int64(x.Type.Rank())
		if split < 0 || split >= r || concat < 0 || concat >= r {
			return nil, errorAt(op, "split_dimension %d or concat_dimension %d is out of range for %s", split, concat, x.Type)
		}
	}
	if count <= 0 {
		return nil, errorAt(op, "split_count must be positive, got %d", count)
	}
	if err := in.soloGroup(op, channelStrategy(op)); err != nil {
		return nil, err
	}
	if count != 1 {
		return nil, errorAt(op, "split_count %d does not match a process group of one", count)
	}
	return copyResults(op, ts)
}

func evalCollectivePermute(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, 1)
	if err != nil {
		return nil, err
	}
	nr, np, self, err := in.grid(op)
	if err != nil {
		return nil, err
	}
	pairs, err := idGroups(op, "source_target_pairs")
	if err != nil {
		return nil, err
	}
	s := channelStrategy(op)
	limit, me := nr, self.replica
	if s == crossPartition {
		limit, me = np, self.partition
	}
	source := int64(-1)
	for _, p := range pairs {
		if len(p) != 2 {
			return nil, errorAt(op, "source_target_pairs must be pairs")
		}
		for _, id := range p {
			if id < 0 || id >= limit {
				return nil, errorAt(op, "source_target_pairs id %d is outside [0, %d)", id, limit)
			}
		}
		if p[1] == me {
			source = p[0]
		}
	}
	switch {
	case source < 0:
		// No process sends to this one: zeros.
		r, err := newResult(op, 0)
		if err != nil {
			return nil, err
		}
		return one(r), nil
	case source != me:
		return nil, errorAt(op, "receives from process %d; the interpreter runs one process (multi-process execution is not supported yet)", source)
	}
	return copyResults(op, ts)
}

func evalCollectiveBroadcast(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	ts, err := tensorArgs(op, args, -1)
	if err != nil {
		return nil, err
	}
	if dyn, err := attrBool(op, "has_dynamic_root", false); err != nil || dyn {
		if err == nil {
			err = errorAt(op, "has_dynamic_root is not supported")
		}
		return nil, err
	}
	g, self, err := in.ownGroup(op, channelStrategy(op))
	if err != nil {
		return nil, err
	}
	if g == nil {
		out := make([]Value, len(op.Results))
		for i := range out {
			r, err := newResult(op, i)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	}
	if g[0] != self {
		return nil, errorAt(op, "receives from process (%d, %d); the interpreter runs one process (multi-process execution is not supported yet)", g[0].replica, g[0].partition)
	}
	return copyResults(op, ts)
}
