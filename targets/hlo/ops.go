package hlo

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zmlc/zmlc/ir"
	pb "github.com/zmlc/zmlc/targets/hlo/xlapb"
)

// elementwise maps StableHLO (and CHLO) element-wise ops to their HLO
// opcode (xla/hlo/ir/hlo_opcode.h); operands and result correspond one to
// one.
var elementwise = map[string]string{
	"stablehlo.abs":                    "abs",
	"stablehlo.add":                    "add",
	"stablehlo.and":                    "and",
	"stablehlo.atan2":                  "atan2",
	"stablehlo.bitcast_convert":        "bitcast-convert",
	"stablehlo.cbrt":                   "cbrt",
	"stablehlo.ceil":                   "ceil",
	"stablehlo.complex":                "complex",
	"stablehlo.convert":                "convert",
	"stablehlo.cosine":                 "cosine",
	"stablehlo.count_leading_zeros":    "count-leading-zeros",
	"stablehlo.divide":                 "divide",
	"stablehlo.exponential":            "exponential",
	"stablehlo.exponential_minus_one":  "exponential-minus-one",
	"stablehlo.floor":                  "floor",
	"stablehlo.imag":                   "imag",
	"stablehlo.is_finite":              "is-finite",
	"stablehlo.log":                    "log",
	"stablehlo.log_plus_one":           "log-plus-one",
	"stablehlo.logistic":               "logistic",
	"stablehlo.maximum":                "maximum",
	"stablehlo.minimum":                "minimum",
	"stablehlo.multiply":               "multiply",
	"stablehlo.negate":                 "negate",
	"stablehlo.not":                    "not",
	"stablehlo.or":                     "or",
	"stablehlo.popcnt":                 "popcnt",
	"stablehlo.power":                  "power",
	"stablehlo.real":                   "real",
	"stablehlo.remainder":              "remainder",
	"stablehlo.round_nearest_afz":      "round-nearest-afz",
	"stablehlo.round_nearest_even":     "round-nearest-even",
	"stablehlo.rsqrt":                  "rsqrt",
	"stablehlo.shift_left":             "shift-left",
	"stablehlo.shift_right_arithmetic": "shift-right-arithmetic",
	"stablehlo.shift_right_logical":    "shift-right-logical",
	"stablehlo.sign":                   "sign",
	"stablehlo.sine":                   "sine",
	"stablehlo.sqrt":                   "sqrt",
	"stablehlo.subtract":               "subtract",
	"stablehlo.tan":                    "tan",
	"stablehlo.tanh":                   "tanh",
	"stablehlo.xor":                    "xor",
	"chlo.erf":                         "erf",
	"chlo.tan":                         "tan",
}

// ints returns an integer-list attribute of o (nil when absent).
func ints(o *ir.Op, name string) []int64 {
	v, _ := ir.Int64s(o.Attr(name))
	return v
}

// intAttr returns an integer attribute of o, def when absent.
func intAttr(o *ir.Op, name string, def int64) int64 {
	if v, ok := ir.IntValue(o.Attr(name)); ok {
		return v
	}
	return def
}

// boolAttr returns a boolean attribute of o (false when absent).
func boolAttr(o *ir.Op, name string) bool {
	switch a := o.Attr(name).(type) {
	case ir.BoolAttr:
		return bool(a)
	case ir.UnitAttr:
		return true
	}
	return false
}

// matrix returns an N x k integer attribute (padding, replica_groups).
func matrix(o *ir.Op, name string) [][]int64 {
	switch a := o.Attr(name).(type) {
	case *ir.DenseElementsAttr:
		t := a.Value
		if t.Type.Rank() != 2 || !t.Type.Elem.IsInteger() {
			return nil
		}
		r, k := t.Type.Shape[0], t.Type.Shape[1]
		var rows [][]int64
		for i := int64(0); i < r; i++ {
			rows = append(rows, t.I[i*k:(i+1)*k])
		}
		return rows
	case ir.ArrayAttr:
		var rows [][]int64
		for _, x := range a {
			v, _ := ir.Int64s(x)
			rows = append(rows, v)
		}
		return rows
	}
	return nil
}

