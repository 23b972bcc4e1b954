package ir

import "fmt"

// ElementType is a tensor element type of the StableHLO specification
// (openxla/stablehlo docs/spec.md, "Types": BooleanType, IntegerType,
// FloatType, ComplexType), plus MLIR's builtin `index`. It also implements
// Type, standing for the bare scalar type as it appears in attributes
// (`1 : i64`) and dense arrays (`array<i64: 1, 2>`).
//
// Integers of every width are held by the interpreter in an int64 (signed
// types sign-extended, unsigned types zero-extended); floats of every width in
// a float64 that is exactly representable in the element type.
type ElementType uint8

// The element types. I1 is the spec's boolean type `i1`.
const (
	Invalid ElementType = iota
	I1
	I2
	I4
	I8
	I16
	I32
	I64
	UI2
	UI4
	UI8
	UI16
	UI32
	UI64
	F4E2M1FN
	F6E2M3FN
	F6E3M2FN
	F8E3M4
	F8E4M3
	F8E4M3FN
	F8E4M3FNUZ
	F8E4M3B11FNUZ
	F8E5M2
	F8E5M2FNUZ
	F8E8M0FNU
	F16
	BF16
	F32
	F64
	C64  // complex<f32>
	C128 // complex<f64>
	Index
	numElementTypes
)

var elementTypeNames = [...]string{
	Invalid:       "<invalid>",
	I1:            "i1",
	I2:            "i2",
	I4:            "i4",
	I8:            "i8",
	I16:           "i16",
	I32:           "i32",
	I64:           "i64",
	UI2:           "ui2",
	UI4:           "ui4",
	UI8:           "ui8",
	UI16:          "ui16",
	UI32:          "ui32",
	UI64:          "ui64",
	F4E2M1FN:      "f4E2M1FN",
	F6E2M3FN:      "f6E2M3FN",
	F6E3M2FN:      "f6E3M2FN",
	F8E3M4:        "f8E3M4",
	F8E4M3:        "f8E4M3",
	F8E4M3FN:      "f8E4M3FN",
	F8E4M3FNUZ:    "f8E4M3FNUZ",
	F8E4M3B11FNUZ: "f8E4M3B11FNUZ",
	F8E5M2:        "f8E5M2",
	F8E5M2FNUZ:    "f8E5M2FNUZ",
	F8E8M0FNU:     "f8E8M0FNU",
	F16:           "f16",
	BF16:          "bf16",
	F32:           "f32",
	F64:           "f64",
	C64:           "complex<f32>",
	C128:          "complex<f64>",
	Index:         "index",
}

// String returns the MLIR spelling of the element type (`i32`, `ui8`,
// `bf16`, `complex<f32>`).
func (e ElementType) String() string {
	if int(e) < len(elementTypeNames) {
		return elementTypeNames[e]
	}
	return fmt.Sprintf("<elementtype %d>", uint8(e))
}

func (ElementType) isType() {}

// ParseElementType returns the element type spelled s in MLIR syntax, or
// Invalid and false. Signless integers (`i8`) are the spec's signed integers;
// `si8` is accepted as a synonym.
func ParseElementType(s string) (ElementType, bool) {
	for i, n := range elementTypeNames {
		if i != int(Invalid) && n == s {
			return ElementType(i), true
		}
	}
	switch s {
	case "si2":
		return I2, true
	case "si4":
		return I4, true
	case "si8":
		return I8, true
	case "si16":
		return I16, true
	case "si32":
		return I32, true
	case "si64":
		return I64, true
	}
	return Invalid, false
}

// AllElementTypes lists every tensor element type (Index excluded).
func AllElementTypes() []ElementType {
	var r []ElementType
	for e := I1; e < Index; e++ {
		r = append(r, e)
	}
	return r
}

// IsBool reports whether e is i1, the spec's boolean type.
func (e ElementType) IsBool() bool { return e == I1 }

