package asm

import (
	"strconv"

	"github.com/zmlc/zmlc/ir"
)

// Pretty forms of StableHLO's printer (StablehloOps.td assemblyFormat,
// AssemblyFormat.cpp and StablehloOps.cpp custom directives), and the
// attribute each keyword is stored under, so that an op's pretty and
// generic forms give identical ir.Op attributes:
//
//	op                          pretty keyword            attribute (kind)
//	broadcast_in_dim            dims = [..]               broadcast_dimensions (array<i64>)
//	broadcast                   sizes = [..]              broadcast_sizes (array<i64>)
//	transpose                   dims = [..]               permutation (array<i64>)
//	reverse                     dims = [..]               dimensions (array<i64>)
//	dynamic_slice               sizes = [..]              slice_sizes (array<i64>)
//	slice                       [s:l:k, ...]              start_indices, limit_indices, strides (array<i64>)
//	concatenate                 dim = N                   dimension (i64)
//	iota, dynamic_iota          dim = N                   iota_dimension (i64)
//	get/set_dimension_size      dim = N                   dimension (i64)
//	pad                         low, high, interior       edge_padding_low, edge_padding_high, interior_padding (array<i64>)
//	compare                     DIR, ..., TYPE            comparison_direction, compare_type (#stablehlo<comparison_direction ..>, #stablehlo<comparison_type ..>)
//	dot                         precision = [..]          precision_config ([#stablehlo<precision ..>, ...])
//	dot_general                 batching_dims = L x R     dot_dimension_numbers (#stablehlo.dot)
//	                            contracting_dims = L x R  dot_dimension_numbers
//	                            precision = [..]          precision_config
//	                            algorithm = <..>          algorithm (#stablehlo.dot_algorithm, opaque)
//	convolution                 dim_numbers = ..          dimension_numbers (#stablehlo.conv)
//	                            window = {stride = ..     window_strides (array<i64>)
//	                                      pad = [[l, h]]  padding (dense<..> : tensor<Nx2xi64>)
//	                                      lhs_dilate      lhs_dilation (array<i64>)
//	                                      rhs_dilate      rhs_dilation (array<i64>)
//	                                      reverse}        window_reversal (array<i1>)
//	reduce                      across dimensions = [..]  dimensions (array<i64>)
//	rng_bit_generator           algorithm = X             rng_algorithm (#stablehlo<rng_algorithm X>)
//	rng                         distribution = X          rng_distribution (#stablehlo<rng_distribution X>)
//	fft                         type = X, length = [..]   fft_type (#stablehlo<fft_type X>), fft_length (array<i64>)
//	reduce_precision            format = eEmM             exponent_bits, mantissa_bits (i32)
//	cholesky                    lower = B                 lower (bool)
//	einsum, unary_einsum        config = "..."            einsum_config (string)
//	get_tuple_element           %t[N]                     index (i32)
//	custom_call                 @target                   call_target_name (string)
//	constant                    dense<..> : T             value (dense)
//	func.call                   @f                        callee (symbol)
//	chlo.top_k                  k = N, is_stable = B      k (i64), is_stable (bool)
//	check.expect_*_const        %x, dense<..> : T         value (dense)
//	check.expect_*almost_eq*    tolerance = F             tolerance (f64)
//	check.expect_close          max_ulp_difference = N    max_ulp_difference, min_ulp_difference (ui64)
//	check.expect_serialized_eq  probe_id = "p", iter = N  probe_id (string), iteration (ui32)
//
// Other ops (gather, scatter, sort, if, case, map, reduce_window,
// select_and_scatter, the collectives, ...) have no pretty form in
// StableHLO and are read in the generic form.

type kwKind uint8

const (
	kwDims   kwKind = iota // [1, 2] -> array<i64>
	kwDim                  // N -> i64
	kwEnum                 // NAME -> #stablehlo<enum NAME>
	kwBool                 // true/false
	kwString               // "..."
	kwFormat               // e8m10 -> exponent_bits, mantissa_bits
	kwPrec                 // [DEFAULT, HIGH] -> precision_config
)