// resultShape returns the shape of o's result i.
func resultShape(o *ir.Op, i int) (*pb.ShapeProto, error) {
	s, err := shapeOf(o.Results[i].Type)
	if err != nil {
		return nil, opErr(o, "result %d: %v", i, err)
	}
	return s, nil
}

// resultsShape returns the shape of all of o's results: the single shape,
// or a tuple.
func resultsShape(o *ir.Op) (*pb.ShapeProto, error) {
	if len(o.Results) == 1 {
		return resultShape(o, 0)
	}
	var ss []*pb.ShapeProto
	for i := range o.Results {
		s, err := resultShape(o, i)
		if err != nil {
			return nil, err
		}
		ss = append(ss, s)
	}
	return tupleShape(ss), nil
}

// bind maps o's results to in (a single result) or to get-tuple-elements
// of in.
func (cb *compBuilder) bind(o *ir.Op, in *pb.HloInstructionProto) {
	if len(o.Results) == 1 && in.Shape.ElementType != pb.PrimitiveType_TUPLE {
		cb.vals[o.Results[0]] = in
		return
	}
	if len(o.Results) == 1 && o.Results[0].Tensor() == nil {
		cb.vals[o.Results[0]] = in // a tuple-typed value
		return
	}
	for i, r := range o.Results {
		cb.vals[r] = cb.gte(in, i)
	}
}

// broadcastTo broadcasts a scalar instruction to shape s (select's and
// clamp's scalar operands; HLO wants equal shapes).
func (cb *compBuilder) broadcastTo(in *pb.HloInstructionProto, s *pb.ShapeProto) *pb.HloInstructionProto {
	if len(in.Shape.Dimensions) == len(s.Dimensions) {
		return in
	}
	bs := &pb.ShapeProto{ElementType: in.Shape.ElementType, Dimensions: s.Dimensions, Layout: s.Layout}
	return cb.add("broadcast", bs, in)
}

// op lowers one op.
func (cb *compBuilder) op(o *ir.Op) error {
	ops, err := cb.operands(o)
	if err != nil {
		return err
	}
	if e := o.Results[0].Tensor(); e != nil && e.Elem.IsComplex() && (o.Name == "stablehlo.maximum" || o.Name == "stablehlo.minimum") {
		return cb.complexMinMax(o, ops)
	}
	if code, ok := elementwise[o.Name]; ok {
		s, err := resultShape(o, 0)
		if err != nil {
			return err
		}
		cb.bind(o, cb.add(code, s, ops...))
		return nil
	}
	switch o.Name {
	case "stablehlo.constant":
		d, ok := o.Attr("value").(*ir.DenseElementsAttr)
		if !ok {
			return opErr(o, "value is not a dense elements attribute")
		}
		l, err := literal(d.Value)
		if err != nil {
			return opErr(o, "%v", err)
		}
		in := cb.add("constant", l.Shape)
		in.Literal = l
		cb.bind(o, in)
		return nil
	case "stablehlo.compare":
		s, err := resultShape(o, 0)
		if err != nil {
			return err
		}
		in := cb.add("compare", s, ops...)
		in.ComparisonDirection = ir.EnumValue(o.Attr("comparison_direction"))
		if t := ir.EnumValue(o.Attr("compare_type")); t != "" && t != "NOTYPE" {
			in.ComparisonType = t
		}
		cb.bind(o, in)
		return nil
	case "stablehlo.select":
		s, err := resultShape(o, 0)
		if err != nil {
			return err
		}
		cb.bind(o, cb.add("select", s, cb.broadcastTo(ops[0], s), ops[1], ops[2]))
		return nil
	case "stablehlo.clamp":
		s, err := resultShape(o, 0)
		if err != nil {
			return err
		}
		cb.bind(o, cb.add("clamp", s, cb.broadcastTo(ops[0], s), ops[1], cb.broadcastTo(ops[2], s)))
		return nil
	}
	return cb.structural(o, ops)
}

