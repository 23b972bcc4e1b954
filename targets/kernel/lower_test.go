package kernel

import (
	"flag"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
)

var update = flag.Bool("update", false, "rewrite golden files")

func parse(t *testing.T, src string) *ir.Module {
	t.Helper()
	m, err := asm.Parse("test.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// mustInterpret runs @main of m on in with the interpreter.
func mustInterpret(t *testing.T, m *ir.Module, in ...*ir.Tensor) []*ir.Tensor {
	t.Helper()
	out, err := corpustest.Interpret(m, "main", in...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// mustLower lowers @main of m for tp.
func mustLower(t *testing.T, m *ir.Module, tp TargetParams) *Program {
	t.Helper()
	p, err := Lower(m, "main", tp)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// mustEval evaluates p on in.
func mustEval(t *testing.T, p *Program, in []*ir.Tensor) []*ir.Tensor {
	t.Helper()
	out, err := Eval(p, in)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// randomInputs returns deterministic random tensors for f's arguments:
// floats in [-2, 2), integers in [-8, 8) (unsigned [0, 16)), booleans.
func randomInputs(f *ir.Func, seed int64) []*ir.Tensor {
	r := rand.New(rand.NewSource(seed))
	var xs []*ir.Tensor
	for _, in := range f.Type.Inputs {
		x := ir.MustTensor(in.(*ir.TensorType))
		e := x.Type.Elem
		for i := 0; i < x.Len(); i++ {
			switch {
			case e.IsFloat():
				x.Set(i, r.Float64()*4-2)
			case e == ir.I1:
				x.Set(i, int64(r.Intn(2)))
			case e.IsUnsigned():
				x.Set(i, int64(r.Intn(16)))
			default:
				x.Set(i, int64(r.Intn(16)-8))
			}
		}
		xs = append(xs, x)
	}
	return xs
}

// checkLowering lowers @main of src, runs it on random inputs and compares
// with the interpreter; it returns the program.
func checkLowering(t *testing.T, src string) *Program {
	t.Helper()
	return checkLoweringRef(t, src, src)
}

// checkLoweringRef is checkLowering with the interpreter running ref, an
// equivalent program (src with its fusions inlined).
func checkLoweringRef(t *testing.T, src, ref string) *Program {
	t.Helper()
	m := parse(t, src)
	rm := parse(t, ref)
	if err := ir.Verify(rm); err != nil {
		t.Fatalf("verify: %v", err)
	}
	for seed := int64(1); seed <= 3; seed++ {
		lerr, mismatch := runAgainst(t, m, rm, "main", randomInputs(m.Func("main"), seed))
		if lerr != nil {
			t.Fatalf("lower: %v", lerr)
		}
		if mismatch != "" {
			t.Fatalf("seed %d: %s", seed, mismatch)
		}
	}
	return mustLower(t, m, TargetParams{})
}

func TestLowerElementwiseAndShapes(t *testing.T) {
	cases := map[string]string{
		"add_mul_f32": `func.func @main(%a: tensor<3x5xf32>, %b: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = stablehlo.add %a, %b : tensor<3x5xf32>
  %1 = stablehlo.multiply %0, %a : tensor<3x5xf32>
  %2 = stablehlo.tanh %1 : tensor<3x5xf32>
  return %2 : tensor<3x5xf32>
}`,
		"int_ops": `func.func @main(%a: tensor<7xi32>, %b: tensor<7xi32>) -> (tensor<7xi32>, tensor<7xi32>, tensor<7xi1>) {
  %0 = stablehlo.divide %a, %b : tensor<7xi32>
  %1 = stablehlo.remainder %a, %b : tensor<7xi32>
  %2 = stablehlo.compare LT, %a, %b : (tensor<7xi32>, tensor<7xi32>) -> tensor<7xi1>
  return %0, %1, %2 : tensor<7xi32>, tensor<7xi32>, tensor<7xi1>
}`,
		"broadcast_transpose_reshape": `func.func @main(%a: tensor<3xf32>, %b: tensor<2x3x4xf32>) -> (tensor<4x3xf32>, tensor<3x2x4xf32>, tensor<6x4xf32>) {
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
  %1 = stablehlo.transpose %b, dims = [1, 0, 2] : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %2 = stablehlo.reshape %1 : (tensor<3x2x4xf32>) -> tensor<6x4xf32>
  return %0, %1, %2 : tensor<4x3xf32>, tensor<3x2x4xf32>, tensor<6x4xf32>
}`,
		"slice_pad_concat_reverse": `func.func @main(%a: tensor<5x4xf32>, %p: tensor<f32>) -> (tensor<2x2xf32>, tensor<8x9xf32>, tensor<10x4xf32>, tensor<5x4xf32>) {
  %0 = stablehlo.slice %a [1:5:2, 0:4:3] : (tensor<5x4xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.pad %a, %p, low = [1, -1], high = [2, 0], interior = [0, 1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<8x6xf32>
  %2 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<10x4xf32>
  %3 = stablehlo.reverse %a, dims = [0, 1] : tensor<5x4xf32>
  return %0, %1, %2, %3 : tensor<2x2xf32>, tensor<8x6xf32>, tensor<10x4xf32>, tensor<5x4xf32>
}`,
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			if name == "slice_pad_concat_reverse" {
				src = strings.ReplaceAll(src, "tensor<8x9xf32>", "tensor<8x6xf32>")
			}
			checkLowering(t, src)
		})
	}
}

func TestLowerReductionsAndLinalg(t *testing.T) {
	cases := map[string]string{
		"reduce_sum_rows": `func.func @main(%a: tensor<4x6xf32>) -> tensor<4xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}`,
		"argmax": `func.func @main(%a: tensor<3x5xf32>, %i: tensor<3x5xi32>) -> (tensor<3xf32>, tensor<3xi32>) {
  %mi = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%a init: %mi), (%i init: %z) across dimensions = [1] : (tensor<3x5xf32>, tensor<3x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
   reducer(%x: tensor<f32>, %y: tensor<f32>) (%xi: tensor<i32>, %yi: tensor<i32>) {
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %c, %x, %y : tensor<i1>, tensor<f32>
    %w = stablehlo.select %c, %xi, %yi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %w : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xi32>
}`,
		"dot_tiled_odd": `func.func @main(%a: tensor<7x13xf32>, %b: tensor<13x5xf32>) -> tensor<7x5xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<7x13xf32>, tensor<13x5xf32>) -> tensor<7x5xf32>
  return %0 : tensor<7x5xf32>
}`,
		"dot_batched_transposed": `func.func @main(%a: tensor<2x6x3xf32>, %b: tensor<2x4x6xf32>) -> tensor<2x3x4xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [1] x [2] : (tensor<2x6x3xf32>, tensor<2x4x6xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}`,
		"conv_nchw_pad_stride": `func.func @main(%x: tensor<2x3x7x7xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<2x4x4x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x7x7xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x4x4xf32>
  return %0 : tensor<2x4x4x4xf32>
}`,
		"maxpool": `func.func @main(%x: tensor<1x6x6x2xf32>) -> tensor<1x3x3x2xf32> {
  %mi = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %mi) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>} : (tensor<1x6x6x2xf32>, tensor<f32>) -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}`,
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) { checkLowering(t, src) })
	}
}

// dotBiasRelu is a dense layer as the fusion pass will produce it: one
// zml.fusion whose region holds dot_general, the bias broadcast and add,
// and the relu.
const dotBiasRelu = `func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<4x16xf32> {
  %0 = "zml.fusion"(%x, %w, %b) ({
  ^bb0(%a: tensor<4x8xf32>, %k: tensor<8x16xf32>, %c: tensor<16xf32>):
    %d = stablehlo.dot_general %a, %k, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %bb = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
    %s = stablehlo.add %d, %bb : tensor<4x16xf32>
    %z = stablehlo.constant dense<0.0> : tensor<4x16xf32>
    %r = stablehlo.maximum %s, %z : tensor<4x16xf32>
    stablehlo.return %r : tensor<4x16xf32>
  }) : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<16xf32>) -> tensor<4x16xf32>
  return %0 : tensor<4x16xf32>
}`

// dotBiasReluRef is dotBiasRelu without the fusion, for the interpreter.
const dotBiasReluRef = `func.func @main(%a: tensor<4x8xf32>, %k: tensor<8x16xf32>, %c: tensor<16xf32>) -> tensor<4x16xf32> {
    %d = stablehlo.dot_general %a, %k, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
    %bb = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
    %s = stablehlo.add %d, %bb : tensor<4x16xf32>
    %z = stablehlo.constant dense<0.0> : tensor<4x16xf32>
    %r = stablehlo.maximum %s, %z : tensor<4x16xf32>
    return %r : tensor<4x16xf32>
}`

const convBias = `func.func @main(%x: tensor<1x1x5x5xf32>, %w: tensor<2x1x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x1x5x5xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %0 : tensor<1x2x3x3xf32>
}`

func TestFusionDotBiasRelu(t *testing.T) {
	p := checkLoweringRef(t, dotBiasRelu, dotBiasReluRef)
	if len(p.Kernels) != 1 {
		t.Fatalf("fusion lowered to %d kernels, want 1:\n%s", len(p.Kernels), p)
	}
	golden(t, "testdata/dot_bias_relu.kir", p.String())
}

func TestGoldenConv(t *testing.T) {
	p := checkLowering(t, convBias)
	golden(t, "testdata/conv.kir", p.String())
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs (run with -update to accept):\n%s", path, got)
	}
}
