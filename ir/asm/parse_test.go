package asm

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

func mustParse(t *testing.T, src string) *ir.Module {
	t.Helper()
	m, err := Parse("t.mlir", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return m
}

// firstOp returns the op called name in the module.
func findOp(t *testing.T, m *ir.Module, name string) *ir.Op {
	t.Helper()
	var found *ir.Op
	m.Walk(func(o *ir.Op) bool {
		if found == nil && o.Name == name {
			found = o
		}
		return true
	})
	if found == nil {
		t.Fatalf("no %s op", name)
	}
	return found
}

func TestImplicitModuleAndFunc(t *testing.T) {
	m := mustParse(t, `
// a comment
func.func private @f(%arg0: tensor<4xf32> {a.b = 1 : i32}, %arg1: tensor<?x2xi8>) -> (tensor<4xf32> {r = "x"}) attributes {fa} {
  %0 = stablehlo.add %arg0, %arg0 : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @decl(tensor<f32>) -> tensor<f32>`)
	if m.Name != "" || len(m.Funcs) != 2 {
		t.Fatalf("got module %q with %d funcs", m.Name, len(m.Funcs))
	}
	f := m.Funcs[0]
	if f.Name != "f" || f.Visibility != "private" || f.Type.String() != "(tensor<4xf32>, tensor<?x2xi8>) -> tensor<4xf32>" {
		t.Errorf("func header: %s %s %s", f.Name, f.Visibility, f.Type)
	}
	if v, _ := ir.IntValue(f.ArgAttr(0, "a.b")); v != 1 || f.ArgAttr(1, "a.b") != nil {
		t.Errorf("arg attrs %v", f.ArgAttrs)
	}
	if f.ResultAttr(0, "r") != ir.StringAttr("x") || !f.Attrs.Has("fa") {
		t.Errorf("result attrs %v, attrs %v", f.ResultAttrs, f.Attrs)
	}
	add := f.Body.Blocks[0].Ops[0]
	if add.Operands[0] != f.Args()[0] || add.Results[0].Name != "0" || add.Loc.Line != 4 || add.Loc.Col != 3 {
		t.Errorf("add: %+v at %v", add.Operands, add.Loc)
	}
	if ret := f.Body.Blocks[0].Ops[1]; ret.Name != "func.return" || ret.Operands[0] != add.Results[0] {
		t.Errorf("return: %s", ret.Name)
	}
	if d := m.Funcs[1]; d.Body != nil || d.Visibility != "" {
		t.Errorf("declaration has a body or visibility %q", d.Visibility)
	}
}

// TestPrettyEqualsGeneric checks that each op's pretty and generic forms
// give identical attributes, operands and result types.
func TestPrettyEqualsGeneric(t *testing.T) {
	cases := []struct{ pretty, generic string }{
		{`%r = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>`,
			`%r = "stablehlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>`},
		{`%r = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3x4xf32>`,
			`%r = "stablehlo.broadcast_in_dim"(%a) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x3xf32>) -> tensor<2x3x4xf32>`},
		{`%r = stablehlo.slice %a [1:2, 0:3:2] : (tensor<2x3xf32>) -> tensor<1x2xf32>`,
			`%r = "stablehlo.slice"(%a) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 2, 3>, strides = array<i64: 1, 2>} : (tensor<2x3xf32>) -> tensor<1x2xf32>`},
		{`%r = stablehlo.compare  GE, %a, %a,  FLOAT : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>`,
			`%r = "stablehlo.compare"(%a, %a) {comparison_direction = #stablehlo<comparison_direction GE>, compare_type = #stablehlo<comparison_type FLOAT>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>`},
		{`%r = stablehlo.dot_general %a, %a, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, HIGH] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2xf32>`,
			`%r = "stablehlo.dot_general"(%a, %a) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGH>]} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2xf32>`},
		{`%r = stablehlo.pad %a, %s, low = [0, 1], high = [1, -1], interior = [0, 2] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x7xf32>`,
			`%r = "stablehlo.pad"(%a, %s) {edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 1, -1>, interior_padding = array<i64: 0, 2>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x7xf32>`},
		{`%r = stablehlo.concatenate %a, %a, dim = 1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>`,
			`%r = "stablehlo.concatenate"(%a, %a) {dimension = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>`},
		{`%r = stablehlo.iota dim = 1 : tensor<2x3xf32>`,
			`%r = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xf32>`},
		{`%r = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2x3xf32>, tensor<f32>>) -> tensor<f32>`,
			`%r = "stablehlo.get_tuple_element"(%t) {index = 1 : i32} : (tuple<tensor<2x3xf32>, tensor<f32>>) -> tensor<f32>`},
		{`%r = stablehlo.convolution(%a, %a) dim_numbers = [b, f]x[o, i]->[b, f], window = {stride = [], pad = [], reverse = []} {feature_group_count = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>`,
			`%r = "stablehlo.convolution"(%a, %a) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 1, input_spatial_dimensions = [], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 0, kernel_spatial_dimensions = [], output_batch_dimension = 0, output_feature_dimension = 1, output_spatial_dimensions = []>, window_strides = array<i64>, padding = dense<> : tensor<0x2xi64>, window_reversal = array<i1>, feature_group_count = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>`},
		{`%r = stablehlo.custom_call @tgt(%a) {backend_config = ""} : (tensor<2x3xf32>) -> tensor<f32>`,
			`%r = "stablehlo.custom_call"(%a) {call_target_name = "tgt", backend_config = ""} : (tensor<2x3xf32>) -> tensor<f32>`},
		{`%r = stablehlo.reduce(%a init: %s) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>`,
			`%r = "stablehlo.reduce"(%a, %s) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%z) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>`},
		{`%r = stablehlo.constant dense<[1, 2]> : tensor<2xi32>`,
			`%r = "stablehlo.constant"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>`},
		{`%r = stablehlo.add %s, %s : tensor<f32>`,
			`%r = "stablehlo.add"(%s, %s) : (tensor<f32>, tensor<f32>) -> tensor<f32>`},
		{`%r = chlo.top_k(%s2, k = 1) : tensor<2xf32> -> (tensor<1xf32>, tensor<1xi32>)`,
			`%r:2 = "chlo.top_k"(%s2) {k = 1 : i64} : (tensor<2xf32>) -> (tensor<1xf32>, tensor<1xi32>)`},
	}
	wrap := func(op string) string {
		return "func.func @f(%a: tensor<2x3xf32>, %s: tensor<f32>, %t: tuple<tensor<2x3xf32>, tensor<f32>>, %s2: tensor<2xf32>) {\n  " + op + "\n  return\n}"
	}
	for _, c := range cases {
		if strings.HasPrefix(c.pretty, "%r = chlo.top_k") {
			c.pretty = strings.Replace(c.pretty, "%r =", "%r:2 =", 1)
		}
		a := findOp(t, mustParse(t, wrap(c.pretty)), opName(c.generic))
		b := findOp(t, mustParse(t, wrap(c.generic)), opName(c.generic))
		if sa, sb := opSummary(a), opSummary(b); sa != sb {
			t.Errorf("%s\npretty:  %s\ngeneric: %s", c.pretty, sa, sb)
		}
	}
}

// opName returns the quoted op name of a generic op line.
func opName(generic string) string {
	i := strings.IndexByte(generic, '"')
	j := strings.IndexByte(generic[i+1:], '"')
	return generic[i+1 : i+1+j]
}

// opSummary describes an op's structure: operands (as block argument
// indices), result types, sorted attributes and nested ops.
func opSummary(o *ir.Op) string {
	var b strings.Builder
	b.WriteString(o.Name)
	for _, v := range o.Operands {
		b.WriteString(" ")
		if v.IsBlockArg() {
			b.WriteString("arg")
		} else {
			b.WriteString(v.Def.Name)
		}
		b.WriteString(strconv.Itoa(v.Index) + ":" + v.Type.String())
	}
	b.WriteString(" -> " + ir.TypeListString(resultTypes(o)) + " ")
	ir.WriteAttrDict(&b, o.Attrs)
	for _, r := range o.Regions {
		b.WriteString(" ({")
		for _, blk := range r.Blocks {
			for _, a := range blk.Args {
				b.WriteString(" ^" + a.Type.String())
			}
			for _, in := range blk.Ops {
				b.WriteString(" [" + opSummary(in) + "]")
			}
		}
		b.WriteString("})")
	}
	return b.String()
}

func resultTypes(o *ir.Op) []ir.Type {
	var ts []ir.Type
	for _, r := range o.Results {
		ts = append(ts, r.Type)
	}
	return ts
}

func TestDenseLiterals(t *testing.T) {
	m := mustParse(t, `func.func @f() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %b = stablehlo.constant dense<255> : tensor<3xi8>
  %c = stablehlo.constant dense<[0x7FC00000, -0.0, 1.0e40]> : tensor<3xf32>
  %d = stablehlo.constant dense<[(1.0,2.0)]> : tensor<1xcomplex<f32>>
  %e = stablehlo.constant dense<"0x01000000FFFFFFFF"> : tensor<2xi32>
  %f = stablehlo.constant dense<"0x0000C03F"> : tensor<3xf32>
  %g = stablehlo.constant dense<0.4999> : tensor<f16>
  %h = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %i = stablehlo.constant dense<> : tensor<0xf32>
  return
}`)
	ops := m.Funcs[0].Body.Blocks[0].Ops
	val := func(i int) *ir.Tensor { return ops[i].Attr("value").(*ir.DenseElementsAttr).Value }
	if got := val(0).I; len(got) != 4 || got[3] != 4 {
		t.Errorf("nested: %v", got)
	}
	if got := val(1).I; got[0] != -1 || got[2] != -1 {
		t.Errorf("255 as i8 wraps to -1: %v", got)
	}
	if c := val(2).F; !math.IsNaN(c[0]) || !math.Signbit(c[1]) || !math.IsInf(c[2], 1) {
		t.Errorf("float specials: %v", c)
	}
	if c := val(3).C; c[0] != complex(1, 2) {
		t.Errorf("complex: %v", c)
	}
	if got := val(4).I; got[0] != 1 || got[1] != -1 {
		t.Errorf("hex: %v", got)
	}
	if got := val(5).F; got[0] != 1.5 || got[2] != 1.5 {
		t.Errorf("hex splat: %v", got)
	}
	if got := val(6).F[0]; got != 0.5 {
		t.Errorf("0.4999 rounds to f16 0.5, got %v", got)
	}
	if got := val(7).I; got[0] != 1 || got[1] != 0 {
		t.Errorf("bools: %v", got)
	}
	if val(8).Len() != 0 {
		t.Errorf("empty literal has elements")
	}
}

func TestAttributes(t *testing.T) {
	m := mustParse(t, `#CSR = #sparse.enc<{map = (d0) -> (d0 : dense)}>
module @m attributes {a = 5 : i8, b = -1.5 : f16, c = 0x7F800000 : f32, d = "q\22\n", e = [1, true, unit],
  f = array<i64: 1, -2>, g = array<i1: true, false>, h = @x::@y, i = {j}, k = #stablehlo<comparison_direction LT>,
  l = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1,>,
  m = #stablehlo.scatter<update_window_dims = [1], index_vector_dim = 2>, n = #stablehlo.channel_handle<handle = 3, type = 1>,
  o = #sdy.sharding<@mesh, [{"data"}, {}]>, p = tensor<2x?xf32>, q = (i32) -> (), r = #stablehlo.conv<[b, 1, 0, f]x[o, i, 0, 1]->[f, b, 0, 1]>,
  s = 3, t = 2.0, u = !foo.bar<"x">, v = #CSR, w = 1 : i1} {
}`)
	a := m.Attrs
	check := func(name string, want string) {
		t.Helper()
		if got := ir.AttrString(a.Get(name)); got != want {
			t.Errorf("%s = %s, want %s", name, got, want)
		}
	}
	check("a", "5 : i8")
	check("b", "-1.500000e+00 : f16")
	check("c", "0x7F800000 : f32")
	check("d", `"q\"\0A"`)
	check("e", "[1 : i64, true, unit]")
	check("f", "array<i64: 1, -2>")
	check("g", "array<i1: true, false>")
	check("h", "@x::@y")
	check("i", "{j}")
	check("k", "#stablehlo<comparison_direction LT>")
	check("l", "#stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>")
	check("m", "#stablehlo.scatter<update_window_dims = [1], index_vector_dim = 2>")
	check("n", "#stablehlo.channel_handle<handle = 3, type = 1>")
	check("o", `#sdy.sharding<@mesh, [{"data"}, {}]>`)
	check("p", "tensor<2x?xf32>")
	check("q", "(i32) -> ()")
	check("r", "#stablehlo.conv<[b, 1, 0, f]x[o, i, 0, 1]->[f, b, 0, 1]>")
	check("s", "3 : i64")
	check("t", "2.000000e+00 : f64")
	check("u", `!foo.bar<"x">`)
	check("v", "#sparse.enc<{map = (d0) -> (d0 : dense)}>")
	check("w", "true")
	if m.Name != "m" {
		t.Errorf("module name %q", m.Name)
	}
	cv := a.Get("r").(*ir.ConvDimensionNumbersAttr)
	if cv.InputBatchDimension != 0 || cv.InputFeatureDimension != 3 || cv.InputSpatialDimensions[0] != 2 ||
		cv.KernelOutputFeatureDimension != 0 || cv.OutputFeatureDimension != 0 || cv.OutputSpatialDimensions[1] != 3 {
		t.Errorf("conv layout %+v", cv)
	}
}

func TestLocations(t *testing.T) {
	m := mustParse(t, `module {
  func.func @f(%x: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.negate %x : tensor<f32> loc(#l2)
    %1 = stablehlo.negate %0 : tensor<f32> loc("a.py":7:3)
    %2 = stablehlo.negate %1 : tensor<f32> loc(unknown)
    stablehlo.return %2 : tensor<f32>
  } loc(#l1)
}
#l1 = loc("n"(#l3))
#l2 = loc(#l3)
#l3 = loc("b.py":1:2)`)
	ops := m.Funcs[0].Body.Blocks[0].Ops
	want := []ir.Location{{File: "b.py", Line: 1, Col: 2}, {File: "a.py", Line: 7, Col: 3}, {Text: "loc(unknown)"}, {File: "t.mlir", Line: 6, Col: 5}}
	for i, w := range want {
		if ops[i].Loc != w {
			t.Errorf("op %d: loc %+v, want %+v", i, ops[i].Loc, w)
		}
	}
	if l := m.Funcs[0].Loc; l.Text != `loc("n"("b.py":1:2))` {
		t.Errorf("func loc %+v", l)
	}
}

func TestParseSplit(t *testing.T) {
	src := "func.func @a() {\n  return\n}\n// -----\nfunc.func @b() {\n  %0 = stablehlo.bogus\n}\n  // -----  \nfunc.func @c() {\n  return\n}\n"
	mods, err := ParseSplit("s.mlir", []byte(src))
	if len(mods) != 3 || mods[0] == nil || mods[1] != nil || mods[2] == nil || mods[2].Funcs[0].Name != "c" {
		t.Fatalf("modules %v", mods)
	}
	var d *ir.Diagnostic
	if !errors.As(err, &d) || d.Loc.Line != 6 || d.Loc.Col != 8 {
		t.Fatalf("error %v", err)
	}
	if !strings.Contains(err.Error(), "s.mlir:6:8: error: unknown operation 'stablehlo.bogus'") || !strings.HasSuffix(err.Error(), "\n  %0 = stablehlo.bogus\n       ^") {
		t.Errorf("error text:\n%s", err)
	}
}

// TestErrors checks the message and position of each parse error.
func TestErrors(t *testing.T) {
	fn := func(body string) string {
		return "func.func @f(%a: tensor<2xf32>, %i: tensor<2xi32>) {\n" + body + "\n}"
	}
	cases := []struct{ src, want string }{
		{fn(`  %0 = stablehlo.add %a, %b : tensor<2xf32>`), "2:26: error: use of undefined SSA value %b"},
		{fn(`  %0 = stablehlo.add %a, %i : tensor<2xf32>`), "2:26: error: use of value '%i' expects different type than prior uses: 'tensor<2xf32>' vs 'tensor<2xi32>'"},
		{fn(`  %a = stablehlo.negate %a : tensor<2xf32>`), "2:3: error: redefinition of SSA value '%a'"},
		{fn(`  %0:2 = stablehlo.negate %a : tensor<2xf32>`), "2:3: error: operation defines 1 results but was provided 2 to bind"},
		{fn(`  %0 = stablehlo.constant dense<300> : tensor<i8>`), "2:33: error: integer 300 is out of range for i8"},
		{fn(`  %0 = stablehlo.constant dense<-1> : tensor<ui8>`), "2:33: error: negative integer -1 is out of range for ui8"},
		{fn(`  %0 = stablehlo.constant dense<[1, 2, 3]> : tensor<2xi32>`), "2:27: error: inferred shape of elements literal ([3]) does not match type ([2])"},
		{fn(`  %0 = stablehlo.constant dense<[[1], [2, 3]]> : tensor<2x2xi32>`), "2:39: error: tensor literal is invalid; dimension 1 has sizes 1 and 2"},
		{fn(`  %0 = stablehlo.constant dense<[1, [2]]> : tensor<2xi32>`), "2:37: error: tensor literal is invalid; ranks are not consistent between elements"},
		{fn(`  %0 = stablehlo.constant dense<1.5> : tensor<i32>`), "2:33: error: expected an integer for i32, found 1.5"},
		{fn(`  %0 = stablehlo.constant dense<true> : tensor<f32>`), "2:33: error: expected i1 type for 'true' or 'false' values"},
		{fn(`  %0 = stablehlo.constant dense<"0x0102"> : tensor<2xi32>`), "2:33: error: tensor<2xi32> needs 8 bytes of data, got 2"},
		{fn(`  %0 = stablehlo.constant dense<1> : tensor<?xi32>`), "2:38: error: dense literal type tensor<?xi32> must have a static shape"},
		{fn(`  %0 = stablehlo.compare XX, %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>`), "2:26: error: expected comparison_direction to be one of EQ, NE, GE, GT, LE, LT, found 'XX'"},
		{fn(`  %0 = stablehlo.transpose %a : (tensor<2xf32>) -> tensor<2xf32>`), "2:31: error: expected 'dims = ...' in stablehlo.transpose"},
		{fn(`  %0 = stablehlo.frobnicate %a : tensor<2xf32>`), "2:8: error: unknown operation 'stablehlo.frobnicate' (use the generic form \"stablehlo.frobnicate\"(...) for ops without a known pretty form)"},
		{fn(`  %0 = "stablehlo.add"(%a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>`), "2:30: error: 1 operands present, but expected 2"},
		{fn(`  %0 = stablehlo.add %a, %a : (tensor<2xf32>) -> tensor<2xf32>`), "2:31: error: 2 operands present, but expected 1"},
		{fn(`  %0 = stablehlo.negate %a : tensor<2xq32>`), "2:39: error: unknown or unsupported type 'q32'"},
		{fn(`  %0 = stablehlo.negate %a : tensor<2x4>`), "2:40: error: expected 'x' in dimension list"},
		{fn(`  %0 = stablehlo.negate %a : tensor<*xf32>`), "2:37: error: unranked tensors are not supported"},
		{fn(`  %0 = stablehlo.negate %a {x = "abc} : tensor<2xf32>`), "2:33: error: expected '\"' in string literal"},
		{fn(`  %0 = stablehlo.negate %a {x = 1, x = 2} : tensor<2xf32>`), "2:36: error: duplicate key 'x' in dictionary attribute"},
		{fn(`  %0 = stablehlo.negate %a {x = #nope} : tensor<2xf32>`), "2:33: error: undefined attribute alias #nope"},
		{fn(`  %0 = stablehlo.negate %a : tensor<2xf32> loc(#nope)`), "2:44: error: use of undefined location alias #nope"},
		{"func.func @f(%a: tensor<f32>) {\n  %0 = stablehlo.negate %a : tensor<f32>\n", "3:1: error: expected '}' to end the region, found end of file"},
		{fn(`  %0 = stablehlo.get_tuple_element %a[0 : (tensor<2xf32>) -> tensor<f32>`), "2:41: error: expected ']', found ':'"},
		{fn(`  %0 = stablehlo.reduce(%a init: %a) applies stablehlo.divide across dimensions = [0] : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>`), "2:46: error: expected the inner-op to be a commutative binary-op from the stablehlo dialect, with zero region, producing single result"},
		{fn(`  %0 = stablehlo.convolution(%a, %a) dim_numbers = [b, 0]x[i, o]->[b, f], window = {} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>`), "2:57: error: expected dimensions b and f in the convolution layout"},
		{fn(`  %0 = stablehlo.tuple %a : tensor<2xf32>`), "2:29: error: expected tuple type"},
		{fn(`  %0 = stablehlo.select %a, %a, %a : tensor<2xf32>`), "2:38: error: expected functional type or list of two types"},
		{fn(`  func.func @g() {}`), "2:3: error: 'func.func' is only allowed at module level"},
		{"module {}\nmodule {}", "2:1: error: expected a single top-level module, or only functions and global operations"},
		{"func.func @f() {\n  %0 = stablehlo.constant dense<99999999999999999999> : tensor<i64>\n}", "2:33: error: integer literal 99999999999999999999 is too large"},
		{"func.func @f() {\n  %0 = stablehlo.constant dense<1> : tensor<99999999999x99999999999xf32>\n}", "2:38: error: dense literal of type tensor<99999999999x99999999999xf32> has more than 134217728 elements"},
		{"func.func @f(%a: tensor<f32>) {\n  %0 = stablehlo.negate %a#3 : tensor<f32>\n}", "2:25: error: result number 3 is out of range for %a, which has 1 results"},
		{"func.func @f() {\n  \"stablehlo.foo\"() : () -> () ^\n}", "2:32: error: invalid identifier after '^'"},
		{"func.func @f() {\n  \"x.y\"()[^bb1] : () -> ()\n}", "2:10: error: block successors are not supported"},
		{"@", "1:1: error: expected a symbol name after '@'"},
		{"func.func @f() ~", "1:16: error: unexpected character '~'"},
	}
	for _, c := range cases {
		_, err := Parse("e.mlir", []byte(c.src))
		if err == nil {
			t.Errorf("no error for\n%s\nwant %s", c.src, c.want)
			continue
		}
		var d *ir.Diagnostic
		if !errors.As(err, &d) || d.Source == nil {
			t.Errorf("error %T without source: %v", err, err)
			continue
		}
		if got := strings.SplitN(err.Error(), "\n", 2)[0]; got != "e.mlir:"+c.want {
			t.Errorf("for\n%s\ngot  %s\nwant e.mlir:%s", c.src, got, c.want)
		}
	}
}

// TestDeepNesting checks that nesting is bounded rather than exhausting
// the stack.
func TestDeepNesting(t *testing.T) {
	for _, src := range []string{
		"module attributes {a = " + strings.Repeat("[", 100000) + "} {}",
		"func.func @f() {\n %0 = stablehlo.constant dense<" + strings.Repeat("[", 100000) + "> : tensor<i32>\n}",
		"func.func @f(%a: " + strings.Repeat("tuple<", 100000) + ") {}",
	} {
		_, err := Parse("d.mlir", []byte(src))
		if err == nil || !strings.Contains(err.Error(), "nesting is deeper than 256 levels") {
			t.Errorf("got %v", err)
		}
	}
}
