package ir

import "testing"

func miscOpsCases() []opCase {
	f4, i32, u64 := tt(F32, 4), tt(I32), tt(UI64, 2)
	tup := &TupleType{Elems: ts(f4, i32)}
	tok := &TokenType{}
	rng := func(alg string) Attrs { return at("rng_algorithm", enum("rng_algorithm", alg)) }
	cst := &DenseElementsAttr{Value: MustTensor(f4)}
	return []opCase{
		{name: "ok", op: "stablehlo.tuple", operands: ts(f4, i32), results: ts(tup)},
		{name: "type", op: "stablehlo.tuple", operands: ts(f4, i32), results: ts(&TupleType{Elems: ts(f4)}), want: "inferred type(s) 'tuple<tensor<4xf32>, tensor<i32>>'"},

		{name: "ok", op: "stablehlo.get_tuple_element", operands: ts(tup), attrs: at("index", iv(1)), results: ts(i32)},
		{name: "C1", op: "stablehlo.get_tuple_element", operands: ts(tup), attrs: at("index", iv(2)), results: ts(i32), want: "0 <= index < size(operand) (C1)"},
		{name: "C2", op: "stablehlo.get_tuple_element", operands: ts(tup), attrs: at("index", iv(0)), results: ts(i32), want: "type(result) = tuple_element_types(operand)[index] (C2)"},
		{name: "not tuple", op: "stablehlo.get_tuple_element", operands: ts(f4), attrs: at("index", iv(0)), results: ts(f4), want: "operand must be a tuple"},

		{name: "ok", op: "stablehlo.optimization_barrier", operands: ts(f4, tok), results: ts(f4, tok)},
		{name: "C1", op: "stablehlo.optimization_barrier", operands: ts(f4), results: ts(i32), want: "type(operand...) = type(result...) (C1)"},

		{name: "ok", op: "stablehlo.rng_bit_generator", operands: ts(u64), attrs: rng("THREE_FRY"), results: ts(u64, tt(UI32, 2, 3))},
		{name: "philox 3", op: "stablehlo.rng_bit_generator", operands: ts(tt(UI64, 3)), attrs: rng("PHILOX"), results: ts(tt(UI64, 3), tt(F32, 8))},
		{name: "C1", op: "stablehlo.rng_bit_generator", operands: ts(u64), attrs: rng("DEFAULT"), results: ts(tt(UI64, 3), tt(UI32, 2)), want: "type(initial_state) = type(output_state) (C1)"},
		{name: "C2", op: "stablehlo.rng_bit_generator", operands: ts(tt(UI64, 3)), attrs: rng("THREE_FRY"), results: ts(tt(UI64, 3), tt(UI32, 2)), want: "size(initial_state) = 2 (64-bit words) for THREE_FRY (C2)"},
		{name: "missing", op: "stablehlo.rng_bit_generator", operands: ts(u64), results: ts(u64, f4), want: "requires attribute 'rng_algorithm'"},
		{name: "output", op: "stablehlo.rng_bit_generator", operands: ts(u64), attrs: rng("DEFAULT"), results: ts(u64, tt(I1, 2)), want: "output must be a tensor of integer or floating-point type"},

		{name: "ok", op: "stablehlo.partition_id", results: ts(tt(UI32))},
		{name: "type", op: "stablehlo.partition_id", results: ts(i32), want: "inferred type(s) 'tensor<ui32>'"},
		{name: "ok", op: "stablehlo.replica_id", results: ts(tt(UI32))},
		{name: "operand", op: "stablehlo.replica_id", operands: ts(i32), results: ts(tt(UI32)), want: "requires 0 operand(s)"},

		{name: "ok", op: "stablehlo.after_all", operands: ts(tok, tok), results: ts(tok)},
		{name: "tensor", op: "stablehlo.after_all", operands: ts(tok, f4), results: ts(tok), want: "inputs must be tokens (I1)"},

		{name: "ok", op: "stablehlo.custom_call", operands: ts(f4), attrs: at("call_target_name", StringAttr("foo")), results: ts(i32, f4)},
		{name: "missing", op: "stablehlo.custom_call", operands: ts(f4), results: ts(f4), want: "requires attribute 'call_target_name'"},

		{name: "ok", op: "chlo.top_k", operands: ts(tt(F32, 3, 8)), attrs: at("k", iv(2)), results: ts(tt(F32, 3, 2), tt(I32, 3, 2))},
		{name: "k too big", op: "chlo.top_k", operands: ts(tt(F32, 3, 8)), attrs: at("k", iv(9)), results: ts(tt(F32, 3, 9), tt(I32, 3, 9)), want: "0 <= k <= the last dimension of operand ([3, 8]), got k = 9"},
		{name: "indices i32", op: "chlo.top_k", operands: ts(tt(F32, 8)), attrs: at("k", iv(2)), results: ts(tt(F32, 2), tt(I64, 2)), want: "inferred type(s) 'tensor<2xf32>, tensor<2xi32>'"},
		{name: "scalar", op: "chlo.top_k", operands: ts(tt(F32)), attrs: at("k", iv(0)), results: ts(tt(F32), tt(I32)), want: "rank >= 1"},
		{name: "missing k", op: "chlo.top_k", operands: ts(tt(F32, 8)), results: ts(tt(F32, 2), tt(I32, 2)), want: "requires attribute 'k'"},

		{name: "ok", op: "check.expect_eq", operands: ts(f4, f4)},
		{name: "types", op: "check.expect_eq", operands: ts(f4, tt(F32, 5)), want: "requires lhs and rhs to have the same type"},
		{name: "ok", op: "check.expect_almost_eq", operands: ts(f4, f4), attrs: at("tolerance", &FloatAttr{Value: 1e-3, Type: F64})},
		{name: "count", op: "check.expect_almost_eq", operands: ts(f4), want: "requires 2 operand(s), got 1"},
		{name: "ok", op: "check.expect_close", operands: ts(f4, f4)},
		{name: "types", op: "check.expect_close", operands: ts(f4, tt(F64, 4)), want: "requires actual and expected to have the same type"},
		{name: "ok", op: "check.expect_eq_const", operands: ts(f4), attrs: at("value", cst)},
		{name: "type", op: "check.expect_eq_const", operands: ts(tt(F32, 5)), attrs: at("value", cst), want: "requires lhs and value to have the same type"},
		{name: "ok", op: "check.expect_almost_eq_const", operands: ts(f4), attrs: at("value", cst)},
		{name: "missing", op: "check.expect_almost_eq_const", operands: ts(f4), want: "requires attribute 'value'"},
		{name: "ok", op: "check.expect_serialized_eq", operands: ts(f4), attrs: at("probe_id", StringAttr("probe0"))},
		{name: "missing", op: "check.expect_serialized_eq", operands: ts(f4), want: "requires string attribute 'probe_id'"},
		{name: "results", op: "check.expect_eq", operands: ts(f4, f4), results: ts(f4), want: "inferred type(s) ''"},
	}
}

