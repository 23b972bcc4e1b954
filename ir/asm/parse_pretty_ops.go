package asm

import (
	"github.com/zmlc/zmlc/ir"
)

// parseConstant reads `stablehlo.constant {attrs} dense<...> : T` or the
// form `stablehlo.constant() <{value = ...}> {attrs} : () -> T`.
func (p *parser) parseConstant(start int) *ir.Op {
	p.next()
	if p.tok.kind == tLParen {
		p.next()
		if !p.expect(tRParen) {
			return nil
		}
		var attrs ir.Attrs
		if p.accept(tLess) {
			attrs = p.parseAttrDict()
			if !p.expect(tGreater) {
				return nil
			}
		}
		attrs = p.optAttrDict(attrs)
		if !p.expect(tColon) {
			return nil
		}
		_, res := p.fnType(0)
		if p.err != nil {
			return nil
		}
		if len(res) != 1 {
			p.errf("stablehlo.constant has one result")
			return nil
		}
		return p.build("stablehlo.constant", nil, nil, nil, res, attrs, start)
	}
	attrs := p.optAttrDict(nil)
	if !p.is("dense") {
		p.errf("expected a dense literal, found %s", p.describe())
		return nil
	}
	v := p.parseDenseAttr()
	if p.err != nil {
		return nil
	}
	d := v.(*ir.DenseElementsAttr)
	if attrs.Has("value") {
		p.errf("attribute 'value' is given twice")
		return nil
	}
	attrs = append(ir.Attrs{{Name: "value", Value: d}}, attrs...)
	t := &ir.TensorType{Shape: append([]int64{}, d.Value.Type.Shape...), Elem: d.Value.Type.Elem, Encoding: d.Value.Type.Encoding}
	return p.build("stablehlo.constant", nil, nil, nil, []ir.Type{t}, attrs, start)
}

// parseIota reads `stablehlo.iota dim = N {attrs} : T`.
func (p *parser) parseIota(start int) *ir.Op {
	p.next()
	if !p.expectKw("dim") || !p.expect(tEqual) {
		return nil
	}
	d, ok := p.parseInt64()
	if !ok {
		return nil
	}
	attrs := p.optAttrDict(ir.Attrs{{Name: "iota_dimension", Value: &ir.IntegerAttr{Value: d, Type: ir.I64}}})
	if !p.expect(tColon) {
		return nil
	}
	t := p.parseType()
	return p.build("stablehlo.iota", nil, nil, nil, []ir.Type{t}, attrs, start)
}

// parseCompare reads `stablehlo.compare DIR, %a, %b[, TYPE] {attrs} : (T, T) -> R`.
func (p *parser) parseCompare(start int) *ir.Op {
	p.next()
	dir := p.parseEnumWord("comparison_direction")
	if dir == nil || !p.expect(tComma) {
		return nil
	}
	ops, pos := p.parseUseList()
	if len(ops) != 2 && p.err == nil {
		p.errf("stablehlo.compare takes two operands")
		return nil
	}
	attrs := ir.Attrs{{Name: "comparison_direction", Value: dir}}
	if p.accept(tComma) {
		ct := p.parseEnumWord("comparison_type")
		if ct == nil {
			return nil
		}
		attrs = append(attrs, ir.NamedAttr{Name: "compare_type", Value: ct})
	}
	return p.finishFnOp("stablehlo.compare", ops, pos, attrs, start)
}

// parseSelect reads `stablehlo.select %p, %t, %f : P, T` or `: (P, T, T) -> T`.
func (p *parser) parseSelect(start int) *ir.Op {
	p.next()
	ops, pos := p.parseUseList()
	attrs := p.optAttrDict(nil)
	if !p.expect(tColon) {
		return nil
	}
	tpos := p.tok.start
	ts := p.parseTypeList()
	if p.err != nil {
		return nil
	}
	var ins, res []ir.Type
	switch {
	case len(ts) == 2:
		ins, res = []ir.Type{ts[0], ts[1], ts[1]}, []ir.Type{ts[1]}
	case len(ts) == 1:
		ft, ok := ts[0].(*ir.FunctionType)
		if !ok || len(ft.Results) != 1 {
			p.errAt(tpos, "expected functional type or list of two types")
			return nil
		}
		ins, res = ft.Inputs, ft.Results
	default:
		p.errAt(tpos, "expected functional type or list of two types")
		return nil
	}
	if len(ins) != len(ops) {
		p.errAt(tpos, "%d operands present, but expected %d", len(ops), len(ins))
		return nil
	}
	return p.build("stablehlo.select", ops, pos, ins, res, attrs, start)
}

