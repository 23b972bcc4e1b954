package spirv

import (
	"fmt"
	"strings"
)

// moduleParser decodes instructions against the grammar as SPIRV-Tools'
// binary parser does, remembering what later operands depend on: the
// numeric types (for typed literals), each id's type (for OpSwitch) and the
// imported extended instruction sets.
type moduleParser struct {
	numTypes map[uint32]numType
	idTypes  map[uint32]uint32
	extSets  map[uint32]extSet
}

// parseModule decodes the instructions after the 5-word header.
func parseModule(words []uint32) ([]parsedInst, error) {
	p := &moduleParser{numTypes: map[uint32]numType{}, idTypes: map[uint32]uint32{}, extSets: map[uint32]extSet{}}
	var insts []parsedInst
	for i := 5; i < len(words); {
		n := int(words[i] >> 16)
		op := Opcode(words[i] & 0xffff)
		if n == 0 {
			return nil, &DisError{i, "instruction word count is 0"}
		}
		if i+n > len(words) {
			return nil, &DisError{i, fmt.Sprintf("instruction word count %d runs past the end of the module (%d words)", n, len(words))}
		}
		in, err := p.parseInst(i, op, words[i:i+n])
		if err != nil {
			return nil, err
		}
		insts = append(insts, in)
		i += n
	}
	return insts, nil
}

// parseInst decodes one instruction at word pos.
func (p *moduleParser) parseInst(pos int, op Opcode, ws []uint32) (parsedInst, error) {
	desc, ok := disInsts[op]
	if !ok || !desc.avail {
		return parsedInst{}, &DisError{pos, fmt.Sprintf("invalid opcode %d", op)}
	}
	in := parsedInst{pos: pos, desc: &desc, words: ws}
	errf := func(w int, format string, a ...any) error {
		return &DisError{pos + w, "Op" + desc.name + ": " + fmt.Sprintf(format, a...)}
	}
	// expect is a stack: the next operand is at the end.
	var expect []operandDesc
	push := func(ops []operandDesc) {
		for i := len(ops) - 1; i >= 0; i-- {
			expect = append(expect, ops[i])
		}
	}
	push(desc.operands)
	w := 1
	for w < len(ws) {
		if len(expect) == 0 {
			return in, errf(w, "expected no more operands after %d words, but the word count is %d", w, len(ws))
		}
		o := expect[len(expect)-1]
		expect = expect[:len(expect)-1]
		if o.quant == qVariadic {
			expect = append(expect, o)
		}
		k := &disKinds[o.kind]
		if k.cat == catComposite {
			bases := make([]operandDesc, len(k.bases))
			for i, b := range k.bases {
				bases[i] = operandDesc{kind: b}
			}
			push(bases)
			continue
		}
		po := parsedOperand{kind: o.kind, off: w, n: 1}
		word := ws[w]
		switch {
		case k.cat == catID:
			switch o.kind {
			case kindIdResult:
				if word == 0 {
					return in, errf(w, "result id is 0")
				}
				in.resultID = word
			case kindIdResultType:
				if word == 0 {
					return in, errf(w, "result type id is 0")
				}
				in.typeID = word
			}
		case o.kind == kindLiteralString:
			end := w
			for ; end < len(ws); end++ {
				if ws[end]&0xff == 0 || ws[end]&0xff00 == 0 || ws[end]&0xff0000 == 0 || ws[end]&0xff000000 == 0 {
					break
				}
			}
			if end == len(ws) {
				return in, errf(w, "literal string has no terminating NUL")
			}
			po.n = end - w + 1
		case o.kind == kindLiteralContextDependentNumber || (op == OpSwitch && o.kind == kindLiteralInteger):
			t, err := p.literalType(&in, op)
			if err != nil {
				return in, errf(w, "%v", err)
			}
			po.num = t
			po.n = int(t.width+31) / 32
			if w+po.n > len(ws) {
				return in, errf(w, "a %d-bit literal runs past the instruction's %d words", t.width, len(ws))
			}
		case o.kind == kindLiteralExtInstInteger:
			if len(in.operands) < 3 {
				return in, errf(w, "no extended instruction set operand")
			}
			set := ws[in.operands[2].off]
			// The extended instruction alone says what follows (SPIRV-Tools
			// drops OpExtInst's own trailing IdRef*).
			expect = expect[:0]
			switch p.extSets[set] {
			case extGLSL:
				ext, ok := disGLSL[word]
				if !ok {
					return in, errf(w, "invalid GLSL.std.450 instruction %d", word)
				}
				po.extInst = &ext
				push(ext.operands)
			case extNonSemantic:
				push([]operandDesc{{kindIdRef, qVariadic}})
			default:
				return in, errf(w, "%%%d is not an imported extended instruction set", set)
			}
		case o.kind == kindLiteralSpecConstantOpInteger:
			spec, ok := disInsts[Opcode(word)]
			if !ok || !spec.avail || len(spec.operands) < 2 || spec.operands[0].kind != kindIdResultType || spec.operands[1].kind != kindIdResult {
				return in, errf(w, "invalid spec constant opcode %d", word)
			}
			po.specInst = &spec
			push(spec.operands[2:])
		case k.cat == catLiteral:
			po.num = numType{numUnsigned, 32}
		case k.cat == catValueEnum:
			e, ok := k.enum(word)
			if !ok {
				return in, errf(w, "invalid %s operand %d", k.name, word)
			}
			push(e.params)
		case k.cat == catBitEnum:
			// Parameters follow in the order of their bits, least
			// significant first.
			for bit := uint32(1) << 31; bit != 0; bit >>= 1 {
				if word&bit == 0 {
					continue
				}
				e, ok := k.enum(bit)
				if !ok {
					return in, errf(w, "invalid %s operand %#x: bit %#x has no name", k.name, word, bit)
				}
				for i := range e.params {
					expect = append(expect, e.params[len(e.params)-1-i])
				}
			}
			if word == 0 {
				if e, ok := k.enum(0); ok {
					push(e.params)
				}
			}
		}
		in.operands = append(in.operands, po)
		w += po.n
	}
	if len(expect) > 0 && expect[len(expect)-1].quant == qOne {
		return in, errf(w, "end of instruction reached: expected more operands after %d words", w)
	}
	p.record(&in, op)
	return in, nil
}

