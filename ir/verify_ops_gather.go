package ir

// Rules of gather and scatter (spec: gather, scatter).

func init() {
	opRules["stablehlo.gather"] = ruleGather
	opRules["stablehlo.scatter"] = ruleScatter
	regionCounts["stablehlo.scatter"] = 1
}

// batchDimSizes returns shape(indices) without index_vector_dim.
func batchDimSizes(idx []int64, ivd int64) []int64 {
	var r []int64
	for i, d := range idx {
		if int64(i) != ivd {
			r = append(r, d)
		}
	}
	return r
}

func ruleGather(c *opCtx) ([]Type, error) {
	if err := c.numOperands(2); err != nil {
		return nil, err
	}
	x, err := c.tensorAt(0, "operand")
	if err != nil {
		return nil, err
	}
	idx, err := c.tensorOf(1, "start_indices", clsInt, "(I2)")
	if err != nil {
		return nil, err
	}
	a := c.attrs.Get("dimension_numbers")
	if a == nil {
		return nil, c.errf("requires attribute 'dimension_numbers'")
	}
	d, ok := a.(*GatherDimensionNumbersAttr)
	if !ok || d == nil {
		return nil, c.errf("attribute 'dimension_numbers' must be #stablehlo.gather<...>, got %s", AttrString(a))
	}
	sizes, err := c.reqInts("slice_sizes")
	if err != nil {
		return nil, err
	}
	xr, ir := int64(x.Rank()), int64(idx.Rank())
	off, col, ob, sb, sim, ivd := d.OffsetDims, d.CollapsedSliceDims, d.OperandBatchingDims, d.StartIndicesBatchingDims, d.StartIndexMap, d.IndexVectorDim
	if xr != int64(len(off)+len(col)+len(ob)) {
		return nil, c.errf("requires rank(operand) = size(offset_dims) + size(collapsed_slice_dims) + size(operand_batching_dims) (C1), got %d and %d + %d + %d", xr, len(off), len(col), len(ob))
	}
	if ivd < 0 || ivd > ir {
		return nil, c.errf("requires 0 <= index_vector_dim <= rank(start_indices) (C2), got %d for rank %d", ivd, ir)
	}
	want := int64(1)
	if ivd < ir {
		want = idx.Shape[ivd]
	}
	if want >= 0 && int64(len(sim)) != want {
		return nil, c.errf("requires size(start_index_map) = dim(start_indices, index_vector_dim) (or 1 when index_vector_dim = rank(start_indices)) (C3), got %d and %d", len(sim), want)
	}
	if !isUnique(off) || !isSorted(off) {
		return nil, c.errf("requires is_unique(offset_dims) and is_sorted(offset_dims) (C4), got %v", off)
	}
	batch := batchDimSizes(idx.Shape, ivd)
	rr := int64(len(off) + len(batch))
	if !inRange(off, 0, rr) {
		return nil, c.errf("requires 0 <= offset_dims < rank(result) = %d (C5), got %v", rr, off)
	}
	if !isUnique(append(append([]int64{}, col...), ob...)) {
		return nil, c.errf("requires is_unique(concatenate(collapsed_slice_dims, operand_batching_dims)) (C6), got %v and %v", col, ob)
	}
	if !isSorted(col) {
		return nil, c.errf("requires is_sorted(collapsed_slice_dims) (C7), got %v", col)
	}
	if !inRange(col, 0, xr) {
		return nil, c.errf("requires 0 <= collapsed_slice_dims < rank(operand) (C8), got %v for rank %d", col, xr)
	}
	if int64(len(sizes)) != xr {
		return nil, c.errf("requires size(slice_sizes) = rank(operand) (C20), got %d and %d", len(sizes), xr)
	}
	for _, k := range col {
		if sizes[k] > 1 {
			return nil, c.errf("requires slice_sizes[collapsed_slice_dims...] <= 1 (C9), got slice_sizes[%d] = %d", k, sizes[k])
		}
	}
	if !isSorted(ob) {
		return nil, c.errf("requires is_sorted(operand_batching_dims) (C10), got %v", ob)
	}
	if !inRange(ob, 0, xr) {
		return nil, c.errf("requires 0 <= operand_batching_dims < rank(operand) (C11), got %v for rank %d", ob, xr)
	}
	for _, k := range ob {
		if sizes[k] > 1 {
			return nil, c.errf("requires slice_sizes[operand_batching_dims...] <= 1 (C12), got slice_sizes[%d] = %d", k, sizes[k])
		}
	}
	if !isUnique(sb) {
		return nil, c.errf("requires is_unique(start_indices_batching_dims) (C13), got %v", sb)
	}
	if !inRange(sb, 0, ir) {
		return nil, c.errf("requires 0 <= start_indices_batching_dims < rank(start_indices) (C14), got %v for rank %d", sb, ir)
	}
	if contains(sb, ivd) {
		return nil, c.errf("requires index_vector_dim not in start_indices_batching_dims (C15), got %d in %v", ivd, sb)
	}
	if len(ob) != len(sb) {
		return nil, c.errf("requires size(operand_batching_dims) == size(start_indices_batching_dims) (C16), got %d and %d", len(ob), len(sb))
	}
	for i := range ob {
		if !dimsCompatible(x.Shape[ob[i]], idx.Shape[sb[i]]) {
			return nil, c.errf("requires dim(operand, operand_batching_dims...) = dim(start_indices, start_indices_batching_dims...) (C17), got %d and %d", x.Shape[ob[i]], idx.Shape[sb[i]])
		}
	}
	if !isUnique(append(append([]int64{}, sim...), ob...)) {
		return nil, c.errf("requires is_unique(concatenate(start_index_map, operand_batching_dims)) (C18), got %v and %v", sim, ob)
	}
	if !inRange(sim, 0, xr) {
		return nil, c.errf("requires 0 <= start_index_map < rank(operand) (C19), got %v for rank %d", sim, xr)
	}
	for i, s := range sizes {
		if s < 0 || (x.Shape[i] >= 0 && s > x.Shape[i]) {
			return nil, c.errf("requires 0 <= slice_sizes <= shape(operand) (C21), got slice_sizes %v for shape %s", sizes, shapeStr(x.Shape))
		}
	}
	var offSizes []int64
	for i, s := range sizes {
		if !contains(col, int64(i)) && !contains(ob, int64(i)) {
			offSizes = append(offSizes, s)
		}
	}
	out := make([]int64, rr)
	bi, oi := 0, 0
	for i := int64(0); i < rr; i++ {
		if contains(off, i) {
			out[i] = offSizes[oi]
			oi++
		} else {
			out[i] = batch[bi]
			bi++
		}
	}
	return []Type{x.WithShape(out)}, nil
}

