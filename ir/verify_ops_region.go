package ir

// Rules of the ops with regions (spec: reduce, reduce_window,
// select_and_scatter, sort, map, while, if, case) and the helpers that read
// a region's signature.

func init() {
	opRules["stablehlo.reduce"] = ruleReduce
	opRules["stablehlo.reduce_window"] = ruleReduceWindow
	opRules["stablehlo.select_and_scatter"] = ruleSelectAndScatter
	opRules["stablehlo.sort"] = ruleSort
	opRules["stablehlo.map"] = ruleMap
	opRules["stablehlo.while"] = ruleWhile
	opRules["stablehlo.if"] = ruleIf
	opRules["stablehlo.case"] = ruleCase
	for n, k := range map[string]int{"reduce": 1, "reduce_window": 1, "select_and_scatter": 2, "sort": 1, "map": 1, "while": 2, "if": 2, "case": -1} {
		regionCounts["stablehlo."+n] = k
	}
}

// regionSig returns the argument types of region i's entry block and the
// operand types of its terminator: the region's function type.
func (c *opCtx) regionSig(i int, name string) (args, rets []Type, err error) {
	if i >= len(c.regions) || c.regions[i] == nil {
		return nil, nil, c.errf("requires a '%s' region", name)
	}
	b := c.regions[i].Entry()
	if b == nil {
		return nil, nil, c.errf("'%s' region has no block", name)
	}
	for _, a := range b.Args {
		if a == nil {
			return nil, nil, c.errf("'%s' region has a null block argument", name)
		}
		args = append(args, a.Type)
	}
	t := b.Terminator()
	if t == nil || !LookupOp(t.Name).Has(Terminator) {
		return nil, nil, c.errf("'%s' region must end with 'stablehlo.return'", name)
	}
	for _, x := range t.Operands {
		if x == nil {
			return nil, nil, c.errf("'%s' region returns a null value", name)
		}
		rets = append(rets, x.Type)
	}
	return args, rets, nil
}

// reductionBody checks that region i has type (tensor<E0>, ..., tensor<EN-1>,
// tensor<E0>, ..., tensor<EN-1>) -> (tensor<E0>, ..., tensor<EN-1>) with
// is_promotable(elems[i], Ei), and returns the Ei.
func (c *opCtx) reductionBody(i int, name string, elems []ElementType, rule string) ([]ElementType, error) {
	args, rets, err := c.regionSig(i, name)
	if err != nil {
		return nil, err
	}
	n := len(elems)
	if len(args) != 2*n || len(rets) != n {
		return nil, c.errf("'%s' region must have type (tensor<E0>, ..., tensor<E%d>, tensor<E0>, ..., tensor<E%d>) -> (tensor<E0>, ..., tensor<E%d>) %s, got (%s) -> (%s)", name, n-1, n-1, n-1, rule, typesStr(args), typesStr(rets))
	}
	es := make([]ElementType, n)
	for k := 0; k < n; k++ {
		t := AsTensor(args[k])
		if t == nil || t.Rank() != 0 || !TypesEqual(args[k], args[n+k]) || !TypesEqual(args[k], rets[k]) {
			return nil, c.errf("'%s' region must have type (tensor<E0>, ..., tensor<E%d>, tensor<E0>, ..., tensor<E%d>) -> (tensor<E0>, ..., tensor<E%d>) %s, got (%s) -> (%s)", name, n-1, n-1, n-1, rule, typesStr(args), typesStr(rets))
		}
		if !isPromotable(elems[k], t.Elem) {
			return nil, c.errf("'%s' region element type %s is not a promotion of the input element type %s %s", name, t.Elem, elems[k], rule)
		}
		es[k] = t.Elem
	}
	return es, nil
}

// variadicPairs splits 2N operands into N inputs and N init values.
func (c *opCtx) variadicPairs(rule string) (ins, inits []*TensorType, err error) {
	if len(c.operands) == 0 || len(c.operands)%2 != 0 {
		return nil, nil, c.errf("requires 0 < size(inputs) = size(init_values) %s, got %d operands", rule, len(c.operands))
	}
	n := len(c.operands) / 2
	ins = make([]*TensorType, n)
	inits = make([]*TensorType, n)
	for i := 0; i < n; i++ {
		if ins[i], err = c.tensorAt(i, "inputs"); err != nil {
			return nil, nil, err
		}
		if inits[i], err = c.tensorAt(n+i, "init_values"); err != nil {
			return nil, nil, err
		}
		if inits[i].Rank() != 0 {
			return nil, nil, c.errf("init_values must be 0-dimensional tensors (I2), got '%s'", inits[i])
		}
	}
	return ins, inits, nil
}