// literalType is the numeric type of a typed literal: the result type of
// OpConstant and OpSpecConstant, the selector's type for OpSwitch.
func (p *moduleParser) literalType(in *parsedInst, op Opcode) (numType, error) {
	var t uint32
	switch op {
	case OpConstant, OpSpecConstant:
		t = in.typeID
	case OpSwitch:
		if len(in.operands) == 0 {
			return numType{}, fmt.Errorf("no selector")
		}
		sel := in.words[in.operands[0].off]
		var ok bool
		if t, ok = p.idTypes[sel]; !ok {
			return numType{}, fmt.Errorf("selector %%%d has no type", sel)
		}
	default:
		return numType{}, fmt.Errorf("a typed literal outside OpConstant, OpSpecConstant and OpSwitch")
	}
	nt, ok := p.numTypes[t]
	if !ok || nt.width == 0 {
		return numType{}, fmt.Errorf("type %%%d is not a scalar numeric type", t)
	}
	if op == OpSwitch && nt.kind == numFloat {
		return numType{}, fmt.Errorf("selector type %%%d is not an integer type", t)
	}
	return nt, nil
}

// record remembers what later instructions need of in.
func (p *moduleParser) record(in *parsedInst, op Opcode) {
	if in.resultID != 0 && in.typeID != 0 {
		p.idTypes[in.resultID] = in.typeID
	}
	switch op {
	case OpTypeInt:
		if len(in.words) >= 4 {
			k := numUnsigned
			if in.words[3] != 0 {
				k = numSigned
			}
			p.numTypes[in.resultID] = numType{k, in.words[2]}
		}
	case OpTypeFloat:
		if len(in.words) >= 3 {
			p.numTypes[in.resultID] = numType{numFloat, in.words[2]}
		}
	case OpExtInstImport:
		if len(in.operands) >= 2 {
			o := in.operands[1]
			name := decodeString(in.words[o.off : o.off+o.n])
			switch {
			case name == "GLSL.std.450":
				p.extSets[in.resultID] = extGLSL
			case strings.HasPrefix(name, "NonSemantic."):
				p.extSets[in.resultID] = extNonSemantic
			}
		}
	}
}