// kwSpec maps one pretty keyword of an op to its attribute.
type kwSpec struct {
	kw, attr string
	kind     kwKind
	enum     string // enum kind for kwEnum
	required bool
}

// kwOp describes an op whose pretty form is `operands, kw = v, ... attr-dict
// : types`; fn says the type is a function type, else it may also be one
// type shared by all operands and the result.
type kwOp struct {
	kws []kwSpec
	fn  bool
}

var kwOps = map[string]kwOp{
	"stablehlo.broadcast_in_dim":         {[]kwSpec{{"dims", "broadcast_dimensions", kwDims, "", true}}, true},
	"stablehlo.dynamic_broadcast_in_dim": {[]kwSpec{{"dims", "broadcast_dimensions", kwDims, "", true}}, true},
	"stablehlo.broadcast":                {[]kwSpec{{"sizes", "broadcast_sizes", kwDims, "", true}}, true},
	"stablehlo.transpose":                {[]kwSpec{{"dims", "permutation", kwDims, "", true}}, true},
	"stablehlo.reverse":                  {[]kwSpec{{"dims", "dimensions", kwDims, "", true}}, false},
	"stablehlo.dynamic_slice":            {[]kwSpec{{"sizes", "slice_sizes", kwDims, "", true}}, true},
	"stablehlo.concatenate":              {[]kwSpec{{"dim", "dimension", kwDim, "", true}}, true},
	"stablehlo.get_dimension_size":       {[]kwSpec{{"dim", "dimension", kwDim, "", true}}, true},
	"stablehlo.set_dimension_size":       {[]kwSpec{{"dim", "dimension", kwDim, "", true}}, true},
	"stablehlo.dynamic_iota":             {[]kwSpec{{"dim", "iota_dimension", kwDim, "", true}}, true},
	"stablehlo.pad": {[]kwSpec{
		{"low", "edge_padding_low", kwDims, "", true},
		{"high", "edge_padding_high", kwDims, "", true},
		{"interior", "interior_padding", kwDims, "", true}}, true},
	"stablehlo.rng_bit_generator": {[]kwSpec{{"algorithm", "rng_algorithm", kwEnum, "rng_algorithm", true}}, true},
	"stablehlo.rng":               {[]kwSpec{{"distribution", "rng_distribution", kwEnum, "rng_distribution", true}}, true},
	"stablehlo.fft": {[]kwSpec{
		{"type", "fft_type", kwEnum, "fft_type", true},
		{"length", "fft_length", kwDims, "", true}}, true},
	"stablehlo.reduce_precision": {[]kwSpec{{"format", "", kwFormat, "", true}}, false},
	"stablehlo.cholesky":         {[]kwSpec{{"lower", "lower", kwBool, "", false}}, false},
	"stablehlo.einsum":           {[]kwSpec{{"config", "einsum_config", kwString, "", true}}, true},
	"stablehlo.unary_einsum":     {[]kwSpec{{"config", "einsum_config", kwString, "", true}}, true},
	"stablehlo.dot":              {[]kwSpec{{"precision", "precision_config", kwPrec, "", false}}, true},
}

// sameTypeOps have the form `operands attr-dict : T` (all operands and the
// result of type T) or `: (T, ...) -> R`.
var sameTypeOps = map[string]bool{}

func init() {
	for _, n := range []string{
		"abs", "cbrt", "ceil", "convert", "count_leading_zeros", "cosine", "exponential",
		"exponential_minus_one", "floor", "imag", "is_finite", "log", "log_plus_one", "logistic",
		"not", "negate", "popcnt", "real", "round_nearest_afz", "round_nearest_even", "rsqrt",
		"sign", "sine", "sqrt", "tan", "tanh", "add", "and", "atan2", "complex", "divide",
		"maximum", "minimum", "multiply", "or", "power", "remainder", "shift_left",
		"shift_right_arithmetic", "shift_right_logical", "subtract", "xor", "clamp",
		"after_all", "reshape", "bitcast_convert", "dynamic_update_slice", "dynamic_reshape",
		"real_dynamic_slice", "dynamic_pad", "uniform_quantize", "uniform_dequantize",
		"create_token", "partition_id", "replica_id",
	} {
		sameTypeOps["stablehlo."+n] = true
	}
}

