package ir

import (
	"fmt"
	"math"
)

// Tensor is a host tensor with a static shape, in row-major order. It is the
// value of a `dense<...>` attribute, the input and output of the reference
// interpreter, and what tensor I/O (.npy, safetensors) reads and writes.
//
// Exactly one of I, F and C holds the elements, chosen by Type.Elem:
//   - I for i1 (0 or 1) and every integer type: signed types sign-extended,
//     unsigned types zero-extended (ui64 keeps its bit pattern), so every
//     element is already wrapped to its type (ElementType.WrapInt);
//   - F for every float type, each element exactly representable in the type
//     (ElementType rounding by RoundFloat);
//   - C for complex<f32> and complex<f64> (parts rounded to f32 for complex<f32>).
type Tensor struct {
	Type *TensorType
	I    []int64
	F    []float64
	C    []complex128
}

// NewTensor returns a zero-filled tensor of type t, which must be static.
// It returns an error if t has a dynamic or negative dimension or more than
// 2^40 elements (a guard against shapes that overflow memory).
func NewTensor(t *TensorType) (*Tensor, error) {
	n := t.NumElements()
	if n < 0 || !t.IsStatic() {
		return nil, fmt.Errorf("cannot allocate tensor of type %s: shape is dynamic or overflows", t)
	}
	if n > 1<<40 {
		return nil, fmt.Errorf("cannot allocate tensor of type %s: %d elements is too many", t, n)
	}
	x := &Tensor{Type: &TensorType{Shape: append([]int64{}, t.Shape...), Elem: t.Elem}}
	switch {
	case t.Elem.IsIntOrBool():
		x.I = make([]int64, n)
	case t.Elem.IsFloat():
		x.F = make([]float64, n)
	case t.Elem.IsComplex():
		x.C = make([]complex128, n)
	default:
		return nil, fmt.Errorf("cannot allocate tensor of element type %s", t.Elem)
	}
	return x, nil
}

// MustTensor is NewTensor for types known to be valid; it panics otherwise.
// Use it only on types built by the caller, never on user input.
func MustTensor(t *TensorType) *Tensor {
	x, err := NewTensor(t)
	if err != nil {
		panic(err)
	}
	return x
}

// Len returns the number of elements.
func (x *Tensor) Len() int {
	switch {
	case x.I != nil:
		return len(x.I)
	case x.F != nil:
		return len(x.F)
	case x.C != nil:
		return len(x.C)
	}
	n := x.Type.NumElements()
	if n < 0 {
		return 0
	}
	return int(n)
}

// Shape returns the tensor's dimension sizes.
func (x *Tensor) Shape() []int64 { return x.Type.Shape }

// Elem returns the tensor's element type.
func (x *Tensor) Elem() ElementType { return x.Type.Elem }

// Strides returns the row-major strides of shape, in elements.
func Strides(shape []int64) []int64 {
	s := make([]int64, len(shape))
	acc := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		s[i] = acc
		acc *= shape[i]
	}
	return s
}

// Clone returns a deep copy of x.
func (x *Tensor) Clone() *Tensor {
	y := &Tensor{Type: &TensorType{Shape: append([]int64{}, x.Type.Shape...), Elem: x.Type.Elem}}
	if x.I != nil {
		y.I = append([]int64{}, x.I...)
	}
	if x.F != nil {
		y.F = append([]float64{}, x.F...)
	}
	if x.C != nil {
		y.C = append([]complex128{}, x.C...)
	}
	return y
}

// Set stores element i from v: an int64 for integer and i1 tensors, a
// float64 for float tensors and a complex128 for complex tensors. Integers are
// wrapped and floats rounded to the element type.
func (x *Tensor) Set(i int, v any) {
	e := x.Type.Elem
	switch {
	case e.IsIntOrBool():
		x.I[i] = e.WrapInt(v.(int64))
	case e.IsFloat():
		x.F[i] = RoundFloat(v.(float64), e)
	case e.IsComplex():
		c := v.(complex128)
		x.C[i] = complex(RoundFloat(real(c), e.ComplexPart()), RoundFloat(imag(c), e.ComplexPart()))
	}
}

// Equal reports whether x and y have the same type and bitwise-identical
// elements (NaNs with the same payload are equal; 0.0 and -0.0 differ).
func (x *Tensor) Equal(y *Tensor) bool {
	if !TypesEqual(x.Type, y.Type) || x.Len() != y.Len() {
		return false
	}
	for i := range x.I {
		if x.I[i] != y.I[i] {
			return false
		}
	}
	for i := range x.F {
		if math.Float64bits(x.F[i]) != math.Float64bits(y.F[i]) {
			return false
		}
	}
	for i := range x.C {
		if math.Float64bits(real(x.C[i])) != math.Float64bits(real(y.C[i])) ||
			math.Float64bits(imag(x.C[i])) != math.Float64bits(imag(y.C[i])) {
			return false
		}
	}
	return true
}

// Scalar returns a rank-0 tensor of element type e holding v (an int64,
// float64 or complex128 as for Set).
func Scalar(e ElementType, v any) *Tensor {
	x := MustTensor(TensorOf(e))
	x.Set(0, v)
	return x
}

// String returns the tensor as an MLIR dense literal with its type,
// `dense<[1, 2]> : tensor<2xi32>`.
func (x *Tensor) String() string {
	return AttrString(&DenseElementsAttr{Value: x})
}
