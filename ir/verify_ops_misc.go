package ir

// Rules of the remaining ops: tuples, tokens, ids, rng_bit_generator,
// custom_call, terminators, func.call, chlo.top_k and the check dialect of
// StableHLO's interpreter tests (stablehlo/tests/CheckOps.td).

func init() {
	opRules["stablehlo.tuple"] = ruleTuple
	opRules["stablehlo.get_tuple_element"] = ruleGetTupleElement
	opRules["stablehlo.optimization_barrier"] = ruleOptimizationBarrier
	opRules["stablehlo.rng_bit_generator"] = ruleRngBitGenerator
	opRules["stablehlo.partition_id"] = ruleID
	opRules["stablehlo.replica_id"] = ruleID
	opRules["stablehlo.after_all"] = ruleAfterAll
	opRules["stablehlo.custom_call"] = ruleCustomCall
	opRules["stablehlo.return"] = ruleNoResults
	opRules["func.return"] = ruleNoResults
	opRules["func.call"] = ruleCall
	opRules["chlo.top_k"] = ruleTopK
	opRules["check.expect_eq"] = checkPair("lhs", "rhs")
	opRules["check.expect_almost_eq"] = checkPair("lhs", "rhs")
	opRules["check.expect_close"] = checkPair("actual", "expected")
	opRules["check.expect_eq_const"] = checkConst
	opRules["check.expect_almost_eq_const"] = checkConst
	opRules["check.expect_serialized_eq"] = checkSerialized
}

func ruleNoResults(c *opCtx) ([]Type, error) { return []Type{}, nil }

func ruleTuple(c *opCtx) ([]Type, error) {
	return []Type{&TupleType{Elems: append([]Type{}, c.operands...)}}, nil
}

func ruleGetTupleElement(c *opCtx) ([]Type, error) {
	if err := c.numOperands(1); err != nil {
		return nil, err
	}
	t, ok := c.operands[0].(*TupleType)
	if !ok {
		return nil, c.errf("operand must be a tuple (I1), got '%s'", typeStr(c.operands[0]))
	}
	i, err := c.reqInt("index")
	if err != nil {
		return nil, err
	}
	if i < 0 || i >= int64(len(t.Elems)) {
		return nil, c.errf("requires 0 <= index < size(operand) (C1), got index %d for a tuple of %d elements", i, len(t.Elems))
	}
	if r := c.results; len(r) == 1 && !TypesEqual(r[0], t.Elems[i]) {
		return nil, c.errf("requires type(result) = tuple_element_types(operand)[index] (C2), got '%s' and '%s'", typeStr(r[0]), typeStr(t.Elems[i]))
	}
	return []Type{t.Elems[i]}, nil
}

func ruleOptimizationBarrier(c *opCtx) ([]Type, error) {
	if !c.infer && !typesCompatibleList(c.operands, c.results) {
		return nil, c.errf("requires type(operand...) = type(result...) (C1), got (%s) and (%s)", typesStr(c.operands), typesStr(c.results))
	}
	return append([]Type{}, c.operands...), nil
}

func ruleRngBitGenerator(c *opCtx) ([]Type, error) {
	if err := c.numOperands(1); err != nil {
		return nil, err
	}
	s, err := c.tensorAt(0, "initial_state")
	if err != nil {
		return nil, err
	}
	if s.Rank() != 1 || s.Elem != UI64 {
		return nil, c.errf("initial_state must be a 1-dimensional tensor of type ui64 (I2), got '%s'", s)
	}
	alg, err := c.enumAttr("rng_algorithm")
	if err != nil {
		return nil, err
	}
	if alg == "" {
		return nil, c.errf("requires attribute 'rng_algorithm'")
	}
	if alg != "DEFAULT" && alg != "THREE_FRY" && alg != "PHILOX" {
		return nil, c.errf("rng_algorithm must be DEFAULT, THREE_FRY or PHILOX (I1), got %s", alg)
	}
	// (C2) counts 64-bit words.
	if n := s.Shape[0]; n >= 0 && s.Elem.Bits() > 0 {
		bits := n * int64(s.Elem.Bits())
		switch {
		case alg == "THREE_FRY" && bits != 128:
			return nil, c.errf("requires size(initial_state) = 2 (64-bit words) for THREE_FRY (C2), got '%s'", s)
		case alg == "PHILOX" && bits != 128 && bits != 192:
			return nil, c.errf("requires size(initial_state) = 2 or 3 (64-bit words) for PHILOX (C2), got '%s'", s)
		}
	}
	if c.infer {
		return nil, errNeedsResultType
	}
	if len(c.results) != 2 {
		return nil, c.errf("requires 2 results (output_state, output), got %d", len(c.results))
	}
	if !TypesCompatible(c.results[0], s) {
		return nil, c.errf("requires type(initial_state) = type(output_state) (C1), got '%s' and '%s'", s, typeStr(c.results[0]))
	}
	o := AsTensor(c.results[1])
	if o == nil || classOf(o.Elem)&(clsInt|clsFloat) == 0 {
		return nil, c.errf("output must be a tensor of integer or floating-point type, got '%s'", typeStr(c.results[1]))
	}
	return nil, nil
}

