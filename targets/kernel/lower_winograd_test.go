package kernel

import (
	"fmt"
	"math"
	"testing"

	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
)

// winoTol is the Winograd form's tolerance against the interpreter: 1e-5
// of the output's largest magnitude (f32). lower_winograd.go bounds the
// error by gamma_(cin+9) * 81 * cin * max|g| max|d| in the worst case;
// with inputs in [-2, 2) and cin <= 16 the outputs' largest magnitude is
// of the order of sqrt(9 cin) * 4 / 3 (a sum of 9 cin products of
// uniform variables) while the rounding errors, of random sign, grow like
// sqrt(cin + 9) * u times the terms (about 81 * 4 / 3): a few 1e-7 of the
// largest output. 1e-5 leaves a margin of more than 10 over the largest
// error these tests observe (logged) while still failing for any wrong
// tile, channel or transform entry (errors of the order of the outputs).
var winoTol = corpustest.Tolerance{F32: 1e-5}

// winoConv returns a module with one convolution (NHWC/HWIO, or
// NCHW/OIHW when nchw) of input n x h x w x cin, 3x3 window, padding
// [[pt, pb], [pl, pr]] and cout features.
func winoConv(n, h, w, cin, cout, pt, pb, pl, pr int64, nchw bool) string {
	oh, ow := h+pt+pb-2, w+pl+pr-2
	in := fmt.Sprintf("%dx%dx%dx%d", n, h, w, cin)
	ker := fmt.Sprintf("3x3x%dx%d", cin, cout)
	out := fmt.Sprintf("%dx%dx%dx%d", n, oh, ow, cout)
	dn := "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]"
	if nchw {
		in = fmt.Sprintf("%dx%dx%dx%d", n, cin, h, w)
		ker = fmt.Sprintf("%dx%dx3x3", cout, cin)
		out = fmt.Sprintf("%dx%dx%dx%d", n, cout, oh, ow)
		dn = "[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]"
	}
	return fmt.Sprintf(`func.func @main(%%x: tensor<%sxf32>, %%w: tensor<%sxf32>) -> tensor<%sxf32> {
  %%0 = stablehlo.convolution(%%x, %%w) dim_numbers = %s, window = {stride = [1, 1], pad = [[%d, %d], [%d, %d]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<%sxf32>, tensor<%sxf32>) -> tensor<%sxf32>
  return %%0 : tensor<%sxf32>
}`, in, ker, out, dn, pt, pb, pl, pr, in, ker, out, out)
}

// winoFused is a CNN layer as -O2 leaves it (NCHW, PyTorch weights): the
// convolution with bias, relu and a flattening reshape in one fusion;
// odd output size 7x5, batch 2, 16 -> 24 features.
const winoFused = `func.func @main(%x: tensor<2x16x9x7xf32>, %w: tensor<24x16x3x3xf32>, %b: tensor<24xf32>) -> tensor<2x840xf32> {
  %0 = "zml.fusion"(%x, %w, %b) ({
  ^bb0(%a: tensor<2x16x9x7xf32>, %k: tensor<24x16x3x3xf32>, %c: tensor<24xf32>):
    %y = stablehlo.convolution(%a, %k) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x9x7xf32>, tensor<24x16x3x3xf32>) -> tensor<2x24x7x5xf32>
    %bb = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<24xf32>) -> tensor<2x24x7x5xf32>
    %s = stablehlo.add %y, %bb : tensor<2x24x7x5xf32>
    %z = stablehlo.constant dense<0.0> : tensor<2x24x7x5xf32>
    %r = stablehlo.maximum %s, %z : tensor<2x24x7x5xf32>
    %f = stablehlo.reshape %r : (tensor<2x24x7x5xf32>) -> tensor<2x840xf32>
    stablehlo.return %f : tensor<2x840xf32>
  }) : (tensor<2x16x9x7xf32>, tensor<24x16x3x3xf32>, tensor<24xf32>) -> tensor<2x840xf32>
  return %0 : tensor<2x840xf32>
}`