// complexMinMax lowers maximum and minimum of complex numbers in the
// spec's lexicographic order (real part, then imaginary part; spec:
// maximum, minimum), which XLA's own complex maximum does not follow:
// select(a.re > b.re or a.re == b.re and a.im >= b.im, a, b) for maximum,
// with < and <= for minimum.
func (cb *compBuilder) complexMinMax(o *ir.Op, ops []*pb.HloInstructionProto) error {
	s, err := resultShape(o, 0)
	if err != nil {
		return err
	}
	part := map[pb.PrimitiveType]pb.PrimitiveType{pb.PrimitiveType_C64: pb.PrimitiveType_F32, pb.PrimitiveType_C128: pb.PrimitiveType_F64}[s.ElementType]
	ps := &pb.ShapeProto{ElementType: part, Dimensions: s.Dimensions, Layout: s.Layout}
	bs := &pb.ShapeProto{ElementType: pb.PrimitiveType_PRED, Dimensions: s.Dimensions, Layout: s.Layout}
	cmp := func(dir string, x, y *pb.HloInstructionProto) *pb.HloInstructionProto {
		in := cb.add("compare", bs, x, y)
		in.ComparisonDirection = dir
		return in
	}
	ra, rb := cb.add("real", ps, ops[0]), cb.add("real", ps, ops[1])
	ia, ib := cb.add("imag", ps, ops[0]), cb.add("imag", ps, ops[1])
	strict, weak := "GT", "GE"
	if o.Name == "stablehlo.minimum" {
		strict, weak = "LT", "LE"
	}
	tie := cb.add("and", bs, cmp("EQ", ra, rb), cmp(weak, ia, ib))
	pick := cb.add("or", bs, cmp(strict, ra, rb), tie)
	cb.bind(o, cb.add("select", s, pick, ops[0], ops[1]))
	return nil
}

