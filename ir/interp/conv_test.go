package interp

import (
	"math/rand"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// nhwc is [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f].
var nhwc = &ir.ConvDimensionNumbersAttr{
	InputBatchDimension: 0, InputFeatureDimension: 3, InputSpatialDimensions: []int64{1, 2},
	KernelInputFeatureDimension: 2, KernelOutputFeatureDimension: 3, KernelSpatialDimensions: []int64{0, 1},
	OutputBatchDimension: 0, OutputFeatureDimension: 3, OutputSpatialDimensions: []int64{1, 2},
}

// nchw is [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1].
var nchw = &ir.ConvDimensionNumbersAttr{
	InputBatchDimension: 0, InputFeatureDimension: 1, InputSpatialDimensions: []int64{2, 3},
	KernelInputFeatureDimension: 1, KernelOutputFeatureDimension: 0, KernelSpatialDimensions: []int64{2, 3},
	OutputBatchDimension: 0, OutputFeatureDimension: 1, OutputSpatialDimensions: []int64{2, 3},
}

// nwc is the 1-D [b, 0, f]x[0, i, o]->[b, 0, f].
var nwc = &ir.ConvDimensionNumbersAttr{
	InputBatchDimension: 0, InputFeatureDimension: 2, InputSpatialDimensions: []int64{1},
	KernelInputFeatureDimension: 1, KernelOutputFeatureDimension: 2, KernelSpatialDimensions: []int64{0},
	OutputBatchDimension: 0, OutputFeatureDimension: 2, OutputSpatialDimensions: []int64{1},
}

func convOp(lhs, rhs *ir.Tensor, rt *ir.TensorType, dn *ir.ConvDimensionNumbersAttr, attrs ir.Attrs) *ir.Op {
	attrs = append(ir.Attrs{{Name: "dimension_numbers", Value: dn}}, attrs...)
	return tbOp("stablehlo.convolution", []*ir.Tensor{lhs, rhs}, []ir.Type{rt}, attrs)
}

// The spec's example: lhs_dilation 2, strides 4, a 3x3 kernel of ones.
func TestConvolutionSpecExample(t *testing.T) {
	lhs := tbI(ir.I64, []int64{1, 4, 4, 1}, 1, 2, 5, 6, 3, 4, 7, 8, 10, 11, 14, 15, 12, 13, 16, 17)
	rhs := tbI(ir.I64, []int64{3, 3, 1, 1}, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	op := convOp(lhs, rhs, ir.TensorOf(ir.I64, 1, 2, 2, 1), nhwc, ir.Attrs{
		{Name: "window_strides", Value: tbI64s(4, 4)},
		{Name: "padding", Value: tbPadding(0, 0, 0, 0)},
		{Name: "lhs_dilation", Value: tbI64s(2, 2)},
		{Name: "rhs_dilation", Value: tbI64s(1, 1)},
		{Name: "feature_group_count", Value: &ir.IntegerAttr{Value: 1, Type: ir.I64}},
		{Name: "batch_group_count", Value: &ir.IntegerAttr{Value: 1, Type: ir.I64}},
	})
	tbWantI(t, "conv", tbRun(t, op, lhs, rhs)[0], ir.I64, []int64{1, 2, 2, 1}, 10, 26, 46, 62)
}

// A grouped (2 groups), strided (2 along H) and dilated (rhs_dilation 2)
// 2-D convolution, worked by hand.
func TestConvolutionGroupedStridedDilated(t *testing.T) {
	// Input NHWC 1x5x3x2: channel 0 is x0[h][w] = 3h+w, channel 1 is -x0.
	var vals []float64
	for h := 0; h < 5; h++ {
		for w := 0; w < 3; w++ {
			vals = append(vals, float64(3*h+w), -float64(3*h+w))
		}
	}
	lhs := tbF(ir.F32, []int64{1, 5, 3, 2}, vals...)
	// Kernel HWIO 2x2x1x2: output 0 (group 0) is [[1 2] [3 4]], output 1
	// (group 1) is [[1 0] [0 1]].
	rhs := tbF(ir.F32, []int64{2, 2, 1, 2}, 1, 1, 2, 0, 3, 0, 4, 1)
	op := convOp(lhs, rhs, ir.TensorOf(ir.F32, 1, 2, 1, 2), nhwc, ir.Attrs{
		{Name: "window_strides", Value: tbI64s(2, 1)},
		{Name: "rhs_dilation", Value: tbI64s(2, 2)},
		{Name: "feature_group_count", Value: &ir.IntegerAttr{Value: 2, Type: ir.I64}},
	})
	// The dilated window is 3x3: rows 2p and 2p+2, columns 0 and 2.
	// o=0, p=0: 1·x0[0][0] + 2·x0[0][2] + 3·x0[2][0] + 4·x0[2][2] = 0+4+18+32 = 54
	// o=0, p=1: 1·6 + 2·8 + 3·12 + 4·14 = 114
	// o=1, p=0: x1[0][0] + x1[2][2] = 0 - 8 = -8
	// o=1, p=1: x1[2][0] + x1[4][2] = -6 - 14 = -20
	tbWantF(t, "conv", tbRun(t, op, lhs, rhs)[0], ir.F32, []int64{1, 2, 1, 2}, 54, -8, 114, -20)
}

// lhs_dilation with negative high padding, with and without window reversal.
func TestConvolutionPaddingDilationReversal(t *testing.T) {
	lhs := tbF(ir.F64, []int64{1, 3, 1}, 1, 2, 3)
	rhs := tbF(ir.F64, []int64{2, 1, 1}, 1, 10)
	attrs := ir.Attrs{
		{Name: "padding", Value: tbPadding(1, -1)},
		{Name: "lhs_dilation", Value: tbI64s(2)},
	}
	// dilated [1 _ 2 _ 3], padded low 1 and cropped high 1: [0 1 0 2 0].
	op := convOp(lhs, rhs, ir.TensorOf(ir.F64, 1, 4, 1), nwc, attrs)
	tbWantF(t, "conv", tbRun(t, op, lhs, rhs)[0], ir.F64, []int64{1, 4, 1}, 10, 1, 20, 2)
	rev := append(attrs, ir.NamedAttr{Name: "window_reversal", Value: &ir.DenseArrayAttr{Elem: ir.I1, Ints: []int64{1}}})
	op = convOp(lhs, rhs, ir.TensorOf(ir.F64, 1, 4, 1), nwc, rev)
	tbWantF(t, "reversed", tbRun(t, op, lhs, rhs)[0], ir.F64, []int64{1, 4, 1}, 1, 10, 2, 20)
}

// batch_group_count 2: lhs batch 0 goes with output feature 0, batch 1
// with feature 1.
func TestConvolutionBatchGroups(t *testing.T) {
	lhs := tbF(ir.F32, []int64{2, 3, 1}, 1, 2, 3, 4, 5, 6)
	rhs := tbF(ir.F32, []int64{2, 1, 2}, 1, 1, 1, -1) // o=0: [1 1], o=1: [1 -1]
	op := convOp(lhs, rhs, ir.TensorOf(ir.F32, 1, 2, 2), nwc, ir.Attrs{
		{Name: "batch_group_count", Value: &ir.IntegerAttr{Value: 2, Type: ir.I64}},
	})
	// o=0 on [1 2 3]: [3, 5]; o=1 on [4 5 6]: [-1, -1]; layout [b, w, f].
	tbWantF(t, "conv", tbRun(t, op, lhs, rhs)[0], ir.F32, []int64{1, 2, 2}, 3, -1, 5, -1)
}

// The same convolution in NHWC/HWIO and NCHW/OIHW layouts gives the same
// numbers.
func TestConvolutionLayouts(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	const n, h, w, c, o, kh, kw, groups = 2, 7, 6, 4, 6, 3, 2, 2
	x := ir.MustTensor(ir.TensorOf(ir.F32, n, h, w, c))
	k := ir.MustTensor(ir.TensorOf(ir.F32, kh, kw, c/groups, o))
	for i := range x.F {
		x.Set(i, float64(rng.Intn(19)-9))
	}
	for i := range k.F {
		k.Set(i, float64(rng.Intn(7)-3))
	}
	attrs := ir.Attrs{
		{Name: "window_strides", Value: tbI64s(2, 1)},
		{Name: "padding", Value: tbPadding(1, 2, -1, 1)},
		{Name: "lhs_dilation", Value: tbI64s(1, 2)},
		{Name: "rhs_dilation", Value: tbI64s(2, 1)},
		{Name: "feature_group_count", Value: &ir.IntegerAttr{Value: groups, Type: ir.I64}},
	}
	// H: padded 1+7+2 = 10, window (3-1)*2+1 = 5, stride 2 -> 3 outputs.
	// W: dilated 11, padded 11, window 2 -> 10 outputs.
	a := tbRun(t, convOp(x, k, ir.TensorOf(ir.F32, n, 3, 10, o), nhwc, attrs), x, k)[0]
	xt := transposeForTest(x, []int{0, 3, 1, 2})
	kt := transposeForTest(k, []int{3, 2, 0, 1})
	b := tbRun(t, convOp(xt, kt, ir.TensorOf(ir.F32, n, o, 3, 10), nchw, attrs), xt, kt)[0]
	bt := transposeForTest(b, []int{0, 2, 3, 1})
	if !a.Equal(bt) {
		t.Fatalf("NHWC and NCHW results differ:\n%v\n%v", a.F, bt.F)
	}
	nonzero := false
	for _, v := range a.F {
		nonzero = nonzero || v != 0
	}
	if !nonzero {
		t.Fatal("result is all zeros")
	}
}

func TestConvolutionErrors(t *testing.T) {
	x := tbIota(ir.F32, 2, 3, 2)
	k := tbIota(ir.F32, 2, 1, 2)
	both := convOp(x, k, ir.TensorOf(ir.F32, 1, 2, 2), nwc, ir.Attrs{
		{Name: "batch_group_count", Value: &ir.IntegerAttr{Value: 2, Type: ir.I64}},
		{Name: "feature_group_count", Value: &ir.IntegerAttr{Value: 2, Type: ir.I64}},
	})
	if _, err := tbRunErr(both, x, k); err == nil {
		t.Fatal("both group counts > 1: no error")
	}
	wrong := convOp(x, k, ir.TensorOf(ir.F32, 2, 3, 2), nwc, nil)
	if _, err := tbRunErr(wrong, x, k); err == nil {
		t.Fatal("wrong result shape: no error")
	}
	bad := convOp(x, k, ir.TensorOf(ir.F32, 2, 2, 2), nwc, ir.Attrs{{Name: "window_strides", Value: tbI64s(0)}})
	if _, err := tbRunErr(bad, x, k); err == nil {
		t.Fatal("zero stride: no error")
	}
}

// transposeForTest returns x transposed by perm (result dim d is x's dim
// perm[d]).
func transposeForTest(x *ir.Tensor, perm []int) *ir.Tensor {
	shape := make([]int64, len(perm))
	for d, p := range perm {
		shape[d] = x.Type.Shape[p]
	}
	y := ir.MustTensor(ir.TensorOf(x.Type.Elem, shape...))
	permuteInto(y.F, x.F, x.Type.Shape, perm)
	return y
}