// winoFusedT is convFusedNCHW's layer with Winograd's sizes: an
// NHWC/HWIO convolution (SAME padding, odd output height) transposed to
// NCHW in the epilogue, bias, relu and a flattening reshape.
const winoFusedT = `func.func @main(%x: tensor<2x7x8x8xf32>, %w: tensor<3x3x8x16xf32>, %b: tensor<16xf32>) -> tensor<2x896xf32> {
  %0 = "zml.fusion"(%x, %w, %b) ({
  ^bb0(%a: tensor<2x7x8x8xf32>, %k: tensor<3x3x8x16xf32>, %c: tensor<16xf32>):
    %y = stablehlo.convolution(%a, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x7x8x8xf32>, tensor<3x3x8x16xf32>) -> tensor<2x7x8x16xf32>
    %t = stablehlo.transpose %y, dims = [0, 3, 1, 2] : (tensor<2x7x8x16xf32>) -> tensor<2x16x7x8xf32>
    %bb = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<16xf32>) -> tensor<2x16x7x8xf32>
    %s = stablehlo.add %t, %bb : tensor<2x16x7x8xf32>
    %z = stablehlo.constant dense<0.0> : tensor<2x16x7x8xf32>
    %r = stablehlo.maximum %s, %z : tensor<2x16x7x8xf32>
    %f = stablehlo.reshape %r : (tensor<2x16x7x8xf32>) -> tensor<2x896xf32>
    stablehlo.return %f : tensor<2x896xf32>
  }) : (tensor<2x7x8x8xf32>, tensor<3x3x8x16xf32>, tensor<16xf32>) -> tensor<2x896xf32>
  return %0 : tensor<2x896xf32>
}`

// winoCases: odd and even output sizes, SAME and VALID and asymmetric
// padding (wider than the window on one side), batch 1 to 3, NHWC and
// NCHW, feature counts below, at and above a vector or micro-tile, a
// 1x1 output, and two fused layers (NCHW, and NHWC transposed to NCHW).
var winoCases = map[string]string{
	"nhwc_same_odd_b2_8x16":   winoConv(2, 7, 9, 8, 16, 1, 1, 1, 1, false),
	"nchw_valid_b3_16x24":     winoConv(3, 10, 11, 16, 24, 0, 0, 0, 0, true),
	"nhwc_asym_b1_5x13":       winoConv(1, 6, 5, 5, 13, 0, 1, 2, 0, false),
	"nchw_same_even_b1_8x16":  winoConv(1, 8, 8, 8, 16, 1, 1, 1, 1, true),
	"nhwc_1x1out_8x8":         winoConv(2, 3, 3, 8, 8, 0, 0, 0, 0, false),
	"nhwc_wide_pad_3x40":      winoConv(1, 4, 6, 3, 40, 3, 2, 0, 3, false),
	"fused_nchw_bias_relu_b2": winoFused,
	"fused_nhwc_transpose_b2": winoFusedT,
}

// winoParams: the wasm defaults, the cpu's vector width without and with
// its micro-tiles and fma, other micro-tiles and reduction steps.
var winoParams = []TargetParams{
	{},
	{Name: "cpu", VectorWidth: 8},
	{Name: "cpu", VectorWidth: 8, MicroM: 6, MicroN: 16, FMA: true},
	{MicroM: 3, MicroN: 12, ReduceSteps: 3},
	{MicroM: 1, MicroN: 8, ReduceSteps: 1},
}

// TestWinograd lowers each of winoCases with each of winoParams
// (ZMLC_WINOGRAD=on: the cases below WinogradMinFeatures too), checks
// that it takes the Winograd form (four kernels, the last writing the
// result), evaluates it and compares with the interpreter within winoTol.
func TestWinograd(t *testing.T) {
	t.Setenv("ZMLC_WINOGRAD", "on")
	for name, src := range winoCases {
		t.Run(name, func(t *testing.T) {
			m := parse(t, src)
			in := randomInputs(m.Func("main"), 11)
			want := mustInterpret(t, m, in...)
			for _, tp := range winoParams {
				p := mustLower(t, m, tp)
				if kernelsNamed(p, "wino_") != 4 {
					t.Fatalf("%+v: want the 4 Winograd kernels:\n%s", tp, p)
				}
				for _, k := range p.Kernels {
					if err := Verify(k); err != nil {
						t.Fatalf("%+v: %v", tp, err)
					}
				}
				got := mustEval(t, p, in)
				if err := corpustest.Compare(got[0], want[0], winoTol); err != nil {
					t.Fatalf("%+v: against the interpreter: %v", tp, err)
				}
				t.Logf("%s/%d/%dx%d/%d: largest error %.3g of the largest magnitude", tp.Name, tp.VectorWidth, tp.MicroM, tp.MicroN, tp.ReduceSteps, relErr(got[0], want[0]))
			}
		})
	}
}