// parseSlice reads `stablehlo.slice %a [s:l(:k)?, ...] {attrs} : (T) -> R`.
func (p *parser) parseSlice(start int) *ir.Op {
	p.next()
	ops, pos := p.parseUseList()
	if !p.expect(tLSquare) {
		return nil
	}
	st, li, sr := []int64{}, []int64{}, []int64{}
	if !p.accept(tRSquare) {
		for p.err == nil {
			s, _ := p.parseInt64()
			p.expect(tColon)
			l, _ := p.parseInt64()
			k := int64(1)
			if p.accept(tColon) {
				k, _ = p.parseInt64()
			}
			st, li, sr = append(st, s), append(li, l), append(sr, k)
			if !p.accept(tComma) {
				break
			}
		}
		if !p.expect(tRSquare) {
			return nil
		}
	}
	return p.finishFnOp("stablehlo.slice", ops, pos, ir.Attrs{
		{Name: "start_indices", Value: ir.I64Array(st...)},
		{Name: "limit_indices", Value: ir.I64Array(li...)},
		{Name: "strides", Value: ir.I64Array(sr...)},
	}, start)
}

// parseDimPair reads `[..] x [..]`.
func (p *parser) parseDimPair() ([]int64, []int64) {
	l := p.parseI64List()
	if !p.expectKw("x") {
		return nil, nil
	}
	return l, p.parseI64List()
}

// parseDotGeneral reads `stablehlo.dot_general %a, %b, [batching_dims = L x
// R,] contracting_dims = L x R[, precision = [..]][, algorithm = <..>]
// {attrs} : (A, B) -> R`.
func (p *parser) parseDotGeneral(start int) *ir.Op {
	p.next()
	ops, pos := p.parseUseList()
	if !p.expect(tComma) {
		return nil
	}
	dn := &ir.DotDimensionNumbersAttr{LhsBatchingDimensions: []int64{}, RhsBatchingDimensions: []int64{}}
	if p.acceptKw("batching_dims") {
		if !p.expect(tEqual) {
			return nil
		}
		dn.LhsBatchingDimensions, dn.RhsBatchingDimensions = p.parseDimPair()
		if !p.expect(tComma) {
			return nil
		}
	}
	if !p.expectKw("contracting_dims") || !p.expect(tEqual) {
		return nil
	}
	dn.LhsContractingDimensions, dn.RhsContractingDimensions = p.parseDimPair()
	attrs := ir.Attrs{{Name: "dot_dimension_numbers", Value: dn}}
	if p.accept(tComma) {
		if p.acceptKw("precision") {
			if !p.expect(tEqual) {
				return nil
			}
			attrs = append(attrs, ir.NamedAttr{Name: "precision_config", Value: p.parsePrecisionList()})
			if !p.accept(tComma) {
				goto done
			}
		}
		if !p.expectKw("algorithm") || !p.expect(tEqual) {
			return nil
		}
		if p.tok.kind != tLess {
			p.errf("expected '<' to start the dot algorithm, found %s", p.describe())
			return nil
		}
		end, ok := p.scanBalanced(p.tok.start)
		if !ok {
			return nil
		}
		attrs = append(attrs, ir.NamedAttr{Name: "algorithm", Value: &ir.OpaqueAttr{Text: "#stablehlo.dot_algorithm" + string(p.src[p.tok.start:end])}})
		p.lx.pos = end
		p.next()
	}
done:
	return p.finishFnOp("stablehlo.dot_general", ops, pos, attrs, start)
}

