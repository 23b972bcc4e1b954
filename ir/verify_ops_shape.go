package ir

// Rules of the ops that create or rearrange tensors (spec: constant, iota,
// broadcast_in_dim, reshape, transpose, slice, dynamic_slice,
// dynamic_update_slice, concatenate, pad, reverse, get_dimension_size).

func init() {
	opRules["stablehlo.constant"] = ruleConstant
	opRules["stablehlo.iota"] = ruleIota
	opRules["stablehlo.broadcast_in_dim"] = ruleBroadcastInDim
	opRules["stablehlo.broadcast"] = ruleBroadcast
	opRules["stablehlo.reshape"] = ruleReshape
	opRules["stablehlo.transpose"] = ruleTranspose
	opRules["stablehlo.slice"] = ruleSlice
	opRules["stablehlo.dynamic_slice"] = ruleDynamicSlice
	opRules["stablehlo.dynamic_update_slice"] = ruleDynamicUpdateSlice
	opRules["stablehlo.concatenate"] = ruleConcatenate
	opRules["stablehlo.pad"] = rulePad
	opRules["stablehlo.reverse"] = ruleReverse
	opRules["stablehlo.get_dimension_size"] = ruleGetDimensionSize
}

func ruleConstant(c *opCtx) ([]Type, error) {
	if err := c.numOperands(0); err != nil {
		return nil, err
	}
	a := c.attrs.Get("value")
	if a == nil {
		return nil, c.errf("requires attribute 'value'")
	}
	d, ok := a.(*DenseElementsAttr)
	if !ok || d.Value == nil || d.Value.Type == nil {
		return nil, c.errf("attribute 'value' must be a dense elements attribute, got %s", AttrString(a))
	}
	if n := d.Value.Type.NumElements(); n < 0 || int64(d.Value.Len()) != n {
		return nil, c.errf("attribute 'value' has %d elements for type '%s'", d.Value.Len(), d.Value.Type)
	}
	if r := c.result(0); r != nil && len(c.results) == 1 && !TypesEqual(r, d.Value.Type) {
		return nil, c.errf("requires type(value) = type(output) (C1), got '%s' and '%s'", d.Value.Type, r)
	}
	return []Type{d.Value.Type.WithShape(d.Value.Type.Shape)}, nil
}

func ruleIota(c *opCtx) ([]Type, error) {
	if err := c.numOperands(0); err != nil {
		return nil, err
	}
	dim, err := c.reqInt("iota_dimension")
	if err != nil {
		return nil, err
	}
	r, err := c.resultTensor(0, "output")
	if err != nil {
		return nil, err
	}
	if classOf(r.Elem)&(clsInt|clsFloat|clsComplex) == 0 {
		return nil, c.errf("output must be a tensor of integer, floating-point or complex type, got '%s'", r)
	}
	if dim < 0 || dim >= int64(r.Rank()) {
		return nil, c.errf("requires 0 <= iota_dimension < rank(output) (C1), got iota_dimension %d for rank %d", dim, r.Rank())
	}
	return nil, nil
}

func ruleBroadcastInDim(c *opCtx) ([]Type, error) {
	if err := c.numOperands(1); err != nil {
		return nil, err
	}
	x, err := c.tensorAt(0, "operand")
	if err != nil {
		return nil, err
	}
	dims, err := c.reqInts("broadcast_dimensions")
	if err != nil {
		return nil, err
	}
	if len(dims) != x.Rank() {
		return nil, c.errf("requires size(broadcast_dimensions) = rank(operand) (C2), got %d and %d", len(dims), x.Rank())
	}
	r, err := c.resultTensor(0, "result")
	if err != nil {
		return nil, err
	}
	if r.Elem != x.Elem {
		return nil, c.errf("requires element_type(result) = element_type(operand) (C1), got '%s' and '%s'", r, x)
	}
	if !inRange(dims, 0, int64(r.Rank())) {
		return nil, c.errf("requires 0 <= broadcast_dimensions < rank(result) (C3), got %v for rank %d", dims, r.Rank())
	}
	if !isUnique(dims) {
		return nil, c.errf("requires is_unique(broadcast_dimensions) (C4), got %v", dims)
	}
	for d, rd := range dims {
		od, res := x.Shape[d], r.Shape[rd]
		if od != 1 && !dimsCompatible(od, res) {
			return nil, c.errf("requires dim(operand, %d) = 1 or dim(operand, %d) = dim(result, broadcast_dimensions[%d]) (C5), got %d and %d", d, d, d, od, res)
		}
	}
	return nil, nil
}