// relErr returns max|got - want| / max|want|.
func relErr(got, want *ir.Tensor) float64 {
	var e, s float64
	for i := range want.F {
		e = max(e, math.Abs(got.F[i]-want.F[i]))
		s = max(s, math.Abs(want.F[i]))
	}
	return e / s
}

// TestWinogradChoice checks when the form is taken: not below
// WinogradMinFeatures (3 x 13 and 4 x 16 features against 8 x 16)
// unless ZMLC_WINOGRAD=on, never
// with ZMLC_WINOGRAD=off, on GPU targets, for strides, dilations, other
// windows or f64; and that the filter transform, which reads only the
// weights, lands in the prologue.
func TestWinogradChoice(t *testing.T) {
	small := winoConv(1, 6, 6, 3, 13, 1, 1, 1, 1, false)
	below := winoConv(1, 6, 6, 4, 16, 1, 1, 1, 1, false)
	big := winoConv(1, 6, 6, 8, 16, 1, 1, 1, 1, false)
	strided := `func.func @main(%x: tensor<1x9x9x8xf32>, %w: tensor<3x3x8x8xf32>) -> tensor<1x4x4x8xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x9x9x8xf32>, tensor<3x3x8x8xf32>) -> tensor<1x4x4x8xf32>
  return %0 : tensor<1x4x4x8xf32>
}`
	dilated := `func.func @main(%x: tensor<1x9x9x8xf32>, %w: tensor<3x3x8x8xf32>) -> tensor<1x5x5x8xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], rhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x9x9x8xf32>, tensor<3x3x8x8xf32>) -> tensor<1x5x5x8xf32>
  return %0 : tensor<1x5x5x8xf32>
}`
	window2 := `func.func @main(%x: tensor<1x5x5x8xf32>, %w: tensor<2x2x8x8xf32>) -> tensor<1x4x4x8xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x5x8xf32>, tensor<2x2x8x8xf32>) -> tensor<1x4x4x8xf32>
  return %0 : tensor<1x4x4x8xf32>
}`
	f64 := `func.func @main(%x: tensor<1x5x5x8xf64>, %w: tensor<3x3x8x8xf64>) -> tensor<1x3x3x8xf64> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x5x8xf64>, tensor<3x3x8x8xf64>) -> tensor<1x3x3x8xf64>
  return %0 : tensor<1x3x3x8xf64>
}`
	for _, tc := range []struct {
		name, src, env string
		tp             TargetParams
		want           bool
	}{
		{"big", big, "", TargetParams{}, true},
		{"big_cpu", big, "", TargetParams{Name: "cpu", VectorWidth: 8}, true},
		{"big_off", big, "off", TargetParams{}, false},
		{"big_gpu", big, "", TargetParams{GPU: true}, false},
		{"small", small, "", TargetParams{}, false},
		{"below", below, "", TargetParams{}, false},
		{"small_on", small, "on", TargetParams{}, true},
		{"strided_on", strided, "on", TargetParams{}, false},
		{"dilated_on", dilated, "on", TargetParams{}, false},
		{"window2_on", window2, "on", TargetParams{}, false},
		{"f64_on", f64, "on", TargetParams{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("ZMLC_WINOGRAD", tc.env)
			m := parse(t, tc.src)
			p := mustLower(t, m, tc.tp)
			if got := kernelsNamed(p, "wino_") == 4; got != tc.want {
				t.Fatalf("Winograd form %v, want %v:\n%s", got, tc.want, p)
			}
			if !tc.want {
				return
			}
			// The kernel operand as a named weight: the filter transform is
			// the prologue, the other three kernels are not.
			p.Buffers[p.Inputs[1]].Param = "w"
			pro := SplitPrologue(p)
			var names []string
			for _, s := range pro.Steps {
				if s.Kind == Launch {
					names = append(names, p.Kernels[s.Kernel].Name)
				}
			}
			if len(names) != 1 || kernelsNamed(&Program{Kernels: []*Kernel{{Name: names[0]}}}, "wino_filter") != 1 {
				t.Fatalf("prologue launches %v, want the filter transform alone", names)
			}
		})
	}
}