// parseConvolution reads `stablehlo.convolution(%a, %b) dim_numbers =
// [..]x[..]->[..], window = {stride = [..], pad = [[l, h], ..], lhs_dilate
// = [..], rhs_dilate = [..], reverse = [..]} {attrs} : (A, B) -> R`.
func (p *parser) parseConvolution(start int) *ir.Op {
	p.next()
	if !p.expect(tLParen) {
		return nil
	}
	ops, pos := p.parseUseList()
	if !p.expect(tRParen) || !p.expectKw("dim_numbers") || !p.expect(tEqual) {
		return nil
	}
	dn := p.parseConvDims()
	if p.err != nil || !p.expect(tComma) || !p.expectKw("window") || !p.expect(tEqual) || !p.expect(tLBrace) {
		return nil
	}
	attrs := ir.Attrs{{Name: "dimension_numbers", Value: dn}}
	seen := map[string]bool{}
	for p.err == nil && p.tok.kind == tBareID {
		kw := p.text()
		if seen[kw] {
			p.errf("'%s' is given twice", kw)
			return nil
		}
		seen[kw] = true
		p.next()
		if !p.expect(tEqual) {
			return nil
		}
		switch kw {
		case "stride", "lhs_dilate", "rhs_dilate":
			name := map[string]string{"stride": "window_strides", "lhs_dilate": "lhs_dilation", "rhs_dilate": "rhs_dilation"}[kw]
			attrs = append(attrs, ir.NamedAttr{Name: name, Value: ir.I64Array(p.parseI64List()...)})
		case "reverse":
			attrs = append(attrs, ir.NamedAttr{Name: "window_reversal", Value: p.parseBoolList()})
		case "pad":
			attrs = append(attrs, ir.NamedAttr{Name: "padding", Value: p.parsePadding()})
		default:
			p.errAt(p.tok.start, "unexpected keyword %s in convolution window", kw)
			return nil
		}
		if !p.accept(tComma) {
			break
		}
	}
	if !p.expect(tRBrace) {
		return nil
	}
	return p.finishFnOp("stablehlo.convolution", ops, pos, attrs, start)
}

// parseBoolList reads `[true, false]` or `[1, 0]` as array<i1>.
func (p *parser) parseBoolList() ir.Attribute {
	a := &ir.DenseArrayAttr{Elem: ir.I1, Ints: []int64{}}
	if !p.expect(tLSquare) {
		return nil
	}
	if p.accept(tRSquare) {
		return a
	}
	for p.err == nil {
		switch {
		case p.acceptKw("true"):
			a.Ints = append(a.Ints, 1)
		case p.acceptKw("false"):
			a.Ints = append(a.Ints, 0)
		default:
			v, ok := p.parseInt64()
			if !ok {
				return nil
			}
			if v != 0 {
				v = 1
			}
			a.Ints = append(a.Ints, v)
		}
		if !p.accept(tComma) {
			break
		}
	}
	p.expect(tRSquare)
	return a
}

// parsePadding reads `[[l, h], ...]` as dense<...> : tensor<Nx2xi64>.
func (p *parser) parsePadding() ir.Attribute {
	var vals []int64
	if !p.expect(tLSquare) {
		return nil
	}
	if !p.accept(tRSquare) {
		for p.err == nil {
			pos := p.tok.start
			pair := p.parseI64List()
			if p.err == nil && len(pair) != 2 {
				p.errAt(pos, "expected array with 2 elements, got %d elements instead", len(pair))
				return nil
			}
			vals = append(vals, pair...)
			if !p.accept(tComma) {
				break
			}
		}
		if !p.expect(tRSquare) {
			return nil
		}
	}
	x := ir.MustTensor(ir.TensorOf(ir.I64, int64(len(vals)/2), 2))
	copy(x.I, vals)
	return &ir.DenseElementsAttr{Value: x}
}

