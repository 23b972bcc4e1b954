package asm

import (
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// reduceSum builds `reduce(%x init: %c) applies stablehlo.add across dimensions = [1]`.
func reduceSum(tf *testFunc, x, init *ir.Value, res ir.Type) *ir.Op {
	r := tf.op("stablehlo.reduce", vals(x, init), types(res), attrs("dimensions", ir.I64Array(1)))
	blk := r.AddRegion(f32s, f32s)
	tf.in(blk, func() {
		s := tf.v1("stablehlo.add", vals(blk.Args[0], blk.Args[1]), f32s, nil)
		tf.op("stablehlo.return", vals(s), nil, nil)
	})
	return r
}

func TestReduceCompact(t *testing.T) {
	tf := newTestFunc("f", types(tt(ir.F32, 2, 3), f32s), nil)
	reduceSum(tf, tf.arg(0), tf.arg(1), tt(ir.F32, 2))
	diffText(t, "pretty", body(t, tf.f, Options{}),
		`%0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>`)
	diffText(t, "generic", body(t, tf.f, Options{Generic: true}), `%0 = "stablehlo.reduce"(%arg0, %arg1) <{dimensions = array<i64: 1>}> ({
^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
  %1 = "stablehlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  "stablehlo.return"(%1) : (tensor<f32>) -> ()
}) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>`)
}

// TestReduceNotCompact checks each condition of the compact form: a
// non-commutative body op, swapped block arguments, an attribute on the
// inner op, and a body type that is not the input's element type all need
// the region form.
func TestReduceNotCompact(t *testing.T) {
	build := func(name string, swap bool, innerAttrs ir.Attrs, elem ir.ElementType) *ir.Func {
		tf := newTestFunc("f", types(tt(ir.F32, 2, 3), f32s), nil)
		r := tf.op("stablehlo.reduce", vals(tf.arg(0), tf.arg(1)), types(tt(ir.F32, 2)), attrs("dimensions", ir.I64Array(1)))
		blk := r.AddRegion(tt(elem), tt(elem))
		tf.in(blk, func() {
			a, b := blk.Args[0], blk.Args[1]
			if swap {
				a, b = b, a
			}
			s := tf.v1(name, vals(a, b), tt(elem), innerAttrs)
			tf.op("stablehlo.return", vals(s), nil, nil)
		})
		return tf.f
	}
	region := func(op, elem, extra string) string {
		return `%0 = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
 reducer(%arg2: tensor<` + elem + `>, %arg3: tensor<` + elem + `>)  {
  %1 = ` + op + extra + ` : tensor<` + elem + `>
  stablehlo.return %1 : tensor<` + elem + `>
}`
	}
	diffText(t, "divide", body(t, build("stablehlo.divide", false, nil, ir.F32), Options{}),
		region("stablehlo.divide", "f32", " %arg2, %arg3"))
	diffText(t, "swapped", body(t, build("stablehlo.add", true, nil, ir.F32), Options{}),
		region("stablehlo.add", "f32", " %arg3, %arg2"))
	diffText(t, "attribute", body(t, build("stablehlo.add", false, attrs("mhlo.x", i64(1)), ir.F32), Options{}),
		region("stablehlo.add", "f32", " %arg2, %arg3 {mhlo.x = 1 : i64}"))
	diffText(t, "other type", body(t, build("stablehlo.maximum", false, nil, ir.F64), Options{}),
		region("stablehlo.maximum", "f64", " %arg2, %arg3"))
}

// TestReduceArgmax is the argmax reduce over (values, indices): two
// operand pairs, the region form with the reducer's arguments paired.
func TestReduceArgmax(t *testing.T) {
	want := `func.func @argmax(%arg0: tensor<4xf32>) -> (tensor<f32>, tensor<i32>) {
  %0 = stablehlo.iota dim = 0 : tensor<4xi32>
  %1 = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
  %2 = stablehlo.constant dense<0> : tensor<i32>
  %3:2 = stablehlo.reduce(%arg0 init: %1), (%0 init: %2) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
    %4 = stablehlo.compare  GT, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %5 = stablehlo.compare  EQ, %arg1, %arg3 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %6 = stablehlo.compare  LT, %arg2, %arg4,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %7 = stablehlo.and %5, %6 : tensor<i1>
    %8 = stablehlo.or %4, %7 : tensor<i1>
    %9 = stablehlo.select %8, %arg1, %arg3 : tensor<i1>, tensor<f32>
    %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
    stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
  }
  return %3#0, %3#1 : tensor<f32>, tensor<i32>
}`
	diffText(t, "argmax", PrintFunc(argmaxFunc(), Options{}), want)
}

func argmaxFunc() *ir.Func {
	tf := newTestFunc("argmax", types(f32x4), types(f32s, i32s))
	iota := tf.v1("stablehlo.iota", nil, tt(ir.I32, 4), attrs("iota_dimension", i64(0)))
	ninf := tf.v1("stablehlo.constant", nil, f32s, attrs("value", dense(f32s, -1.0)))
	zero := tf.v1("stablehlo.constant", nil, i32s, attrs("value", dense(i32s, int64(0))))
	r := tf.op("stablehlo.reduce", vals(tf.arg(0), iota, ninf, zero), types(f32s, i32s),
		attrs("dimensions", ir.I64Array(0)))
	blk := r.AddRegion(f32s, i32s, f32s, i32s)
	tf.in(blk, func() {
		v, i, av, ai := blk.Args[0], blk.Args[1], blk.Args[2], blk.Args[3]
		gt := tf.v1("stablehlo.compare", vals(v, av), i1s, attrs(
			"comparison_direction", enum("comparison_direction", "GT"), "compare_type", enum("comparison_type", "FLOAT")))
		eq := tf.v1("stablehlo.compare", vals(v, av), i1s, attrs(
			"comparison_direction", enum("comparison_direction", "EQ")))
		lt := tf.v1("stablehlo.compare", vals(i, ai), i1s, attrs(
			"comparison_direction", enum("comparison_direction", "LT"), "compare_type", enum("comparison_type", "SIGNED")))
		tie := tf.v1("stablehlo.and", vals(eq, lt), i1s, nil)
		take := tf.v1("stablehlo.or", vals(gt, tie), i1s, nil)
		nv := tf.v1("stablehlo.select", vals(take, v, av), f32s, nil)
		ni := tf.v1("stablehlo.select", vals(take, i, ai), i32s, nil)
		tf.op("stablehlo.return", vals(nv, ni), nil, nil)
	})
	tf.op("func.return", vals(r.Result(0), r.Result(1)), nil, nil)
	return tf.f
}

// loopFunc builds a while loop.
func loopFunc() *ir.Func {
	tf := newTestFunc("loop", types(i64s, f32s), types(i64s, f32s))
	one := tf.v1("stablehlo.constant", nil, i64s, attrs("value", dense(i64s, int64(1))))
	w := tf.op("stablehlo.while", vals(tf.arg(0), tf.arg(1)), types(i64s, f32s), nil)
	cond := w.AddRegion(i64s, f32s)
	tf.in(cond, func() {
		c := tf.v1("stablehlo.compare", vals(cond.Args[0], one), i1s, attrs(
			"comparison_direction", enum("comparison_direction", "LT"), "compare_type", enum("comparison_type", "SIGNED")))
		tf.op("stablehlo.return", vals(c), nil, nil)
	})
	body := w.AddRegion(i64s, f32s)
	tf.in(body, func() {
		n := tf.v1("stablehlo.add", vals(body.Args[0], one), i64s, nil)
		inner := tf.op("stablehlo.while", vals(body.Args[1]), types(f32s), attrs("mhlo.frontend_attributes", &ir.DictAttr{}))
		ic := inner.AddRegion(f32s)
		tf.in(ic, func() {
			tr := tf.v1("stablehlo.constant", nil, i1s, attrs("value", dense(i1s, int64(0))))
			tf.op("stablehlo.return", vals(tr), nil, nil)
		})
		ib := inner.AddRegion(f32s)
		tf.in(ib, func() {
			tf.op("stablehlo.return", vals(ib.Args[0]), nil, nil)
		})
		tf.op("stablehlo.return", vals(n, inner.Result(0)), nil, nil)
	})
	tf.op("func.return", vals(w.Result(0), w.Result(1)), nil, nil)
	return tf.f
}

// TestWhile covers the pretty while with iterArg names, a nested while (its
// names made unique), value numbers inside the regions continuing after the
// enclosing region's, and the same loop in the generic form.
func TestWhile(t *testing.T) {
	f := loopFunc()
	want := `func.func @loop(%arg0: tensor<i64>, %arg1: tensor<f32>) -> (tensor<i64>, tensor<f32>) {
  %0 = stablehlo.constant dense<1> : tensor<i64>
  %1:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<i64>, tensor<f32>
  cond {
    %2 = stablehlo.compare  LT, %iterArg, %0,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %2 : tensor<i1>
  } do {
    %2 = stablehlo.add %iterArg, %0 : tensor<i64>
    %3 = stablehlo.while(%iterArg_1 = %iterArg_0) : tensor<f32> attributes {mhlo.frontend_attributes = {}}
    cond {
      %4 = stablehlo.constant dense<false> : tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      stablehlo.return %iterArg_1 : tensor<f32>
    }
    stablehlo.return %2, %3 : tensor<i64>, tensor<f32>
  }
  return %1#0, %1#1 : tensor<i64>, tensor<f32>
}`
	diffText(t, "while", PrintFunc(f, Options{}), want)

	wantGeneric := `"func.func"() <{function_type = (tensor<i64>, tensor<f32>) -> (tensor<i64>, tensor<f32>), sym_name = "loop"}> ({
^bb0(%arg0: tensor<i64>, %arg1: tensor<f32>):
  %0 = "stablehlo.constant"() <{value = dense<1> : tensor<i64>}> : () -> tensor<i64>
  %1:2 = "stablehlo.while"(%arg0, %arg1) ({
  ^bb0(%arg2: tensor<i64>, %arg3: tensor<f32>):
    %2 = "stablehlo.compare"(%arg2, %0) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%2) : (tensor<i1>) -> ()
  }, {
  ^bb0(%arg2: tensor<i64>, %arg3: tensor<f32>):
    %2 = "stablehlo.add"(%arg2, %0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %3 = "stablehlo.while"(%arg3) ({
    ^bb0(%arg4: tensor<f32>):
      %4 = "stablehlo.constant"() <{value = dense<false> : tensor<i1>}> : () -> tensor<i1>
      "stablehlo.return"(%4) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg4: tensor<f32>):
      "stablehlo.return"(%arg4) : (tensor<f32>) -> ()
    }) {mhlo.frontend_attributes = {}} : (tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%2, %3) : (tensor<i64>, tensor<f32>) -> ()
  }) : (tensor<i64>, tensor<f32>) -> (tensor<i64>, tensor<f32>)
  "func.return"(%1#0, %1#1) : (tensor<i64>, tensor<f32>) -> ()
}) : () -> ()`
	diffText(t, "while generic", PrintFunc(f, Options{Generic: true}), wantGeneric)
}

// TestWhileNoOperands: `stablehlo.while()` with empty argument lists.
func TestWhileNoOperands(t *testing.T) {
	tf := newTestFunc("f", nil, nil)
	w := tf.op("stablehlo.while", nil, nil, nil)
	c := w.AddRegion()
	tf.in(c, func() {
		f := tf.v1("stablehlo.constant", nil, i1s, attrs("value", dense(i1s, int64(0))))
		tf.op("stablehlo.return", vals(f), nil, nil)
	})
	b := w.AddRegion()
	tf.in(b, func() { tf.op("stablehlo.return", nil, nil, nil) })
	diffText(t, "while()", body(t, tf.f, Options{}), `stablehlo.while()
cond {
  %0 = stablehlo.constant dense<false> : tensor<i1>
  stablehlo.return %0 : tensor<i1>
} do {
  stablehlo.return
}`)
}

// regionOpsFunc builds if, case and sort ops.
func regionOpsFunc() *ir.Func {
	tf := newTestFunc("f", types(i1s, f32s, tt(ir.F32, 8), i32s), types(f32s))
	ifOp := tf.op("stablehlo.if", vals(tf.arg(0)), types(f32s), nil)
	thenB := ifOp.AddRegion()
	tf.in(thenB, func() {
		n := tf.v1("stablehlo.negate", vals(tf.arg(1)), f32s, nil)
		tf.op("stablehlo.return", vals(n), nil, nil)
	})
	elseB := ifOp.AddRegion()
	tf.in(elseB, func() {
		e := tf.v1("stablehlo.exponential", vals(tf.arg(1)), f32s, nil)
		l := tf.v1("stablehlo.log", vals(e), f32s, nil)
		tf.op("stablehlo.return", vals(l), nil, nil)
	})
	caseOp := tf.op("stablehlo.case", vals(tf.arg(3)), types(f32s), nil)
	for i := 0; i < 2; i++ {
		b := caseOp.AddRegion()
		tf.in(b, func() { tf.op("stablehlo.return", vals(tf.arg(1)), nil, nil) })
	}
	sortOp := tf.op("stablehlo.sort", vals(tf.arg(2)), types(tt(ir.F32, 8)),
		attrs("dimension", i64(0), "is_stable", ir.BoolAttr(true)))
	cmp := sortOp.AddRegion(f32s, f32s)
	tf.in(cmp, func() {
		lt := tf.v1("stablehlo.compare", vals(cmp.Args[0], cmp.Args[1]), i1s, attrs(
			"comparison_direction", enum("comparison_direction", "LT"), "compare_type", enum("comparison_type", "TOTALORDER")))
		tf.op("stablehlo.return", vals(lt), nil, nil)
	})
	tf.op("func.return", vals(ifOp.Result(0)), nil, nil)
	return tf.f
}

// TestGenericRegionOps: if, case and sort have no pretty form in StableHLO;
// they print generically, with the ops inside in their pretty form, and
// sibling regions reuse the same value numbers.
func TestGenericRegionOps(t *testing.T) {
	want := `%0 = "stablehlo.if"(%arg0) ({
  %3 = stablehlo.negate %arg1 : tensor<f32>
  stablehlo.return %3 : tensor<f32>
}, {
  %3 = stablehlo.exponential %arg1 : tensor<f32>
  %4 = stablehlo.log %3 : tensor<f32>
  stablehlo.return %4 : tensor<f32>
}) : (tensor<i1>) -> tensor<f32>
%1 = "stablehlo.case"(%arg3) ({
  stablehlo.return %arg1 : tensor<f32>
}, {
  stablehlo.return %arg1 : tensor<f32>
}) : (tensor<i32>) -> tensor<f32>
%2 = "stablehlo.sort"(%arg2) <{dimension = 0 : i64, is_stable = true}> ({
^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
  %3 = stablehlo.compare  LT, %arg4, %arg5,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
  stablehlo.return %3 : tensor<i1>
}) : (tensor<8xf32>) -> tensor<8xf32>`
	diffText(t, "generic region ops", body(t, regionOpsFunc(), Options{}), want)
}

// TestFuncOpsInNestedRegion: func.return and func.call keep their dialect
// prefix outside a function's own region, as MLIR prints them.
func TestFuncOpsInNestedRegion(t *testing.T) {
	tf := newTestFunc("f", types(i1s, f32s), nil)
	ifOp := tf.op("stablehlo.if", vals(tf.arg(0)), nil, nil)
	b := ifOp.AddRegion()
	tf.in(b, func() {
		c := tf.op("func.call", vals(tf.arg(1)), types(f32s), attrs("callee", &ir.SymbolRefAttr{Name: "g"}))
		tf.op("func.return", vals(c.Result(0)), nil, nil)
	})
	diffText(t, "nested func ops", body(t, tf.f, Options{}), `"stablehlo.if"(%arg0) ({
  %0 = func.call @g(%arg1) : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}) : (tensor<i1>) -> ()`)
}

// TestMultiBlockRegion: blocks after the entry get `^bbN(...)` labels and
// their arguments take value numbers.
func TestMultiBlockRegion(t *testing.T) {
	tf := newTestFunc("f", types(f32s), nil)
	op := tf.op("test.region", nil, nil, nil)
	entry := op.AddRegion(f32s)
	second := &ir.Block{Parent: op.Regions[0]}
	second.AddArg(i32s)
	op.Regions[0].Blocks = append(op.Regions[0].Blocks, second)
	tf.in(entry, func() { tf.op("test.br", vals(entry.Args[0]), nil, nil) })
	tf.in(second, func() { tf.op("test.use", vals(second.Args[0]), nil, nil) })
	want := `"test.region"() ({
^bb0(%arg1: tensor<f32>):
  "test.br"(%arg1) : (tensor<f32>) -> ()
^bb1(%0: tensor<i32>):
  "test.use"(%0) : (tensor<i32>) -> ()
}) : () -> ()`
	diffText(t, "multi-block", body(t, tf.f, Options{}), want)
}
