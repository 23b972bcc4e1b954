package kernel

import (
	"fmt"
	"strings"
	"testing"
)

// The lowerings of lower_misc*.go, lower_rng.go, lower_topk.go,
// lower_select_scatter.go and lower_collective.go against the interpreter
// on random inputs (checkLowering: 3 seeds, corpustest.Reassociated
// tolerance; integers and bit patterns exactly).

func TestLowerRngBitGenerator(t *testing.T) {
	type c struct{ alg, state, out string }
	var cases []c
	for _, out := range []string{"5x3xui32", "7xui64", "4x6xui8", "3x5xf32", "2x3xf64", "5xbf16", "ui32", "9xi16"} {
		cases = append(cases, c{"THREE_FRY", "2", out}, c{"PHILOX", "2", out}, c{"PHILOX", "3", out}, c{"DEFAULT", "3", out})
	}
	for _, tc := range cases {
		// An argument state (small random words) and a constant one whose
		// counter's low word is all ones (the carry into the high word).
		big := "dense<[81985529216486895, 18446744073709551615, 7]>"
		if tc.state == "2" {
			big = "dense<[81985529216486895, 18446744073709551614]>"
		}
		src := fmt.Sprintf(`func.func @main(%%s: tensor<%[2]sxui64>) -> (tensor<%[2]sxui64>, tensor<%[3]s>, tensor<%[2]sxui64>, tensor<%[3]s>) {
  %%n, %%o = stablehlo.rng_bit_generator %%s, algorithm = %[1]s : (tensor<%[2]sxui64>) -> (tensor<%[2]sxui64>, tensor<%[3]s>)
  %%c = stablehlo.constant %[4]s : tensor<%[2]sxui64>
  %%n2, %%o2 = stablehlo.rng_bit_generator %%c, algorithm = %[1]s : (tensor<%[2]sxui64>) -> (tensor<%[2]sxui64>, tensor<%[3]s>)
  return %%n, %%o, %%n2, %%o2 : tensor<%[2]sxui64>, tensor<%[3]s>, tensor<%[2]sxui64>, tensor<%[3]s>
}`, tc.alg, tc.state, tc.out, big)
		t.Run(tc.alg+"_"+tc.state+"_"+tc.out, func(t *testing.T) { checkLowering(t, src) })
	}
}

func TestLowerTopK(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"17xf32", "5xf32"}, {"3x9xi32", "3x9xi32"}, {"4x1x6xui8", "4x1x2xui8"}, {"2x5xf64", "2x0xf64"},
	} {
		idx := c.out[:len(c.out)-len("xf32")] + "xi32"
		if c.out[len(c.out)-3:] == "ui8" {
			idx = c.out[:len(c.out)-len("xui8")] + "xi32"
		}
		k := c.out[len(c.out)-len("5xf32") : len(c.out)-len("xf32")]
		if c.out[len(c.out)-3:] == "ui8" {
			k = "2"
		}
		src := fmt.Sprintf(`func.func @main(%%x: tensor<%s>) -> (tensor<%s>, tensor<%s>) {
  %%v, %%i = chlo.top_k(%%x, k = %s) : tensor<%s> -> (tensor<%s>, tensor<%s>)
  return %%v, %%i : tensor<%s>, tensor<%s>
}`, c.in, c.out, idx, k, c.in, c.out, idx, c.out, idx)
		t.Run(c.in, func(t *testing.T) { checkLowering(t, src) })
	}
}

func TestLowerErfInvReducePrecision(t *testing.T) {
	for _, e := range []string{"f32", "f64", "f16", "bf16"} {
		src := fmt.Sprintf(`func.func @main(%%x: tensor<64x%[1]s>) -> (tensor<64x%[1]s>, tensor<64x%[1]s>, tensor<64x%[1]s>, tensor<64x%[1]s>) {
  %%h = stablehlo.constant dense<0.5> : tensor<64x%[1]s>
  %%y = stablehlo.multiply %%x, %%h : tensor<64x%[1]s>
  %%e = chlo.erf_inv %%y : tensor<64x%[1]s> -> tensor<64x%[1]s>
  %%a = stablehlo.reduce_precision %%x, format = e5m2 : tensor<64x%[1]s>
  %%b = stablehlo.reduce_precision %%x, format = e3m1 : tensor<64x%[1]s>
  %%c = stablehlo.reduce_precision %%e, format = e8m0 : tensor<64x%[1]s>
  return %%e, %%a, %%b, %%c : tensor<64x%[1]s>, tensor<64x%[1]s>, tensor<64x%[1]s>, tensor<64x%[1]s>
}`, e)
		t.Run(e, func(t *testing.T) { checkLowering(t, src) })
	}
}