// parseReduce reads the two pretty forms of stablehlo.reduce:
//
//	stablehlo.reduce(%x init: %i), ... applies stablehlo.add across dimensions = [1] {attrs} : (T, I) -> R
//	stablehlo.reduce(%x init: %i), ... across dimensions = [1] {attrs} : (T, I) -> R
//	    reducer(%a: A, %b: B) (%c: C, %d: D) { ... }
//
// The compact form stands for a body `^bb0(%l: tensor<E>, %r: tensor<E>):
// %0 = op %l, %r; stablehlo.return %0` with E the first input's element
// type. The reducer's pairs are (input element, accumulator); block
// arguments are all first members, then all second members.
func (p *parser) parseReduce(start int) *ir.Op {
	p.next()
	var ins, inits []*ir.Value
	var inPos, initPos []int
	for p.err == nil {
		if !p.expect(tLParen) {
			return nil
		}
		inPos = append(inPos, p.tok.start)
		ins = append(ins, p.parseUse())
		if !p.expectKw("init") || !p.expect(tColon) {
			return nil
		}
		initPos = append(initPos, p.tok.start)
		inits = append(inits, p.parseUse())
		if !p.expect(tRParen) || !p.accept(tComma) {
			break
		}
	}
	inner, innerPos := "", 0
	if p.acceptKw("applies") {
		if p.tok.kind != tBareID {
			p.errf("expected an operation name, found %s", p.describe())
			return nil
		}
		inner, innerPos = p.text(), p.tok.start
		if !ir.LookupOp(inner).Has(ir.Commutative|ir.Binary) || ir.LookupOp(inner).Has(ir.Terminator) {
			p.errf("expected the inner-op to be a commutative binary-op from the stablehlo dialect, with zero region, producing single result")
			return nil
		}
		p.next()
	}
	if !p.expectKw("across") || !p.expectKw("dimensions") || !p.expect(tEqual) {
		return nil
	}
	dims := p.parseI64List()
	attrs := p.optAttrDict(ir.Attrs{{Name: "dimensions", Value: ir.I64Array(dims...)}})
	if !p.expect(tColon) {
		return nil
	}
	ops := append(append([]*ir.Value{}, ins...), inits...)
	pos := append(append([]int{}, inPos...), initPos...)
	tins, tres := p.fnType(len(ops))
	if p.err != nil || !p.checkOperandTypes(ops, pos, tins) {
		return nil
	}
	op := ir.NewOp("stablehlo.reduce", ops, tres, attrs)
	if inner != "" {
		// The compact form: the location given after the type applies to the
		// reduce and its body.
		op.Loc = p.loc(start)
		locBody, locPos := "", 0
		if p.is("loc") && p.peek().kind == tLParen {
			locPos = p.tok.start
			locBody = p.parseLocBody()
		}
		e := ir.Invalid
		if tt := ir.AsTensor(tins[0]); tt != nil {
			e = tt.Elem
		} else {
			p.errAt(innerPos, "stablehlo.reduce: the compact form needs tensor inputs")
			return nil
		}
		b := op.AddRegion(ir.TensorOf(e), ir.TensorOf(e))
		in := ir.NewOp(inner, b.Args, []ir.Type{ir.TensorOf(e)}, nil)
		in.Loc = op.Loc
		b.Append(in)
		ret := ir.NewOp("stablehlo.return", in.Results, nil, nil)
		ret.Loc = op.Loc
		b.Append(ret)
		if locBody != "" {
			for _, dst := range []*ir.Location{&op.Loc, &in.Loc, &ret.Loc} {
				p.setLoc(dst, locBody, locPos)
			}
		}
		return op
	}
	if !p.expectKw("reducer") {
		return nil
	}
	var first, second []blockArg
	for p.err == nil && p.accept(tLParen) {
		first = append(first, p.parseNamedArg())
		p.expect(tComma)
		second = append(second, p.parseNamedArg())
		p.expect(tRParen)
	}
	if p.err != nil {
		return nil
	}
	p.parseRegion(op, append(first, second...))
	return p.finishOp(op, start)
}

// parseNamedArg reads `%name: T [loc(...)]`.
func (p *parser) parseNamedArg() blockArg {
	a := blockArg{pos: p.tok.start}
	if p.tok.kind != tPercent || len(p.text()) < 2 {
		p.errf("expected a block argument name, found %s", p.describe())
		return a
	}
	a.name = p.text()[1:]
	p.next()
	if !p.expect(tColon) {
		return a
	}
	a.typ = p.parseType()
	var ignored ir.Location
	p.parseOptLoc(&ignored)
	return a
}