// structural lowers the ops that are not element-wise.
func (cb *compBuilder) structural(o *ir.Op, ops []*pb.HloInstructionProto) error {
	s, err := resultsShape(o)
	if err != nil {
		return err
	}
	simple := func(code string, dims []int64) {
		in := cb.add(code, s, ops...)
		in.Dimensions = dims
		cb.bind(o, in)
	}
	switch o.Name {
	case "stablehlo.iota":
		simple("iota", []int64{intAttr(o, "iota_dimension", 0)})
	case "stablehlo.reshape":
		simple("reshape", nil)
	case "stablehlo.transpose":
		simple("transpose", ints(o, "permutation"))
	case "stablehlo.reverse":
		simple("reverse", ints(o, "dimensions"))
	case "stablehlo.concatenate":
		simple("concatenate", []int64{intAttr(o, "dimension", 0)})
	case "stablehlo.get_dimension_size":
		simple("get-dimension-size", []int64{intAttr(o, "dimension", 0)})
	case "stablehlo.replica_id":
		simple("replica-id", nil)
	case "stablehlo.partition_id":
		simple("partition-id", nil)
	case "stablehlo.tuple":
		simple("tuple", nil)
	case "stablehlo.get_tuple_element":
		in := cb.add("get-tuple-element", s, ops...)
		in.TupleIndex = intAttr(o, "index", 0)
		cb.bind(o, in)
	case "stablehlo.broadcast":
		n := int64(len(ints(o, "broadcast_sizes")))
		var dims []int64
		for i := range ops[0].Shape.Dimensions {
			dims = append(dims, n+int64(i))
		}
		simple("broadcast", dims)
	case "stablehlo.broadcast_in_dim":
		return cb.broadcastInDim(o, s, ops[0])
	case "stablehlo.slice":
		in := cb.add("slice", s, ops...)
		start, limit, strides := ints(o, "start_indices"), ints(o, "limit_indices"), ints(o, "strides")
		for i := range start {
			st := int64(1)
			if i < len(strides) {
				st = strides[i]
			}
			in.SliceDimensions = append(in.SliceDimensions, &pb.HloInstructionProto_SliceDimensions{Start: start[i], Limit: limit[i], Stride: st})
		}
		cb.bind(o, in)
	case "stablehlo.dynamic_slice":
		in := cb.add("dynamic-slice", s, ops...)
		in.DynamicSliceSizes = ints(o, "slice_sizes")
		cb.bind(o, in)
	case "stablehlo.dynamic_update_slice":
		simple("dynamic-update-slice", nil)
	case "stablehlo.pad":
		in := cb.add("pad", s, ops...)
		lo, hi, inner := ints(o, "edge_padding_low"), ints(o, "edge_padding_high"), ints(o, "interior_padding")
		in.PaddingConfig = &pb.PaddingConfig{}
		for i := range lo {
			in.PaddingConfig.Dimensions = append(in.PaddingConfig.Dimensions, &pb.PaddingConfig_PaddingConfigDimension{EdgePaddingLow: lo[i], EdgePaddingHigh: hi[i], InteriorPadding: inner[i]})
		}
		cb.bind(o, in)
	case "stablehlo.dot_general", "stablehlo.dot":
		in := cb.add("dot", s, ops...)
		if d, ok := o.Attr("dot_dimension_numbers").(*ir.DotDimensionNumbersAttr); ok {
			in.DotDimensionNumbers = &pb.DotDimensionNumbers{LhsContractingDimensions: d.LhsContractingDimensions, RhsContractingDimensions: d.RhsContractingDimensions,
				LhsBatchDimensions: d.LhsBatchingDimensions, RhsBatchDimensions: d.RhsBatchingDimensions}
		} else {
			in.DotDimensionNumbers = &pb.DotDimensionNumbers{LhsContractingDimensions: []int64{int64(len(ops[0].Shape.Dimensions) - 1)}, RhsContractingDimensions: []int64{0}}
		}
		in.PrecisionConfig = precision(o)
		cb.bind(o, in)
	case "stablehlo.convolution":
		return cb.convolution(o, s, ops)
	case "stablehlo.reduce", "stablehlo.reduce_window", "stablehlo.map", "stablehlo.sort", "stablehlo.scatter",
		"stablehlo.select_and_scatter", "stablehlo.all_reduce", "stablehlo.reduce_scatter":
		return cb.withComputation(o, s, ops)
	case "stablehlo.gather":
		in := cb.add("gather", s, ops...)
		if d, ok := o.Attr("dimension_numbers").(*ir.GatherDimensionNumbersAttr); ok {
			in.GatherDimensionNumbers = &pb.GatherDimensionNumbers{OffsetDims: d.OffsetDims, CollapsedSliceDims: d.CollapsedSliceDims, StartIndexMap: d.StartIndexMap,
				IndexVectorDim: d.IndexVectorDim, OperandBatchingDims: d.OperandBatchingDims, StartIndicesBatchingDims: d.StartIndicesBatchingDims}
		}
		in.GatherSliceSizes = ints(o, "slice_sizes")
		in.IndicesAreSorted = boolAttr(o, "indices_are_sorted")
		cb.bind(o, in)
	case "stablehlo.optimization_barrier":
		t := cb.tuple(ops)
		in := cb.add("opt-barrier", t.Shape, t)
		for i, r := range o.Results {
			cb.vals[r] = cb.gte(in, i)
		}
	case "stablehlo.reduce_precision":
		in := cb.add("reduce-precision", s, ops...)
		in.ExponentBits = int32(intAttr(o, "exponent_bits", 0))
		in.MantissaBits = int32(intAttr(o, "mantissa_bits", 0))
		cb.bind(o, in)
	case "stablehlo.rng_bit_generator":
		// XLA generates unsigned integers only; floats are their bits.
		out := s.TupleShapes[1]
		var bitsTo ir.ElementType
		if e := o.Results[1].Tensor().Elem; e.IsFloat() || e.IsSigned() {
			bitsTo = map[int]ir.ElementType{8: ir.UI8, 16: ir.UI16, 32: ir.UI32, 64: ir.UI64}[e.Bits()]
			if bitsTo == ir.Invalid {
				return opErr(o, "XLA's rng-bit-generator has no %d-bit form", e.Bits())
			}
			out = &pb.ShapeProto{ElementType: primitive[bitsTo].t, Dimensions: out.Dimensions, Layout: out.Layout}
		}
		in := cb.add("rng-bit-generator", tupleShape([]*pb.ShapeProto{s.TupleShapes[0], out}), ops...)
		defer func() {
			if bitsTo != ir.Invalid {
				cb.vals[o.Results[1]] = cb.add("bitcast-convert", s.TupleShapes[1], cb.vals[o.Results[1]])
			}
		}()
		switch ir.EnumValue(o.Attr("rng_algorithm")) {
		case "THREE_FRY":
			in.RngAlgorithm = pb.RandomAlgorithm_RNG_THREE_FRY
		case "PHILOX":
			in.RngAlgorithm = pb.RandomAlgorithm_RNG_PHILOX
		}
		cb.bind(o, in)
	case "chlo.top_k":
		in := cb.add("topk", s, ops...)
		in.K = intAttr(o, "k", 1)
		in.Largest = true
		cb.bind(o, in)
	case "stablehlo.all_gather":
		in := cb.add("all-gather", s, ops...)
		in.Dimensions = []int64{intAttr(o, "all_gather_dim", 0)}
		cb.collective(o, in)
		cb.bind(o, in)
	case "stablehlo.all_to_all":
		split, concat := intAttr(o, "split_dimension", 0), intAttr(o, "concat_dimension", 0)
		if split != concat {
			return opErr(o, "split_dimension %d differs from concat_dimension %d; XLA's all-to-all has one dimension", split, concat)
		}
		in := cb.add("all-to-all", s, ops...)
		in.Dimensions = []int64{split}
		cb.collective(o, in)
		cb.bind(o, in)
	case "stablehlo.collective_permute":
		in := cb.add("collective-permute", s, ops...)
		for _, p := range matrix(o, "source_target_pairs") {
			in.SourceTargetPairs = append(in.SourceTargetPairs, &pb.SourceTarget{Source: p[0], Target: p[1]})
		}
		if ch, ok := o.Attr("channel_handle").(*ir.ChannelHandleAttr); ok {
			in.ChannelId = ch.Handle
		}
		cb.bind(o, in)
	case "stablehlo.while":
		return cb.while(o, ops)
	case "stablehlo.if", "stablehlo.case":
		return cb.conditional(o, s, ops)
	case "func.call":
		return cb.call(o, s, ops)
	default:
		return opErr(o, "XLA HLO has no instruction for this op")
	}
	return nil
}