func ruleScatter(c *opCtx) ([]Type, error) {
	if len(c.operands) < 3 || len(c.operands)%2 != 1 {
		return nil, c.errf("requires 0 < size(inputs) = size(updates) = N (C5): 2N+1 operands (inputs..., scatter_indices, updates...), got %d", len(c.operands))
	}
	n := len(c.operands) / 2
	ins := make([]*TensorType, n)
	ups := make([]*TensorType, n)
	for i := 0; i < n; i++ {
		var err error
		if ins[i], err = c.tensorAt(i, "inputs"); err != nil {
			return nil, err
		}
		if ups[i], err = c.tensorAt(n+1+i, "updates"); err != nil {
			return nil, err
		}
	}
	idx, err := c.tensorOf(n, "scatter_indices", clsInt, "(I2)")
	if err != nil {
		return nil, err
	}
	a := c.attrs.Get("scatter_dimension_numbers")
	if a == nil {
		return nil, c.errf("requires attribute 'scatter_dimension_numbers'")
	}
	d, ok := a.(*ScatterDimensionNumbersAttr)
	if !ok || d == nil {
		return nil, c.errf("attribute 'scatter_dimension_numbers' must be #stablehlo.scatter<...>, got %s", AttrString(a))
	}
	for i := 1; i < n; i++ {
		if !shapesCompatible(ins[i].Shape, ins[0].Shape) {
			return nil, c.errf("requires same(shape(inputs...)) (C1), got '%s' and '%s'", ins[0], ins[i])
		}
		if !shapesCompatible(ups[i].Shape, ups[0].Shape) {
			return nil, c.errf("requires same(shape(updates...)) (C3), got '%s' and '%s'", ups[0], ups[i])
		}
	}
	for i := 0; i < n; i++ {
		if ups[i].Elem != ins[i].Elem {
			return nil, c.errf("requires element_type(updates...) = element_type(inputs...) (C6), got '%s' and '%s'", ups[i], ins[i])
		}
	}
	x, u := ins[0], ups[0]
	xr, ir, ur := int64(x.Rank()), int64(idx.Rank()), int64(u.Rank())
	uwd, iwd, ibd, sibd, sdod, ivd := d.UpdateWindowDims, d.InsertedWindowDims, d.InputBatchingDims, d.ScatterIndicesBatchingDims, d.ScatterDimsToOperandDims, d.IndexVectorDim
	if xr != int64(len(uwd)+len(iwd)+len(ibd)) {
		return nil, c.errf("requires rank(inputs[0]) = size(update_window_dims) + size(inserted_window_dims) + size(input_batching_dims) (C2), got %d and %d + %d + %d", xr, len(uwd), len(iwd), len(ibd))
	}
	if !isUnique(uwd) || !isSorted(uwd) {
		return nil, c.errf("requires is_unique(update_window_dims) and is_sorted(update_window_dims) (C7), got %v", uwd)
	}
	if !inRange(uwd, 0, ur) {
		return nil, c.errf("requires 0 <= update_window_dims < rank(updates[0]) (C8), got %v for rank %d", uwd, ur)
	}
	if !isUnique(append(append([]int64{}, iwd...), ibd...)) {
		return nil, c.errf("requires is_unique(concatenate(inserted_window_dims, input_batching_dims)) (C9), got %v and %v", iwd, ibd)
	}
	if !isSorted(iwd) {
		return nil, c.errf("requires is_sorted(inserted_window_dims) (C10), got %v", iwd)
	}
	if !inRange(iwd, 0, xr) {
		return nil, c.errf("requires 0 <= inserted_window_dims < rank(inputs[0]) (C11), got %v for rank %d", iwd, xr)
	}
	if !isSorted(ibd) {
		return nil, c.errf("requires is_sorted(input_batching_dims) (C12), got %v", ibd)
	}
	if !inRange(ibd, 0, xr) {
		return nil, c.errf("requires 0 <= input_batching_dims < rank(inputs[0]) (C13), got %v for rank %d", ibd, xr)
	}
	if !isUnique(sibd) {
		return nil, c.errf("requires is_unique(scatter_indices_batching_dims) (C14), got %v", sibd)
	}
	if !inRange(sibd, 0, ir) {
		return nil, c.errf("requires 0 <= scatter_indices_batching_dims < rank(scatter_indices) (C15), got %v for rank %d", sibd, ir)
	}
	if contains(sibd, ivd) {
		return nil, c.errf("requires index_vector_dim not in scatter_indices_batching_dims (C16), got %d in %v", ivd, sibd)
	}
	if len(ibd) != len(sibd) {
		return nil, c.errf("requires size(input_batching_dims) == size(scatter_indices_batching_dims) (C17), got %d and %d", len(ibd), len(sibd))
	}
	for i := range ibd {
		if !dimsCompatible(x.Shape[ibd[i]], idx.Shape[sibd[i]]) {
			return nil, c.errf("requires dim(inputs[0], input_batching_dims...) = dim(scatter_indices, scatter_indices_batching_dims...) (C18), got %d and %d", x.Shape[ibd[i]], idx.Shape[sibd[i]])
		}
	}
	if ivd < 0 || ivd > ir {
		return nil, c.errf("requires 0 <= index_vector_dim <= rank(scatter_indices) (C22), got %d for rank %d", ivd, ir)
	}
	want := int64(1)
	if ivd < ir {
		want = idx.Shape[ivd]
	}
	if want >= 0 && int64(len(sdod)) != want {
		return nil, c.errf("requires size(scatter_dims_to_operand_dims) = dim(scatter_indices, index_vector_dim) (or 1 when index_vector_dim = rank(scatter_indices)) (C19), got %d and %d", len(sdod), want)
	}
	if !isUnique(append(append([]int64{}, sdod...), ibd...)) {
		return nil, c.errf("requires is_unique(concatenate(scatter_dims_to_operand_dims, input_batching_dims)) (C20), got %v and %v", sdod, ibd)
	}
	if !inRange(sdod, 0, xr) {
		return nil, c.errf("requires 0 <= scatter_dims_to_operand_dims < rank(inputs[0]) (C21), got %v for rank %d", sdod, xr)
	}
	// (C4): updates = combine(update_scatter_dim_sizes, update_window_dim_sizes).
	scat := batchDimSizes(idx.Shape, ivd)
	var win []int64
	for i, s := range x.Shape {
		if !contains(iwd, int64(i)) && !contains(ibd, int64(i)) {
			win = append(win, s)
		}
	}
	if ur != int64(len(scat)+len(win)) {
		return nil, c.errf("requires shape(updates[0]) = combine(update_scatter_dim_sizes, update_window_dim_sizes) (C4): rank(updates[0]) must be %d, got '%s'", len(scat)+len(win), u)
	}
	si, wi := 0, 0
	for i := int64(0); i < ur; i++ {
		got := u.Shape[i]
		if contains(uwd, i) {
			if w := win[wi]; got >= 0 && w >= 0 && got > w {
				return nil, c.errf("requires shape(updates[0]) = combine(update_scatter_dim_sizes, update_window_dim_sizes) (C4): update window dimension %d has size %d > %d", i, got, w)
			}
			wi++
		} else {
			if !dimsCompatible(got, scat[si]) {
				return nil, c.errf("requires shape(updates[0]) = combine(update_scatter_dim_sizes, update_window_dim_sizes) (C4): update scatter dimension %d has size %d, expected %d", i, got, scat[si])
			}
			si++
		}
	}
	elems := make([]ElementType, n)
	for i := range ins {
		elems[i] = ins[i].Elem
	}
	es, err := c.reductionBody(0, "update_computation", elems, "(C23)")
	if err != nil {
		return nil, err
	}
	out := make([]Type, n)
	for i := range out {
		out[i] = ins[i].WithElem(es[i])
	}
	return out, nil
}
