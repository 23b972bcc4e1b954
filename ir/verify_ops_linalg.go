package ir

import "fmt"

// Rules of dot_general, dot and convolution (spec: dot_general,
// convolution). Their result element type is not constrained by the spec
// for non-quantized tensors beyond lhs/rhs agreeing (mixed precision such as
// bf16 x bf16 -> f32 is valid); inference proposes the lhs element type and
// verification accepts the op's own.

func init() {
	opRules["stablehlo.dot_general"] = ruleDotGeneral
	opRules["stablehlo.dot"] = ruleDot
	opRules["stablehlo.convolution"] = ruleConvolution
}

// resultElem returns the element type of result 0 when verifying, else def.
func (c *opCtx) resultElem(def ElementType) ElementType {
	if r := c.result(0); r != nil {
		return r.Elem
	}
	return def
}

// precisionConfig checks size(precision_config) = 0 or 2 and its values.
func (c *opCtx) precisionConfig(rule string) error {
	a := c.attrs.Get("precision_config")
	if a == nil {
		return nil
	}
	arr, ok := a.(ArrayAttr)
	if !ok {
		return c.errf("attribute 'precision_config' must be an array of precision enums, got %s", AttrString(a))
	}
	if len(arr) != 0 && len(arr) != 2 {
		return c.errf("requires size(precision_config) = 2 %s, got %d", rule, len(arr))
	}
	for _, p := range arr {
		v := EnumValue(p)
		if s, ok := p.(StringAttr); ok {
			v = string(s)
		}
		if v != "DEFAULT" && v != "HIGH" && v != "HIGHEST" {
			return c.errf("precision_config values must be DEFAULT, HIGH or HIGHEST, got %s", AttrString(p))
		}
	}
	return nil
}

// DotGeneralResultShape returns the result shape of dot_general (spec C12):
// batch dimensions, then lhs free dimensions, then rhs free dimensions. It
// checks constraints (C1)-(C10) and returns an error quoting the violated one.
func DotGeneralResultShape(lhs, rhs []int64, d *DotDimensionNumbersAttr) ([]int64, error) {
	lb, rb, lc, rc := d.LhsBatchingDimensions, d.RhsBatchingDimensions, d.LhsContractingDimensions, d.RhsContractingDimensions
	ln, rn := int64(len(lhs)), int64(len(rhs))
	switch {
	case len(lb) != len(rb):
		return nil, fmt.Errorf("lhs_batching_dimensions and rhs_batching_dimensions must have the same size (C1), got %v and %v", lb, rb)
	case len(lc) != len(rc):
		return nil, fmt.Errorf("lhs_contracting_dimensions and rhs_contracting_dimensions must have the same size (C2), got %v and %v", lc, rc)
	case !isUnique(append(append([]int64{}, lb...), lc...)):
		return nil, fmt.Errorf("lhs_batching_dimensions + lhs_contracting_dimensions must be unique (C3), got %v and %v", lb, lc)
	case !isUnique(append(append([]int64{}, rb...), rc...)):
		return nil, fmt.Errorf("rhs_batching_dimensions + rhs_contracting_dimensions must be unique (C4), got %v and %v", rb, rc)
	case !inRange(lb, 0, ln):
		return nil, fmt.Errorf("lhs_batching_dimensions must be in [0, rank(lhs) = %d) (C5), got %v", ln, lb)
	case !inRange(lc, 0, ln):
		return nil, fmt.Errorf("lhs_contracting_dimensions must be in [0, rank(lhs) = %d) (C6), got %v", ln, lc)
	case !inRange(rb, 0, rn):
		return nil, fmt.Errorf("rhs_batching_dimensions must be in [0, rank(rhs) = %d) (C7), got %v", rn, rb)
	case !inRange(rc, 0, rn):
		return nil, fmt.Errorf("rhs_contracting_dimensions must be in [0, rank(rhs) = %d) (C8), got %v", rn, rc)
	}
	var out []int64
	for i := range lb {
		a, b := lhs[lb[i]], rhs[rb[i]]
		if !dimsCompatible(a, b) {
			return nil, fmt.Errorf("dim(lhs, lhs_batching_dimensions...) must equal dim(rhs, rhs_batching_dimensions...) (C9), got %d (lhs dimension %d) and %d (rhs dimension %d)", a, lb[i], b, rb[i])
		}
		if a < 0 {
			a = b
		}
		out = append(out, a)
	}
	for i := range lc {
		a, b := lhs[lc[i]], rhs[rc[i]]
		if !dimsCompatible(a, b) {
			return nil, fmt.Errorf("dim(lhs, lhs_contracting_dimensions...) must equal dim(rhs, rhs_contracting_dimensions...) (C10), got %d (lhs dimension %d) and %d (rhs dimension %d)", a, lc[i], b, rc[i])
		}
	}
	for i := int64(0); i < ln; i++ {
		if !contains(lb, i) && !contains(lc, i) {
			out = append(out, lhs[i])
		}
	}
	for i := int64(0); i < rn; i++ {
		if !contains(rb, i) && !contains(rc, i) {
			out = append(out, rhs[i])
		}
	}
	return out, nil
}

