package asm

import (
	"bytes"
	"errors"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// jaxLikeModule builds a module shaped like JAX's export: module attributes,
// a mesh, a public main with argument and result attributes calling a
// private helper, and a private declaration.
func jaxLikeModule() *ir.Module {
	m := &ir.Module{Name: "jit_f", Attrs: attrs(
		"mhlo.num_partitions", i32(1), "mhlo.num_replicas", i32(1))}
	m.Globals = append(m.Globals, ir.NewOp("sdy.mesh", nil, nil, attrs(
		"sym_name", ir.StringAttr("mesh"), "mesh", &ir.OpaqueAttr{Text: `<["data"=2]>`})))

	main := newTestFunc("main", types(f32x4, f32x4), types(f32x4))
	main.f.Visibility = "public"
	main.f.SetArgAttr(0, "mhlo.sharding", ir.StringAttr("{replicated}"))
	main.f.SetArgAttr(1, "sdy.sharding", &ir.OpaqueAttr{Text: `#sdy.sharding<@mesh, [{"data"}]>`})
	main.f.SetResultAttr(0, "jax.result_info", ir.StringAttr(""))
	s := main.v1("stablehlo.sine", vals(main.arg(0)), f32x4, nil)
	c := main.op("func.call", vals(s, main.arg(1)), types(f32x4), attrs("callee", &ir.SymbolRefAttr{Name: "helper"}))
	main.op("func.return", vals(c.Result(0)), nil, nil)

	helper := newTestFunc("helper", types(f32x4, f32x4), types(f32x4))
	helper.f.Visibility = "private"
	helper.f.Attrs = attrs("zml.note", ir.StringAttr("inline me"))
	a := helper.v1("stablehlo.add", vals(helper.arg(0), helper.arg(1)), f32x4, nil)
	helper.op("func.return", vals(a), nil, nil)

	decl := &ir.Func{Name: "ext", Visibility: "private",
		Type: &ir.FunctionType{Inputs: types(f32s), Results: types(f32s, i32s)}}
	decl.SetArgAttr(0, "zml.param", ir.StringAttr("w"))

	noargs := newTestFunc("noargs", nil, nil)
	noargs.op("func.return", nil, nil, nil)

	m.Funcs = []*ir.Func{main.f, helper.f, decl, noargs.f}
	return m
}

func TestModulePretty(t *testing.T) {
	want := `module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=2]>
  func.func public @main(%arg0: tensor<4xf32> {mhlo.sharding = "{replicated}"}, %arg1: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}) -> (tensor<4xf32> {jax.result_info = ""}) {
    %0 = stablehlo.sine %arg0 : tensor<4xf32>
    %1 = call @helper(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    return %1 : tensor<4xf32>
  }
  func.func private @helper(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> attributes {zml.note = "inline me"} {
    %0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func private @ext(tensor<f32> {zml.param = "w"}) -> (tensor<f32>, tensor<i32>)
  func.func @noargs() {
    return
  }
}
`
	diffText(t, "pretty module", Print(jaxLikeModule(), Options{}), want)
}

func TestModuleGeneric(t *testing.T) {
	want := `"builtin.module"() <{sym_name = "jit_f"}> ({
  "sdy.mesh"() <{mesh = #sdy.mesh<["data"=2]>, sym_name = "mesh"}> : () -> ()
  "func.func"() <{arg_attrs = [{mhlo.sharding = "{replicated}"}, {sdy.sharding = #sdy.sharding<@mesh, [{"data"}]>}], function_type = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, res_attrs = [{jax.result_info = ""}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>):
    %0 = "stablehlo.sine"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = "func.call"(%0, %arg1) <{callee = @helper}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%1) : (tensor<4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "helper", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>):
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%0) : (tensor<4xf32>) -> ()
  }) {zml.note = "inline me"} : () -> ()
  "func.func"() <{arg_attrs = [{zml.param = "w"}], function_type = (tensor<f32>) -> (tensor<f32>, tensor<i32>), sym_name = "ext", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "noargs"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
`
	diffText(t, "generic module", Print(jaxLikeModule(), Options{Generic: true}), want)
}

func TestModuleWithoutNameOrFuncs(t *testing.T) {
	diffText(t, "empty", Print(&ir.Module{}, Options{}), "module {\n}\n")
	diffText(t, "empty generic", Print(&ir.Module{}, Options{Generic: true}), "\"builtin.module\"() ({\n}) : () -> ()\n")
	diffText(t, "quoted name", Print(&ir.Module{Name: "jit-f"}, Options{}), "module @\"jit-f\" {\n}\n")
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestFprint(t *testing.T) {
	m := jaxLikeModule()
	var b bytes.Buffer
	if err := Fprint(&b, m, Options{}); err != nil {
		t.Fatal(err)
	}
	if b.String() != Print(m, Options{}) {
		t.Errorf("Fprint and Print differ")
	}
	if err := Fprint(failingWriter{}, m, Options{}); err == nil || err.Error() != "disk full" {
		t.Errorf("Fprint to a failing writer: got %v, want the writer's error", err)
	}
}

func TestDeterministic(t *testing.T) {
	m := jaxLikeModule()
	for _, opts := range []Options{{}, {Generic: true}, {DebugInfo: true}} {
		a, b := Print(m, opts), Print(m, opts)
		if a != b {
			t.Errorf("two prints with %+v differ", opts)
		}
	}
}

func TestDebugInfo(t *testing.T) {
	tf := newTestFunc("f", types(f32s), types(f32s))
	tf.f.Loc = ir.Location{File: "a.mlir", Line: 1, Col: 1}
	n := tf.op("stablehlo.negate", vals(tf.arg(0)), types(f32s), nil)
	n.Loc = ir.Location{File: "dir/a \"b\".mlir", Line: 3, Col: 7}
	u := tf.op("stablehlo.negate", vals(n.Result(0)), types(f32s), nil)
	u.Loc = ir.Location{Text: `loc("fused"("x.py":1:2))`}
	w := tf.op("stablehlo.negate", vals(u.Result(0)), types(f32s), nil)
	w.Loc = ir.Location{Text: "loc(#loc3)"} // an alias: its definition is not kept
	tf.op("func.return", vals(w.Result(0)), nil, nil)
	m := &ir.Module{Funcs: []*ir.Func{tf.f}, Loc: ir.Location{File: "a.mlir", Line: 1, Col: 1}}

	want := `module {
  func.func @f(%arg0: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.negate %arg0 : tensor<f32> loc("dir/a \"b\".mlir":3:7)
    %1 = stablehlo.negate %0 : tensor<f32> loc("fused"("x.py":1:2))
    %2 = stablehlo.negate %1 : tensor<f32>
    return %2 : tensor<f32>
  } loc("a.mlir":1:1)
} loc("a.mlir":1:1)
`
	diffText(t, "debuginfo", Print(m, Options{DebugInfo: true}), want)
	if got := Print(m, Options{}); bytes.Contains([]byte(got), []byte("loc(")) {
		t.Errorf("locations printed without DebugInfo:\n%s", got)
	}
}