// parsePrettyOp reads an op in its pretty form; start is the offset of the
// op's first token.
func (p *parser) parsePrettyOp(start int) *ir.Op {
	name := p.text()
	switch name {
	case "return":
		name = "func.return"
	case "call":
		name = "func.call"
	}
	if spec, ok := kwOps[name]; ok {
		p.next()
		return p.parseKwOp(name, spec, start)
	}
	if sameTypeOps[name] {
		p.next()
		return p.parseSameTypeOp(name, start)
	}
	switch name {
	case "stablehlo.constant":
		return p.parseConstant(start)
	case "stablehlo.iota":
		return p.parseIota(start)
	case "stablehlo.compare":
		return p.parseCompare(start)
	case "stablehlo.select":
		return p.parseSelect(start)
	case "stablehlo.slice":
		return p.parseSlice(start)
	case "stablehlo.dot_general":
		return p.parseDotGeneral(start)
	case "stablehlo.convolution":
		return p.parseConvolution(start)
	case "stablehlo.reduce":
		return p.parseReduce(start)
	case "stablehlo.while":
		return p.parseWhile(start)
	case "stablehlo.tuple":
		return p.parseTuple(start)
	case "stablehlo.get_tuple_element":
		return p.parseGetTupleElement(start)
	case "stablehlo.optimization_barrier":
		return p.parseOptimizationBarrier(start)
	case "stablehlo.custom_call", "func.call":
		return p.parseCall(name, start)
	case "stablehlo.return", "func.return":
		return p.parseReturn(name, start)
	case "chlo.erf", "chlo.erf_inv", "chlo.tan", "chlo.lgamma", "chlo.digamma", "chlo.erfc",
		"chlo.acos", "chlo.acosh", "chlo.asin", "chlo.asinh", "chlo.atan", "chlo.atanh",
		"chlo.cosh", "chlo.sinh", "chlo.bessel_i1e", "chlo.is_inf", "chlo.is_neg_inf", "chlo.is_pos_inf", "chlo.square":
		return p.parseChloUnary(name, start)
	case "chlo.next_after", "chlo.polygamma", "chlo.zeta":
		return p.parseChloBinary(name, start)
	case "chlo.top_k":
		return p.parseTopK(start)
	case "check.expect_eq", "check.expect_almost_eq", "check.expect_eq_const",
		"check.expect_almost_eq_const", "check.expect_close", "check.expect_serialized_eq":
		return p.parseCheck(name, start)
	}
	p.errf("unknown operation '%s' (use the generic form \"%s\"(...) for ops without a known pretty form)", name, name)
	return nil
}

// optAttrDict reads an optional attribute dictionary and appends it to
// attrs, rejecting duplicates.
func (p *parser) optAttrDict(attrs ir.Attrs) ir.Attrs {
	if p.tok.kind != tLBrace {
		return attrs
	}
	pos := p.tok.start
	return p.mergeAttrs(attrs, p.parseAttrDict(), pos)
}

// sameOrFnType reads `: T` (n operands and one result of type T) or `:
// (T, ...) -> R` after the colon.
func (p *parser) sameOrFnType(n int) ([]ir.Type, []ir.Type) {
	pos := p.tok.start
	t := p.parseType()
	if p.err != nil {
		return nil, nil
	}
	if ft, ok := t.(*ir.FunctionType); ok {
		if len(ft.Inputs) != n {
			p.errAt(pos, "%d operands present, but expected %d", n, len(ft.Inputs))
			return nil, nil
		}
		if len(ft.Results) != 1 {
			p.errAt(pos, "expected single output")
			return nil, nil
		}
		return ft.Inputs, ft.Results
	}
	ins := make([]ir.Type, n)
	for i := range ins {
		ins[i] = t
	}
	return ins, []ir.Type{t}
}