func ruleDotGeneral(c *opCtx) ([]Type, error) {
	l, r, err := c.lhsRhs()
	if err != nil {
		return nil, err
	}
	a := c.attrs.Get("dot_dimension_numbers")
	if a == nil {
		return nil, c.errf("requires attribute 'dot_dimension_numbers'")
	}
	d, ok := a.(*DotDimensionNumbersAttr)
	if !ok || d == nil {
		return nil, c.errf("attribute 'dot_dimension_numbers' must be #stablehlo.dot<...>, got %s", AttrString(a))
	}
	shape, err := DotGeneralResultShape(l.Shape, r.Shape, d)
	if err != nil {
		return nil, err
	}
	if err := c.precisionConfig("(C11)"); err != nil {
		return nil, err
	}
	if l.Elem != r.Elem {
		return nil, c.errf("requires element_type(lhs) = element_type(rhs) (C13), got '%s' and '%s'", l, r)
	}
	return []Type{TensorOf(c.resultElem(l.Elem), shape...)}, nil
}

func ruleDot(c *opCtx) ([]Type, error) {
	l, r, err := c.lhsRhs()
	if err != nil {
		return nil, err
	}
	if l.Rank() < 1 || l.Rank() > 2 || r.Rank() < 1 || r.Rank() > 2 {
		return nil, c.errf("expects lhs and rhs of rank 1 or 2, got '%s' and '%s'", l, r)
	}
	if !dimsCompatible(l.Shape[l.Rank()-1], r.Shape[0]) {
		return nil, c.errf("expects the last dimension of lhs to equal the first of rhs, got '%s' and '%s'", l, r)
	}
	if l.Elem != r.Elem {
		return nil, c.errf("requires element_type(lhs) = element_type(rhs), got '%s' and '%s'", l, r)
	}
	if err := c.precisionConfig(""); err != nil {
		return nil, err
	}
	var s []int64
	s = append(s, l.Shape[:l.Rank()-1]...)
	s = append(s, r.Shape[1:]...)
	return []Type{TensorOf(c.resultElem(l.Elem), s...)}, nil
}

// windowAttrs reads the window attributes of convolution, reduce_window
// and select_and_scatter: an integer list of size n with positive values
// (or all ones when absent and optional).
func (c *opCtx) windowAttr(name string, n int, required bool, sizeRule, posRule string) ([]int64, error) {
	v, present, err := c.ints(name)
	if err != nil {
		return nil, err
	}
	if !present {
		if required {
			return nil, c.errf("requires attribute '%s'", name)
		}
		v = make([]int64, n)
		for i := range v {
			v[i] = 1
		}
		return v, nil
	}
	if len(v) != n {
		return nil, c.errf("requires size(%s) = %d %s, got %d", name, n, sizeRule, len(v))
	}
	for _, x := range v {
		if x <= 0 {
			return nil, c.errf("requires 0 < %s %s, got %v", name, posRule, v)
		}
	}
	return v, nil
}