// collective sets replica_groups, channel_id and use_global_device_ids.
func (cb *compBuilder) collective(o *ir.Op, in *pb.HloInstructionProto) {
	for _, g := range matrix(o, "replica_groups") {
		rg := &pb.ReplicaGroup{}
		for _, id := range g {
			if id >= 0 { // -1 pads ragged groups
				rg.ReplicaIds = append(rg.ReplicaIds, id)
			}
		}
		in.ReplicaGroups = append(in.ReplicaGroups, rg)
	}
	if ch, ok := o.Attr("channel_handle").(*ir.ChannelHandleAttr); ok {
		in.ChannelId = ch.Handle
	}
	in.UseGlobalDeviceIds = boolAttr(o, "use_global_device_ids")
}

// precision returns the precision_config of dot_general and convolution.
func precision(o *ir.Op) *pb.PrecisionConfig {
	arr, ok := o.Attr("precision_config").(ir.ArrayAttr)
	if !ok || len(arr) == 0 {
		return nil
	}
	pc := &pb.PrecisionConfig{}
	for _, a := range arr {
		v := pb.PrecisionConfig_DEFAULT
		switch ir.EnumValue(a) {
		case "HIGH":
			v = pb.PrecisionConfig_HIGH
		case "HIGHEST":
			v = pb.PrecisionConfig_HIGHEST
		}
		pc.OperandPrecision = append(pc.OperandPrecision, v)
	}
	return pc
}

