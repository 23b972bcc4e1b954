package asm

import (
	"github.com/zmlc/zmlc/ir"
)

// prettyFn prints op (after `%r = `) in its pretty form and reports true, or
// reports false when op cannot be printed that way (a missing attribute, an
// attribute whose pretty spelling would read back as a different one, a type
// combination the form cannot express); the caller then discards what was
// written and prints the generic form, which always reads back exactly.
type prettyFn func(p *printer, op *ir.Op) bool

// prettyPrinters maps op names to their pretty printers; filled by init
// functions of the print_*.go files.
var prettyPrinters = map[string]prettyFn{}

func register(fn prettyFn, names ...string) {
	for _, n := range names {
		prettyPrinters[n] = fn
	}
}

// attrDictExcept prints ` {...}` with op's attributes other than the
// elided ones (those the pretty form spells out), if any remain.
func (p *printer) attrDictExcept(op *ir.Op, elided ...string) {
	rest := remainingAttrs(op, elided...)
	if len(rest) > 0 {
		p.ws(" ")
		p.attrDict(rest)
	}
}

// attrDictWithKeyword prints ` attributes {...}` for the remaining attributes.
func (p *printer) attrDictWithKeyword(op *ir.Op, elided ...string) {
	rest := remainingAttrs(op, elided...)
	if len(rest) > 0 {
		p.ws(" attributes ")
		p.attrDict(rest)
	}
}

func remainingAttrs(op *ir.Op, elided ...string) ir.Attrs {
	var rest ir.Attrs
outer:
	for _, a := range op.Attrs {
		for _, e := range elided {
			if a.Name == e {
				continue outer
			}
		}
		rest = append(rest, a)
	}
	return rest
}

// counts reports whether op has exactly the given numbers of operands,
// results and regions, with no nil operand or result.
func counts(op *ir.Op, operands, results, regions int) bool {
	return len(op.Operands) == operands && len(op.Results) == results &&
		len(op.Regions) == regions && noNils(op)
}

// noNils reports whether every operand and result of op is present and typed.
func noNils(op *ir.Op) bool {
	for _, v := range op.Operands {
		if v == nil || v.Type == nil {
			return false
		}
	}
	for _, v := range op.Results {
		if v == nil || v.Type == nil {
			return false
		}
	}
	return true
}

// operandsHead prints `name %a, %b<mid> {rest} : `: op's name, its
// operands (if any), mid (the pretty spelling of the elided attributes) and
// the attributes left; the caller prints the type after the colon.
func (p *printer) operandsHead(op *ir.Op, mid string, elided ...string) {
	p.opName(op)
	if len(op.Operands) > 0 {
		p.ws(" ")
		p.values(op.Operands)
	}
	p.ws(mid)
	p.attrDictExcept(op, elided...)
	p.ws(" : ")
}

// functionalType prints `(A, B) -> R` for op's operands and results.
func (p *printer) functionalType(op *ir.Op) {
	p.ws(funcTypeString(valueTypes(op.Operands), valueTypes(op.Results)))
}

// sameOperandsAndResultType prints StableHLO's
// custom<SameOperandsAndResultType>: the one type when every operand has the
// result's type (or there are no operands), else the functional type.
func (p *printer) sameOperandsAndResultType(op *ir.Op) {
	res := op.Results[0].Type
	same := true
	for _, v := range op.Operands {
		if !ir.TypesEqual(v.Type, res) {
			same = false
		}
	}
	if same {
		p.typ(res)
		return
	}
	p.functionalType(op)
}

// i64Array returns the values of a `array<i64: ...>` attribute.
func i64Array(op *ir.Op, name string) ([]int64, bool) {
	a, ok := op.Attr(name).(*ir.DenseArrayAttr)
	if !ok || a.Elem != ir.I64 {
		return nil, false
	}
	return a.Ints, true
}

// intAttr returns the value of an integer attribute of type t.
func intAttr(op *ir.Op, name string, t ir.ElementType) (int64, bool) {
	a, ok := op.Attr(name).(*ir.IntegerAttr)
	if !ok || a.Type != t {
		return 0, false
	}
	return a.Value, true
}

// enumAttr returns the value of a `#dialect<kind VALUE>` attribute.
func enumAttr(op *ir.Op, name, dialect, kind string) (string, bool) {
	e, ok := op.Attr(name).(*ir.EnumAttr)
	if !ok || e.Dialect != dialect || e.Kind != kind || !ir.IsBareIdentifier(e.Value) {
		return "", false
	}
	return e.Value, true
}

// intList returns `[1, 2, 3]`.
func intList(v []int64) string { return ir.IntListString(v) }

// isScalarTensorOf reports whether t is `tensor<elem>` without encoding.
func isScalarTensorOf(t ir.Type, elem ir.ElementType) bool {
	tt := ir.AsTensor(t)
	return tt != nil && tt.Rank() == 0 && tt.Elem == elem && tt.Encoding == nil
}