func TestLowerBitcastWidths(t *testing.T) {
	for _, c := range []struct{ in, out string }{
		{"3xf32", "3x4xui8"}, {"3x4xi8", "3xf32"}, {"2xf64", "2x2xi32"}, {"2x2xui32", "2xi64"},
		{"5xi64", "5x4xbf16"}, {"5x4xf16", "5xui64"}, {"2x3xui16", "2x3x2xi8"},
	} {
		src := fmt.Sprintf(`func.func @main(%%x: tensor<%[1]s>) -> tensor<%[1]s> {
  %%y = stablehlo.bitcast_convert %%x : (tensor<%[1]s>) -> tensor<%[2]s>
  %%z = stablehlo.bitcast_convert %%y : (tensor<%[2]s>) -> tensor<%[1]s>
  return %%z : tensor<%[1]s>
}`, c.in, c.out)
		t.Run(c.in+"_"+c.out, func(t *testing.T) {
			checkLowering(t, src)
			one := fmt.Sprintf(`func.func @main(%%x: tensor<%[1]s>) -> tensor<%[2]s> {
  %%y = stablehlo.bitcast_convert %%x : (tensor<%[1]s>) -> tensor<%[2]s>
  return %%y : tensor<%[2]s>
}`, c.in, c.out)
			checkLowering(t, one)
		})
	}
}

func TestLowerSelectAndScatter(t *testing.T) {
	src := `func.func @main(%x: tensor<5x7xf32>, %s: tensor<3x4xf32>, %i: tensor<i32>, %so: tensor<5x7xi32>) -> (tensor<5x7xf32>, tensor<5x7xi32>, tensor<5x7xi32>) {
  %init = stablehlo.constant dense<0.5> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %s, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>, padding = dense<[[1, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<5x7xf32>, tensor<3x4xf32>, tensor<f32>) -> tensor<5x7xf32>
  %xi = stablehlo.convert %x : (tensor<5x7xf32>) -> tensor<5x7xi32>
  %si = stablehlo.convert %s : (tensor<3x4xf32>) -> tensor<3x4xi32>
  %q = "stablehlo.select_and_scatter"(%xi, %si, %i) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %t = stablehlo.multiply %a, %b : tensor<i32>
    stablehlo.return %t : tensor<i32>
  }) {window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 2>, padding = dense<[[1, 0], [0, 2]]> : tensor<2x2xi64>} : (tensor<5x7xi32>, tensor<3x4xi32>, tensor<i32>) -> tensor<5x7xi32>
  %o = "stablehlo.select_and_scatter"(%xi, %so, %i) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare GE, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %t = stablehlo.subtract %b, %a : tensor<i32>
    stablehlo.return %t : tensor<i32>
  }) {window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 1>, padding = dense<[[1, 1], [2, 0]]> : tensor<2x2xi64>} : (tensor<5x7xi32>, tensor<5x7xi32>, tensor<i32>) -> tensor<5x7xi32>
  return %r, %q, %o : tensor<5x7xf32>, tensor<5x7xi32>, tensor<5x7xi32>
}`
	// The third scatters with a non-commutative fold (source - result)
	// over overlapping windows: the fold order must be source index order.
	checkLowering(t, src)
}

