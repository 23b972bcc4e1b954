package tensorio

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
)

// npyKinds maps NumPy's type character and item size (the descr without its
// byte-order character, e.g. "f4") to zmlc element types.
var npyKinds = map[string]ir.ElementType{
	"b1": ir.I1,
	"i1": ir.I8, "i2": ir.I16, "i4": ir.I32, "i8": ir.I64,
	"u1": ir.UI8, "u2": ir.UI16, "u4": ir.UI32, "u8": ir.UI64,
	"f2": ir.F16, "f4": ir.F32, "f8": ir.F64,
	"c8": ir.C64, "c16": ir.C128,
}

// NpyDescr returns the NumPy dtype descriptor (dtype.str, as .npy headers
// store it) that zmlc writes for element type e: "|b1" for i1, "|i1" and
// "|u1" for the 8-bit integers, "<i2".."<u8", "<f2", "<f4", "<f8", "<c8" and
// "<c16". bf16, f8E4M3FN, f8E5M2, i2, i4, ui2 and ui4 have no NumPy dtype
// (ml_dtypes saves bfloat16 as the anonymous void type "<V2", which a reader
// cannot tell from any other 2-byte type), so NpyDescr returns an error
// naming the type for them.
func NpyDescr(e ir.ElementType) (string, error) {
	for k, v := range npyKinds {
		if v == e {
			if len(k) == 2 && k[1] == '1' {
				return "|" + k, nil
			}
			return "<" + k, nil
		}
	}
	return "", fmt.Errorf("element type %s has no NumPy dtype: .npy cannot store it (safetensors can store bf16 and f8)", e)
}

// parseNpyDescr returns the element type and byte order of a .npy descr
// string. Byte order '<' is little-endian and '>' big-endian; '|' (not
// applicable) is accepted only for one-byte types. Native order ('=' or no
// character) is refused: the file does not say which machine wrote it.
func parseNpyDescr(descr string) (e ir.ElementType, bigEndian bool, err error) {
	if descr == "" {
		return ir.Invalid, false, fmt.Errorf("empty descr")
	}
	order, kind := descr[0], descr[1:]
	switch order {
	case '<', '>', '|':
	case '=':
		return ir.Invalid, false, fmt.Errorf("descr %q has native byte order, which a file cannot rely on", descr)
	default:
		return ir.Invalid, false, fmt.Errorf("descr %q has no byte-order character ('<', '>' or '|')", descr)
	}
	e, ok := npyKinds[kind]
	if !ok {
		switch {
		case kind != "" && kind[0] == 'V':
			return ir.Invalid, false, fmt.Errorf("descr %q is NumPy's anonymous void type (ml_dtypes writes bfloat16 and float8 this way); zmlc cannot tell which element type it holds", descr)
		case kind != "" && kind[0] == 'O':
			return ir.Invalid, false, fmt.Errorf("descr %q is an object array (pickled data), which zmlc never loads", descr)
		}
		return ir.Invalid, false, fmt.Errorf("descr %q has no zmlc element type", descr)
	}
	if order == '|' && e.ByteSize() != 1 {
		return ir.Invalid, false, fmt.Errorf("descr %q gives no byte order for a %d-byte type", descr, e.ByteSize())
	}
	return e, order == '>', nil
}
