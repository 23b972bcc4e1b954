package asm

import (
	"math"
	"strconv"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Attributes (ir/attr.go)
//
//	true, false                         ir.BoolAttr (also `1 : i1`)
//	unit                                ir.UnitAttr (and `{name}` in a dictionary)
//	42, -3 : i32, 0x1F : ui8            ir.IntegerAttr (i64 when untyped)
//	1.5, 1.0e-3 : f32, 0x7FC00000 : f32 ir.FloatAttr (f64 when untyped; hex is the bit pattern)
//	"text\0A"                           ir.StringAttr
//	[a, b]                              ir.ArrayAttr
//	array<i64: 1, 2>                    ir.DenseArrayAttr
//	dense<...> : tensor<...>            ir.DenseElementsAttr (parse_dense.go)
//	tensor<4xf32>, (T) -> R, f32        ir.TypeAttr
//	@f, @"name", @a::@b                 ir.SymbolRefAttr
//	{a = 1, b}                          ir.DictAttr
//	#stablehlo<comparison_direction GT> ir.EnumAttr (also #chlo<...>)
//	#stablehlo.dot<...>                 ir.DotDimensionNumbersAttr
//	#stablehlo.conv<raw ...>, #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>
//	                                    ir.ConvDimensionNumbersAttr
//	#stablehlo.gather<...>              ir.GatherDimensionNumbersAttr
//	#stablehlo.scatter<...>             ir.ScatterDimensionNumbersAttr
//	#stablehlo.channel_handle<...>      ir.ChannelHandleAttr
//	#other.dialect<...>                 ir.OpaqueAttr (verbatim, balanced brackets)
//	#alias                              the attribute of `#alias = ...`

// enumValues lists the values of the StableHLO enum attributes zmlc knows;
// `#stablehlo<kind VALUE>` of these kinds must name one of them.
var enumValues = map[string][]string{
	"comparison_direction": {"EQ", "NE", "GE", "GT", "LE", "LT"},
	"comparison_type":      {"NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"},
	"precision":            {"DEFAULT", "HIGH", "HIGHEST"},
	"rng_algorithm":        {"DEFAULT", "THREE_FRY", "PHILOX"},
	"rng_distribution":     {"UNIFORM", "NORMAL"},
	"fft_type":             {"FFT", "IFFT", "RFFT", "IRFFT"},
	"transpose":            {"TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"},
}

// parseAttr reads one attribute value.
func (p *parser) parseAttr() ir.Attribute {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	switch p.tok.kind {
	case tBareID:
		switch p.text() {
		case "true":
			p.next()
			return ir.BoolAttr(true)
		case "false":
			p.next()
			return ir.BoolAttr(false)
		case "unit":
			p.next()
			return ir.UnitAttr{}
		case "dense":
			return p.parseDenseAttr()
		case "array":
			return p.parseDenseArray()
		case "dense_resource", "sparse", "affine_map", "affine_set", "strided", "distinct":
			p.errf("'%s' attributes are not supported", p.text())
			return nil
		}
		t := p.parseType()
		if t == nil {
			return nil
		}
		return &ir.TypeAttr{Type: t}
	case tInt, tFloat, tMinus:
		return p.parseNumberAttr(true)
	case tString:
		s := unquote(p.text())
		p.next()
		return ir.StringAttr(s)
	case tLSquare:
		p.next()
		arr := ir.ArrayAttr{}
		if p.accept(tRSquare) {
			return arr
		}
		for p.err == nil {
			arr = append(arr, p.parseAttr())
			if !p.accept(tComma) {
				break
			}
		}
		p.expect(tRSquare)
		if p.err != nil {
			return nil
		}
		return arr
	case tLBrace:
		return &ir.DictAttr{Attrs: p.parseAttrDict()}
	case tAt:
		name := p.symbolName()
		p.next()
		for p.tok.kind == tDoubleColon && p.err == nil {
			p.next()
			if p.tok.kind != tAt {
				p.errf("expected a symbol after '::', found %s", p.describe())
				return nil
			}
			name += "::@" + p.symbolName()
			p.next()
		}
		return &ir.SymbolRefAttr{Name: name}
	case tHash:
		return p.parseHashAttr()
	case tExcl, tLParen:
		t := p.parseType()
		if t == nil {
			return nil
		}
		return &ir.TypeAttr{Type: t}
	}
	p.errf("expected an attribute value, found %s", p.describe())
	return nil
}

// parseAttrDict reads `{name = value, unitname, "quoted" = value}`.
func (p *parser) parseAttrDict() ir.Attrs {
	if !p.expect(tLBrace) {
		return nil
	}
	attrs := ir.Attrs{}
	if p.accept(tRBrace) {
		return attrs
	}
	seen := map[string]bool{}
	for p.err == nil {
		var name string
		pos := p.tok.start
		switch p.tok.kind {
		case tBareID:
			name = p.text()
		case tString:
			name = unquote(p.text())
		default:
			p.errf("expected an attribute name, found %s", p.describe())
			return nil
		}
		p.next()
		var v ir.Attribute = ir.UnitAttr{}
		if p.accept(tEqual) {
			v = p.parseAttr()
		}
		if seen[name] {
			p.errAt(pos, "duplicate key '%s' in dictionary attribute", name)
			return nil
		}
		seen[name] = true
		attrs = append(attrs, ir.NamedAttr{Name: name, Value: v})
		if !p.accept(tComma) {
			break
		}
	}
	p.expect(tRBrace)
	return attrs
}

// number is a literal integer or float with its sign, before a type gives
// it meaning.
type number struct {
	neg   bool
	float bool    // a decimal float literal
	hex   bool    // a 0x... integer literal
	u     uint64  // the magnitude of an integer literal
	f     float64 // the value of a float literal
	pos   int
	text  string
}

// parseNumber reads `[-] int-or-float`.
func (p *parser) parseNumber() (number, bool) {
	n := number{pos: p.tok.start}
	if p.accept(tMinus) {
		n.neg = true
	}
	s := p.text()
	switch p.tok.kind {
	case tInt:
		var err error
		if strings.HasPrefix(s, "0x") {
			n.hex = true
			if len(s) > 18 {
				p.errf("integer literal %s is too large", s)
				return n, false
			}
			n.u, err = strconv.ParseUint(s[2:], 16, 64)
		} else {
			n.u, err = strconv.ParseUint(s, 10, 64)
		}
		if err != nil {
			p.errf("integer literal %s is too large", s)
			return n, false
		}
	case tFloat:
		n.float = true
		f, err := strconv.ParseFloat(s, 64)
		if err != nil && !strings.Contains(err.Error(), "range") {
			p.errf("invalid float literal %s", s)
			return n, false
		}
		n.f = f
	default:
		p.errf("expected a number, found %s", p.describe())
		return n, false
	}
	n.text = s
	if n.neg {
		n.text = "-" + s
	}
	p.next()
	return n, true
}

// intValue converts n to an element of integer (or i1) type e, checking
// that it fits: signed and signless types accept -2^(b-1) .. 2^b-1 (the
// value is then wrapped, as MLIR's signless integers are), unsigned types
// 0 .. 2^b-1.
func (p *parser) intValue(n number, e ir.ElementType) (int64, bool) {
	if n.float {
		p.errAt(n.pos, "expected an integer for %s, found %s", e, n.text)
		return 0, false
	}
	b := uint(e.Bits())
	if n.hex && n.neg {
		p.errAt(n.pos, "hexadecimal integer %s cannot be negative", n.text)
		return 0, false
	}
	ok := true
	switch {
	case e.IsUnsigned() && n.neg && n.u != 0:
		p.errAt(n.pos, "negative integer %s is out of range for %s", n.text, e)
		return 0, false
	case n.neg:
		ok = b >= 64 && n.u <= 1<<63 || b < 64 && n.u <= 1<<(b-1)
	default:
		ok = b >= 64 || n.u <= 1<<b-1
	}
	if !ok {
		p.errAt(n.pos, "integer %s is out of range for %s", n.text, e)
		return 0, false
	}
	v := int64(n.u)
	if n.neg {
		v = -v
	}
	return e.WrapInt(v), true
}

// floatValue converts n to an element of float type e, rounding to the
// type; a hex literal is the element's bit pattern.
func (p *parser) floatValue(n number, e ir.ElementType) (float64, bool) {
	if n.hex {
		if e.Bits() < 64 && n.u>>uint(e.Bits()) != 0 {
			p.errAt(n.pos, "hexadecimal float %s is out of range for %s", n.text, e)
			return 0, false
		}
		return ir.FloatFromBits(n.u, e), true
	}
	v := n.f
	if !n.float {
		v = float64(n.u)
	}
	if n.neg {
		v = -v
	}
	return ir.RoundFloat(v, e), true
}

// parseNumberAttr reads an integer or float attribute with an optional
// `: type` (when typed is true).
func (p *parser) parseNumberAttr(typed bool) ir.Attribute {
	n, ok := p.parseNumber()
	if !ok {
		return nil
	}
	e := ir.I64
	if n.float {
		e = ir.F64
	}
	if typed && p.tok.kind == tColon {
		p.next()
		tpos := p.tok.start
		e = p.parseElementType()
		if p.err != nil {
			return nil
		}
		if e.IsComplex() {
			p.errAt(tpos, "expected an integer or float type, found %s", e)
			return nil
		}
	}
	return p.numberAttr(n, e)
}

// numberAttr gives number n the scalar type e.
func (p *parser) numberAttr(n number, e ir.ElementType) ir.Attribute {
	if e.IsFloat() {
		v, ok := p.floatValue(n, e)
		if !ok {
			return nil
		}
		return &ir.FloatAttr{Value: v, Type: e}
	}
	v, ok := p.intValue(n, e)
	if !ok {
		return nil
	}
	if e == ir.I1 {
		return ir.BoolAttr(v != 0)
	}
	return &ir.IntegerAttr{Value: v, Type: e}
}

// parseDenseArray reads `array<i64: 1, 2>` or `array<f32>`.
func (p *parser) parseDenseArray() ir.Attribute {
	p.next() // array
	if !p.expect(tLess) {
		return nil
	}
	e := p.parseElementType()
	if p.err != nil {
		return nil
	}
	if e.IsComplex() || e == ir.Index {
		p.errf("unsupported dense array element type %s", e)
		return nil
	}
	a := &ir.DenseArrayAttr{Elem: e, Ints: []int64{}}
	if e.IsFloat() {
		a.Ints, a.Floats = nil, []float64{}
	}
	if p.accept(tColon) {
		for p.err == nil {
			switch {
			case e == ir.I1 && p.is("true"):
				a.Ints = append(a.Ints, 1)
				p.next()
			case e == ir.I1 && p.is("false"):
				a.Ints = append(a.Ints, 0)
				p.next()
			default:
				n, ok := p.parseNumber()
				if !ok {
					return nil
				}
				if e.IsFloat() {
					v, ok := p.floatValue(n, e)
					if !ok {
						return nil
					}
					a.Floats = append(a.Floats, v)
				} else {
					v, ok := p.intValue(n, e)
					if !ok {
						return nil
					}
					a.Ints = append(a.Ints, v)
				}
			}
			if !p.accept(tComma) {
				break
			}
		}
	}
	if !p.expect(tGreater) {
		return nil
	}
	return a
}

// parseI64List reads `[1, 2, 3]` (possibly empty).
func (p *parser) parseI64List() []int64 {
	if !p.expect(tLSquare) {
		return nil
	}
	v := []int64{}
	if p.accept(tRSquare) {
		return v
	}
	for p.err == nil {
		x, ok := p.parseInt64()
		if !ok {
			return nil
		}
		v = append(v, x)
		if !p.accept(tComma) {
			break
		}
	}
	p.expect(tRSquare)
	return v
}

// parseInt64 reads a signed 64-bit integer literal.
func (p *parser) parseInt64() (int64, bool) {
	if p.tok.kind != tInt && p.tok.kind != tMinus {
		p.errf("expected an integer, found %s", p.describe())
		return 0, false
	}
	n, ok := p.parseNumber()
	if !ok {
		return 0, false
	}
	if n.float || (!n.neg && n.u > math.MaxInt64) || (n.neg && n.u > 1<<63) {
		p.errAt(n.pos, "expected a 64-bit integer, found %s", n.text)
		return 0, false
	}
	v := int64(n.u)
	if n.neg {
		v = -v
	}
	return v, true
}

// parseHashAttr reads `#alias`, `#stablehlo<...>`, `#stablehlo.xxx<...>` or
// another dialect's attribute.
func (p *parser) parseHashAttr() ir.Attribute {
	name := p.text()
	pos := p.tok.start
	hasLess := p.tok.end < p.lx.end && p.src[p.tok.end] == '<'
	switch name {
	case "#stablehlo", "#chlo":
		if !hasLess {
			break
		}
		p.next()
		p.next() // <
		if p.tok.kind != tBareID {
			p.errf("expected an enum kind, found %s", p.describe())
			return nil
		}
		kind := p.text()
		p.next()
		if p.tok.kind != tBareID {
			p.errf("expected an enum value, found %s", p.describe())
			return nil
		}
		val := p.text()
		if !p.checkEnum(kind, val) {
			return nil
		}
		p.next()
		if !p.expect(tGreater) {
			return nil
		}
		return &ir.EnumAttr{Dialect: name[1:], Kind: kind, Value: val}
	case "#stablehlo.dot":
		if hasLess {
			return p.parseDotDims()
		}
	case "#stablehlo.gather":
		if hasLess {
			return p.parseGatherDims()
		}
	case "#stablehlo.scatter":
		if hasLess {
			return p.parseScatterDims()
		}
	case "#stablehlo.conv":
		if hasLess {
			p.next()
			p.next() // <
			if p.acceptKw("raw") {
				return p.parseConvRaw()
			}
			c := p.parseConvDims()
			if p.err != nil || !p.expect(tGreater) {
				return nil
			}
			return c
		}
	case "#stablehlo.channel_handle":
		if hasLess {
			p.next()
			p.next() // <
			var h, t int64
			ok := p.parseStruct([]structField{{"handle", &h, nil}, {"type", &t, nil}})
			if !ok {
				return nil
			}
			return &ir.ChannelHandleAttr{Handle: h, Type: t}
		}
	}
	if strings.IndexByte(name, '.') < 0 && !hasLess {
		a, ok := p.attrAliases[name[1:]]
		if !ok {
			p.errAt(pos, "undefined attribute alias %s", name)
			return nil
		}
		p.next()
		return a
	}
	text := p.dialectSuffix(name)
	if p.err != nil {
		return nil
	}
	return &ir.OpaqueAttr{Text: text}
}

// checkEnum checks that val is a value of the known enum kind.
func (p *parser) checkEnum(kind, val string) bool {
	vals, known := enumValues[kind]
	if !known {
		return true
	}
	for _, v := range vals {
		if v == val {
			return true
		}
	}
	p.errf("expected %s to be one of %s, found '%s'", kind, strings.Join(vals, ", "), val)
	return false
}

// structField is one `name = value` entry of StableHLO's struct-like
// attributes: ints receives a `[...]` list, one a single integer.
type structField struct {
	name string
	one  *int64
	ints *[]int64
}

// parseStruct reads `name = value, ...>` after the '<', in any order, each
// name at most once, a trailing comma allowed (StableHLO's parseStruct).
func (p *parser) parseStruct(fields []structField) bool {
	seen := make([]bool, len(fields))
	for p.err == nil && !p.accept(tGreater) {
		i := -1
		if p.tok.kind == tBareID {
			for j, f := range fields {
				if f.name == p.text() {
					i = j
				}
			}
		}
		if i < 0 {
			names := make([]string, len(fields))
			for j, f := range fields {
				names[j] = "`" + f.name + "`"
			}
			p.errf("expected one of: %s, found %s", strings.Join(names, ", "), p.describe())
			return false
		}
		if seen[i] {
			p.errf("duplicated `%s` entry", fields[i].name)
			return false
		}
		seen[i] = true
		p.next()
		if !p.expect(tEqual) {
			return false
		}
		if fields[i].ints != nil {
			*fields[i].ints = p.parseI64List()
		} else {
			v, ok := p.parseInt64()
			if !ok {
				return false
			}
			*fields[i].one = v
		}
		if !p.accept(tComma) {
			return p.expect(tGreater)
		}
	}
	return p.err == nil
}

func (p *parser) parseDotDims() ir.Attribute {
	p.next()
	p.next() // <
	a := &ir.DotDimensionNumbersAttr{}
	if !p.parseStruct([]structField{
		{"lhs_batching_dimensions", nil, &a.LhsBatchingDimensions},
		{"rhs_batching_dimensions", nil, &a.RhsBatchingDimensions},
		{"lhs_contracting_dimensions", nil, &a.LhsContractingDimensions},
		{"rhs_contracting_dimensions", nil, &a.RhsContractingDimensions},
	}) {
		return nil
	}
	return a
}

func (p *parser) parseGatherDims() ir.Attribute {
	p.next()
	p.next() // <
	a := &ir.GatherDimensionNumbersAttr{}
	if !p.parseStruct([]structField{
		{"offset_dims", nil, &a.OffsetDims},
		{"collapsed_slice_dims", nil, &a.CollapsedSliceDims},
		{"operand_batching_dims", nil, &a.OperandBatchingDims},
		{"start_indices_batching_dims", nil, &a.StartIndicesBatchingDims},
		{"start_index_map", nil, &a.StartIndexMap},
		{"index_vector_dim", &a.IndexVectorDim, nil},
	}) {
		return nil
	}
	return a
}

func (p *parser) parseScatterDims() ir.Attribute {
	p.next()
	p.next() // <
	a := &ir.ScatterDimensionNumbersAttr{}
	if !p.parseStruct([]structField{
		{"update_window_dims", nil, &a.UpdateWindowDims},
		{"inserted_window_dims", nil, &a.InsertedWindowDims},
		{"input_batching_dims", nil, &a.InputBatchingDims},
		{"scatter_indices_batching_dims", nil, &a.ScatterIndicesBatchingDims},
		{"scatter_dims_to_operand_dims", nil, &a.ScatterDimsToOperandDims},
		{"index_vector_dim", &a.IndexVectorDim, nil},
	}) {
		return nil
	}
	return a
}

// parseConvRaw reads the fields of `#stablehlo.conv<raw ...>` after `raw`.
func (p *parser) parseConvRaw() ir.Attribute {
	a := &ir.ConvDimensionNumbersAttr{}
	if !p.parseStruct([]structField{
		{"input_batch_dimension", &a.InputBatchDimension, nil},
		{"input_feature_dimension", &a.InputFeatureDimension, nil},
		{"input_spatial_dimensions", nil, &a.InputSpatialDimensions},
		{"kernel_input_feature_dimension", &a.KernelInputFeatureDimension, nil},
		{"kernel_output_feature_dimension", &a.KernelOutputFeatureDimension, nil},
		{"kernel_spatial_dimensions", nil, &a.KernelSpatialDimensions},
		{"output_batch_dimension", &a.OutputBatchDimension, nil},
		{"output_feature_dimension", &a.OutputFeatureDimension, nil},
		{"output_spatial_dimensions", nil, &a.OutputSpatialDimensions},
	}) {
		return nil
	}
	return a
}

// parseConvDims reads the compact layout `[b, 0, 1, f]x[0, 1, i, o]->[b, 0,
// 1, f]` of StableHLO's convolution printer.
func (p *parser) parseConvDims() *ir.ConvDimensionNumbersAttr {
	a := &ir.ConvDimensionNumbersAttr{}
	var ok bool
	a.InputSpatialDimensions, ok = p.parseConvLayout('b', 'f', &a.InputBatchDimension, &a.InputFeatureDimension)
	if !ok {
		return nil
	}
	if !p.expectKw("x") {
		return nil
	}
	a.KernelSpatialDimensions, ok = p.parseConvLayout('i', 'o', &a.KernelInputFeatureDimension, &a.KernelOutputFeatureDimension)
	if !ok || !p.expect(tArrow) {
		return nil
	}
	a.OutputSpatialDimensions, ok = p.parseConvLayout('b', 'f', &a.OutputBatchDimension, &a.OutputFeatureDimension)
	if !ok {
		return nil
	}
	return a
}

// parseConvLayout reads one `[b, 0, 1, f]` list: the positions of the two
// named dimensions go to d1 and d2, the spatial dimensions are returned in
// order (spatial[k] = position of k).
func (p *parser) parseConvLayout(n1, n2 byte, d1, d2 *int64) ([]int64, bool) {
	if !p.expect(tLSquare) {
		return nil, false
	}
	pos := map[int64]int64{}
	maxSpatial := int64(-1)
	seen1, seen2 := false, false
	for idx := int64(0); p.err == nil; idx++ {
		switch p.tok.kind {
		case tInt:
			v, ok := p.parseInt64()
			if !ok {
				return nil, false
			}
			if _, dup := pos[v]; dup {
				p.errAt(p.tok.start, "duplicate entries for spatial dimension %d", v)
				return nil, false
			}
			if v > 1<<20 {
				p.errAt(p.tok.start, "spatial dimension %d is too large", v)
				return nil, false
			}
			pos[v] = idx
			if v > maxSpatial {
				maxSpatial = v
			}
		case tBareID:
			s := p.text()
			switch {
			case s == string(n1) && !seen1:
				*d1, seen1 = idx, true
			case s == string(n2) && !seen2:
				*d2, seen2 = idx, true
			default:
				p.errf("unexpected dimension %s, expecting %c or %c or a spatial dimension", s, n1, n2)
				return nil, false
			}
			p.next()
		default:
			p.errf("expected a dimension, found %s", p.describe())
			return nil, false
		}
		if !p.accept(tComma) {
			break
		}
	}
	if p.err != nil {
		return nil, false
	}
	if !seen1 || !seen2 {
		p.errf("expected dimensions %c and %c in the convolution layout", n1, n2)
		return nil, false
	}
	spatial := make([]int64, maxSpatial+1)
	for k := range spatial {
		v, ok := pos[int64(k)]
		if !ok {
			p.errf("expected spatial dimension %d in the convolution layout", k)
			return nil, false
		}
		spatial[k] = v
	}
	return spatial, p.expect(tRSquare)
}

// mergeAttrs appends extra to attrs, reporting a name given in both at pos.
func (p *parser) mergeAttrs(attrs, extra ir.Attrs, pos int) ir.Attrs {
	if len(attrs) == 0 {
		return extra
	}
	have := make(map[string]bool, len(attrs))
	for _, a := range attrs {
		have[a.Name] = true
	}
	for _, a := range extra {
		if have[a.Name] {
			p.errAt(pos, "attribute '%s' is given twice", a.Name)
			return nil
		}
		attrs = append(attrs, a)
	}
	return attrs
}