// paddingAttr reads `padding` of shape [n, 2] (zeros when absent).
func (c *opCtx) paddingAttr(n int, rule string) ([][]int64, error) {
	rows, shape, present, err := c.matrix("padding")
	if err != nil {
		return nil, err
	}
	if !present {
		rows = make([][]int64, n)
		for i := range rows {
			rows[i] = []int64{0, 0}
		}
		return rows, nil
	}
	if shape[0] != int64(n) || shape[1] != 2 {
		if !(n == 0 && shape[0] == 0) {
			return nil, c.errf("requires shape(padding) = [%d, 2] %s, got [%d, %d]", n, rule, shape[0], shape[1])
		}
	}
	return rows, nil
}

// numWindows is the spec's window count for one dimension: the input size
// is dilated, padded, and windows of the dilated size are placed at stride.
func numWindows(in, inDil, lo, hi, win, winDil, stride int64) int64 {
	if in < 0 || win < 0 {
		return Dynamic
	}
	dilIn := int64(0)
	if in > 0 {
		dilIn = (in-1)*inDil + 1
	}
	padded := lo + dilIn + hi
	dilWin := int64(0)
	if win > 0 {
		dilWin = (win-1)*winDil + 1
	}
	if padded <= 0 || dilWin > padded {
		return 0
	}
	return (padded-dilWin)/stride + 1
}

