package interp

// Helpers shared by the op evaluators of this package: typed access to
// operands and attributes, index arithmetic, result allocation and
// elementwise loops. None of them broadcasts: StableHLO has no implicit
// broadcasting, so elementwise helpers require identical shapes.

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
)

// tensorArg returns args[i] as a tensor, or an error naming the op and the
// operand if it is missing or is a tuple or token.
func tensorArg(op *ir.Op, args []Value, i int) (*ir.Tensor, error) {
	if i >= len(args) {
		return nil, errorAt(op, "expects at least %d operands, got %d", i+1, len(args))
	}
	t, ok := args[i].(*ir.Tensor)
	if !ok || t == nil {
		return nil, errorAt(op, "operand %d is %T, want a tensor", i, args[i])
	}
	return t, nil
}

// tensorArgs returns every argument as a tensor (an error if one is not),
// and checks there are exactly n of them (n < 0: any number).
func tensorArgs(op *ir.Op, args []Value, n int) ([]*ir.Tensor, error) {
	if n >= 0 && len(args) != n {
		return nil, errorAt(op, "expects %d operands, got %d", n, len(args))
	}
	ts := make([]*ir.Tensor, len(args))
	for i := range args {
		t, err := tensorArg(op, args, i)
		if err != nil {
			return nil, err
		}
		ts[i] = t
	}
	return ts, nil
}

// scalarInt returns the single element of a one-element integer (or i1)
// tensor; for unsigned types the value is zero-extended (ui64 keeps its bit
// pattern). It is meant for index operands (dynamic_slice starts, case index).
func scalarInt(op *ir.Op, t *ir.Tensor, what string) (int64, error) {
	if !t.Type.Elem.IsIntOrBool() || t.Len() != 1 {
		return 0, errorAt(op, "%s must be a one-element integer tensor, got %s", what, t.Type)
	}
	return t.I[0], nil
}

// scalarBool returns the element of a one-element i1 tensor.
func scalarBool(op *ir.Op, t *ir.Tensor, what string) (bool, error) {
	if t.Type.Elem != ir.I1 || t.Len() != 1 {
		return false, errorAt(op, "%s must be a tensor<i1>, got %s", what, t.Type)
	}
	return t.I[0] != 0, nil
}

// resultType returns the static tensor type of op's result i, or an error
// if the result is not a tensor or its shape is dynamic.
func resultType(op *ir.Op, i int) (*ir.TensorType, error) {
	if i >= len(op.Results) {
		return nil, errorAt(op, "has no result %d", i)
	}
	t := op.Results[i].Tensor()
	if t == nil {
		return nil, errorAt(op, "result %d has type %s, want a tensor", i, op.Results[i].Type)
	}
	if !t.IsStatic() {
		return nil, errorAt(op, "result %d has dynamic type %s; the interpreter needs static shapes", i, t)
	}
	return t, nil
}

// newResult allocates a zero-filled tensor of the type of op's result i.
func newResult(op *ir.Op, i int) (*ir.Tensor, error) {
	t, err := resultType(op, i)
	if err != nil {
		return nil, err
	}
	return newTensor(op, t)
}

// newTensor allocates a zero-filled tensor of type t, reporting allocation
// errors (dynamic or oversized shape) against op.
func newTensor(op *ir.Op, t *ir.TensorType) (*ir.Tensor, error) {
	x, err := ir.NewTensor(t)
	if err != nil {
		return nil, errorAt(op, "%v", err)
	}
	return x, nil
}

// one wraps a single result.
func one(t *ir.Tensor) []Value { return []Value{t} }

// sameShape reports whether a and b have equal shapes.
func sameShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// checkSameShape returns an error unless every tensor has the shape of the
// first (StableHLO has no implicit broadcasting).
func checkSameShape(op *ir.Op, ts ...*ir.Tensor) error {
	for i := 1; i < len(ts); i++ {
		if !sameShape(ts[0].Type.Shape, ts[i].Type.Shape) {
			return errorAt(op, "operand %d has type %s, operand 0 has %s (shapes must match)", i, ts[i].Type, ts[0].Type)
		}
	}
	return nil
}

// linearIndex returns the row-major position of idx given the strides of
// the shape (ir.Strides).
func linearIndex(idx, strides []int64) int64 {
	var l int64
	for i, v := range idx {
		l += v * strides[i]
	}
	return l
}

// multiIndex writes the multi-index of row-major position lin within shape
// into idx (len(idx) == len(shape)) and returns idx.
func multiIndex(lin int64, shape, idx []int64) []int64 {
	for d := len(shape) - 1; d >= 0; d-- {
		if shape[d] == 0 {
			idx[d] = 0
			continue
		}
		idx[d] = lin % shape[d]
		lin /= shape[d]
	}
	return idx
}

