package hlo

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/zmlc/zmlc/ir"
	pb "github.com/zmlc/zmlc/targets/hlo/xlapb"
)

// Text prints m in XLA's HLO text syntax, the form XLA's HLO parser
// (xla/hlo/parser/hlo_parser.cc) reads and `--emit=hlo` shows:
//
//	HloModule main, entry_computation_layout={(f32[4]{0})->f32[4]{0}}
//
//	ENTRY %main.1 (Arg_0.2: f32[4]) -> f32[4] {
//	  %Arg_0.2 = f32[4]{0} parameter(0)
//	  ROOT %add.3 = f32[4]{0} add(%Arg_0.2, %Arg_0.2)
//	}
//
// It prints every field Convert sets, so text and proto describe the same
// module. It returns an error for a proto it cannot print (an unknown
// operand or computation id).
func Text(m *pb.HloModuleProto) (string, error) {
	var b strings.Builder
	names := map[int64]string{}
	comps := map[int64]string{}
	shapes := map[int64]*pb.ShapeProto{}
	for _, c := range m.Computations {
		comps[c.Id] = c.Name
		for _, in := range c.Instructions {
			names[in.Id] = in.Name
			shapes[in.Id] = in.Shape
		}
	}
	ps := m.HostProgramShape
	var params []string
	for _, p := range ps.GetParameters() {
		params = append(params, shapeText(p, true))
	}
	fmt.Fprintf(&b, "HloModule %s, entry_computation_layout={(%s)->%s}\n", m.Name, strings.Join(params, ", "), shapeText(ps.GetResult(), true))
	for _, c := range m.Computations {
		b.WriteString("\n")
		if c.Id == m.EntryComputationId {
			b.WriteString("ENTRY ")
		}
		var sig []string
		for i, p := range c.ProgramShape.Parameters {
			sig = append(sig, c.ProgramShape.ParameterNames[i]+": "+shapeText(p, false))
		}
		fmt.Fprintf(&b, "%%%s (%s) -> %s {\n", c.Name, strings.Join(sig, ", "), shapeText(c.ProgramShape.Result, false))
		for _, in := range c.Instructions {
			line, err := instrText(in, names, comps, shapes)
			if err != nil {
				return "", fmt.Errorf("hlo text: computation %s: %w", c.Name, err)
			}
			b.WriteString("  ")
			if in.Id == c.RootId {
				b.WriteString("ROOT ")
			}
			b.WriteString(line)
			b.WriteString("\n")
		}
		b.WriteString("}\n")
	}
	return b.String(), nil
}

// shapeText prints a shape: `f32[2,3]{1,0}` (the layout when layout is
// set and the rank is positive), `(f32[], s32[4]{0})`, `token[]`.
func shapeText(s *pb.ShapeProto, layout bool) string {
	switch s.GetElementType() {
	case pb.PrimitiveType_TUPLE:
		var e []string
		for _, t := range s.TupleShapes {
			e = append(e, shapeText(t, layout))
		}
		return "(" + strings.Join(e, ", ") + ")"
	case pb.PrimitiveType_TOKEN:
		return "token[]"
	}
	t := typeNames[s.ElementType] + "[" + joinInts(s.Dimensions, ",") + "]"
	if layout && len(s.Dimensions) > 0 && s.Layout != nil {
		t += "{" + joinInts(s.Layout.MinorToMajor, ",") + "}"
	}
	return t
}

func joinInts(v []int64, sep string) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.FormatInt(x, 10)
	}
	return strings.Join(s, sep)
}

func braces(v []int64) string { return "{" + joinInts(v, ",") + "}" }