// fnType reads `(T, ...) -> R` for n operands after the colon.
func (p *parser) fnType(n int) ([]ir.Type, []ir.Type) {
	pos := p.tok.start
	if p.tok.kind != tLParen {
		p.errf("expected a function type (T, ...) -> R, found %s", p.describe())
		return nil, nil
	}
	ft := p.parseFunctionType()
	if p.err != nil {
		return nil, nil
	}
	if len(ft.Inputs) != n {
		p.errAt(pos, "%d operands present, but expected %d", n, len(ft.Inputs))
		return nil, nil
	}
	return ft.Inputs, ft.Results
}

// build makes the op after checking its operands against their types.
func (p *parser) build(name string, operands []*ir.Value, pos []int, ins, results []ir.Type, attrs ir.Attrs, start int) *ir.Op {
	if p.err != nil || !p.checkOperandTypes(operands, pos, ins) {
		return nil
	}
	return p.finishOp(ir.NewOp(name, operands, results, attrs), start)
}

func (p *parser) parseSameTypeOp(name string, start int) *ir.Op {
	ops, pos := p.parseUseList()
	attrs := p.optAttrDict(nil)
	if !p.expect(tColon) {
		return nil
	}
	tpos := p.tok.start
	ins, res := p.sameOrFnType(len(ops))
	if p.err != nil {
		return nil
	}
	if name == "stablehlo.complex" {
		if _, isFn := p.lastTypeWasFn(ins, res); !isFn {
			tt, ok := res[0].(*ir.TensorType)
			if !ok || !tt.Elem.IsComplex() {
				p.errAt(tpos, "expected tensor with complex element type")
				return nil
			}
			real := tt.WithElem(tt.Elem.ComplexPart())
			real.Encoding = tt.Encoding
			for i := range ins {
				ins[i] = real
			}
		}
	}
	return p.build(name, ops, pos, ins, res, attrs, start)
}

// lastTypeWasFn tells whether sameOrFnType read a function type: then the
// inputs are not all the result type itself.
func (p *parser) lastTypeWasFn(ins, res []ir.Type) (int, bool) {
	for _, t := range ins {
		if t != res[0] {
			return 0, true
		}
	}
	return 0, false
}

// parseKwOp reads `operands, kw = v, ... attr-dict : types`.
func (p *parser) parseKwOp(name string, spec kwOp, start int) *ir.Op {
	ops, pos := p.parseUseList()
	var attrs ir.Attrs
	seen := map[string]bool{}
	for p.err == nil && (p.tok.kind == tComma || len(ops) == 0 && p.tok.kind == tBareID) {
		if p.tok.kind == tComma {
			p.next()
		}
		var s *kwSpec
		for i := range spec.kws {
			if p.is(spec.kws[i].kw) {
				s = &spec.kws[i]
			}
		}
		if s == nil {
			p.errf("unexpected %s in %s", p.describe(), name)
			return nil
		}
		if seen[s.kw] {
			p.errf("'%s' is given twice", s.kw)
			return nil
		}
		seen[s.kw] = true
		p.next()
		if !p.expect(tEqual) {
			return nil
		}
		attrs = p.parseKwValue(s, attrs)
	}
	for _, s := range spec.kws {
		if s.required && !seen[s.kw] && p.err == nil {
			p.errf("expected '%s = ...' in %s", s.kw, name)
			return nil
		}
	}
	if spec.fn {
		return p.finishFnOp(name, ops, pos, attrs, start)
	}
	attrs = p.optAttrDict(attrs)
	if !p.expect(tColon) {
		return nil
	}
	ins, res := p.sameOrFnType(len(ops))
	return p.build(name, ops, pos, ins, res, attrs, start)
}

// finishFnOp reads the rest of an op after its operands and spelled-out
// attributes, `{attrs} : (A, ...) -> R`, and builds it.
func (p *parser) finishFnOp(name string, ops []*ir.Value, pos []int, attrs ir.Attrs, start int) *ir.Op {
	attrs = p.optAttrDict(attrs)
	if !p.expect(tColon) {
		return nil
	}
	ins, res := p.fnType(len(ops))
	return p.build(name, ops, pos, ins, res, attrs, start)
}