func ruleBroadcast(c *opCtx) ([]Type, error) {
	if err := c.numOperands(1); err != nil {
		return nil, err
	}
	x, err := c.tensorAt(0, "operand")
	if err != nil {
		return nil, err
	}
	sizes, err := c.reqInts("broadcast_sizes")
	if err != nil {
		return nil, err
	}
	for _, s := range sizes {
		if s < 0 {
			return nil, c.errf("broadcast_sizes must be non-negative, got %v", sizes)
		}
	}
	return []Type{x.WithShape(append(append([]int64{}, sizes...), x.Shape...))}, nil
}

func ruleReshape(c *opCtx) ([]Type, error) {
	x, r, err := c.operandAndResult()
	if err != nil {
		return nil, err
	}
	if r.Elem != x.Elem {
		return nil, c.errf("requires element_type(result) = element_type(operand) (C1), got '%s' and '%s'", r, x)
	}
	a, b := x.NumElements(), r.NumElements()
	if x.IsStatic() && r.IsStatic() && a != b {
		return nil, c.errf("requires size(operand) = size(result) (C2), got %d and %d elements", a, b)
	}
	return nil, nil
}

func ruleTranspose(c *opCtx) ([]Type, error) {
	if err := c.numOperands(1); err != nil {
		return nil, err
	}
	x, err := c.tensorAt(0, "operand")
	if err != nil {
		return nil, err
	}
	perm, err := c.reqInts("permutation")
	if err != nil {
		return nil, err
	}
	if len(perm) != x.Rank() || !inRange(perm, 0, int64(x.Rank())) || !isUnique(perm) {
		return nil, c.errf("requires permutation to be a permutation of range(rank(operand)) (C2), got %v for rank %d", perm, x.Rank())
	}
	s := make([]int64, len(perm))
	for i, p := range perm {
		s[i] = x.Shape[p]
	}
	return []Type{x.WithShape(s)}, nil
}

func ruleSlice(c *opCtx) ([]Type, error) {
	if err := c.numOperands(1); err != nil {
		return nil, err
	}
	x, err := c.tensorAt(0, "operand")
	if err != nil {
		return nil, err
	}
	start, err := c.reqInts("start_indices")
	if err != nil {
		return nil, err
	}
	limit, err := c.reqInts("limit_indices")
	if err != nil {
		return nil, err
	}
	strides, err := c.reqInts("strides")
	if err != nil {
		return nil, err
	}
	n := x.Rank()
	if len(start) != n || len(limit) != n || len(strides) != n {
		return nil, c.errf("requires size(start_indices) = size(limit_indices) = size(strides) = rank(operand) (C2), got %d, %d, %d and %d", len(start), len(limit), len(strides), n)
	}
	s := make([]int64, n)
	for i := range s {
		if start[i] < 0 || start[i] > limit[i] || (x.Shape[i] >= 0 && limit[i] > x.Shape[i]) {
			return nil, c.errf("requires 0 <= start_indices <= limit_indices <= shape(operand) (C3), got %d, %d and %d in dimension %d", start[i], limit[i], x.Shape[i], i)
		}
		if strides[i] <= 0 {
			return nil, c.errf("requires 0 < strides (C4), got %v", strides)
		}
		s[i] = (limit[i] - start[i] + strides[i] - 1) / strides[i]
	}
	return []Type{x.WithShape(s)}, nil
}