// IsInteger reports whether e is a signed or unsigned integer type other
// than i1 (Index counts as a signed 64-bit integer).
func (e ElementType) IsInteger() bool { return (e >= I2 && e <= UI64) || e == Index }

// IsSigned reports whether e is a signed integer type (i2..i64, index).
func (e ElementType) IsSigned() bool { return (e >= I2 && e <= I64) || e == Index }

// IsUnsigned reports whether e is an unsigned integer type (ui2..ui64).
func (e ElementType) IsUnsigned() bool { return e >= UI2 && e <= UI64 }

// IsFloat reports whether e is a floating-point type (f4E2M1FN..f64).
func (e ElementType) IsFloat() bool { return e >= F4E2M1FN && e <= F64 }

// IsComplex reports whether e is complex<f32> or complex<f64>.
func (e ElementType) IsComplex() bool { return e == C64 || e == C128 }

// IsIntOrBool reports whether e is i1 or an integer type; such elements
// live in Tensor.I.
func (e ElementType) IsIntOrBool() bool { return e == I1 || e.IsInteger() }

// Bits returns the storage width of one element in bits (i1 counts 1,
// complex<f32> counts 64, index counts 64).
func (e ElementType) Bits() int {
	switch e {
	case I1:
		return 1
	case I2, UI2:
		return 2
	case I4, UI4, F4E2M1FN:
		return 4
	case F6E2M3FN, F6E3M2FN:
		return 6
	case I8, UI8, F8E3M4, F8E4M3, F8E4M3FN, F8E4M3FNUZ, F8E4M3B11FNUZ, F8E5M2, F8E5M2FNUZ, F8E8M0FNU:
		return 8
	case I16, UI16, F16, BF16:
		return 16
	case I32, UI32, F32:
		return 32
	case I64, UI64, F64, C64, Index:
		return 64
	case C128:
		return 128
	}
	return 0
}

// ByteSize returns the bytes one element occupies in a dense buffer
// (safetensors, .npy, device memory): i1 takes one byte, i2/i4/ui2/ui4 and
// f4E2M1FN/f6E2M3FN/f6E3M2FN one byte each (unpacked, the value in the low
// bits, as ml_dtypes stores them).
func (e ElementType) ByteSize() int {
	b := e.Bits()
	if b < 8 {
		return 1
	}
	return b / 8
}

// ComplexPart returns the element type of the real and imaginary parts of a
// complex type (f32 for complex<f32>), or e itself otherwise.
func (e ElementType) ComplexPart() ElementType {
	switch e {
	case C64:
		return F32
	case C128:
		return F64
	}
	return e
}

// IntRange returns the smallest and largest value of an integer or boolean
// type. For ui64 the maximum does not fit in an int64; IntRange returns
// (0, -1) there, i.e. the bit pattern of 2^64-1, and callers compare unsigned.
func (e ElementType) IntRange() (min, max int64) {
	switch {
	case e == I1:
		return 0, 1
	case e == UI64:
		return 0, -1
	case e.IsUnsigned():
		return 0, int64(1)<<uint(e.Bits()) - 1
	case e.IsSigned():
		b := uint(e.Bits())
		if b == 64 {
			return -1 << 63, 1<<63 - 1
		}
		return -(int64(1) << (b - 1)), int64(1)<<(b-1) - 1
	}
	return 0, 0
}

// WrapInt reduces v to the canonical representation of integer type e by
// two's-complement wraparound: the low Bits() bits, sign-extended for signed
// types and zero-extended for unsigned ones. For i1 it returns v&1. This is
// what XLA does on integer overflow, which the spec leaves open.
func (e ElementType) WrapInt(v int64) int64 {
	b := uint(e.Bits())
	if b >= 64 {
		return v
	}
	if e == I1 || e.IsUnsigned() {
		return v & (int64(1)<<b - 1)
	}
	s := 64 - b
	return v << s >> s
}
