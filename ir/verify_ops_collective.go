package ir

// Rules of the collective ops (spec: all_reduce, all_gather, reduce_scatter,
// all_to_all, collective_permute, collective_broadcast). replica_groups is a
// 2-dimensional i64 tensor: one row per process group; -1 pads rows of
// uneven groups (XLA's convention) and is ignored by the uniqueness check.

func init() {
	opRules["stablehlo.all_reduce"] = ruleAllReduce
	opRules["stablehlo.all_gather"] = ruleAllGather
	opRules["stablehlo.reduce_scatter"] = ruleReduceScatter
	opRules["stablehlo.all_to_all"] = ruleAllToAll
	opRules["stablehlo.collective_permute"] = ruleCollectivePermute
	opRules["stablehlo.collective_broadcast"] = ruleCollectiveBroadcast
	regionCounts["stablehlo.all_reduce"] = 1
	regionCounts["stablehlo.reduce_scatter"] = 1
}

// replicaGroups reads and checks `replica_groups` and returns the group size
// dim(replica_groups, 1) (0 when there are no groups).
func (c *opCtx) replicaGroups(uniqueRule, rangeRule string) (int64, error) {
	rows, shape, present, err := c.matrix("replica_groups")
	if err != nil {
		return 0, err
	}
	if !present {
		return 0, c.errf("requires attribute 'replica_groups'")
	}
	seen := map[int64]bool{}
	for _, row := range rows {
		for _, x := range row {
			if x < -1 {
				return 0, c.errf("requires 0 <= replica_groups %s, got %d", rangeRule, x)
			}
			if x == -1 {
				continue
			}
			if seen[x] {
				return 0, c.errf("requires is_unique(replica_groups) %s, got %d twice", uniqueRule, x)
			}
			seen[x] = true
		}
	}
	return shape[1], nil
}

// channelCheck checks `use_global_device_ids` requires channel_id > 0.
func (c *opCtx) channelCheck(rule string) error {
	if !c.attrs.Has("use_global_device_ids") {
		return nil
	}
	if b, ok := c.attrs.Get("use_global_device_ids").(BoolAttr); ok && !bool(b) {
		return nil
	}
	ch, ok := c.attrs.Get("channel_handle").(*ChannelHandleAttr)
	if !ok || ch.Handle <= 0 {
		return c.errf("requires channel_id > 0 when use_global_device_ids is set %s", rule)
	}
	return nil
}

func (c *opCtx) tensorOperands(what string) ([]*TensorType, error) {
	if len(c.operands) == 0 {
		return nil, c.errf("requires at least one operand")
	}
	ts := make([]*TensorType, len(c.operands))
	for i := range ts {
		var err error
		if ts[i], err = c.tensorAt(i, what); err != nil {
			return nil, err
		}
	}
	return ts, nil
}

// computation checks the (tensor<E>, tensor<E>) -> tensor<E> region of
// all_reduce and reduce_scatter and returns E.
func (c *opCtx) computation(elems []ElementType, rule string) (ElementType, error) {
	args, rets, err := c.regionSig(0, "computation")
	if err != nil {
		return Invalid, err
	}
	var e *TensorType
	if len(args) == 2 && len(rets) == 1 {
		e = AsTensor(args[0])
	}
	if e == nil || e.Rank() != 0 || !TypesEqual(args[1], e) || !TypesEqual(rets[0], e) {
		return Invalid, c.errf("'computation' region must have type (tensor<E>, tensor<E>) -> tensor<E> %s, got (%s) -> (%s)", rule, typesStr(args), typesStr(rets))
	}
	for _, x := range elems {
		if !isPromotable(x, e.Elem) {
			return Invalid, c.errf("'computation' region element type %s is not a promotion of the operand element type %s %s", e.Elem, x, rule)
		}
	}
	return e.Elem, nil
}

func ruleAllReduce(c *opCtx) ([]Type, error) {
	ts, err := c.tensorOperands("operands")
	if err != nil {
		return nil, err
	}
	if _, err := c.replicaGroups("(C1)", "(C3)"); err != nil {
		return nil, err
	}
	if err := c.channelCheck("(C4)"); err != nil {
		return nil, err
	}
	elems := make([]ElementType, len(ts))
	for i, t := range ts {
		elems[i] = t.Elem
	}
	e, err := c.computation(elems, "(C5)")
	if err != nil {
		return nil, err
	}
	out := make([]Type, len(ts))
	for i, t := range ts {
		out[i] = t.WithElem(e)
	}
	return out, nil
}

func ruleAllGather(c *opCtx) ([]Type, error) {
	ts, err := c.tensorOperands("operands")
	if err != nil {
		return nil, err
	}
	dim, err := c.reqInt("all_gather_dim")
	if err != nil {
		return nil, err
	}
	g, err := c.replicaGroups("(C2)", "(C4)")
	if err != nil {
		return nil, err
	}
	if err := c.channelCheck("(C5)"); err != nil {
		return nil, err
	}
	out := make([]Type, len(ts))
	for i, t := range ts {
		if dim < 0 || dim >= int64(t.Rank()) {
			return nil, c.errf("requires 0 <= all_gather_dim < rank(operands...) (C1), got %d for rank %d", dim, t.Rank())
		}
		s := append([]int64{}, t.Shape...)
		if s[dim] >= 0 && g > 0 {
			s[dim] *= g
		} else {
			s[dim] = Dynamic
		}
		out[i] = t.WithShape(s)
	}
	return out, nil
}