// broadcastInDim lowers broadcast_in_dim. StableHLO lets an operand
// dimension of size 1 stretch to any size; HLO's broadcast does not, so
// such dimensions are reshaped away first.
func (cb *compBuilder) broadcastInDim(o *ir.Op, s *pb.ShapeProto, x *pb.HloInstructionProto) error {
	dims := ints(o, "broadcast_dimensions")
	var keep, keepDims []int64
	for i, d := range dims {
		if x.Shape.Dimensions[i] == 1 && s.Dimensions[d] != 1 {
			continue
		}
		keep = append(keep, x.Shape.Dimensions[i])
		keepDims = append(keepDims, d)
	}
	if len(keep) != len(dims) {
		t := &ir.TensorType{Shape: keep, Elem: o.Operands[0].Tensor().Elem}
		rs, err := arrayShape(t)
		if err != nil {
			return opErr(o, "%v", err)
		}
		x = cb.add("reshape", rs, x)
	}
	in := cb.add("broadcast", s, x)
	in.Dimensions = keepDims
	if in.Dimensions == nil {
		in.Dimensions = []int64{}
	}
	cb.bind(o, in)
	return nil
}

// window builds an HLO Window from StableHLO's per-dimension lists (any
// may be nil: stride 1, no padding, dilation 1, no reversal).
func window(size, strides []int64, pad [][]int64, base, win []int64, rev []bool) *pb.Window {
	w := &pb.Window{}
	for i, n := range size {
		d := &pb.WindowDimension{Size: n, Stride: 1, WindowDilation: 1, BaseDilation: 1}
		if i < len(strides) {
			d.Stride = strides[i]
		}
		if i < len(pad) {
			d.PaddingLow, d.PaddingHigh = pad[i][0], pad[i][1]
		}
		if i < len(base) {
			d.BaseDilation = base[i]
		}
		if i < len(win) {
			d.WindowDilation = win[i]
		}
		if i < len(rev) {
			d.WindowReversal = rev[i]
		}
		w.Dimensions = append(w.Dimensions, d)
	}
	return w
}

// convolution lowers stablehlo.convolution.
func (cb *compBuilder) convolution(o *ir.Op, s *pb.ShapeProto, ops []*pb.HloInstructionProto) error {
	d, ok := o.Attr("dimension_numbers").(*ir.ConvDimensionNumbersAttr)
	if !ok {
		return opErr(o, "dimension_numbers missing")
	}
	in := cb.add("convolution", s, ops...)
	in.ConvolutionDimensionNumbers = &pb.ConvolutionDimensionNumbers{
		InputBatchDimension: d.InputBatchDimension, InputFeatureDimension: d.InputFeatureDimension, InputSpatialDimensions: d.InputSpatialDimensions,
		KernelInputFeatureDimension: d.KernelInputFeatureDimension, KernelOutputFeatureDimension: d.KernelOutputFeatureDimension, KernelSpatialDimensions: d.KernelSpatialDimensions,
		OutputBatchDimension: d.OutputBatchDimension, OutputFeatureDimension: d.OutputFeatureDimension, OutputSpatialDimensions: d.OutputSpatialDimensions}
	var size []int64
	for _, k := range d.KernelSpatialDimensions {
		size = append(size, ops[1].Shape.Dimensions[k])
	}
	rev, _ := ir.Bools(o.Attr("window_reversal"))
	in.Window = window(size, ints(o, "window_strides"), matrix(o, "padding"), ints(o, "lhs_dilation"), ints(o, "rhs_dilation"), rev)
	in.FeatureGroupCount = intAttr(o, "feature_group_count", 1)
	in.BatchGroupCount = intAttr(o, "batch_group_count", 1)
	in.PrecisionConfig = precision(o)
	cb.bind(o, in)
	return nil
}

