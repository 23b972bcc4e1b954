package ir

import (
	"strconv"
	"strings"
)

// Type is an MLIR type as StableHLO uses it: a ranked tensor type, a tuple,
// the token type, a function type, or a bare element type (in attributes).
type Type interface {
	isType()
	// String returns the type in MLIR syntax (`tensor<2x?xf32>`).
	String() string
}

// Dynamic marks a dynamic dimension size (`?` in `tensor<2x?xf32>`).
const Dynamic int64 = -1

// TensorType is a ranked tensor type `tensor<d0 x d1 x ... x elem>`; a rank-0
// tensor (`tensor<f32>`) is a scalar. Shape entries are sizes >= 0 or
// Dynamic. Encoding is the optional third parameter (`tensor<4xf32, #enc>`),
// kept verbatim for round-tripping; zmlc gives it no meaning.
type TensorType struct {
	Shape    []int64
	Elem     ElementType
	Encoding Attribute
}

func (*TensorType) isType() {}

// Tensor returns the tensor type with the given element type and shape.
func TensorOf(elem ElementType, shape ...int64) *TensorType {
	return &TensorType{Shape: append([]int64{}, shape...), Elem: elem}
}

// Rank returns the number of dimensions.
func (t *TensorType) Rank() int { return len(t.Shape) }

// IsStatic reports whether no dimension is Dynamic.
func (t *TensorType) IsStatic() bool {
	for _, d := range t.Shape {
		if d < 0 {
			return false
		}
	}
	return true
}

// NumElements returns the product of the dimension sizes (1 for rank 0), or
// -1 if a dimension is dynamic or the product overflows int64.
func (t *TensorType) NumElements() int64 {
	n := int64(1)
	for _, d := range t.Shape {
		if d < 0 {
			return -1
		}
		if d != 0 && n > (1<<63-1)/d {
			return -1
		}
		n *= d
	}
	return n
}

// WithElem returns a copy of t with element type e.
func (t *TensorType) WithElem(e ElementType) *TensorType {
	return &TensorType{Shape: append([]int64{}, t.Shape...), Elem: e}
}

// WithShape returns a copy of t with the given shape.
func (t *TensorType) WithShape(shape []int64) *TensorType {
	return &TensorType{Shape: append([]int64{}, shape...), Elem: t.Elem}
}

// String returns `tensor<2x?x4xf32>`.
func (t *TensorType) String() string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range t.Shape {
		if d < 0 {
			b.WriteString("?")
		} else {
			b.WriteString(strconv.FormatInt(d, 10))
		}
		b.WriteString("x")
	}
	b.WriteString(t.Elem.String())
	if t.Encoding != nil {
		b.WriteString(", ")
		b.WriteString(AttrString(t.Encoding))
	}
	b.WriteString(">")
	return b.String()
}

// TupleType is `tuple<T0, T1, ...>`.
type TupleType struct {
	Elems []Type
}

func (*TupleType) isType() {}

// String returns `tuple<tensor<f32>, tensor<2xi32>>`.
func (t *TupleType) String() string {
	var b strings.Builder
	b.WriteString("tuple<")
	for i, e := range t.Elems {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(e.String())
	}
	b.WriteString(">")
	return b.String()
}

// TokenType is StableHLO's `!stablehlo.token`.
type TokenType struct{}

func (*TokenType) isType() {}

// String returns `!stablehlo.token`.
func (*TokenType) String() string { return "!stablehlo.token" }

// FunctionType is `(T0, T1) -> (R0, R1)`.
type FunctionType struct {
	Inputs  []Type
	Results []Type
}

func (*FunctionType) isType() {}

// String returns `(tensor<f32>) -> tensor<f32>`; a result list of one
// non-function type is printed without parentheses, as MLIR does.
func (t *FunctionType) String() string {
	var b strings.Builder
	b.WriteString("(")
	b.WriteString(TypeListString(t.Inputs))
	b.WriteString(") -> ")
	if len(t.Results) == 1 {
		if _, isFn := t.Results[0].(*FunctionType); !isFn {
			b.WriteString(t.Results[0].String())
			return b.String()
		}
	}
	b.WriteString("(")
	b.WriteString(TypeListString(t.Results))
	b.WriteString(")")
	return b.String()
}

// OpaqueType is a type of a dialect zmlc does not model (`!sdy.foo<...>`),
// kept verbatim for round-tripping.
type OpaqueType struct {
	Text string
}

func (*OpaqueType) isType() {}

// String returns the type's text as it was parsed.
func (t *OpaqueType) String() string { return t.Text }

// TypeListString joins types with ", ".
func TypeListString(ts []Type) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = t.String()
	}
	return strings.Join(s, ", ")
}

// TypesEqual reports whether a and b are the same type (structurally,
// without printing them: the verifier calls it for every operand).
func TypesEqual(a, b Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	switch a := a.(type) {
	case *TensorType:
		b, ok := b.(*TensorType)
		if !ok || a.Elem != b.Elem || len(a.Shape) != len(b.Shape) {
			return false
		}
		for i, d := range a.Shape {
			if b.Shape[i] != d {
				return false
			}
		}
		if a.Encoding == nil || b.Encoding == nil {
			return a.Encoding == nil && b.Encoding == nil
		}
		return AttrString(a.Encoding) == AttrString(b.Encoding)
	case ElementType:
		b, ok := b.(ElementType)
		return ok && a == b
	case *TokenType:
		_, ok := b.(*TokenType)
		return ok
	case *TupleType:
		b, ok := b.(*TupleType)
		return ok && typeListsEqual(a.Elems, b.Elems)
	case *FunctionType:
		b, ok := b.(*FunctionType)
		return ok && typeListsEqual(a.Inputs, b.Inputs) && typeListsEqual(a.Results, b.Results)
	}
	return a.String() == b.String()
}

func typeListsEqual(a, b []Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !TypesEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}

// AsTensor returns t as a *TensorType, or nil if it is another kind of type.
func AsTensor(t Type) *TensorType {
	tt, _ := t.(*TensorType)
	return tt
}
