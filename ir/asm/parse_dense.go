package asm

import (
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Dense elements literals: `dense<...> : tensor<...>`.
//
//	dense<1.0>                    splat: every element
//	dense<[[1, 2], [3, 4]]>       nested lists following the shape
//	dense<[(1.0,2.0), (3.0,4.0)]> complex elements
//	dense<[true, false]>          i1 elements
//	dense<"0x0000803F...">        little-endian raw data (ir.TensorBytes), or one element's worth as a splat
//	dense<>                       a tensor with no elements
//
// Values are wrapped (integers, ElementType.WrapInt) or rounded (floats,
// ir.RoundFloat) to the element type; an integer outside the type's range
// is an error, as is a shape that differs from the type's.

// denseLit is a dense literal before its type is known.
type denseLit struct {
	hexData  []byte
	hexPos   int
	elems    []number // scalars, or (re, im) pairs when complex
	complex  bool
	bools    []bool // per scalar: spelled true/false
	shape    []int64
	nested   bool   // brackets were used
	isList   []bool // a list was seen at this depth
	leafSeen bool
	leaf     int
	empty    bool // dense<>
}

// parseDenseAttr reads `dense<...> : type`.
func (p *parser) parseDenseAttr() ir.Attribute {
	start := p.tok.start
	p.next() // dense
	if !p.expect(tLess) {
		return nil
	}
	lit := &denseLit{leaf: -1}
	switch p.tok.kind {
	case tGreater:
		lit.empty = true
	case tString:
		s := p.text()
		lit.hexPos = p.tok.start
		if !strings.HasPrefix(s, `"0x`) {
			p.errf("expected a hexadecimal string \"0x...\" in dense literal")
			return nil
		}
		data, err := hex.DecodeString(s[3 : len(s)-1])
		if err != nil {
			p.errf("invalid hexadecimal data in dense literal")
			return nil
		}
		lit.hexData = data
		p.next()
	case tLSquare:
		lit.nested = true
		p.parseDenseList(lit, 0)
	default:
		p.parseDenseElem(lit)
	}
	if p.err != nil || !p.expect(tGreater) {
		return nil
	}
	if !p.expect(tColon) {
		return nil
	}
	tpos := p.tok.start
	t := p.parseType()
	if p.err != nil {
		return nil
	}
	tt, ok := t.(*ir.TensorType)
	if !ok {
		p.errAt(tpos, "dense literal must have a tensor type, found %s", t)
		return nil
	}
	x := p.buildDense(lit, tt, start, tpos)
	if x == nil {
		return nil
	}
	return &ir.DenseElementsAttr{Value: x}
}

// parseDenseList reads one `[...]` at nesting depth d.
func (p *parser) parseDenseList(lit *denseLit, d int) {
	if !p.enter() {
		return
	}
	defer p.leave()
	pos := p.tok.start
	p.next() // [
	if lit.leafSeen && d >= lit.leaf {
		p.errAt(pos, "tensor literal is invalid; ranks are not consistent between elements")
		return
	}
	if d == len(lit.isList) {
		lit.isList = append(lit.isList, true)
		lit.shape = append(lit.shape, -1)
	}
	count := int64(0)
	if p.tok.kind != tRSquare {
		for p.err == nil {
			if p.tok.kind == tLSquare {
				p.parseDenseList(lit, d+1)
			} else {
				if !lit.leafSeen {
					lit.leafSeen, lit.leaf = true, d+1
				} else if lit.leaf != d+1 {
					p.errf("tensor literal is invalid; ranks are not consistent between elements")
					return
				}
				if d+1 < len(lit.isList) {
					p.errf("tensor literal is invalid; ranks are not consistent between elements")
					return
				}
				p.parseDenseElem(lit)
			}
			count++
			if !p.accept(tComma) {
				break
			}
		}
	}
	if !p.expect(tRSquare) {
		return
	}
	switch {
	case lit.shape[d] < 0:
		lit.shape[d] = count
	case lit.shape[d] != count:
		p.errAt(pos, "tensor literal is invalid; dimension %d has sizes %d and %d", d, lit.shape[d], count)
	}
}

// parseDenseElem reads one scalar or `(re, im)` element.
func (p *parser) parseDenseElem(lit *denseLit) {
	isPair := p.tok.kind == tLParen
	if len(lit.elems) > 0 && isPair != lit.complex {
		p.errf("dense literal mixes complex and non-complex elements")
		return
	}
	lit.complex = isPair
	if isPair {
		p.next()
		p.parseDenseScalar(lit)
		p.expect(tComma)
		p.parseDenseScalar(lit)
		p.expect(tRParen)
		return
	}
	p.parseDenseScalar(lit)
}

func (p *parser) parseDenseScalar(lit *denseLit) {
	if p.err != nil {
		return
	}
	if p.is("true") || p.is("false") {
		v := uint64(0)
		if p.is("true") {
			v = 1
		}
		lit.elems = append(lit.elems, number{u: v, pos: p.tok.start, text: p.text()})
		lit.bools = append(lit.bools, true)
		p.next()
		return
	}
	n, ok := p.parseNumber()
	if !ok {
		return
	}
	lit.elems = append(lit.elems, n)
	lit.bools = append(lit.bools, false)
}

// buildDense gives the literal its type t.
func (p *parser) buildDense(lit *denseLit, t *ir.TensorType, start, tpos int) *ir.Tensor {
	if !t.IsStatic() {
		p.errAt(tpos, "dense literal type %s must have a static shape", t)
		return nil
	}
	e := t.Elem
	if !e.IsIntOrBool() && !e.IsFloat() && !e.IsComplex() {
		p.errAt(tpos, "unsupported dense element type %s", e)
		return nil
	}
	n := t.NumElements()
	if n < 0 || n > MaxDenseElements {
		p.errAt(tpos, "dense literal of type %s has more than %d elements", t, MaxDenseElements)
		return nil
	}
	x, err := ir.NewTensor(t)
	if err != nil {
		p.errAt(tpos, "%v", err)
		return nil
	}
	x.Type.Encoding = t.Encoding
	switch {
	case lit.empty:
		if n != 0 {
			p.errAt(start, "empty dense literal dense<> for type %s with %d elements", t, n)
			return nil
		}
		return x
	case lit.hexData != nil:
		data := lit.hexData
		sz := int64(e.ByteSize())
		if int64(len(data)) == sz && n != 1 {
			one, err := ir.TensorFromBytes(ir.TensorOf(e), data)
			if err != nil {
				p.errAt(lit.hexPos, "%v", err)
				return nil
			}
			splat(x, one)
			return x
		}
		y, err := ir.TensorFromBytes(t, data)
		if err != nil {
			p.errAt(lit.hexPos, "%v", err)
			return nil
		}
		y.Type.Encoding = t.Encoding
		return y
	}
	per := 1
	if lit.complex {
		per = 2
	}
	count := int64(len(lit.elems) / per)
	if !lit.nested {
		// A splat.
		if x.Len() == 0 {
			one := ir.MustTensor(ir.TensorOf(e))
			if !p.setElem(one, 0, lit, 0) {
				return nil
			}
			return x
		}
		if !p.setElem(x, 0, lit, 0) {
			return nil
		}
		for i := 1; i < x.Len(); i++ {
			copyElem(x, i, 0)
		}
		return x
	}
	if !sameShape(lit.shape, t.Shape) || count != n {
		p.errAt(start, "inferred shape of elements literal (%s) does not match type (%s)", shapeString(lit.shape), shapeString(t.Shape))
		return nil
	}
	for i := 0; i < int(count); i++ {
		if !p.setElem(x, i, lit, i*per) {
			return nil
		}
	}
	return x
}

// setElem stores element k of the literal (scalar index j) as element i of x.
func (p *parser) setElem(x *ir.Tensor, i int, lit *denseLit, j int) bool {
	e := x.Type.Elem
	if len(lit.elems) <= j {
		return false
	}
	n := lit.elems[j]
	if lit.complex != e.IsComplex() {
		if lit.complex {
			p.errAt(n.pos, "complex element for non-complex type %s", e)
		} else {
			p.errAt(n.pos, "expected a complex element (re, im) for type %s", e)
		}
		return false
	}
	if lit.bools[j] && e != ir.I1 || lit.complex && lit.bools[j+1] {
		p.errAt(n.pos, "expected i1 type for 'true' or 'false' values")
		return false
	}
	switch {
	case e.IsIntOrBool():
		v, ok := p.intValue(n, e)
		if !ok {
			return false
		}
		x.I[i] = v
	case e.IsFloat():
		v, ok := p.floatValue(n, e)
		if !ok {
			return false
		}
		x.F[i] = v
	default:
		re, ok1 := p.floatValue(n, e.ComplexPart())
		if !ok1 {
			return false
		}
		im, ok2 := p.floatValue(lit.elems[j+1], e.ComplexPart())
		if !ok2 {
			return false
		}
		x.C[i] = complex(re, im)
	}
	return true
}

func copyElem(x *ir.Tensor, dst, src int) {
	switch {
	case x.I != nil:
		x.I[dst] = x.I[src]
	case x.F != nil:
		x.F[dst] = x.F[src]
	case x.C != nil:
		x.C[dst] = x.C[src]
	}
}

// splat fills x with the single element of one.
func splat(x, one *ir.Tensor) {
	for i := 0; i < x.Len(); i++ {
		switch {
		case x.I != nil:
			x.I[i] = one.I[0]
		case x.F != nil:
			x.F[i] = one.F[0]
		case x.C != nil:
			x.C[i] = one.C[0]
		}
	}
}

func sameShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func shapeString(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = fmt.Sprint(d)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