func ruleReduce(c *opCtx) ([]Type, error) {
	ins, inits, err := c.variadicPairs("(C3)")
	if err != nil {
		return nil, err
	}
	for i := range ins {
		if !shapesCompatible(ins[i].Shape, ins[0].Shape) {
			return nil, c.errf("requires same(shape(inputs...)) (C1), got '%s' and '%s'", ins[0], ins[i])
		}
		if ins[i].Elem != inits[i].Elem {
			return nil, c.errf("requires element_type(inputs...) = element_type(init_values...) (C2), got '%s' and '%s'", ins[i], inits[i])
		}
	}
	dims, err := c.reqInts("dimensions")
	if err != nil {
		return nil, err
	}
	r := int64(ins[0].Rank())
	if !inRange(dims, 0, r) {
		return nil, c.errf("requires 0 <= dimensions < rank(inputs[0]) (C4), got %v for rank %d", dims, r)
	}
	if !isUnique(dims) {
		return nil, c.errf("requires is_unique(dimensions) (C5), got %v", dims)
	}
	elems := make([]ElementType, len(ins))
	for i := range ins {
		elems[i] = ins[i].Elem
	}
	es, err := c.reductionBody(0, "body", elems, "(C6)")
	if err != nil {
		return nil, err
	}
	var shape []int64
	for i, d := range ins[0].Shape {
		if !contains(dims, int64(i)) {
			shape = append(shape, d)
		}
	}
	out := make([]Type, len(ins))
	for i := range out {
		out[i] = TensorOf(es[i], shape...)
	}
	return out, nil
}

func ruleReduceWindow(c *opCtx) ([]Type, error) {
	ins, inits, err := c.variadicPairs("(C1)")
	if err != nil {
		return nil, err
	}
	for i := range ins {
		if !shapesCompatible(ins[i].Shape, ins[0].Shape) {
			return nil, c.errf("requires same(shape(inputs...)) (C2), got '%s' and '%s'", ins[0], ins[i])
		}
		if ins[i].Elem != inits[i].Elem {
			return nil, c.errf("requires element_type(inputs...) = element_type(init_values...) (C3), got '%s' and '%s'", ins[i], inits[i])
		}
	}
	r := ins[0].Rank()
	wd, err := c.windowAttr("window_dimensions", r, true, "(C4)", "(C5)")
	if err != nil {
		return nil, err
	}
	ws, err := c.windowAttr("window_strides", r, false, "(C6)", "(C7)")
	if err != nil {
		return nil, err
	}
	bd, err := c.windowAttr("base_dilations", r, false, "(C8)", "(C9)")
	if err != nil {
		return nil, err
	}
	wdl, err := c.windowAttr("window_dilations", r, false, "(C10)", "(C11)")
	if err != nil {
		return nil, err
	}
	pad, err := c.paddingAttr(r, "(C12)")
	if err != nil {
		return nil, err
	}
	elems := make([]ElementType, len(ins))
	for i := range ins {
		elems[i] = ins[i].Elem
	}
	es, err := c.reductionBody(0, "body", elems, "(C13)")
	if err != nil {
		return nil, err
	}
	shape := make([]int64, r)
	for i := range shape {
		shape[i] = numWindows(ins[0].Shape[i], bd[i], pad[i][0], pad[i][1], wd[i], wdl[i], ws[i])
	}
	out := make([]Type, len(ins))
	for i := range out {
		out[i] = TensorOf(es[i], shape...)
	}
	return out, nil
}