// withComputation lowers the ops whose region becomes a called
// computation of scalars.
func (cb *compBuilder) withComputation(o *ir.Op, s *pb.ShapeProto, ops []*pb.HloInstructionProto) error {
	base := strings.TrimPrefix(o.Name, "stablehlo.")
	var comps []*pb.HloComputationProto
	for i, r := range o.Regions {
		c, err := cb.scalarRegion(o, r, fmt.Sprintf("%s_region%d", base, i))
		if err != nil {
			return err
		}
		comps = append(comps, c)
	}
	code := strings.ReplaceAll(base, "_", "-")
	pad, baseDil := matrix(o, "padding"), ints(o, "base_dilations")
	if o.Name == "stablehlo.reduce_window" && slices.ContainsFunc(baseDil, func(b int64) bool { return b > 1 }) {
		// The spec pads the inputs with the init values, also between
		// base-dilated elements (spec: reduce_window, padded_inputs);
		// HLO's reduce-window skips those holes instead. So pad first.
		ops = slices.Clone(ops)
		n := len(ops) / 2
		for i := 0; i < n; i++ {
			ops[i] = cb.padInit(ops[i], ops[n+i], pad, baseDil)
		}
		pad, baseDil = nil, nil
	}
	in := cb.add(code, s, ops...)
	for _, c := range comps {
		in.CalledComputationIds = append(in.CalledComputationIds, c.Id)
	}
	switch o.Name {
	case "stablehlo.reduce", "stablehlo.map":
		in.Dimensions = ints(o, "dimensions")
		if in.Dimensions == nil {
			in.Dimensions = []int64{}
		}
	case "stablehlo.reduce_window":
		in.Window = window(ints(o, "window_dimensions"), ints(o, "window_strides"), pad, baseDil, ints(o, "window_dilations"), nil)
	case "stablehlo.select_and_scatter":
		in.Window = window(ints(o, "window_dimensions"), ints(o, "window_strides"), matrix(o, "padding"), nil, nil, nil)
	case "stablehlo.sort":
		dim := intAttr(o, "dimension", -1)
		if dim < 0 {
			dim += int64(len(ops[0].Shape.Dimensions))
		}
		in.Dimensions = []int64{dim}
		in.IsStable = boolAttr(o, "is_stable")
	case "stablehlo.scatter":
		if d, ok := o.Attr("scatter_dimension_numbers").(*ir.ScatterDimensionNumbersAttr); ok {
			in.ScatterDimensionNumbers = &pb.ScatterDimensionNumbers{UpdateWindowDims: d.UpdateWindowDims, InsertedWindowDims: d.InsertedWindowDims,
				ScatterDimsToOperandDims: d.ScatterDimsToOperandDims, IndexVectorDim: d.IndexVectorDim, InputBatchingDims: d.InputBatchingDims,
				ScatterIndicesBatchingDims: d.ScatterIndicesBatchingDims}
		}
		in.IndicesAreSorted = boolAttr(o, "indices_are_sorted")
		in.UniqueIndices = boolAttr(o, "unique_indices")
	case "stablehlo.all_reduce":
		cb.collective(o, in)
	case "stablehlo.reduce_scatter":
		in.Dimensions = []int64{intAttr(o, "scatter_dimension", 0)}
		cb.collective(o, in)
	}
	cb.bind(o, in)
	return nil
}

// padInit pads x with the scalar v: pad[d] at the edges of dimension d
// and dil[d]-1 elements between neighbours.
func (cb *compBuilder) padInit(x, v *pb.HloInstructionProto, pad [][]int64, dil []int64) *pb.HloInstructionProto {
	s := &pb.ShapeProto{ElementType: x.Shape.ElementType, Layout: x.Shape.Layout}
	pc := &pb.PaddingConfig{}
	for d, n := range x.Shape.Dimensions {
		pd := &pb.PaddingConfig_PaddingConfigDimension{}
		if d < len(pad) {
			pd.EdgePaddingLow, pd.EdgePaddingHigh = pad[d][0], pad[d][1]
		}
		if d < len(dil) && dil[d] > 1 {
			pd.InteriorPadding = dil[d] - 1
		}
		size := pd.EdgePaddingLow + pd.EdgePaddingHigh + n
		if n > 0 {
			size += (n - 1) * pd.InteriorPadding
		}
		s.Dimensions = append(s.Dimensions, size)
		pc.Dimensions = append(pc.Dimensions, pd)
	}
	in := cb.add("pad", s, x, v)
	in.PaddingConfig = pc
	return in
}

