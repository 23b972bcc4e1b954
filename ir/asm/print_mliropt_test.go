package asm

import (
	"bytes"
	"context"
	"math"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/zmlc/zmlc/ir"
)

// mlirOpt returns the path of mlir-opt-19. Without it the test fails when
// CI=true (the setup script installs it) and is skipped otherwise.
func mlirOpt(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"mlir-opt-19", "/usr/lib/llvm-19/bin/mlir-opt"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("mlir-opt-19 not found (CI=true): install the Debian package mlir-19-tools")
	}
	t.Skip("mlir-opt-19 not found: install mlir-19-tools (apt-get install -y mlir-19-tools) to run this check")
	return ""
}

// runMlirOpt parses text with mlir-opt-19 --allow-unregistered-dialect and
// returns what it prints (generic form) or fails with its diagnostics.
func runMlirOpt(t *testing.T, tool, text string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, tool, "--allow-unregistered-dialect", "--mlir-print-op-generic", "--mlir-print-debuginfo", "--mlir-print-local-scope", "-")
	cmd.Stdin = strings.NewReader(text)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("mlir-opt-19 rejected the generic output: %v\n%s\ninput:\n%s", err, errb.String(), numbered(text))
	}
	return out.String()
}

func numbered(text string) string {
	lines := strings.Split(text, "\n")
	for i := range lines {
		lines[i] = strings.Repeat(" ", 4-len(itoa(int64(i+1)))) + itoa(int64(i+1)) + "  " + lines[i]
	}
	return strings.Join(lines, "\n")
}

var quotedOpName = regexp.MustCompile(`"([a-z_]+\.[a-z_0-9.]+)"\(`)

// opNames returns the sorted multiset of op names of a generic text.
func opNames(text string) []string {
	var names []string
	for _, m := range quotedOpName.FindAllStringSubmatch(text, -1) {
		names = append(names, m[1])
	}
	sort.Strings(names)
	return names
}

// attrZooFunc holds an unregistered op with every kind of attribute the
// core models, edge values included (NaN, infinities, -0.0, hex elements,
// escapes in strings, ui64 beyond int64, f8/bf16/complex elements).
func attrZooFunc() *ir.Func {
	tf := newTestFunc("attr_zoo", types(&ir.TokenType{}, tt(ir.BF16, 2)), nil)
	big := ir.MustTensor(tt(ir.F32, 200))
	for i := range big.F {
		big.F[i] = float64(i) / 4
	}
	cplx := ir.MustTensor(tt(ir.C64, 2))
	cplx.C[0], cplx.C[1] = complex(1, -2), complex(math.Inf(1), math.NaN())
	tf.op("test.attrs", vals(tf.arg(0), tf.arg(1)), nil, attrs(
		"unit", ir.UnitAttr{},
		"bool", ir.BoolAttr(false),
		"int", &ir.IntegerAttr{Value: -5, Type: ir.I8},
		"u64", &ir.IntegerAttr{Value: -1, Type: ir.UI64},
		"i1", &ir.IntegerAttr{Value: 1, Type: ir.I1},
		"f64", &ir.FloatAttr{Value: 0.1, Type: ir.F64},
		"f32nan", &ir.FloatAttr{Value: math.NaN(), Type: ir.F32},
		"f16inf", &ir.FloatAttr{Value: math.Inf(-1), Type: ir.F16},
		"negzero", &ir.FloatAttr{Value: math.Copysign(0, -1), Type: ir.F64},
		"str", ir.StringAttr("a \"quoted\"\\ line\nbreak\x01"),
		"arr", ir.ArrayAttr{i64(1), ir.StringAttr("x"), ir.ArrayAttr{}},
		"darr", &ir.DenseArrayAttr{Elem: ir.F32, Floats: []float64{1.5, math.Inf(1)}},
		"barr", &ir.DenseArrayAttr{Elem: ir.I1, Ints: []int64{1, 0}},
		"dense_bf16", dense(tt(ir.BF16, 3), 1.0, math.NaN(), math.Copysign(0, -1)),
		"dense_f8", dense(tt(ir.F8E4M3FN, 2), 448.0, -2.0),
		"dense_f8e5", dense(tt(ir.F8E5M2, 2), math.Inf(1), 0.5),
		"dense_ui64", dense(tt(ir.UI64, 2), int64(-1), int64(7)),
		"dense_i1", dense(tt(ir.I1, 2, 2), int64(1), int64(0), int64(0), int64(1)),
		"dense_i4", dense(tt(ir.I4, 2), int64(-8), int64(7)),
		"dense_ui2", dense(tt(ir.UI2, 2), int64(3), int64(0)),
		"dense_c64", &ir.DenseElementsAttr{Value: cplx},
		"dense_empty", &ir.DenseElementsAttr{Value: ir.MustTensor(tt(ir.F32, 0, 3))},
		"dense_hex", &ir.DenseElementsAttr{Value: big},
		"type", &ir.TypeAttr{Type: &ir.TupleType{Elems: types(tt(ir.F32, ir.Dynamic), &ir.TokenType{})}},
		"fn", &ir.TypeAttr{Type: &ir.FunctionType{Inputs: types(f32s), Results: types(f32s, i1s)}},
		"sym", &ir.SymbolRefAttr{Name: "a::b"},
		"dict", &ir.DictAttr{Attrs: attrs("z", ir.UnitAttr{}, "a.b", i64(2))},
		"gather", &ir.GatherDimensionNumbersAttr{OffsetDims: []int64{1}, CollapsedSliceDims: []int64{0},
			StartIndexMap: []int64{0}, IndexVectorDim: 1},
		"scatter", &ir.ScatterDimensionNumbersAttr{UpdateWindowDims: []int64{1}, InsertedWindowDims: []int64{0},
			ScatterDimsToOperandDims: []int64{0}, IndexVectorDim: 1},
		"channel", &ir.ChannelHandleAttr{Handle: 1, Type: 2},
		"enum", &ir.EnumAttr{Dialect: "chlo", Kind: "comparison_direction", Value: "NE"},
		"opaque", &ir.OpaqueAttr{Text: `#sdy.sharding<@mesh, [{"data", ?}, {}]>`},
	))
	tf.op("func.return", nil, nil, nil)
	return tf.f
}

