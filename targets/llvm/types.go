package llvm

import (
	"fmt"

	zir "github.com/zmlc/zmlc/ir"

	"github.com/llir/llvm/ir/types"
)

// regType is the LLVM type a value of element type e has in registers:
// iN for integers (index is i64), i1, float, double, and i16 (the bits)
// for f16 and bf16.
func regType(e zir.ElementType) (types.Type, error) {
	switch e {
	case zir.I1:
		return types.I1, nil
	case zir.I2, zir.UI2:
		return types.I2, nil
	case zir.I4, zir.UI4:
		return types.I4, nil
	case zir.I8, zir.UI8:
		return types.I8, nil
	case zir.I16, zir.UI16, zir.F16, zir.BF16:
		return types.I16, nil
	case zir.I32, zir.UI32:
		return types.I32, nil
	case zir.I64, zir.UI64, zir.Index:
		return types.I64, nil
	case zir.F32:
		return types.Float, nil
	case zir.F64:
		return types.Double, nil
	}
	return nil, fmt.Errorf("element type %s is not supported by the llvm targets", e)
}

// memType is the LLVM type of one element of e in memory: i1 and the
// sub-byte integers take a byte.
func memType(e zir.ElementType) (types.Type, error) {
	switch e {
	case zir.I1, zir.I2, zir.UI2, zir.I4, zir.UI4:
		return types.I8, nil
	}
	return regType(e)
}

// mustReg is regType for types already checked.
func mustReg(e zir.ElementType) types.Type {
	t, err := regType(e)
	if err != nil {
		panic(err)
	}
	return t
}

// intType returns the LLVM integer type of width bits.
func intType(bits int) *types.IntType {
	switch bits {
	case 1:
		return types.I1
	case 8:
		return types.I8
	case 16:
		return types.I16
	case 32:
		return types.I32
	case 64:
		return types.I64
	}
	return types.NewInt(uint64(bits))
}