// while lowers stablehlo.while: one tuple carries the loop values and the
// values the regions capture.
func (cb *compBuilder) while(o *ir.Op, ops []*pb.HloInstructionProto) error {
	captures := freeValues(o.Regions)
	var shapes []*pb.ShapeProto
	for _, x := range ops {
		shapes = append(shapes, x.Shape)
	}
	for _, v := range captures {
		x, ok := cb.vals[v]
		if !ok {
			return opErr(o, "a captured value is not defined in this computation")
		}
		ops = append(ops, x)
	}
	cond, err := cb.threadedRegion(o, o.Regions[0], "while_cond", shapes, captures, false, false)
	if err != nil {
		return err
	}
	body, err := cb.threadedRegion(o, o.Regions[1], "while_body", shapes, captures, true, false)
	if err != nil {
		return err
	}
	t := cb.tuple(ops)
	in := cb.add("while", t.Shape, t)
	in.CalledComputationIds = []int64{body.Id, cond.Id} // HLO's order: body, condition
	for i, r := range o.Results {
		cb.vals[r] = cb.gte(in, i)
	}
	return nil
}

// conditional lowers stablehlo.if (pred, true then false branch) and
// stablehlo.case (i32 index; out-of-range runs the last branch, as in
// both StableHLO and HLO). Each branch takes a tuple of the values it
// captures and returns a tuple of its results.
func (cb *compBuilder) conditional(o *ir.Op, s *pb.ShapeProto, ops []*pb.HloInstructionProto) error {
	var args []*pb.HloInstructionProto
	var comps []*pb.HloComputationProto
	for i, r := range o.Regions {
		captures := freeValues([]*ir.Region{r})
		var elems []*pb.HloInstructionProto
		for _, v := range captures {
			x, ok := cb.vals[v]
			if !ok {
				return opErr(o, "a captured value is not defined in this computation")
			}
			elems = append(elems, x)
		}
		c, err := cb.threadedRegion(o, r, fmt.Sprintf("branch%d", i), nil, captures, false, true)
		if err != nil {
			return err
		}
		args = append(args, cb.tuple(elems))
		comps = append(comps, c)
	}
	shape := s
	if shape.ElementType != pb.PrimitiveType_TUPLE || len(o.Results) == 1 {
		shape = tupleShape([]*pb.ShapeProto{s})
	}
	in := cb.add("conditional", shape, append([]*pb.HloInstructionProto{ops[0]}, args...)...)
	for _, c := range comps {
		in.CalledComputationIds = append(in.CalledComputationIds, c.Id)
	}
	for i, r := range o.Results {
		cb.vals[r] = cb.gte(in, i)
	}
	return nil
}

// call lowers func.call to an HLO call of the callee's computation
// (lowered once per module).
func (cb *compBuilder) call(o *ir.Op, s *pb.ShapeProto, ops []*pb.HloInstructionProto) error {
	ref, ok := o.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return opErr(o, "callee missing")
	}
	f := cb.mb.m.Func(ref.Name)
	if f == nil || f.Body == nil {
		return opErr(o, "callee @%s has no body", ref.Name)
	}
	mb := cb.mb
	c, ok := mb.funcs[f.Name]
	if !ok {
		if mb.active == nil {
			mb.active = map[string]bool{}
		}
		if mb.active[f.Name] {
			return opErr(o, "@%s calls itself; XLA HLO has no recursion", f.Name)
		}
		mb.active[f.Name] = true
		var err error
		if c, err = mb.function(f, f.Name); err != nil {
			return err
		}
		delete(mb.active, f.Name)
		mb.funcs[f.Name] = c
	}
	if len(o.Results) != 1 {
		s = c.ProgramShape.Result
	}
	in := cb.add("call", s, ops...)
	in.CalledComputationIds = []int64{c.Id}
	if len(o.Results) == 1 {
		cb.vals[o.Results[0]] = in
		return nil
	}
	for i, r := range o.Results {
		cb.vals[r] = cb.gte(in, i)
	}
	return nil
}
