package frontend

import "github.com/zmlc/zmlc/ir"

// dtypes maps .zml element type names to IR element types. `bool` is i1;
// `uN` is the unsigned `uiN` (`ui8` is accepted too); the 8-bit floats
// are the two the IR has, OCP FP8's E4M3 (finite, NaN, no infinity) and
// E5M2, spelled in lower case or as MLIR does (`f8E4M3FN`).
var dtypes = map[string]ir.ElementType{
	"bool": ir.I1, "i1": ir.I1,
	"i8": ir.I8, "i16": ir.I16, "i32": ir.I32, "i64": ir.I64,
	"u8": ir.UI8, "u16": ir.UI16, "u32": ir.UI32, "u64": ir.UI64,
	"ui8": ir.UI8, "ui16": ir.UI16, "ui32": ir.UI32, "ui64": ir.UI64,
	"f16": ir.F16, "bf16": ir.BF16, "f32": ir.F32, "f64": ir.F64,
	"f8e4m3fn": ir.F8E4M3FN, "f8e5m2": ir.F8E5M2, "f8E4M3FN": ir.F8E4M3FN, "f8E5M2": ir.F8E5M2,
}

// dtypeName returns the .zml spelling of e (`u8` for ui8, `bool` for i1).
func dtypeName(e ir.ElementType) string {
	switch e {
	case ir.I1:
		return "bool"
	case ir.UI8:
		return "u8"
	case ir.UI16:
		return "u16"
	case ir.UI32:
		return "u32"
	case ir.UI64:
		return "u64"
	case ir.F8E4M3FN:
		return "f8e4m3fn"
	case ir.F8E5M2:
		return "f8e5m2"
	}
	return e.String()
}

// lookupDType returns the element type called name.
func lookupDType(name string) (ir.ElementType, bool) {
	e, ok := dtypes[name]
	return e, ok
}