// TestVerifyMiscOps verifies the cases of miscOpsCases.
func TestVerifyMiscOps(t *testing.T) { runCases(t, miscOpsCases()) }

func collectivesCases() []opCase {
	x := tt(F32, 4, 6)
	add := binBody("add", F32)
	groups := dense2([]int64{0, 1}, []int64{2, 3})
	return []opCase{
		{name: "ok", op: "stablehlo.all_reduce", operands: ts(x), attrs: at("replica_groups", groups), results: ts(x), regions: []func(*Op){add}},
		{name: "C1", op: "stablehlo.all_reduce", operands: ts(x), attrs: at("replica_groups", dense2([]int64{0, 1}, []int64{1, 2})), results: ts(x), regions: []func(*Op){add}, want: "is_unique(replica_groups) (C1), got 1 twice"},
		{name: "C3", op: "stablehlo.all_reduce", operands: ts(x), attrs: at("replica_groups", dense2([]int64{0, -5})), results: ts(x), regions: []func(*Op){add}, want: "0 <= replica_groups (C3)"},
		{name: "C4", op: "stablehlo.all_reduce", operands: ts(x), attrs: at("replica_groups", groups, "use_global_device_ids", UnitAttr{}), results: ts(x), regions: []func(*Op){add}, want: "channel_id > 0 when use_global_device_ids is set (C4)"},
		{name: "C4 ok", op: "stablehlo.all_reduce", operands: ts(x), attrs: at("replica_groups", groups, "use_global_device_ids", UnitAttr{}, "channel_handle", &ChannelHandleAttr{Handle: 1, Type: 1}), results: ts(x), regions: []func(*Op){add}},
		{name: "C5", op: "stablehlo.all_reduce", operands: ts(x), attrs: at("replica_groups", groups), results: ts(x), regions: []func(*Op){binBody("add", I32)}, want: "(C5)"},
		{name: "C6", op: "stablehlo.all_reduce", operands: ts(x), attrs: at("replica_groups", groups), results: ts(tt(F32, 4)), regions: []func(*Op){add}, want: "inferred type(s)"},
		{name: "missing", op: "stablehlo.all_reduce", operands: ts(x), results: ts(x), regions: []func(*Op){add}, want: "requires attribute 'replica_groups'"},
		{name: "1-d groups", op: "stablehlo.all_reduce", operands: ts(x), attrs: at("replica_groups", ia(0, 1)), results: ts(x), regions: []func(*Op){add}, want: "must be a 2-dimensional integer tensor"},

		{name: "ok", op: "stablehlo.all_gather", operands: ts(x), attrs: at("all_gather_dim", iv(1), "replica_groups", groups), results: ts(tt(F32, 4, 12))},
		{name: "C1", op: "stablehlo.all_gather", operands: ts(x), attrs: at("all_gather_dim", iv(2), "replica_groups", groups), results: ts(x), want: "0 <= all_gather_dim < rank(operands...) (C1)"},
		{name: "C6", op: "stablehlo.all_gather", operands: ts(x), attrs: at("all_gather_dim", iv(0), "replica_groups", groups), results: ts(x), want: "inferred type(s) 'tensor<8x6xf32>'"},

		{name: "ok", op: "stablehlo.reduce_scatter", operands: ts(x), attrs: at("scatter_dimension", iv(1), "replica_groups", groups), results: ts(tt(F32, 4, 3)), regions: []func(*Op){add}},
		{name: "C1", op: "stablehlo.reduce_scatter", operands: ts(tt(F32, 4, 5)), attrs: at("scatter_dimension", iv(1), "replica_groups", groups), results: ts(x), regions: []func(*Op){add}, want: "dim(operand, scatter_dimension) % dim(process_groups, 1) = 0 (C1)"},
		{name: "C2", op: "stablehlo.reduce_scatter", operands: ts(x), attrs: at("scatter_dimension", iv(-1), "replica_groups", groups), results: ts(x), regions: []func(*Op){add}, want: "(C2)"},
		{name: "C8", op: "stablehlo.reduce_scatter", operands: ts(x), attrs: at("scatter_dimension", iv(0), "replica_groups", groups), results: ts(x), regions: []func(*Op){add}, want: "inferred type(s) 'tensor<2x6xf32>'"},

		{name: "ok", op: "stablehlo.all_to_all", operands: ts(x), attrs: at("split_dimension", iv(1), "concat_dimension", iv(0), "split_count", iv(2), "replica_groups", groups), results: ts(tt(F32, 8, 3))},
		{name: "C2", op: "stablehlo.all_to_all", operands: ts(tt(F32, 4, 5)), attrs: at("split_dimension", iv(1), "concat_dimension", iv(0), "split_count", iv(2), "replica_groups", groups), results: ts(x), want: "dim(operands..., split_dimension) % split_count = 0 (C2)"},
		{name: "C3", op: "stablehlo.all_to_all", operands: ts(x), attrs: at("split_dimension", iv(1), "concat_dimension", iv(3), "split_count", iv(2), "replica_groups", groups), results: ts(x), want: "(C3)"},
		{name: "C4", op: "stablehlo.all_to_all", operands: ts(x), attrs: at("split_dimension", iv(1), "concat_dimension", iv(0), "split_count", iv(0), "replica_groups", groups), results: ts(x), want: "0 < split_count (C4)"},
		{name: "C8", op: "stablehlo.all_to_all", operands: ts(x), attrs: at("split_dimension", iv(1), "concat_dimension", iv(0), "split_count", iv(3), "replica_groups", groups), results: ts(x), want: "dim(replica_groups, 1) = split_count (C8)"},

		{name: "ok", op: "stablehlo.collective_permute", operands: ts(x), attrs: at("source_target_pairs", dense2([]int64{0, 1}, []int64{1, 0})), results: ts(x)},
		{name: "C1", op: "stablehlo.collective_permute", operands: ts(x), attrs: at("source_target_pairs", dense2([]int64{0, 1, 2})), results: ts(x), want: "dim(source_target_pairs, 1) = 2 (C1)"},
		{name: "C2", op: "stablehlo.collective_permute", operands: ts(x), attrs: at("source_target_pairs", dense2([]int64{0, 1}, []int64{0, 2})), results: ts(x), want: "(C2)"},
		{name: "C3", op: "stablehlo.collective_permute", operands: ts(x), attrs: at("source_target_pairs", dense2([]int64{0, 1}, []int64{2, 1})), results: ts(x), want: "(C3)"},
		{name: "C5", op: "stablehlo.collective_permute", operands: ts(x), attrs: at("source_target_pairs", dense2([]int64{0, 1})), results: ts(tt(F32, 4)), want: "inferred type(s)"},

		{name: "ok", op: "stablehlo.collective_broadcast", operands: ts(x), attrs: at("replica_groups", groups), results: ts(x)},
		{name: "C1", op: "stablehlo.collective_broadcast", operands: ts(x), attrs: at("replica_groups", dense2([]int64{0, 0})), results: ts(x), want: "(C1)"},
		{name: "type", op: "stablehlo.collective_broadcast", operands: ts(x), attrs: at("replica_groups", groups), results: ts(tt(I32, 4, 6)), want: "inferred type(s)"},
	}
}

