package hlo

import (
	"fmt"
	"math"

	"github.com/zmlc/zmlc/ir"
	pb "github.com/zmlc/zmlc/targets/hlo/xlapb"
)

// literal returns the LiteralProto of a constant tensor
// (xla/xla_data.proto LiteralProto: one repeated field per element type,
// elements in row-major order; 8- and 16-bit types as little-endian
// bytes).
func literal(x *ir.Tensor) (*pb.LiteralProto, error) {
	s, err := arrayShape(x.Type)
	if err != nil {
		return nil, err
	}
	l := &pb.LiteralProto{Shape: s}
	switch x.Type.Elem {
	case ir.I1:
		l.Preds = make([]bool, len(x.I))
		for i, v := range x.I {
			l.Preds[i] = v != 0
		}
	case ir.I8:
		l.S8S = ir.TensorBytes(x)
	case ir.UI8:
		l.U8S = ir.TensorBytes(x)
	case ir.I16:
		l.S16S = ir.TensorBytes(x)
	case ir.UI16:
		l.U16S = ir.TensorBytes(x)
	case ir.I32:
		l.S32S = make([]int32, len(x.I))
		for i, v := range x.I {
			l.S32S[i] = int32(v)
		}
	case ir.I64:
		l.S64S = append([]int64{}, x.I...)
	case ir.UI32:
		l.U32S = make([]uint32, len(x.I))
		for i, v := range x.I {
			l.U32S[i] = uint32(v)
		}
	case ir.UI64:
		l.U64S = make([]uint64, len(x.I))
		for i, v := range x.I {
			l.U64S[i] = uint64(v)
		}
	case ir.F16:
		l.F16S = ir.TensorBytes(x)
	case ir.BF16:
		l.Bf16S = ir.TensorBytes(x)
	case ir.F8E4M3FN:
		l.F8E4M3Fns = ir.TensorBytes(x)
	case ir.F8E5M2:
		l.F8E5M2S = ir.TensorBytes(x)
	case ir.F32:
		l.F32S = make([]float32, len(x.F))
		for i, v := range x.F {
			l.F32S[i] = float32(v)
		}
	case ir.F64:
		l.F64S = append([]float64{}, x.F...)
	case ir.C64:
		for _, v := range x.C {
			l.C64S = append(l.C64S, float32(real(v)), float32(imag(v)))
		}
	case ir.C128:
		for _, v := range x.C {
			l.C128S = append(l.C128S, real(v), imag(v))
		}
	default:
		return nil, fmt.Errorf("element type %s has no XLA literal", x.Type.Elem)
	}
	return l, nil
}

// scalarLiteral returns a rank-0 literal of element type e holding v (an
// integer for integer and boolean types, else a float).
func scalarLiteral(e ir.ElementType, v float64) (*pb.LiteralProto, error) {
	x, err := ir.NewTensor(ir.TensorOf(e))
	if err != nil {
		return nil, err
	}
	switch {
	case e.IsIntOrBool():
		x.I[0] = int64(v)
	case e.IsFloat():
		x.F[0] = v
	case e.IsComplex():
		x.C[0] = complex(v, 0)
	}
	return literal(x)
}

// literalValues returns the literal's elements as text, in row-major
// order, in HLO's literal syntax: integers in decimal, booleans true and
// false, floats shortest-exact with inf, -inf and nan, complex numbers
// (re, im).
func literalValues(x *ir.Tensor) []string {
	var out []string
	f := func(v float64, bits int) string {
		switch {
		case math.IsNaN(v):
			return nanText(v, bits)
		case math.IsInf(v, 1):
			return "inf"
		case math.IsInf(v, -1):
			return "-inf"
		}
		return formatFloat(v, bits)
	}
	switch e := x.Type.Elem; {
	case e == ir.I1:
		for _, v := range x.I {
			out = append(out, map[bool]string{true: "true", false: "false"}[v != 0])
		}
	case e.IsUnsigned():
		for _, v := range x.I {
			out = append(out, fmt.Sprint(uint64(v)))
		}
	case e.IsInteger():
		for _, v := range x.I {
			out = append(out, fmt.Sprint(v))
		}
	case e.IsFloat():
		bits := 64
		if e != ir.F64 {
			bits = 32
		}
		for _, v := range x.F {
			out = append(out, f(v, bits))
		}
	case e.IsComplex():
		bits := 64
		if e == ir.C64 {
			bits = 32
		}
		for _, v := range x.C {
			out = append(out, "("+f(real(v), bits)+", "+f(imag(v), bits)+")")
		}
	}
	return out
}

// formatFloat prints v exactly and shortest for its width (bits 32 or 64),
// with a decimal point or exponent so that HLO reads it as a float.
func formatFloat(v float64, bits int) string {
	s := strconvFormat(v, bits)
	for _, c := range s {
		if c == '.' || c == 'e' || c == 'E' {
			return s
		}
	}
	return s + ".0"
}

// nanText prints a NaN as XLA's literal syntax does: "nan" or "-nan", with
// its payload as "nan(0x...)" when it is not the canonical quiet NaN's.
func nanText(v float64, bits int) string {
	sign := ""
	if math.Signbit(v) {
		sign = "-"
	}
	var payload, quiet uint64
	if bits == 32 {
		payload, quiet = uint64(math.Float32bits(float32(v))&0x7FFFFF), 0x400000
	} else {
		payload, quiet = math.Float64bits(v)&(1<<52-1), 1<<51
	}
	if payload == quiet {
		return sign + "nan"
	}
	return fmt.Sprintf("%snan(0x%x)", sign, payload)
}