func ruleSelectAndScatter(c *opCtx) ([]Type, error) {
	if err := c.numOperands(3); err != nil {
		return nil, err
	}
	x, err := c.tensorAt(0, "operand")
	if err != nil {
		return nil, err
	}
	src, err := c.tensorAt(1, "source")
	if err != nil {
		return nil, err
	}
	init, err := c.tensorAt(2, "init_value")
	if err != nil {
		return nil, err
	}
	if init.Rank() != 0 {
		return nil, c.errf("init_value must be a 0-dimensional tensor (I3), got '%s'", init)
	}
	if src.Elem != x.Elem {
		return nil, c.errf("requires element_type(operand) = element_type(source) (C1), got '%s' and '%s'", x, src)
	}
	if init.Elem != x.Elem {
		return nil, c.errf("requires element_type(init_value) = element_type(operand) (C3), got '%s' and '%s'", init, x)
	}
	r := x.Rank()
	wd, err := c.windowAttr("window_dimensions", r, false, "(C4)", "(C5)")
	if err != nil {
		return nil, err
	}
	ws, err := c.windowAttr("window_strides", r, false, "(C6)", "(C7)")
	if err != nil {
		return nil, err
	}
	pad, err := c.paddingAttr(r, "(C8)")
	if err != nil {
		return nil, err
	}
	want := make([]int64, r)
	for i := range want {
		want[i] = numWindows(x.Shape[i], 1, pad[i][0], pad[i][1], wd[i], 1, ws[i])
	}
	if !shapesCompatible(src.Shape, want) {
		return nil, c.errf("requires shape(source) = num_windows = %s (C2), got '%s'", shapeStr(want), src)
	}
	args, rets, err := c.regionSig(0, "select")
	if err != nil {
		return nil, err
	}
	e := TensorOf(x.Elem)
	if len(args) != 2 || len(rets) != 1 || !TypesEqual(args[0], e) || !TypesEqual(args[1], e) || !TypesEqual(rets[0], TensorOf(I1)) {
		return nil, c.errf("'select' region must have type (%s, %s) -> tensor<i1> (C9), got (%s) -> (%s)", e, e, typesStr(args), typesStr(rets))
	}
	es, err := c.reductionBody(1, "scatter", []ElementType{x.Elem}, "(C10)")
	if err != nil {
		return nil, err
	}
	return []Type{x.WithElem(es[0])}, nil
}

func ruleSort(c *opCtx) ([]Type, error) {
	if len(c.operands) == 0 {
		return nil, c.errf("requires 0 < size(inputs) (C1)")
	}
	ins := make([]*TensorType, len(c.operands))
	for i := range ins {
		var err error
		if ins[i], err = c.tensorAt(i, "inputs"); err != nil {
			return nil, err
		}
		if !shapesCompatible(ins[i].Shape, ins[0].Shape) {
			return nil, c.errf("requires same(shape(inputs...) + shape(results...)) (C3), got '%s' and '%s'", ins[0], ins[i])
		}
	}
	r := int64(ins[0].Rank())
	dim, err := c.intOr("dimension", -1)
	if err != nil {
		return nil, err
	}
	if dim < -r || dim >= r {
		return nil, c.errf("requires -R <= dimension < R where R = rank(inputs[0]) = %d (C4), got %d", r, dim)
	}
	args, rets, err := c.regionSig(0, "comparator")
	if err != nil {
		return nil, err
	}
	ok := len(args) == 2*len(ins) && len(rets) == 1 && TypesEqual(rets[0], TensorOf(I1))
	for i := 0; ok && i < len(ins); i++ {
		e := TensorOf(ins[i].Elem)
		ok = TypesEqual(args[2*i], e) && TypesEqual(args[2*i+1], e)
	}
	if !ok {
		return nil, c.errf("'comparator' region must have type (tensor<E0>, tensor<E0>, ..., tensor<EN-1>, tensor<EN-1>) -> tensor<i1> (C5), got (%s) -> (%s)", typesStr(args), typesStr(rets))
	}
	out := make([]Type, len(ins))
	for i := range ins {
		out[i] = ins[i].WithShape(ins[i].Shape)
	}
	return out, nil
}