// collectivesFunc has the ops without a pretty form that the issue lists
// (gather, scatter, reduce_window, select_and_scatter, all_reduce, ...).
func collectivesFunc() *ir.Func {
	tf := newTestFunc("collectives", types(tt(ir.F32, 8, 4), tt(ir.I32, 2, 1)), nil)
	groups := ir.MustTensor(tt(ir.I64, 1, 2))
	copy(groups.I, []int64{0, 1})
	rg := &ir.DenseElementsAttr{Value: groups}
	addBody := func(op *ir.Op) {
		b := op.AddRegion(f32s, f32s)
		tf.in(b, func() {
			s := tf.v1("stablehlo.add", vals(b.Args[0], b.Args[1]), f32s, nil)
			tf.op("stablehlo.return", vals(s), nil, nil)
		})
	}
	zero := tf.v1("stablehlo.constant", nil, f32s, attrs("value", dense(f32s, 0.0)))
	addBody(tf.op("stablehlo.all_reduce", vals(tf.arg(0)), types(tt(ir.F32, 8, 4)), attrs(
		"replica_groups", rg, "channel_handle", &ir.ChannelHandleAttr{Handle: 1, Type: 1}, "use_global_device_ids", ir.UnitAttr{})))
	tf.op("stablehlo.all_gather", vals(tf.arg(0)), types(tt(ir.F32, 16, 4)), attrs("all_gather_dim", i64(0), "replica_groups", rg))
	addBody(tf.op("stablehlo.reduce_scatter", vals(tf.arg(0)), types(tt(ir.F32, 4, 4)), attrs("scatter_dimension", i64(0), "replica_groups", rg)))
	tf.op("stablehlo.all_to_all", vals(tf.arg(0)), types(tt(ir.F32, 8, 4)), attrs(
		"split_dimension", i64(0), "concat_dimension", i64(0), "split_count", i64(2), "replica_groups", rg))
	tf.op("stablehlo.collective_permute", vals(tf.arg(0)), types(tt(ir.F32, 8, 4)), attrs("source_target_pairs", rg))
	tf.op("stablehlo.gather", vals(tf.arg(0), tf.arg(1)), types(tt(ir.F32, 2, 4)), attrs(
		"dimension_numbers", &ir.GatherDimensionNumbersAttr{OffsetDims: []int64{1}, CollapsedSliceDims: []int64{0},
			StartIndexMap: []int64{0}, IndexVectorDim: 1},
		"slice_sizes", ir.I64Array(1, 4), "indices_are_sorted", ir.BoolAttr(false)))
	addBody(tf.op("stablehlo.scatter", vals(tf.arg(0), tf.arg(1), tf.arg(0)), types(tt(ir.F32, 8, 4)), attrs(
		"scatter_dimension_numbers", &ir.ScatterDimensionNumbersAttr{UpdateWindowDims: []int64{1}, InsertedWindowDims: []int64{0},
			ScatterDimsToOperandDims: []int64{0}, IndexVectorDim: 1})))
	pad := ir.MustTensor(tt(ir.I64, 2, 2))
	addBody(tf.op("stablehlo.reduce_window", vals(tf.arg(0), zero), types(tt(ir.F32, 4, 4)), attrs(
		"window_dimensions", ir.I64Array(2, 1), "window_strides", ir.I64Array(2, 1), "padding", &ir.DenseElementsAttr{Value: pad})))
	sas := tf.op("stablehlo.select_and_scatter", vals(tf.arg(0), tf.arg(0), zero), types(tt(ir.F32, 8, 4)), attrs(
		"window_dimensions", ir.I64Array(1, 1)))
	sel := sas.AddRegion(f32s, f32s)
	tf.in(sel, func() {
		ge := tf.v1("stablehlo.compare", vals(sel.Args[0], sel.Args[1]), i1s, attrs(
			"comparison_direction", enum("comparison_direction", "GE")))
		tf.op("stablehlo.return", vals(ge), nil, nil)
	})
	addBody(sas)
	tf.op("func.return", nil, nil, nil)
	return tf.f
}