func ruleReduceScatter(c *opCtx) ([]Type, error) {
	if err := c.numOperands(1); err != nil {
		return nil, err
	}
	t, err := c.tensorAt(0, "operand")
	if err != nil {
		return nil, err
	}
	dim, err := c.reqInt("scatter_dimension")
	if err != nil {
		return nil, err
	}
	g, err := c.replicaGroups("(C3)", "(C5)")
	if err != nil {
		return nil, err
	}
	if dim < 0 || dim >= int64(t.Rank()) {
		return nil, c.errf("requires 0 <= scatter_dimension < rank(operand) (C2), got %d for rank %d", dim, t.Rank())
	}
	if t.Shape[dim] >= 0 && g > 0 && t.Shape[dim]%g != 0 {
		return nil, c.errf("requires dim(operand, scatter_dimension) %% dim(process_groups, 1) = 0 (C1), got %d and %d", t.Shape[dim], g)
	}
	if err := c.channelCheck("(C6)"); err != nil {
		return nil, err
	}
	e, err := c.computation([]ElementType{t.Elem}, "(C7)")
	if err != nil {
		return nil, err
	}
	s := append([]int64{}, t.Shape...)
	if s[dim] >= 0 && g > 0 {
		s[dim] /= g
	} else {
		s[dim] = Dynamic
	}
	return []Type{TensorOf(e, s...)}, nil
}

func ruleAllToAll(c *opCtx) ([]Type, error) {
	ts, err := c.tensorOperands("operands")
	if err != nil {
		return nil, err
	}
	split, err := c.reqInt("split_dimension")
	if err != nil {
		return nil, err
	}
	concat, err := c.reqInt("concat_dimension")
	if err != nil {
		return nil, err
	}
	count, err := c.reqInt("split_count")
	if err != nil {
		return nil, err
	}
	if count <= 0 {
		return nil, c.errf("requires 0 < split_count (C4), got %d", count)
	}
	g, err := c.replicaGroups("(C5)", "(C7)")
	if err != nil {
		return nil, err
	}
	if g != count {
		return nil, c.errf("requires dim(replica_groups, 1) = split_count (C8), got %d and %d", g, count)
	}
	out := make([]Type, len(ts))
	for i, t := range ts {
		r := int64(t.Rank())
		if split < 0 || split >= r {
			return nil, c.errf("requires 0 <= split_dimension < rank(operands...) (C1), got %d for rank %d", split, r)
		}
		if concat < 0 || concat >= r {
			return nil, c.errf("requires 0 <= concat_dimension < rank(operands...) (C3), got %d for rank %d", concat, r)
		}
		if d := t.Shape[split]; d >= 0 && d%count != 0 {
			return nil, c.errf("requires dim(operands..., split_dimension) %% split_count = 0 (C2), got %d and %d", d, count)
		}
		s := append([]int64{}, t.Shape...)
		if split != concat {
			if s[split] >= 0 {
				s[split] /= count
			}
			if s[concat] >= 0 {
				s[concat] *= count
			}
		}
		out[i] = t.WithShape(s)
	}
	return out, nil
}

func ruleCollectivePermute(c *opCtx) ([]Type, error) {
	if err := c.numOperands(1); err != nil {
		return nil, err
	}
	t, err := c.tensorAt(0, "operand")
	if err != nil {
		return nil, err
	}
	rows, shape, present, err := c.matrix("source_target_pairs")
	if err != nil {
		return nil, err
	}
	if !present {
		return nil, c.errf("requires attribute 'source_target_pairs'")
	}
	if shape[1] != 2 && !(shape[0] == 0) {
		return nil, c.errf("requires dim(source_target_pairs, 1) = 2 (C1), got %d", shape[1])
	}
	src, dst := map[int64]bool{}, map[int64]bool{}
	for _, p := range rows {
		if p[0] < 0 || p[1] < 0 {
			return nil, c.errf("requires 0 <= source_target_pairs (C4), got [%d, %d]", p[0], p[1])
		}
		if src[p[0]] {
			return nil, c.errf("requires is_unique(source_target_pairs[:, 0]) (C2), got source %d twice", p[0])
		}
		if dst[p[1]] {
			return nil, c.errf("requires is_unique(source_target_pairs[:, 1]) (C3), got target %d twice", p[1])
		}
		src[p[0]], dst[p[1]] = true, true
	}
	return []Type{t.WithShape(t.Shape)}, nil
}

func ruleCollectiveBroadcast(c *opCtx) ([]Type, error) {
	ts, err := c.tensorOperands("operands")
	if err != nil {
		return nil, err
	}
	if _, err := c.replicaGroups("(C1)", "(C2)"); err != nil {
		return nil, err
	}
	out := make([]Type, len(ts))
	for i, t := range ts {
		out[i] = t.WithShape(t.Shape)
	}
	return out, nil
}