// parseWhile reads `stablehlo.while(%iterArg = %init, ...) : T, ...
// [attributes {..}] cond { ... } do { ... }`.
func (p *parser) parseWhile(start int) *ir.Op {
	p.next()
	if !p.expect(tLParen) {
		return nil
	}
	var args []blockArg
	var ops []*ir.Value
	var pos []int
	for p.err == nil && p.tok.kind != tRParen {
		if p.tok.kind != tPercent {
			p.errf("expected an iteration argument, found %s", p.describe())
			return nil
		}
		args = append(args, blockArg{name: p.text()[1:], pos: p.tok.start})
		p.next()
		if !p.expect(tEqual) {
			return nil
		}
		pos = append(pos, p.tok.start)
		ops = append(ops, p.parseUse())
		if !p.accept(tComma) {
			break
		}
	}
	if !p.expect(tRParen) {
		return nil
	}
	var types []ir.Type
	if len(ops) > 0 {
		if !p.expect(tColon) {
			return nil
		}
		tpos := p.tok.start
		types = p.parseTypeList()
		if p.err == nil && len(types) != len(ops) {
			p.errAt(tpos, "%d operands present, but expected %d", len(ops), len(types))
			return nil
		}
	}
	if p.err != nil || !p.checkOperandTypes(ops, pos, types) {
		return nil
	}
	var attrs ir.Attrs
	if p.acceptKw("attributes") {
		attrs = p.parseAttrDict()
	}
	op := ir.NewOp("stablehlo.while", ops, types, attrs)
	for i := range args {
		args[i].typ = types[i]
	}
	if !p.expectKw("cond") {
		return nil
	}
	p.parseRegion(op, nonNilArgs(args))
	if !p.expectKw("do") {
		return nil
	}
	p.parseRegion(op, nonNilArgs(args))
	return p.finishOp(op, start)
}

// parseTuple reads `stablehlo.tuple %a, %b {attrs} : tuple<A, B>`.
func (p *parser) parseTuple(start int) *ir.Op {
	p.next()
	ops, pos := p.parseUseList()
	attrs := p.optAttrDict(nil)
	if !p.expect(tColon) {
		return nil
	}
	tpos := p.tok.start
	t := p.parseType()
	if p.err != nil {
		return nil
	}
	tt, ok := t.(*ir.TupleType)
	if !ok {
		p.errAt(tpos, "expected tuple type")
		return nil
	}
	if len(tt.Elems) != len(ops) {
		p.errAt(tpos, "%d operands present, but expected %d", len(ops), len(tt.Elems))
		return nil
	}
	return p.build("stablehlo.tuple", ops, pos, tt.Elems, []ir.Type{t}, attrs, start)
}

// parseGetTupleElement reads `stablehlo.get_tuple_element %t[N] {attrs} : (T) -> R`.
func (p *parser) parseGetTupleElement(start int) *ir.Op {
	p.next()
	ops, pos := p.parseUseList()
	if !p.expect(tLSquare) {
		return nil
	}
	n, ok := p.parseInt64()
	if !ok || !p.expect(tRSquare) {
		return nil
	}
	if n < -1<<31 || n >= 1<<31 {
		p.errf("tuple index %d is out of range for i32", n)
		return nil
	}
	return p.finishFnOp("stablehlo.get_tuple_element", ops, pos, ir.Attrs{{Name: "index", Value: &ir.IntegerAttr{Value: n, Type: ir.I32}}}, start)
}

// parseOptimizationBarrier reads `stablehlo.optimization_barrier {attrs}
// %a, %b : A, B` or `stablehlo.optimization_barrier {attrs} ()`.
func (p *parser) parseOptimizationBarrier(start int) *ir.Op {
	p.next()
	attrs := p.optAttrDict(nil)
	if p.accept(tLParen) {
		if !p.expect(tRParen) {
			return nil
		}
		return p.build("stablehlo.optimization_barrier", nil, nil, nil, nil, attrs, start)
	}
	ops, pos := p.parseUseList()
	if !p.expect(tColon) {
		return nil
	}
	tpos := p.tok.start
	ts := p.parseTypeList()
	if p.err == nil && len(ts) != len(ops) {
		p.errAt(tpos, "%d operands present, but expected %d", len(ops), len(ts))
		return nil
	}
	return p.build("stablehlo.optimization_barrier", ops, pos, ts, ts, attrs, start)
}

