package wasm

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
)

// valType returns the Wasm type holding a kernel value of element type t:
// i32 for i1 and integers up to 32 bits (signed ones sign-extended,
// unsigned ones zero-extended), i64 for 64-bit integers and index, f32 and
// f64 for those floats, i32 holding the bits (zero-extended) for f16,
// bf16, f8E4M3FN and f8E5M2, which after kernel.LegalizeNarrow appear only
// in loads, stores and bitcasts (narrow.go). Other types (complex) are not
// supported by the wasm target yet.
func valType(t ir.ElementType) (ValType, error) {
	switch {
	case t == ir.I1:
		return I32, nil
	case t == ir.Index:
		return I64, nil
	case t.IsInteger() && t.Bits() <= 32:
		return I32, nil
	case t.IsInteger():
		return I64, nil
	case t == ir.F32:
		return F32, nil
	case t == ir.F64:
		return F64, nil
	case isNarrow(t):
		return I32, nil // the 16 or 8 bits (narrow.go)
	}
	return 0, fmt.Errorf("element type %s is not supported by the wasm target", t)
}

// is64 reports whether t is held in an i64.
func is64(t ir.ElementType) bool { return t == ir.Index || t.IsInteger() && t.Bits() == 64 }

// unsignedT reports whether comparisons and divisions of t are unsigned.
func unsignedT(t ir.ElementType) bool { return t == ir.I1 || t.IsUnsigned() }

// log2Size returns log2 of the element's byte size in memory.
func log2Size(t ir.ElementType) int64 {
	switch t.ByteSize() {
	case 1:
		return 0
	case 2:
		return 1
	case 4:
		return 2
	}
	return 3
}

// loadOp and storeOp return the memory instructions of element type t.
func loadOp(t ir.ElementType) Op {
	switch {
	case t == ir.F32:
		return OpF32Load
	case t == ir.F64:
		return OpF64Load
	case is64(t):
		return OpI64Load
	case t.ByteSize() == 4:
		return OpI32Load
	case t.ByteSize() == 2 && t.IsSigned():
		return OpI32Load16S
	case t.ByteSize() == 2:
		return OpI32Load16U
	case t.IsSigned():
		return OpI32Load8S
	}
	return OpI32Load8U
}

func storeOp(t ir.ElementType) Op {
	switch {
	case t == ir.F32:
		return OpF32Store
	case t == ir.F64:
		return OpF64Store
	case is64(t):
		return OpI64Store
	case t.ByteSize() == 4:
		return OpI32Store
	case t.ByteSize() == 2:
		return OpI32Store16
	}
	return OpI32Store8
}

// wrap normalises the i32 on the stack to element type t (bits < 32):
// sign-extension for signed types, a mask for unsigned ones and i1.
func (b *fb) wrap(t ir.ElementType) {
	w := t.Bits()
	if w >= 32 || t == ir.Index {
		return
	}
	switch {
	case t.IsSigned() && w == 8:
		b.op(OpI32Extend8S)
	case t.IsSigned() && w == 16:
		b.op(OpI32Extend16S)
	case t.IsSigned():
		b.i32(int64(32 - w))
		b.op(OpI32Shl)
		b.i32(int64(32 - w))
		b.op(OpI32ShrS)
	default:
		b.i32(1<<w - 1)
		b.op(OpI32And)
	}
}

// ubits turns the value of type t on the stack into its unsigned bit
// pattern (a no-op except for signed types narrower than 32 bits).
func (b *fb) ubits(t ir.ElementType) {
	w := t.Bits()
	if w >= 32 || !t.IsSigned() || t == ir.Index {
		return
	}
	b.i32(1<<w - 1)
	b.op(OpI32And)
}