// startIndices checks the variadic 0-dimensional integer start indices
// operands [from, len) (dynamic_slice C2-C3, dynamic_update_slice C4-C5).
func (c *opCtx) startIndices(from, rank int, sizeRule, sameRule string) error {
	idx := c.operands[from:]
	if len(idx) != rank {
		return c.errf("requires size(start_indices) = rank(operand) %s, got %d and %d", sizeRule, len(idx), rank)
	}
	for i := range idx {
		t, err := c.tensorAt(from+i, "start_indices")
		if err != nil {
			return err
		}
		if t.Rank() != 0 || !t.Elem.IsInteger() {
			return c.errf("start_indices must be 0-dimensional tensors of integer type, got '%s'", t)
		}
		if !TypesEqual(t, idx[0]) {
			return c.errf("requires same(type(start_indices...)) %s, got '%s' and '%s'", sameRule, typeStr(idx[0]), t)
		}
	}
	return nil
}

func ruleDynamicSlice(c *opCtx) ([]Type, error) {
	x, err := c.tensorAt(0, "operand")
	if err != nil {
		return nil, err
	}
	if err := c.startIndices(1, x.Rank(), "(C2)", "(C3)"); err != nil {
		return nil, err
	}
	sizes, err := c.reqInts("slice_sizes")
	if err != nil {
		return nil, err
	}
	if len(sizes) != x.Rank() {
		return nil, c.errf("requires size(slice_sizes) = rank(operand) (C2), got %d and %d", len(sizes), x.Rank())
	}
	for i, s := range sizes {
		if s < 0 || (x.Shape[i] >= 0 && s > x.Shape[i]) {
			return nil, c.errf("requires 0 <= slice_sizes <= shape(operand) (C4), got slice size %d for dimension %d of size %d", s, i, x.Shape[i])
		}
	}
	return []Type{x.WithShape(sizes)}, nil
}

func ruleDynamicUpdateSlice(c *opCtx) ([]Type, error) {
	x, err := c.tensorAt(0, "operand")
	if err != nil {
		return nil, err
	}
	u, err := c.tensorAt(1, "update")
	if err != nil {
		return nil, err
	}
	if u.Elem != x.Elem {
		return nil, c.errf("requires element_type(update) = element_type(operand) (C2), got '%s' and '%s'", u, x)
	}
	if u.Rank() != x.Rank() {
		return nil, c.errf("requires rank(update) = rank(operand) (C3), got %d and %d", u.Rank(), x.Rank())
	}
	if err := c.startIndices(2, x.Rank(), "(C4)", "(C5)"); err != nil {
		return nil, err
	}
	for i := range u.Shape {
		if u.Shape[i] >= 0 && x.Shape[i] >= 0 && u.Shape[i] > x.Shape[i] {
			return nil, c.errf("requires 0 <= shape(update) <= shape(operand) (C6), got %s and %s", shapeStr(u.Shape), shapeStr(x.Shape))
		}
	}
	return []Type{x.WithShape(x.Shape)}, nil
}

func ruleConcatenate(c *opCtx) ([]Type, error) {
	if len(c.operands) == 0 {
		return nil, c.errf("requires 0 < size(inputs) (C3)")
	}
	first, err := c.tensorAt(0, "inputs")
	if err != nil {
		return nil, err
	}
	dim, err := c.reqInt("dimension")
	if err != nil {
		return nil, err
	}
	if dim < 0 || dim >= int64(first.Rank()) {
		return nil, c.errf("requires 0 <= dimension < rank(inputs[0]) (C4), got dimension %d for rank %d", dim, first.Rank())
	}
	shape := append([]int64{}, first.Shape...)
	for i := 1; i < len(c.operands); i++ {
		t, err := c.tensorAt(i, "inputs")
		if err != nil {
			return nil, err
		}
		if t.Elem != first.Elem {
			return nil, c.errf("requires same(element_type(inputs...)) (C1), got '%s' and '%s'", first, t)
		}
		if t.Rank() != first.Rank() {
			return nil, c.errf("requires same(shape(inputs...)) except for dim(inputs..., dimension) (C2), got '%s' and '%s'", first, t)
		}
		for d := range shape {
			if int64(d) == dim {
				if shape[d] < 0 || t.Shape[d] < 0 {
					shape[d] = Dynamic
				} else {
					shape[d] += t.Shape[d]
				}
				continue
			}
			if !dimsCompatible(shape[d], t.Shape[d]) {
				return nil, c.errf("requires same(shape(inputs...)) except for dim(inputs..., dimension) (C2), got '%s' and '%s'", first, t)
			}
			if shape[d] < 0 {
				shape[d] = t.Shape[d]
			}
		}
	}
	return []Type{first.WithShape(shape)}, nil
}