func ruleID(c *opCtx) ([]Type, error) {
	if err := c.numOperands(0); err != nil {
		return nil, err
	}
	return []Type{TensorOf(UI32)}, nil
}

func ruleAfterAll(c *opCtx) ([]Type, error) {
	for i, t := range c.operands {
		if _, ok := t.(*TokenType); !ok {
			return nil, c.errf("inputs must be tokens (I1), got '%s' for operand #%d", typeStr(t), i)
		}
	}
	return []Type{&TokenType{}}, nil
}

func ruleCustomCall(c *opCtx) ([]Type, error) {
	a := c.attrs.Get("call_target_name")
	if a == nil {
		return nil, c.errf("requires attribute 'call_target_name'")
	}
	if _, ok := a.(StringAttr); !ok {
		if _, ok := a.(*SymbolRefAttr); !ok {
			return nil, c.errf("attribute 'call_target_name' must be a string, got %s", AttrString(a))
		}
	}
	if c.infer {
		return nil, errNeedsResultType
	}
	return nil, nil
}

func ruleCall(c *opCtx) ([]Type, error) {
	a := c.attrs.Get("callee")
	if a == nil {
		return nil, c.errf("requires attribute 'callee'")
	}
	sym, ok := a.(*SymbolRefAttr)
	if !ok {
		return nil, c.errf("attribute 'callee' must be a symbol reference, got %s", AttrString(a))
	}
	if c.mod == nil {
		if c.infer {
			return nil, errNeedsResultType
		}
		return nil, nil
	}
	f := c.mod.Func(sym.Name)
	if f == nil || f.Type == nil {
		return nil, c.errf("'@%s' does not reference a valid function", sym.Name)
	}
	in := f.Type.Inputs
	if len(c.operands) != len(in) {
		return nil, c.errf("incorrect number of operands for callee @%s: expected %d, got %d", sym.Name, len(in), len(c.operands))
	}
	for i := range in {
		if !TypesEqual(c.operands[i], in[i]) {
			return nil, c.errf("operand type mismatch: expected operand type '%s', but provided '%s' for operand number %d", typeStr(in[i]), typeStr(c.operands[i]), i)
		}
	}
	if !c.infer {
		out := f.Type.Results
		if len(c.results) != len(out) {
			return nil, c.errf("incorrect number of results for callee @%s: expected %d, got %d", sym.Name, len(out), len(c.results))
		}
		for i := range out {
			if !TypesEqual(c.results[i], out[i]) {
				return nil, c.errf("result type mismatch at index %d: expected '%s', got '%s'", i, typeStr(out[i]), typeStr(c.results[i]))
			}
		}
	}
	return append([]Type{}, f.Type.Results...), nil
}

func ruleTopK(c *opCtx) ([]Type, error) {
	if err := c.numOperands(1); err != nil {
		return nil, err
	}
	x, err := c.tensorAt(0, "operand")
	if err != nil {
		return nil, err
	}
	if x.Rank() < 1 {
		return nil, c.errf("operand must be a tensor of rank >= 1, got '%s'", x)
	}
	k, err := c.reqInt("k")
	if err != nil {
		return nil, err
	}
	last := x.Shape[x.Rank()-1]
	if k < 0 || (last >= 0 && k > last) {
		return nil, c.errf("requires 0 <= k <= the last dimension of operand (%s), got k = %d", shapeStr(x.Shape), k)
	}
	s := append([]int64{}, x.Shape...)
	s[len(s)-1] = k
	return []Type{x.WithShape(s), TensorOf(I32, s...)}, nil
}

// checkPair is the rule of the check ops comparing two tensors of one type.
func checkPair(a, b string) opRule {
	return func(c *opCtx) ([]Type, error) {
		if err := c.numOperands(2); err != nil {
			return nil, err
		}
		x, err := c.tensorAt(0, a)
		if err != nil {
			return nil, err
		}
		y, err := c.tensorAt(1, b)
		if err != nil {
			return nil, err
		}
		if !TypesCompatible(x, y) {
			return nil, c.errf("requires %s and %s to have the same type, got '%s' and '%s'", a, b, x, y)
		}
		return []Type{}, nil
	}
}

func checkConst(c *opCtx) ([]Type, error) {
	if err := c.numOperands(1); err != nil {
		return nil, err
	}
	x, err := c.tensorAt(0, "lhs")
	if err != nil {
		return nil, err
	}
	a := c.attrs.Get("value")
	if a == nil {
		return nil, c.errf("requires attribute 'value'")
	}
	d, ok := a.(*DenseElementsAttr)
	if !ok || d.Value == nil {
		return nil, c.errf("attribute 'value' must be a dense elements attribute, got %s", AttrString(a))
	}
	if !TypesCompatible(x, d.Value.Type) {
		return nil, c.errf("requires lhs and value to have the same type, got '%s' and '%s'", x, d.Value.Type)
	}
	return []Type{}, nil
}

func checkSerialized(c *opCtx) ([]Type, error) {
	if err := c.numOperands(1); err != nil {
		return nil, err
	}
	if _, err := c.tensorAt(0, "expected"); err != nil {
		return nil, err
	}
	if _, ok := c.attrs.Get("probe_id").(StringAttr); !ok {
		return nil, c.errf("requires string attribute 'probe_id'")
	}
	return []Type{}, nil
}