// instrText prints one instruction.
func instrText(in *pb.HloInstructionProto, names, comps map[int64]string, shapes map[int64]*pb.ShapeProto) (string, error) {
	var ops []string
	for _, id := range in.OperandIds {
		n, ok := names[id]
		if !ok {
			return "", fmt.Errorf("instruction %s: unknown operand id %d", in.Name, id)
		}
		ops = append(ops, "%"+n)
	}
	var called []string
	for _, id := range in.CalledComputationIds {
		n, ok := comps[id]
		if !ok {
			return "", fmt.Errorf("instruction %s: unknown computation id %d", in.Name, id)
		}
		called = append(called, "%"+n)
	}
	args := strings.Join(ops, ", ")
	var attrs []string
	attr := func(format string, a ...any) { attrs = append(attrs, fmt.Sprintf(format, a...)) }
	switch in.Opcode {
	case "parameter":
		args = strconv.FormatInt(in.ParameterNumber, 10)
	case "constant":
		s, err := literalText(in.Literal)
		if err != nil {
			return "", fmt.Errorf("instruction %s: %w", in.Name, err)
		}
		args = s
	case "get-tuple-element":
		attr("index=%d", in.TupleIndex)
	case "iota":
		attr("iota_dimension=%d", in.Dimensions[0])
	case "broadcast", "transpose", "reverse", "reduce", "map", "concatenate", "sort", "all-gather", "reduce-scatter", "all-to-all", "get-dimension-size":
		attr("dimensions=%s", braces(in.Dimensions))
	case "compare":
		attr("direction=%s", in.ComparisonDirection)
		if in.ComparisonType != "" {
			attr("type=%s", in.ComparisonType)
		}
	case "slice":
		var s []string
		for _, d := range in.SliceDimensions {
			s = append(s, fmt.Sprintf("[%d:%d:%d]", d.Start, d.Limit, d.Stride))
		}
		attr("slice={%s}", strings.Join(s, ", "))
	case "dynamic-slice":
		attr("dynamic_slice_sizes=%s", braces(in.DynamicSliceSizes))
	case "pad":
		var s []string
		for _, d := range in.PaddingConfig.Dimensions {
			s = append(s, fmt.Sprintf("%d_%d_%d", d.EdgePaddingLow, d.EdgePaddingHigh, d.InteriorPadding))
		}
		attr("padding=%s", strings.Join(s, "x"))
	case "dot":
		d := in.DotDimensionNumbers
		if len(d.LhsBatchDimensions) > 0 {
			attr("lhs_batch_dims=%s", braces(d.LhsBatchDimensions))
		}
		attr("lhs_contracting_dims=%s", braces(d.LhsContractingDimensions))
		if len(d.RhsBatchDimensions) > 0 {
			attr("rhs_batch_dims=%s", braces(d.RhsBatchDimensions))
		}
		attr("rhs_contracting_dims=%s", braces(d.RhsContractingDimensions))
	case "convolution":
		attr("window={%s}", windowText(in.Window))
		attr("dim_labels=%s", dimLabels(in.ConvolutionDimensionNumbers))
		if in.FeatureGroupCount > 1 {
			attr("feature_group_count=%d", in.FeatureGroupCount)
		}
		if in.BatchGroupCount > 1 {
			attr("batch_group_count=%d", in.BatchGroupCount)
		}
	case "reduce-window", "select-and-scatter":
		attr("window={%s}", windowText(in.Window))
	case "gather":
		d := in.GatherDimensionNumbers
		attr("offset_dims=%s", braces(d.OffsetDims))
		attr("collapsed_slice_dims=%s", braces(d.CollapsedSliceDims))
		attr("start_index_map=%s", braces(d.StartIndexMap))
		if len(d.OperandBatchingDims) > 0 {
			attr("operand_batching_dims=%s", braces(d.OperandBatchingDims))
			attr("start_indices_batching_dims=%s", braces(d.StartIndicesBatchingDims))
		}
		attr("index_vector_dim=%d", d.IndexVectorDim)
		attr("slice_sizes=%s", braces(in.GatherSliceSizes))
	case "scatter":
		d := in.ScatterDimensionNumbers
		attr("update_window_dims=%s", braces(d.UpdateWindowDims))
		attr("inserted_window_dims=%s", braces(d.InsertedWindowDims))
		attr("scatter_dims_to_operand_dims=%s", braces(d.ScatterDimsToOperandDims))
		if len(d.InputBatchingDims) > 0 {
			attr("input_batching_dims=%s", braces(d.InputBatchingDims))
			attr("scatter_indices_batching_dims=%s", braces(d.ScatterIndicesBatchingDims))
		}
		attr("index_vector_dim=%d", d.IndexVectorDim)
	case "reduce-precision":
		attr("exponent_bits=%d", in.ExponentBits)
		attr("mantissa_bits=%d", in.MantissaBits)
	case "rng-bit-generator":
		attr("algorithm=%s", strings.ToLower(in.RngAlgorithm.String()))
	case "topk":
		attr("k=%d", in.K)
		attr("largest=%t", in.Largest)
	case "collective-permute":
		var s []string
		for _, p := range in.SourceTargetPairs {
			s = append(s, fmt.Sprintf("{%d,%d}", p.Source, p.Target))
		}
		attr("source_target_pairs={%s}", strings.Join(s, ","))
	}
	if in.Opcode == "gather" || in.Opcode == "scatter" {
		if in.IndicesAreSorted {
			attr("indices_are_sorted=true")
		}
		if in.UniqueIndices {
			attr("unique_indices=true")
		}
	}
	if in.IsStable {
		attr("is_stable=true")
	}
	if len(in.ReplicaGroups) > 0 {
		var g []string
		for _, r := range in.ReplicaGroups {
			g = append(g, braces(r.ReplicaIds))
		}
		attr("replica_groups={%s}", strings.Join(g, ","))
	}
	if in.ChannelId > 0 {
		attr("channel_id=%d", in.ChannelId)
	}
	if in.UseGlobalDeviceIds {
		attr("use_global_device_ids=true")
	}
	if pc := in.PrecisionConfig; pc != nil && len(pc.OperandPrecision) > 0 {
		var s []string
		for _, p := range pc.OperandPrecision {
			s = append(s, strings.ToLower(p.String()))
		}
		attr("operand_precision={%s}", strings.Join(s, ","))
	}
	switch in.Opcode {
	case "while":
		attr("condition=%s", called[1])
		attr("body=%s", called[0])
	case "conditional":
		if len(called) == 2 && shapes[in.OperandIds[0]].GetElementType() == pb.PrimitiveType_PRED {
			attr("true_computation=%s", called[0])
			attr("false_computation=%s", called[1])
		} else {
			attr("branch_computations={%s}", strings.Join(called, ", "))
		}
	case "select-and-scatter":
		attr("select=%s", called[0])
		attr("scatter=%s", called[1])
	default:
		if len(called) == 1 {
			attr("to_apply=%s", called[0])
		}
	}
	line := fmt.Sprintf("%%%s = %s %s(%s)", in.Name, shapeText(in.Shape, true), in.Opcode, args)
	if len(attrs) > 0 {
		line += ", " + strings.Join(attrs, ", ")
	}
	return line, nil
}