// nextIndex advances idx to the next multi-index of shape in row-major
// order and reports false once it wraps around past the last one. Start
// from all zeros (and skip the loop if the shape has no elements):
//
//	idx := make([]int64, len(shape))
//	for ok := numElements(shape) > 0; ok; ok = nextIndex(idx, shape) { ... }
func nextIndex(idx, shape []int64) bool {
	for d := len(shape) - 1; d >= 0; d-- {
		idx[d]++
		if idx[d] < shape[d] {
			return true
		}
		idx[d] = 0
	}
	return false
}

// forEachIndex calls fn for every multi-index of shape in row-major order,
// with lin its row-major position. idx is reused between calls: copy it to
// keep it. It does nothing for a shape with a zero dimension.
func forEachIndex(shape []int64, fn func(idx []int64, lin int)) {
	n := numElements(shape)
	if n <= 0 {
		return
	}
	idx := make([]int64, len(shape))
	for lin := 0; ; lin++ {
		fn(idx, lin)
		if !nextIndex(idx, shape) {
			return
		}
	}
}

// numElements returns the product of shape (1 for rank 0).
func numElements(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	return n
}

// copyElem copies element si of src into element di of dst; both tensors
// must have the same element type (storage kind).
func copyElem(dst *ir.Tensor, di int, src *ir.Tensor, si int) {
	switch {
	case dst.I != nil:
		dst.I[di] = src.I[si]
	case dst.F != nil:
		dst.F[di] = src.F[si]
	case dst.C != nil:
		dst.C[di] = src.C[si]
	}
}

// storage kinds of a tensor, by element type.
const (
	kindInt = iota
	kindFloat
	kindComplex
)

func storageKind(e ir.ElementType) int {
	switch {
	case e.IsFloat():
		return kindFloat
	case e.IsComplex():
		return kindComplex
	}
	return kindInt
}

// elemFuncs is a scalar function given per storage kind; a nil entry means
// the op does not support that kind. Int results are wrapped to the result
// element type, float results rounded with ir.RoundFloat, complex parts
// rounded to the complex part type, by the helpers below.
type elemFuncs struct {
	I func(a int64) int64
	F func(a float64) float64
	C func(a complex128) complex128
}

// mapUnary applies f to every element of x into a new tensor of type
// x's shape with element type x's. It returns an error if f has no function
// for x's storage kind.
func mapUnary(op *ir.Op, x *ir.Tensor, f elemFuncs) (*ir.Tensor, error) {
	r, err := newTensor(op, x.Type.WithElem(x.Type.Elem))
	if err != nil {
		return nil, err
	}
	e := x.Type.Elem
	switch storageKind(e) {
	case kindInt:
		if f.I == nil {
			return nil, errorAt(op, "unsupported element type %s", e)
		}
		for i, v := range x.I {
			r.I[i] = e.WrapInt(f.I(v))
		}
	case kindFloat:
		if f.F == nil {
			return nil, errorAt(op, "unsupported element type %s", e)
		}
		for i, v := range x.F {
			r.F[i] = ir.RoundFloat(f.F(v), e)
		}
	case kindComplex:
		if f.C == nil {
			return nil, errorAt(op, "unsupported element type %s", e)
		}
		p := e.ComplexPart()
		for i, v := range x.C {
			c := f.C(v)
			r.C[i] = complex(ir.RoundFloat(real(c), p), ir.RoundFloat(imag(c), p))
		}
	}
	return r, nil
}

// elemFuncs2 is a binary scalar function per storage kind (see elemFuncs).
type elemFuncs2 struct {
	I func(a, b int64) int64
	F func(a, b float64) float64
	C func(a, b complex128) complex128
}

// mapBinary applies f to corresponding elements of x and y (same type and
// shape) into a new tensor of their type, wrapping or rounding each result
// to the element type.
func mapBinary(op *ir.Op, x, y *ir.Tensor, f elemFuncs2) (*ir.Tensor, error) {
	if x.Type.Elem != y.Type.Elem {
		return nil, errorAt(op, "operand types differ: %s and %s", x.Type, y.Type)
	}
	if err := checkSameShape(op, x, y); err != nil {
		return nil, err
	}
	e := x.Type.Elem
	r, err := newTensor(op, x.Type.WithElem(e))
	if err != nil {
		return nil, err
	}
	switch storageKind(e) {
	case kindInt:
		if f.I == nil {
			return nil, errorAt(op, "unsupported element type %s", e)
		}
		for i, v := range x.I {
			r.I[i] = e.WrapInt(f.I(v, y.I[i]))
		}
	case kindFloat:
		if f.F == nil {
			return nil, errorAt(op, "unsupported element type %s", e)
		}
		for i, v := range x.F {
			r.F[i] = ir.RoundFloat(f.F(v, y.F[i]), e)
		}
	case kindComplex:
		if f.C == nil {
			return nil, errorAt(op, "unsupported element type %s", e)
		}
		p := e.ComplexPart()
		for i, v := range x.C {
			c := f.C(v, y.C[i])
			r.C[i] = complex(ir.RoundFloat(real(c), p), ir.RoundFloat(imag(c), p))
		}
	}
	return r, nil
}