// parseCall reads `stablehlo.custom_call @target(%a, ...) {attrs} : (A, ...)
// -> R` and `func.call @f(%a, ...) {attrs} : (A, ...) -> R`.
func (p *parser) parseCall(name string, start int) *ir.Op {
	p.next()
	if p.tok.kind != tAt {
		p.errf("expected a symbol (@name), found %s", p.describe())
		return nil
	}
	sym := p.symbolName()
	p.next()
	if !p.expect(tLParen) {
		return nil
	}
	ops, pos := p.parseUseList()
	if !p.expect(tRParen) {
		return nil
	}
	var attrs ir.Attrs
	if name == "func.call" {
		attrs = ir.Attrs{{Name: "callee", Value: &ir.SymbolRefAttr{Name: sym}}}
	} else {
		attrs = ir.Attrs{{Name: "call_target_name", Value: ir.StringAttr(sym)}}
	}
	return p.finishFnOp(name, ops, pos, attrs, start)
}

// parseReturn reads `stablehlo.return %a, %b {attrs} : A, B` (types absent
// with no operands); `return` is func.return.
func (p *parser) parseReturn(name string, start int) *ir.Op {
	p.next()
	ops, pos := p.parseUseList()
	attrs := p.optAttrDict(nil)
	var ts []ir.Type
	if len(ops) > 0 {
		if !p.expect(tColon) {
			return nil
		}
		tpos := p.tok.start
		ts = p.parseTypeList()
		if p.err == nil && len(ts) != len(ops) {
			p.errAt(tpos, "%d operands present, but expected %d", len(ops), len(ts))
			return nil
		}
	}
	return p.build(name, ops, pos, ts, nil, attrs, start)
}

// parseChloUnary reads `chlo.erf %a {attrs} : T -> R`.
func (p *parser) parseChloUnary(name string, start int) *ir.Op {
	p.next()
	ops, pos := p.parseUseList()
	if len(ops) != 1 && p.err == nil {
		p.errf("%s takes one operand", name)
		return nil
	}
	attrs := p.optAttrDict(nil)
	if !p.expect(tColon) {
		return nil
	}
	in := p.parseType()
	if !p.expect(tArrow) {
		return nil
	}
	out := p.parseType()
	return p.build(name, ops, pos, []ir.Type{in}, []ir.Type{out}, attrs, start)
}

// parseChloBinary reads `chlo.zeta %a, %b {attrs} : T1, T2 -> R`, the
// assembly format of ChloOps.td's next_after, polygamma and zeta.
func (p *parser) parseChloBinary(name string, start int) *ir.Op {
	p.next()
	ops, pos := p.parseUseList()
	if len(ops) != 2 && p.err == nil {
		p.errf("%s takes two operands", name)
		return nil
	}
	attrs := p.optAttrDict(nil)
	if !p.expect(tColon) {
		return nil
	}
	lt := p.parseType()
	if !p.expect(tComma) {
		return nil
	}
	rt := p.parseType()
	if !p.expect(tArrow) {
		return nil
	}
	out := p.parseType()
	return p.build(name, ops, pos, []ir.Type{lt, rt}, []ir.Type{out}, attrs, start)
}

// parseTopK reads `chlo.top_k(%a, k = N[, is_stable = B]) {attrs} : T -> (V, I)`.
func (p *parser) parseTopK(start int) *ir.Op {
	p.next()
	if !p.expect(tLParen) {
		return nil
	}
	ops, pos := p.parseUseList()
	if !p.expect(tComma) || !p.expectKw("k") || !p.expect(tEqual) {
		return nil
	}
	k, ok := p.parseInt64()
	if !ok {
		return nil
	}
	attrs := ir.Attrs{{Name: "k", Value: &ir.IntegerAttr{Value: k, Type: ir.I64}}}
	if p.accept(tComma) {
		if !p.expectKw("is_stable") || !p.expect(tEqual) {
			return nil
		}
		attrs = p.parseKwValue(&kwSpec{attr: "is_stable", kind: kwBool}, attrs)
	}
	if !p.expect(tRParen) {
		return nil
	}
	attrs = p.optAttrDict(attrs)
	if !p.expect(tColon) {
		return nil
	}
	in := p.parseType()
	if !p.expect(tArrow) {
		return nil
	}
	outs := p.parseParenTypeList()
	if p.err == nil && len(outs) != 2 {
		p.errf("chlo.top_k has two results")
		return nil
	}
	return p.build("chlo.top_k", ops, pos, []ir.Type{in}, outs, attrs, start)
}