func ruleConvolution(c *opCtx) ([]Type, error) {
	l, r, err := c.lhsRhs()
	if err != nil {
		return nil, err
	}
	n := l.Rank()
	if n != r.Rank() {
		return nil, c.errf("requires N = rank(lhs) = rank(rhs) (C1), got %d and %d", n, r.Rank())
	}
	if n < 2 {
		return nil, c.errf("expects convolution operands of rank >= 2, got %d", n)
	}
	s := n - 2
	strides, err := c.windowAttr("window_strides", s, false, "(C2)", "(C3)")
	if err != nil {
		return nil, err
	}
	pad, err := c.paddingAttr(s, "(C4)")
	if err != nil {
		return nil, err
	}
	lhsDil, err := c.windowAttr("lhs_dilation", s, false, "(C5)", "(C6)")
	if err != nil {
		return nil, err
	}
	rhsDil, err := c.windowAttr("rhs_dilation", s, false, "(C7)", "(C8)")
	if err != nil {
		return nil, err
	}
	rev, err := c.boolsOr("window_reversal", make([]bool, s))
	if err != nil {
		return nil, err
	}
	if len(rev) != s {
		return nil, c.errf("requires size(window_reversal) = %d (C9), got %d", s, len(rev))
	}
	a := c.attrs.Get("dimension_numbers")
	if a == nil {
		return nil, c.errf("requires attribute 'dimension_numbers'")
	}
	d, ok := a.(*ConvDimensionNumbersAttr)
	if !ok || d == nil {
		return nil, c.errf("attribute 'dimension_numbers' must be #stablehlo.conv<...>, got %s", AttrString(a))
	}
	fgc, err := c.intOr("feature_group_count", 1)
	if err != nil {
		return nil, err
	}
	bgc, err := c.intOr("batch_group_count", 1)
	if err != nil {
		return nil, err
	}
	if fgc <= 0 {
		return nil, c.errf("requires 0 < feature_group_count (C21), got %d", fgc)
	}
	if bgc <= 0 {
		return nil, c.errf("requires 0 < batch_group_count (C22), got %d", bgc)
	}
	if fgc != 1 && bgc != 1 {
		return nil, c.errf("requires feature_group_count = 1 or batch_group_count = 1 (C23), got %d and %d", fgc, bgc)
	}
	N := int64(n)
	if len(d.InputSpatialDimensions) != s {
		return nil, c.errf("requires size(input_spatial_dimensions) = N - 2 = %d (C12), got %d", s, len(d.InputSpatialDimensions))
	}
	in := append(append([]int64{d.InputBatchDimension}, d.InputSpatialDimensions...), d.InputFeatureDimension)
	if !isUnique(in) || !inRange(in, 0, N) {
		return nil, c.errf("requires input dimensions [batch] + spatial + [feature] to be unique and in [0, %d) (C13), got %v", N, in)
	}
	if len(d.KernelSpatialDimensions) != s {
		return nil, c.errf("requires size(kernel_spatial_dimensions) = N - 2 = %d (C17), got %d", s, len(d.KernelSpatialDimensions))
	}
	kn := append(append([]int64{}, d.KernelSpatialDimensions...), d.KernelInputFeatureDimension, d.KernelOutputFeatureDimension)
	if !isUnique(kn) || !inRange(kn, 0, N) {
		return nil, c.errf("requires kernel dimensions spatial + [input_feature] + [output_feature] to be unique and in [0, %d) (C18), got %v", N, kn)
	}
	if len(d.OutputSpatialDimensions) != s {
		return nil, c.errf("requires size(output_spatial_dimensions) = N - 2 = %d (C19), got %d", s, len(d.OutputSpatialDimensions))
	}
	on := append(append([]int64{d.OutputBatchDimension}, d.OutputSpatialDimensions...), d.OutputFeatureDimension)
	if !isUnique(on) || !inRange(on, 0, N) {
		return nil, c.errf("requires output dimensions [batch] + spatial + [feature] to be unique and in [0, %d) (C20), got %v", N, on)
	}
	batch := l.Shape[d.InputBatchDimension]
	feat := l.Shape[d.InputFeatureDimension]
	kin := r.Shape[d.KernelInputFeatureDimension]
	kout := r.Shape[d.KernelOutputFeatureDimension]
	if batch >= 0 && batch%bgc != 0 {
		return nil, c.errf("requires dim(lhs, input_batch_dimension) %% batch_group_count = 0 (C10), got %d and %d", batch, bgc)
	}
	if feat >= 0 && feat%fgc != 0 {
		return nil, c.errf("requires dim(lhs, input_feature_dimension) %% feature_group_count = 0 (C11), got %d and %d", feat, fgc)
	}
	if feat >= 0 && kin >= 0 && kin != feat/fgc {
		return nil, c.errf("requires dim(rhs, kernel_input_feature_dimension) = dim(lhs, input_feature_dimension) / feature_group_count (C14), got %d, %d and %d", kin, feat, fgc)
	}
	if kout >= 0 && kout%bgc != 0 {
		return nil, c.errf("requires dim(rhs, kernel_output_feature_dimension) %% batch_group_count = 0 (C15), got %d and %d", kout, bgc)
	}
	if kout >= 0 && kout%fgc != 0 {
		return nil, c.errf("requires dim(rhs, kernel_output_feature_dimension) %% feature_group_count = 0 (C16), got %d and %d", kout, fgc)
	}
	if err := c.precisionConfig("(C24)"); err != nil {
		return nil, err
	}
	if l.Elem != r.Elem {
		return nil, c.errf("requires element_type(lhs) = element_type(rhs) (C27), got '%s' and '%s'", l, r)
	}
	out := make([]int64, n)
	if batch >= 0 {
		out[d.OutputBatchDimension] = batch / bgc
	} else {
		out[d.OutputBatchDimension] = Dynamic
	}
	out[d.OutputFeatureDimension] = kout
	for i := 0; i < s; i++ {
		out[d.OutputSpatialDimensions[i]] = numWindows(l.Shape[d.InputSpatialDimensions[i]], lhsDil[i], pad[i][0], pad[i][1],
			r.Shape[d.KernelSpatialDimensions[i]], rhsDil[i], strides[i])
	}
	return []Type{TensorOf(c.resultElem(l.Elem), out...)}, nil
}