// unsignedBits returns v as the unsigned value of integer type e
// (its low Bits() bits), for unsigned comparison and arithmetic.
func unsignedBits(v int64, e ir.ElementType) uint64 {
	b := uint(e.Bits())
	if b >= 64 {
		return uint64(v)
	}
	return uint64(v) & (1<<b - 1)
}

// intLess reports a < b for elements of integer or i1 type e, comparing
// unsigned types as unsigned (ui64 by bit pattern).
func intLess(a, b int64, e ir.ElementType) bool {
	if e.IsUnsigned() || e == ir.I1 {
		return unsignedBits(a, e) < unsignedBits(b, e)
	}
	return a < b
}

// attrInts returns the integer list attribute called name (a dense i64
// array, an array of integers or a rank-1 dense elements attribute), or an
// error if it is missing or has another kind.
func attrInts(op *ir.Op, name string) ([]int64, error) {
	a := op.Attr(name)
	if a == nil {
		return nil, errorAt(op, "missing attribute %s", name)
	}
	v, ok := ir.Int64s(a)
	if !ok {
		return nil, errorAt(op, "attribute %s must be an integer array", name)
	}
	return v, nil
}

// attrIntsOr returns the integer list attribute called name, or def if the
// op has no such attribute.
func attrIntsOr(op *ir.Op, name string, def []int64) ([]int64, error) {
	if op.Attr(name) == nil {
		return def, nil
	}
	return attrInts(op, name)
}

// attrInt returns the integer attribute called name.
func attrInt(op *ir.Op, name string) (int64, error) {
	a := op.Attr(name)
	if a == nil {
		return 0, errorAt(op, "missing attribute %s", name)
	}
	v, ok := ir.IntValue(a)
	if !ok {
		return 0, errorAt(op, "attribute %s must be an integer", name)
	}
	return v, nil
}

// attrIntOr returns the integer attribute called name, or def if absent.
func attrIntOr(op *ir.Op, name string, def int64) (int64, error) {
	if op.Attr(name) == nil {
		return def, nil
	}
	return attrInt(op, name)
}

// attrEnum returns the value of the enum attribute called name (`GT`), or
// def if absent. A string attribute is accepted as well.
func attrEnum(op *ir.Op, name, def string) (string, error) {
	a := op.Attr(name)
	if a == nil {
		return def, nil
	}
	switch a := a.(type) {
	case *ir.EnumAttr:
		return a.Value, nil
	case ir.StringAttr:
		return string(a), nil
	}
	return "", errorAt(op, "attribute %s must be an enum", name)
}

// attrBool returns the boolean attribute called name, or def if absent
// (a unit attribute counts as true).
func attrBool(op *ir.Op, name string, def bool) (bool, error) {
	a := op.Attr(name)
	switch a := a.(type) {
	case nil:
		return def, nil
	case ir.BoolAttr:
		return bool(a), nil
	case ir.UnitAttr:
		return true, nil
	}
	return false, errorAt(op, "attribute %s must be a boolean", name)
}

// checkPerm returns an error unless p is a permutation of 0..n-1.
func checkPerm(op *ir.Op, what string, p []int64, n int) error {
	if len(p) != n {
		return errorAt(op, "%s has %d entries, want %d", what, len(p), n)
	}
	seen := make([]bool, n)
	for _, d := range p {
		if d < 0 || d >= int64(n) || seen[d] {
			return errorAt(op, "%s %v is not a permutation of 0..%d", what, p, n-1)
		}
		seen[d] = true
	}
	return nil
}

// describe formats element i of x for messages (MLIR spelling).
func describe(x *ir.Tensor, i int) string {
	e := x.Type.Elem
	switch storageKind(e) {
	case kindInt:
		return ir.FormatInt(x.I[i], e)
	case kindFloat:
		return ir.FormatFloat(x.F[i], e)
	}
	p := e.ComplexPart()
	return fmt.Sprintf("(%s, %s)", ir.FormatFloat(real(x.C[i]), p), ir.FormatFloat(imag(x.C[i]), p))
}