// parseKwValue reads the value of keyword s and appends its attribute.
func (p *parser) parseKwValue(s *kwSpec, attrs ir.Attrs) ir.Attrs {
	switch s.kind {
	case kwDims:
		v := p.parseI64List()
		return append(attrs, ir.NamedAttr{Name: s.attr, Value: ir.I64Array(v...)})
	case kwDim:
		v, _ := p.parseInt64()
		return append(attrs, ir.NamedAttr{Name: s.attr, Value: &ir.IntegerAttr{Value: v, Type: ir.I64}})
	case kwEnum:
		if e := p.parseEnumWord(s.enum); e != nil {
			return append(attrs, ir.NamedAttr{Name: s.attr, Value: e})
		}
	case kwBool:
		switch {
		case p.acceptKw("true"):
			return append(attrs, ir.NamedAttr{Name: s.attr, Value: ir.BoolAttr(true)})
		case p.acceptKw("false"):
			return append(attrs, ir.NamedAttr{Name: s.attr, Value: ir.BoolAttr(false)})
		}
		p.errf("expected true or false, found %s", p.describe())
	case kwString:
		if p.tok.kind != tString {
			p.errf("expected a string, found %s", p.describe())
			return nil
		}
		v := unquote(p.text())
		p.next()
		return append(attrs, ir.NamedAttr{Name: s.attr, Value: ir.StringAttr(v)})
	case kwFormat:
		e, m, ok := p.parseExpMant()
		if ok {
			return append(attrs,
				ir.NamedAttr{Name: "exponent_bits", Value: &ir.IntegerAttr{Value: e, Type: ir.I32}},
				ir.NamedAttr{Name: "mantissa_bits", Value: &ir.IntegerAttr{Value: m, Type: ir.I32}})
		}
	case kwPrec:
		if a := p.parsePrecisionList(); a != nil {
			return append(attrs, ir.NamedAttr{Name: s.attr, Value: a})
		}
	}
	return nil
}

// parseEnumWord reads a bare enum value such as `GT` as #stablehlo<kind GT>.
func (p *parser) parseEnumWord(kind string) *ir.EnumAttr {
	if p.tok.kind != tBareID {
		p.errf("expected a %s value, found %s", kind, p.describe())
		return nil
	}
	v := p.text()
	if !p.checkEnum(kind, v) {
		return nil
	}
	p.next()
	return &ir.EnumAttr{Dialect: "stablehlo", Kind: kind, Value: v}
}

// parsePrecisionList reads `[DEFAULT, HIGHEST]`.
func (p *parser) parsePrecisionList() ir.ArrayAttr {
	if !p.expect(tLSquare) {
		return nil
	}
	arr := ir.ArrayAttr{}
	if p.accept(tRSquare) {
		return arr
	}
	for p.err == nil {
		e := p.parseEnumWord("precision")
		if e == nil {
			return nil
		}
		arr = append(arr, e)
		if !p.accept(tComma) {
			break
		}
	}
	if !p.expect(tRSquare) {
		return nil
	}
	return arr
}

// parseExpMant reads `e8m10`.
func (p *parser) parseExpMant() (int64, int64, bool) {
	s := p.text()
	bad := func() (int64, int64, bool) {
		p.errf("expected exponent mantissa in format e#m#, saw %s", p.describe())
		return 0, 0, false
	}
	if p.tok.kind != tBareID || len(s) < 4 || s[0] != 'e' {
		return bad()
	}
	mi := -1
	for i := 1; i < len(s); i++ {
		if s[i] == 'm' {
			mi = i
			break
		}
		if !isDigit(s[i]) {
			return bad()
		}
	}
	if mi < 2 || mi == len(s)-1 {
		return bad()
	}
	e, err1 := strconv.ParseInt(s[1:mi], 10, 32)
	m, err2 := strconv.ParseInt(s[mi+1:], 10, 32)
	if err1 != nil || err2 != nil {
		return bad()
	}
	p.next()
	return e, m, true
}