func rulePad(c *opCtx) ([]Type, error) {
	if err := c.numOperands(2); err != nil {
		return nil, err
	}
	x, err := c.tensorAt(0, "operand")
	if err != nil {
		return nil, err
	}
	p, err := c.tensorAt(1, "padding_value")
	if err != nil {
		return nil, err
	}
	if p.Rank() != 0 {
		return nil, c.errf("padding_value must be a 0-dimensional tensor (I2), got '%s'", p)
	}
	if p.Elem != x.Elem {
		return nil, c.errf("requires element_type(operand) = element_type(padding_value) = element_type(result) (C1), got '%s' and '%s'", x, p)
	}
	lo, err := c.reqInts("edge_padding_low")
	if err != nil {
		return nil, err
	}
	hi, err := c.reqInts("edge_padding_high")
	if err != nil {
		return nil, err
	}
	in, err := c.reqInts("interior_padding")
	if err != nil {
		return nil, err
	}
	n := x.Rank()
	if len(lo) != n || len(hi) != n || len(in) != n {
		return nil, c.errf("requires size(edge_padding_low) = size(edge_padding_high) = size(interior_padding) = rank(operand) (C2), got %d, %d, %d and %d", len(lo), len(hi), len(in), n)
	}
	s := make([]int64, n)
	for i := range s {
		if in[i] < 0 {
			return nil, c.errf("requires 0 <= interior_padding (C3), got %v", in)
		}
		d := x.Shape[i]
		if d < 0 {
			s[i] = Dynamic
			continue
		}
		s[i] = d + lo[i] + hi[i]
		if d > 0 {
			s[i] += (d - 1) * in[i]
		}
		if s[i] < 0 {
			return nil, c.errf("padding results in a negative size %d for dimension %d (C4)", s[i], i)
		}
	}
	return []Type{x.WithShape(s)}, nil
}

func ruleReverse(c *opCtx) ([]Type, error) {
	if err := c.numOperands(1); err != nil {
		return nil, err
	}
	x, err := c.tensorAt(0, "operand")
	if err != nil {
		return nil, err
	}
	dims, err := c.reqInts("dimensions")
	if err != nil {
		return nil, err
	}
	if !isUnique(dims) {
		return nil, c.errf("requires is_unique(dimensions) (C2), got %v", dims)
	}
	if !inRange(dims, 0, int64(x.Rank())) {
		return nil, c.errf("requires 0 <= dimensions < rank(result) (C3), got %v for rank %d", dims, x.Rank())
	}
	return []Type{x.WithShape(x.Shape)}, nil
}

func ruleGetDimensionSize(c *opCtx) ([]Type, error) {
	if err := c.numOperands(1); err != nil {
		return nil, err
	}
	x, err := c.tensorAt(0, "operand")
	if err != nil {
		return nil, err
	}
	d, err := c.reqInt("dimension")
	if err != nil {
		return nil, err
	}
	if d < 0 || d >= int64(x.Rank()) {
		return nil, c.errf("requires 0 <= dimension < rank(operand) (C1), got %d for rank %d", d, x.Rank())
	}
	return []Type{scalarOf(I32)}, nil
}