// TestVerifyCollectives verifies the cases of collectivesCases.
func TestVerifyCollectives(t *testing.T) { runCases(t, collectivesCases()) }

// TestEveryOpHasRuleAndCases checks that every op of the modelled dialects
// in the registry has a verification rule and, in the tables above, at
// least one valid and one invalid case.
func TestEveryOpHasRuleAndCases(t *testing.T) {
	covered := map[string]bool{
		// Checked structurally (verify_structure_test.go) rather than in a table.
		"stablehlo.return": true, "func.return": true, "func.call": true,
	}
	for op := range unaryClasses() {
		covered[op] = true
	}
	for op := range binaryClasses() {
		covered[op] = true
	}
	for _, src := range tableSources {
		valid, invalid := map[string]bool{}, map[string]bool{}
		for _, c := range src() {
			if c.want == "" {
				valid[c.op] = true
			} else {
				invalid[c.op] = true
			}
		}
		for op := range valid {
			if invalid[op] {
				covered[op] = true
			}
		}
	}
	for _, n := range OpNames() {
		if !knownDialect(dialectOf(n)) {
			continue
		}
		if opRules[n] == nil {
			t.Errorf("%s has no verification rule", n)
		}
		if !covered[n] {
			t.Errorf("%s has no valid and invalid test case", n)
		}
	}
}

// tableSources lists every table of op cases.
var tableSources = []func() []opCase{
	unaryElementwiseCases, binaryElementwiseCases, elementwiseOthersCases, shapeOpsCases, dotGeneralCases, convolutionCases, gatherScatterCases, regionOpsCases, miscOpsCases, collectivesCases,
}