// parseCheck reads the check dialect of StableHLO's interpreter tests
// (stablehlo/tests/CheckOps.td).
func (p *parser) parseCheck(name string, start int) *ir.Op {
	p.next()
	ops, pos := p.parseUseList()
	var attrs ir.Attrs
	var ins []ir.Type
	switch name {
	case "check.expect_eq", "check.expect_almost_eq":
		if len(ops) != 2 && p.err == nil {
			p.errf("%s takes two operands", name)
			return nil
		}
		if name == "check.expect_almost_eq" && p.accept(tComma) {
			attrs = p.parseTolerance(attrs)
		}
		attrs = p.optAttrDict(attrs)
		if !p.expect(tColon) {
			return nil
		}
		t := p.parseType()
		ins = []ir.Type{t, t}
	case "check.expect_eq_const", "check.expect_almost_eq_const":
		if len(ops) != 1 && p.err == nil {
			p.errf("%s takes one operand", name)
			return nil
		}
		if !p.expect(tComma) {
			return nil
		}
		vpos := p.tok.start
		v := p.parseAttr()
		d, ok := v.(*ir.DenseElementsAttr)
		if p.err == nil && !ok {
			p.errAt(vpos, "expected a dense elements attribute")
			return nil
		}
		if p.err != nil {
			return nil
		}
		attrs = ir.Attrs{{Name: "value", Value: d}}
		if name == "check.expect_almost_eq_const" && p.accept(tComma) {
			attrs = p.parseTolerance(attrs)
		}
		attrs = p.optAttrDict(attrs)
		ins = []ir.Type{d.Value.Type}
	case "check.expect_close":
		if len(ops) != 2 && p.err == nil {
			p.errf("%s takes two operands", name)
			return nil
		}
		for p.err == nil && p.accept(tComma) {
			kw := p.text()
			if kw != "max_ulp_difference" && kw != "min_ulp_difference" || attrs.Has(kw) {
				p.errf("expected max_ulp_difference or min_ulp_difference, found %s", p.describe())
				return nil
			}
			p.next()
			if !p.expect(tEqual) {
				return nil
			}
			n, ok := p.parseNumber()
			if !ok {
				return nil
			}
			if a := p.numberAttr(n, ir.UI64); a != nil {
				attrs = append(attrs, ir.NamedAttr{Name: kw, Value: a})
			}
		}
		if p.err == nil && !attrs.Has("max_ulp_difference") {
			p.errf("expected 'max_ulp_difference = ...' in check.expect_close")
			return nil
		}
		if !p.expect(tColon) {
			return nil
		}
		attrs = p.optAttrDict(attrs)
		ins = p.parseTypeList()
		if p.err == nil && len(ins) != 2 {
			p.errf("check.expect_close needs two types")
			return nil
		}
	case "check.expect_serialized_eq":
		if len(ops) != 1 && p.err == nil {
			p.errf("%s takes one operand", name)
			return nil
		}
		if !p.expect(tComma) || !p.expectKw("probe_id") || !p.expect(tEqual) {
			return nil
		}
		attrs = p.parseKwValue(&kwSpec{attr: "probe_id", kind: kwString}, attrs)
		if p.accept(tComma) {
			if !p.expectKw("iter") || !p.expect(tEqual) {
				return nil
			}
			n, ok := p.parseNumber()
			if !ok {
				return nil
			}
			if a := p.numberAttr(n, ir.UI32); a != nil {
				attrs = append(attrs, ir.NamedAttr{Name: "iteration", Value: a})
			}
		}
		attrs = p.optAttrDict(attrs)
		if !p.expect(tColon) {
			return nil
		}
		ins = []ir.Type{p.parseType()}
	}
	return p.build(name, ops, pos, ins, nil, attrs, start)
}

// parseTolerance reads `tolerance = F` (an f64, optionally followed by
// `: f64`).
func (p *parser) parseTolerance(attrs ir.Attrs) ir.Attrs {
	if !p.expectKw("tolerance") || !p.expect(tEqual) {
		return nil
	}
	n, ok := p.parseNumber()
	if !ok {
		return nil
	}
	if p.tok.kind == tColon {
		if nt := p.peek(); nt.kind == tBareID && p.tokText(nt) == "f64" {
			p.next()
			p.next()
		}
	}
	return append(attrs, ir.NamedAttr{Name: "tolerance", Value: p.numberAttr(n, ir.F64)})
}