// windowText prints a Window: `size=3x3 stride=2x2 pad=1_1x0_0
// lhs_dilate=1x1 rhs_dilate=1x1 rhs_reversal=0x0`, leaving out the parts
// that have their default everywhere.
func windowText(w *pb.Window) string {
	var size, stride, pad, lhs, rhs, rev []string
	var anyStride, anyPad, anyLhs, anyRhs, anyRev bool
	for _, d := range w.Dimensions {
		size = append(size, strconv.FormatInt(d.Size, 10))
		stride = append(stride, strconv.FormatInt(d.Stride, 10))
		pad = append(pad, fmt.Sprintf("%d_%d", d.PaddingLow, d.PaddingHigh))
		lhs = append(lhs, strconv.FormatInt(d.BaseDilation, 10))
		rhs = append(rhs, strconv.FormatInt(d.WindowDilation, 10))
		r := "0"
		if d.WindowReversal {
			r = "1"
		}
		rev = append(rev, r)
		anyStride = anyStride || d.Stride != 1
		anyPad = anyPad || d.PaddingLow != 0 || d.PaddingHigh != 0
		anyLhs = anyLhs || d.BaseDilation != 1
		anyRhs = anyRhs || d.WindowDilation != 1
		anyRev = anyRev || d.WindowReversal
	}
	s := "size=" + strings.Join(size, "x")
	if anyStride {
		s += " stride=" + strings.Join(stride, "x")
	}
	if anyPad {
		s += " pad=" + strings.Join(pad, "x")
	}
	if anyLhs {
		s += " lhs_dilate=" + strings.Join(lhs, "x")
	}
	if anyRhs {
		s += " rhs_dilate=" + strings.Join(rhs, "x")
	}
	if anyRev {
		s += " rhs_reversal=" + strings.Join(rev, "x")
	}
	return s
}