func TestLowerCollectivesOneProcess(t *testing.T) {
	src := `func.func @main(%x: tensor<3x4xf32>, %y: tensor<2xi32>, %w: tensor<2xf32>) -> (tensor<3x4xf32>, tensor<2xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<2xi32>, tensor<ui32>, tensor<ui32>) {
  %a, %b = "stablehlo.all_reduce"(%x, %w) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<3x4xf32>, tensor<2xf32>) -> (tensor<3x4xf32>, tensor<2xf32>)
  %g = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %t = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %p = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %z = "stablehlo.collective_permute"(%y) {source_target_pairs = dense<> : tensor<0x2xi64>} : (tensor<2xi32>) -> tensor<2xi32>
  %r = stablehlo.replica_id : tensor<ui32>
  %q = stablehlo.partition_id : tensor<ui32>
  return %a, %b, %g, %t, %p, %z, %r, %q : tensor<3x4xf32>, tensor<2xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<2xi32>, tensor<ui32>, tensor<ui32>
}`
	checkLowering(t, src)
	bad := `func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "stablehlo.all_reduce"(%x) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}`
	if _, err := Lower(parse(t, bad), "main", TargetParams{}); err == nil || !containsAll(err.Error(), "test.mlir:2:", "stablehlo.all_reduce", "process 1") {
		t.Errorf("a two-process group: got %v, want a positioned error naming the op and process 1", err)
	}
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// TestLowerTuplesThroughControlFlow carries a nested tuple through while
// and returns tuples from if and case branches.
func TestLowerTuplesThroughControlFlow(t *testing.T) {
	src := `func.func @main(%x: tensor<3xf32>, %n: tensor<i32>, %p: tensor<i1>) -> (tensor<3xf32>, tensor<i32>, tensor<2xf32>, tensor<3xf32>, tensor<2xf32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %four = stablehlo.constant dense<4> : tensor<i32>
  %y = stablehlo.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %in = stablehlo.tuple %x, %y : tuple<tensor<3xf32>, tensor<2xf32>>
  %t0 = stablehlo.tuple %zero, %in : tuple<tensor<i32>, tuple<tensor<3xf32>, tensor<2xf32>>>
  %r = stablehlo.while(%t = %t0) : tuple<tensor<i32>, tuple<tensor<3xf32>, tensor<2xf32>>>
  cond {
    %k = stablehlo.get_tuple_element %t[0] : (tuple<tensor<i32>, tuple<tensor<3xf32>, tensor<2xf32>>>) -> tensor<i32>
    %c = stablehlo.compare LT, %k, %four, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %k = stablehlo.get_tuple_element %t[0] : (tuple<tensor<i32>, tuple<tensor<3xf32>, tensor<2xf32>>>) -> tensor<i32>
    %v = stablehlo.get_tuple_element %t[1] : (tuple<tensor<i32>, tuple<tensor<3xf32>, tensor<2xf32>>>) -> tuple<tensor<3xf32>, tensor<2xf32>>
    %a = stablehlo.get_tuple_element %v[0] : (tuple<tensor<3xf32>, tensor<2xf32>>) -> tensor<3xf32>
    %b = stablehlo.get_tuple_element %v[1] : (tuple<tensor<3xf32>, tensor<2xf32>>) -> tensor<2xf32>
    %k1 = stablehlo.add %k, %one : tensor<i32>
    %a2 = stablehlo.multiply %a, %a : tensor<3xf32>
    %b2 = stablehlo.add %b, %b : tensor<2xf32>
    %v2 = stablehlo.tuple %b2, %a2 : tuple<tensor<2xf32>, tensor<3xf32>>
    %a3 = stablehlo.get_tuple_element %v2[1] : (tuple<tensor<2xf32>, tensor<3xf32>>) -> tensor<3xf32>
    %b3 = stablehlo.get_tuple_element %v2[0] : (tuple<tensor<2xf32>, tensor<3xf32>>) -> tensor<2xf32>
    %v3 = stablehlo.tuple %a3, %b3 : tuple<tensor<3xf32>, tensor<2xf32>>
    %n2 = stablehlo.tuple %k1, %v3 : tuple<tensor<i32>, tuple<tensor<3xf32>, tensor<2xf32>>>
    stablehlo.return %n2 : tuple<tensor<i32>, tuple<tensor<3xf32>, tensor<2xf32>>>
  }
  %k = stablehlo.get_tuple_element %r[0] : (tuple<tensor<i32>, tuple<tensor<3xf32>, tensor<2xf32>>>) -> tensor<i32>
  %v = stablehlo.get_tuple_element %r[1] : (tuple<tensor<i32>, tuple<tensor<3xf32>, tensor<2xf32>>>) -> tuple<tensor<3xf32>, tensor<2xf32>>
  %a = stablehlo.get_tuple_element %v[0] : (tuple<tensor<3xf32>, tensor<2xf32>>) -> tensor<3xf32>
  %b = stablehlo.get_tuple_element %v[1] : (tuple<tensor<3xf32>, tensor<2xf32>>) -> tensor<2xf32>
  %i = "stablehlo.if"(%p) ({
    %u = stablehlo.tuple %a, %b : tuple<tensor<3xf32>, tensor<2xf32>>
    stablehlo.return %u : tuple<tensor<3xf32>, tensor<2xf32>>
  }, {
    %u = stablehlo.tuple %x, %y : tuple<tensor<3xf32>, tensor<2xf32>>
    stablehlo.return %u : tuple<tensor<3xf32>, tensor<2xf32>>
  }) : (tensor<i1>) -> tuple<tensor<3xf32>, tensor<2xf32>>
  %ia = stablehlo.get_tuple_element %i[0] : (tuple<tensor<3xf32>, tensor<2xf32>>) -> tensor<3xf32>
  %c = "stablehlo.case"(%n) ({
    stablehlo.return %b : tensor<2xf32>
  }, {
    stablehlo.return %y : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<2xf32>
  return %a, %k, %b, %ia, %c : tensor<3xf32>, tensor<i32>, tensor<2xf32>, tensor<3xf32>, tensor<2xf32>
}`
	checkLowering(t, src)
}
