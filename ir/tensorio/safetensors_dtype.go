package tensorio

import "github.com/zmlc/zmlc/ir"

// stDType describes one safetensors dtype: its name, its width in bits, the
// zmlc element type it maps to (ir.Invalid for the ones zmlc has no type
// for), and its rank in the reference implementation's Dtype enum, which
// orders dtypes by increasing alignment.
type stDType struct {
	name string
	bits int
	elem ir.ElementType
	rank int
}

// stDTypes lists every dtype of huggingface/safetensors (safetensors/src/
// tensor.rs, enum Dtype, as of 2026), in the enum's order.
var stDTypes = []stDType{
	{"BOOL", 8, ir.I1, 0},
	{"F4", 4, ir.Invalid, 1},
	{"F6_E2M3", 6, ir.Invalid, 2},
	{"F6_E3M2", 6, ir.Invalid, 3},
	{"U8", 8, ir.UI8, 4},
	{"I8", 8, ir.I8, 5},
	{"F8_E5M2", 8, ir.F8E5M2, 6},
	{"F8_E4M3", 8, ir.F8E4M3FN, 7},
	{"F8_E8M0", 8, ir.Invalid, 8},
	{"F8_E4M3FNUZ", 8, ir.Invalid, 9},
	{"F8_E5M2FNUZ", 8, ir.Invalid, 10},
	{"I16", 16, ir.I16, 11},
	{"U16", 16, ir.UI16, 12},
	{"F16", 16, ir.F16, 13},
	{"BF16", 16, ir.BF16, 14},
	{"I32", 32, ir.I32, 15},
	{"U32", 32, ir.UI32, 16},
	{"F32", 32, ir.F32, 17},
	{"C64", 64, ir.C64, 18},
	{"F64", 64, ir.F64, 19},
	{"I64", 64, ir.I64, 20},
	{"U64", 64, ir.UI64, 21},
}

func lookupDType(name string) (stDType, bool) {
	for _, d := range stDTypes {
		if d.name == name {
			return d, true
		}
	}
	return stDType{}, false
}

// SafetensorsDType returns the safetensors dtype name that stores element
// type e ("F32" for f32, "BOOL" for i1, "F8_E4M3" for f8E4M3FN, "C64" for
// complex<f32>), and false for the types safetensors has no dtype for (i2,
// i4, ui2, ui4, complex<f64>, index).
func SafetensorsDType(e ir.ElementType) (string, bool) {
	if e == ir.Invalid {
		return "", false
	}
	for _, d := range stDTypes {
		if d.elem == e {
			return d.name, true
		}
	}
	return "", false
}

// ElementTypeOfDType returns the zmlc element type of the safetensors dtype
// name. The second result is false for names that are not safetensors dtypes
// and for the dtypes zmlc has no element type for (F4, F6_E2M3, F6_E3M2,
// F8_E8M0, F8_E4M3FNUZ, F8_E5M2FNUZ).
func ElementTypeOfDType(name string) (ir.ElementType, bool) {
	d, ok := lookupDType(name)
	if !ok || d.elem == ir.Invalid {
		return ir.Invalid, false
	}
	return d.elem, true
}

// DTypeBits returns the width in bits of one element of the safetensors
// dtype name (4 for F4, 6 for F6_E2M3, 32 for F32), or 0 if name is not a
// safetensors dtype.
func DTypeBits(name string) int {
	d, _ := lookupDType(name)
	return d.bits
}
