package frontend

import "github.com/zmlc/zmlc/ir"

// valKind says what an expression evaluates to during lowering.
type valKind int

const (
	kTensor  valKind = iota // an IR value with a named shape
	kNumber                 // a literal number not yet given an element type
	kModule                 // a sub-module instance
	kModules                // a repeated sub-module (`layers`)
	kTuple                  // several values (a call returning several)
	kPoison                 // a name whose definition failed (diagnostics.go)
)

// val is the result of lowering an expression.
type val struct {
	kind  valKind
	v     *ir.Value
	elem  ir.ElementType
	shape Shape
	// kNumber: the literal; isInt says whether it was written as an integer.
	num   float64
	inum  int64
	isInt bool
	inst  *instance
	insts []*instance
	elems []val
}

func tensorVal(v *ir.Value, elem ir.ElementType, shape Shape) val {
	return val{kind: kTensor, v: v, elem: elem, shape: shape}
}

// describe names the kind of a non-tensor value for error messages.
func (v val) describe() string {
	switch v.kind {
	case kTensor:
		return typeString(v.elem, v.shape)
	case kNumber:
		return "a number"
	case kModule:
		return "sub-module " + v.inst.decl.Name
	case kModules:
		return "repeated sub-module"
	case kTuple:
		return "several values"
	case kPoison:
		return "an erroneous value"
	}
	return "?"
}

// irType returns the tensor type of a shape and element type.
func irType(elem ir.ElementType, s Shape) *ir.TensorType { return ir.TensorOf(elem, s.Sizes()...) }

// dimsAttr returns the `zml.dims` attribute of a shape: one string per
// dimension, "" for an unnamed one.
func dimsAttr(s Shape) ir.ArrayAttr {
	a := make(ir.ArrayAttr, len(s))
	for i, d := range s {
		a[i] = ir.StringAttr(d.Name)
	}
	return a
}