// dimLabels prints convolution dimension numbers as HLO's dim_labels
// (`b01f_01io->b01f`): per operand dimension, b/f (batch, feature), i/o
// (kernel input/output feature) or the spatial dimension's number.
func dimLabels(d *pb.ConvolutionDimensionNumbers) string {
	label := func(batch, feat int64, spatial []int64, b, f byte) string {
		s := make([]byte, len(spatial)+2)
		s[batch], s[feat] = b, f
		for i, x := range spatial {
			s[x] = byte('0' + i)
		}
		return string(s)
	}
	return label(d.InputBatchDimension, d.InputFeatureDimension, d.InputSpatialDimensions, 'b', 'f') + "_" +
		label(d.KernelInputFeatureDimension, d.KernelOutputFeatureDimension, d.KernelSpatialDimensions, 'i', 'o') + "->" +
		label(d.OutputBatchDimension, d.OutputFeatureDimension, d.OutputSpatialDimensions, 'b', 'f')
}

// literalText prints a literal: `5`, `{1, 2}`, `{ {1, 2}, {3, 4} }`.
func literalText(l *pb.LiteralProto) (string, error) {
	x, err := tensorOfLiteral(l)
	if err != nil {
		return "", err
	}
	vals := literalValues(x)
	dims := x.Type.Shape
	if len(dims) == 0 {
		return vals[0], nil
	}
	var b strings.Builder
	var rec func(d int, off int64) int64
	rec = func(d int, off int64) int64 {
		b.WriteString("{")
		for i := int64(0); i < dims[d]; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			if d == len(dims)-1 {
				b.WriteString(vals[off])
				off++
			} else {
				off = rec(d+1, off)
			}
		}
		b.WriteString("}")
		return off
	}
	rec(0, 0)
	return b.String(), nil
}

// tensorOfLiteral reads a literal back into a tensor.
func tensorOfLiteral(l *pb.LiteralProto) (*ir.Tensor, error) {
	var elem ir.ElementType
	for e, p := range primitive {
		if p.t == l.Shape.ElementType {
			elem = e
		}
	}
	t := ir.TensorOf(elem, l.Shape.Dimensions...)
	for _, b := range [][]byte{l.S8S, l.U8S, l.S16S, l.U16S, l.F16S, l.Bf16S, l.F8E4M3Fns, l.F8E5M2S} {
		if len(b) > 0 {
			return ir.TensorFromBytes(t, b)
		}
	}
	x, err := ir.NewTensor(t)
	if err != nil {
		return nil, err
	}
	n := len(x.I) + len(x.F) + len(x.C)
	got := 0
	switch {
	case l.Preds != nil:
		got = len(l.Preds)
		for i := range min(n, got) {
			if l.Preds[i] {
				x.I[i] = 1
			}
		}
	case l.S32S != nil:
		got = len(l.S32S)
		for i := range min(n, got) {
			x.I[i] = int64(l.S32S[i])
		}
	case l.S64S != nil:
		got = copy(x.I, l.S64S)
		got = len(l.S64S)
	case l.U32S != nil:
		got = len(l.U32S)
		for i := range min(n, got) {
			x.I[i] = int64(l.U32S[i])
		}
	case l.U64S != nil:
		got = len(l.U64S)
		for i := range min(n, got) {
			x.I[i] = int64(l.U64S[i])
		}
	case l.F32S != nil:
		got = len(l.F32S)
		for i := range min(n, got) {
			x.F[i] = float64(l.F32S[i])
		}
	case l.F64S != nil:
		got = copy(x.F, l.F64S)
		got = len(l.F64S)
	case l.C64S != nil:
		got = len(l.C64S) / 2
		for i := range min(n, got) {
			x.C[i] = complex(float64(l.C64S[2*i]), float64(l.C64S[2*i+1]))
		}
	case l.C128S != nil:
		got = len(l.C128S) / 2
		for i := range min(n, got) {
			x.C[i] = complex(l.C128S[2*i], l.C128S[2*i+1])
		}
	}
	if got != n {
		return nil, fmt.Errorf("literal of shape %s has %d elements, want %d", shapeText(l.Shape, false), got, n)
	}
	return x, nil
}
