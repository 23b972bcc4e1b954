package gguf

import "fmt"

// Type is a ggml tensor element type (enum ggml_type in ggml/include/ggml.h).
// Block-quantised types store a row as blocks of BlockElems values in
// BlockBytes bytes each.
type Type uint32

// The ggml types. zmlc decodes F32, F16, BF16, Q8_0, Q4_0 and Q4_1
// (Supported); the others are named in errors.
const (
	F32     Type = 0
	F16     Type = 1
	Q4_0    Type = 2
	Q4_1    Type = 3
	Q5_0    Type = 6
	Q5_1    Type = 7
	Q8_0    Type = 8
	Q8_1    Type = 9
	Q2_K    Type = 10
	Q3_K    Type = 11
	Q4_K    Type = 12
	Q5_K    Type = 13
	Q6_K    Type = 14
	Q8_K    Type = 15
	IQ2_XXS Type = 16
	IQ2_XS  Type = 17
	IQ3_XXS Type = 18
	IQ1_S   Type = 19
	IQ4_NL  Type = 20
	IQ3_S   Type = 21
	IQ2_S   Type = 22
	IQ4_XS  Type = 23
	I8      Type = 24
	I16     Type = 25
	I32     Type = 26
	I64     Type = 27
	F64     Type = 28
	IQ1_M   Type = 29
	BF16    Type = 30
	TQ1_0   Type = 34
	TQ2_0   Type = 35
)

type typeInfo struct {
	name       string
	blockElems int64 // values per block (1 for plain types)
	blockBytes int64 // bytes per block
}

// types lists ggml's type traits (ggml/src/ggml.c, type_traits: blck_size
// and type_size).
var types = map[Type]typeInfo{
	F32: {"F32", 1, 4}, F16: {"F16", 1, 2}, BF16: {"BF16", 1, 2}, F64: {"F64", 1, 8},
	I8: {"I8", 1, 1}, I16: {"I16", 1, 2}, I32: {"I32", 1, 4}, I64: {"I64", 1, 8},
	Q4_0: {"Q4_0", 32, 18}, Q4_1: {"Q4_1", 32, 20}, Q5_0: {"Q5_0", 32, 22}, Q5_1: {"Q5_1", 32, 24},
	Q8_0: {"Q8_0", 32, 34}, Q8_1: {"Q8_1", 32, 36},
	Q2_K: {"Q2_K", 256, 84}, Q3_K: {"Q3_K", 256, 110}, Q4_K: {"Q4_K", 256, 144},
	Q5_K: {"Q5_K", 256, 176}, Q6_K: {"Q6_K", 256, 210}, Q8_K: {"Q8_K", 256, 292},
	IQ2_XXS: {"IQ2_XXS", 256, 66}, IQ2_XS: {"IQ2_XS", 256, 74}, IQ3_XXS: {"IQ3_XXS", 256, 98},
	IQ1_S: {"IQ1_S", 256, 50}, IQ4_NL: {"IQ4_NL", 32, 18}, IQ3_S: {"IQ3_S", 256, 110},
	IQ2_S: {"IQ2_S", 256, 82}, IQ4_XS: {"IQ4_XS", 256, 136}, IQ1_M: {"IQ1_M", 256, 56},
	TQ1_0: {"TQ1_0", 256, 54}, TQ2_0: {"TQ2_0", 256, 66},
}

// String returns ggml's name of the type ("Q4_1"), or "type(N)" for a
// number ggml does not define.
func (t Type) String() string {
	if i, ok := types[t]; ok {
		return i.name
	}
	return fmt.Sprintf("type(%d)", uint32(t))
}

// Known reports whether t is a ggml type whose block layout this package
// knows (so the size of a tensor of that type can be checked).
func (t Type) Known() bool { _, ok := types[t]; return ok }

// Supported reports whether Dequantize decodes t: F32, F16, BF16, Q8_0,
// Q4_0 or Q4_1.
func (t Type) Supported() bool {
	switch t {
	case F32, F16, BF16, Q8_0, Q4_0, Q4_1:
		return true
	}
	return false
}

// SupportedTypes names the types Dequantize decodes, for error messages.
const SupportedTypes = "F32, F16, BF16, Q8_0, Q4_0, Q4_1"

// BlockElems returns the number of values in one block of t (1 for plain
// types, 32 for Q4_0/Q4_1/Q8_0), or 0 for an unknown type.
func (t Type) BlockElems() int64 { return types[t].blockElems }

// BlockBytes returns the size in bytes of one block of t, or 0 for an
// unknown type.
func (t Type) BlockBytes() int64 { return types[t].blockBytes }

// RowBytes returns the size in bytes of n values of type t, and false if t
// is unknown or n is not a whole number of blocks.
func (t Type) RowBytes(n int64) (int64, bool) {
	i, ok := types[t]
	if !ok || n < 0 || n%i.blockElems != 0 {
		return 0, false
	}
	return n / i.blockElems * i.blockBytes, true
}