// mlirOptModule gathers every function of the printer tests in one module.
func mlirOptModule() *ir.Module {
	m := jaxLikeModule()
	for _, c := range opCases {
		tf := newTestFunc("case_"+strings.ReplaceAll(c.name, " ", "_"), c.in, nil)
		c.build(tf)
		tf.op("func.return", nil, nil, nil)
		m.Funcs = append(m.Funcs, tf.f)
	}
	m.Funcs = append(m.Funcs, argmaxFunc(), loopFunc(), regionOpsFunc(), attrZooFunc(), collectivesFunc(),
		// the callees of the "call" case
		&ir.Func{Name: "pair", Visibility: "private", Type: &ir.FunctionType{Inputs: types(f32s), Results: types(f32s, f32s)}},
		&ir.Func{Name: "no-args", Visibility: "private", Type: &ir.FunctionType{}})
	return m
}

// TestGenericParsesWithMlirOpt pipes the generic form of every test module
// through mlir-opt-19 and checks that it parses (and verifies, for the
// builtin and func ops it knows) and keeps every op.
func TestGenericParsesWithMlirOpt(t *testing.T) {
	tool := mlirOpt(t)
	m := mlirOptModule()
	// Locations of every kind the parser keeps: file positions (with a file
	// name that needs escapes) and verbatim MLIR locations.
	texts := []string{`loc(unknown)`, `loc("jit(f)/sin"("x.py":3:0))`, `loc(fused["a.py":1:2, "b.py":3:4])`,
		`loc(callsite("f"("x.py":3:0) at "x.py":4:9))`}
	n := 0
	m.Walk(func(op *ir.Op) bool {
		n++
		if n%5 == 0 {
			op.Loc = ir.Location{Text: texts[n/5%len(texts)]}
		} else {
			op.Loc = ir.Location{File: "dir/my \"file\".py", Line: n, Col: n % 7}
		}
		return true
	})
	for _, f := range m.Funcs {
		if f != nil {
			f.Loc = ir.Location{File: "f.py", Line: 1, Col: 1}
		}
	}
	for _, opts := range []Options{{Generic: true}, {Generic: true, DebugInfo: true}} {
		text := Print(m, opts)
		out := runMlirOpt(t, tool, text)
		got, want := opNames(out), opNames(text)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("mlir-opt-19 output has ops %v, printed %v", got, want)
		}
		if len(want) < 150 {
			t.Errorf("only %d ops in the test module; expected the full op set", len(want))
		}
		if opts.DebugInfo {
			for _, want := range []string{`loc(callsite("f"("x.py":3:0) at "x.py":4:9))`, `loc("dir/my \22file\22.py":11:4)`,
				`loc(fused["a.py":1:2, "b.py":3:4])`, `loc("f.py":1:1)`} {
				if !strings.Contains(out, want) {
					t.Errorf("mlir-opt-19 output lacks the location %s", want)
				}
			}
		}
	}
}

// TestMlirOptRejectsBrokenText makes sure the check above can fail: a
// generic module with an undefined value must be rejected.
func TestMlirOptRejectsBrokenText(t *testing.T) {
	tool := mlirOpt(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, tool, "--allow-unregistered-dialect", "-")
	cmd.Stdin = strings.NewReader(`"builtin.module"() ({ "x.y"(%9) : (tensor<f32>) -> () }) : () -> ()`)
	if err := cmd.Run(); err == nil {
		t.Fatal("mlir-opt-19 accepted a use of an undefined value")
	}
}