func ruleMap(c *opCtx) ([]Type, error) {
	if len(c.operands) == 0 {
		return nil, c.errf("requires 0 < size(inputs) (C2)")
	}
	ins := make([]*TensorType, len(c.operands))
	for i := range ins {
		var err error
		if ins[i], err = c.tensorAt(i, "inputs"); err != nil {
			return nil, err
		}
		if !shapesCompatible(ins[i].Shape, ins[0].Shape) {
			return nil, c.errf("requires shape(inputs...) = shape(result) (C1), got '%s' and '%s'", ins[0], ins[i])
		}
	}
	dims, err := c.reqInts("dimensions")
	if err != nil {
		return nil, err
	}
	ok := len(dims) == ins[0].Rank()
	for i := 0; ok && i < len(dims); i++ {
		ok = dims[i] == int64(i)
	}
	if !ok {
		return nil, c.errf("requires dimensions = range(rank(inputs[0])) (C3), got %v", dims)
	}
	args, rets, err := c.regionSig(0, "computation")
	if err != nil {
		return nil, err
	}
	ok = len(args) == len(ins) && len(rets) == 1
	for i := 0; ok && i < len(ins); i++ {
		ok = TypesEqual(args[i], TensorOf(ins[i].Elem))
	}
	var rt *TensorType
	if ok {
		rt = AsTensor(rets[0])
		ok = rt != nil && rt.Rank() == 0
	}
	if !ok {
		return nil, c.errf("'computation' region must have type (tensor<E0>, ..., tensor<EN-1>) -> tensor<E'> (C4), got (%s) -> (%s)", typesStr(args), typesStr(rets))
	}
	return []Type{ins[0].WithElem(rt.Elem)}, nil
}

func typesCompatibleList(a, b []Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !TypesCompatible(a[i], b[i]) {
			return false
		}
	}
	return true
}

func ruleWhile(c *opCtx) ([]Type, error) {
	args, rets, err := c.regionSig(0, "cond")
	if err != nil {
		return nil, err
	}
	if !typesCompatibleList(args, c.operands) || len(rets) != 1 || !TypesEqual(rets[0], TensorOf(I1)) {
		return nil, c.errf("'cond' region must have type (%s) -> tensor<i1> (C1), got (%s) -> (%s)", typesStr(c.operands), typesStr(args), typesStr(rets))
	}
	args, rets, err = c.regionSig(1, "body")
	if err != nil {
		return nil, err
	}
	if !typesCompatibleList(args, c.operands) || !typesCompatibleList(rets, c.operands) {
		return nil, c.errf("'body' region must have type (%s) -> (%s) (C2), got (%s) -> (%s)", typesStr(c.operands), typesStr(c.operands), typesStr(args), typesStr(rets))
	}
	return append([]Type{}, c.operands...), nil
}

// branches checks that regions [0, n) take no arguments and return the same
// types, and returns those types.
func (c *opCtx) branches(names []string, argRule, sameRule string) ([]Type, error) {
	var first []Type
	for i, name := range names {
		args, rets, err := c.regionSig(i, name)
		if err != nil {
			return nil, err
		}
		if len(args) != 0 {
			return nil, c.errf("'%s' region must take no arguments %s, got (%s)", name, argRule, typesStr(args))
		}
		if i == 0 {
			first = rets
		} else if !typesCompatibleList(first, rets) {
			return nil, c.errf("requires all branches to return the same types %s: '%s' returns (%s), '%s' returns (%s)", sameRule, names[0], typesStr(first), name, typesStr(rets))
		}
	}
	return first, nil
}

func ruleIf(c *opCtx) ([]Type, error) {
	if err := c.numOperands(1); err != nil {
		return nil, err
	}
	p, err := c.tensorAt(0, "pred")
	if err != nil {
		return nil, err
	}
	if p.Elem != I1 || p.Rank() != 0 {
		return nil, c.errf("pred must be a 0-dimensional tensor of type i1 (I1), got '%s'", p)
	}
	return c.branches([]string{"true_branch", "false_branch"}, "(C1)", "(C2)")
}

func ruleCase(c *opCtx) ([]Type, error) {
	if err := c.numOperands(1); err != nil {
		return nil, err
	}
	x, err := c.tensorAt(0, "index")
	if err != nil {
		return nil, err
	}
	if x.Elem != I32 || x.Rank() != 0 {
		return nil, c.errf("index must be a 0-dimensional tensor of type si32 (I1), got '%s'", x)
	}
	if len(c.regions) == 0 {
		return nil, c.errf("requires 0 < size(branches) (C1)")
	}
	names := make([]string, len(c.regions))
	for i := range names {
		names[i] = "branches[" + itoa(i) + "]"
	}
	return c.branches(names, "(C2)", "(C3)")
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + itoa(i%10)
}
