package ir

import (
	"errors"
	"fmt"
	"strings"
)

// opCtx is what an op rule sees: the op's name, operand types, attributes,
// regions and, when verifying an existing op, its result types. In inference
// mode (InferResultTypes) results is nil and infer is true.
type opCtx struct {
	name     string
	operands []Type
	attrs    Attrs
	regions  []*Region
	results  []Type
	infer    bool
	mod      *Module // the enclosing module when verifying; nil otherwise
}

// opRule checks the spec's constraints of one op kind and returns the result
// types the spec determines (nil when the op's results are not compared with
// inferred ones, e.g. because the rule checked them itself).
type opRule func(c *opCtx) ([]Type, error)

// opRules maps registered op names to their rules; files verify_ops_*.go fill
// it in their init functions.
var opRules = map[string]opRule{}

// regionCounts gives the number of regions an op kind takes; absent means
// zero, -1 means one or more (case).
var regionCounts = map[string]int{}

// errNeedsResultType is returned in inference mode by rules of ops whose
// result type is not determined by operands and attributes.
var errNeedsResultType = errors.New("requires an explicit result type: it is not determined by the operands and attributes")

func (c *opCtx) errf(format string, a ...any) error { return fmt.Errorf(format, a...) }

// Element type classes used by the spec's input tables.
type elemClass uint8

const (
	clsBool elemClass = 1 << iota
	clsSInt
	clsUInt
	clsFloat
	clsComplex
	clsInt = clsSInt | clsUInt
	clsAny = clsBool | clsInt | clsFloat | clsComplex
)

func classOf(e ElementType) elemClass {
	switch {
	case e.IsBool():
		return clsBool
	case e.IsSigned():
		return clsSInt
	case e.IsUnsigned():
		return clsUInt
	case e.IsFloat():
		return clsFloat
	case e.IsComplex():
		return clsComplex
	}
	return 0
}

// String names the class as the spec's tables do ("floating-point or complex").
func (k elemClass) String() string {
	var parts []string
	if k&clsBool != 0 {
		parts = append(parts, "boolean")
	}
	switch k & clsInt {
	case clsInt:
		parts = append(parts, "integer")
	case clsSInt:
		parts = append(parts, "signed integer")
	case clsUInt:
		parts = append(parts, "unsigned integer")
	}
	if k&clsFloat != 0 {
		parts = append(parts, "floating-point")
	}
	if k&clsComplex != 0 {
		parts = append(parts, "complex")
	}
	switch len(parts) {
	case 0:
		return "no"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

func typeStr(t Type) string {
	if t == nil {
		return "<<null type>>"
	}
	return t.String()
}

func typesStr(ts []Type) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = typeStr(t)
	}
	return strings.Join(s, ", ")
}

// numOperands checks the operand count.
func (c *opCtx) numOperands(n int) error {
	if len(c.operands) != n {
		return c.errf("requires %d operand(s), got %d", n, len(c.operands))
	}
	return nil
}

// tensorAt returns operand i as a ranked tensor type; what names it in the
// message (`lhs`, `operand`).
func (c *opCtx) tensorAt(i int, what string) (*TensorType, error) {
	if i >= len(c.operands) {
		return nil, c.errf("%s is missing (operand #%d)", what, i)
	}
	t := AsTensor(c.operands[i])
	if t == nil {
		return nil, c.errf("%s must be a ranked tensor, got '%s'", what, typeStr(c.operands[i]))
	}
	return t, nil
}

// tensorOf is tensorAt plus an element class check, quoting the input rule.
func (c *opCtx) tensorOf(i int, what string, k elemClass, rule string) (*TensorType, error) {
	t, err := c.tensorAt(i, what)
	if err != nil {
		return nil, err
	}
	if classOf(t.Elem)&k == 0 {
		return nil, c.errf("%s must be a tensor of %s type %s, got '%s'", what, k, rule, t)
	}
	return t, nil
}

// result returns result i as a tensor type (nil in inference mode or when it
// is not a tensor).
func (c *opCtx) result(i int) *TensorType {
	if i < len(c.results) {
		return AsTensor(c.results[i])
	}
	return nil
}

// resultTensor returns result i, erroring in inference mode (the op needs
// an explicit result type) or when it is not a ranked tensor.
func (c *opCtx) resultTensor(i int, what string) (*TensorType, error) {
	if c.infer {
		return nil, errNeedsResultType
	}
	if i >= len(c.results) {
		return nil, c.errf("requires at least %d result(s), got %d", i+1, len(c.results))
	}
	t := AsTensor(c.results[i])
	if t == nil {
		return nil, c.errf("%s must be a ranked tensor, got '%s'", what, typeStr(c.results[i]))
	}
	return t, nil
}

// lhsRhs checks for two operands and returns them as ranked tensors.
func (c *opCtx) lhsRhs() (l, r *TensorType, err error) {
	if err := c.numOperands(2); err != nil {
		return nil, nil, err
	}
	if l, err = c.tensorAt(0, "lhs"); err != nil {
		return nil, nil, err
	}
	if r, err = c.tensorAt(1, "rhs"); err != nil {
		return nil, nil, err
	}
	return l, r, nil
}

// operandAndResult checks for one operand and returns it and result 0 as
// ranked tensors (an error in inference mode, as resultTensor).
func (c *opCtx) operandAndResult() (x, r *TensorType, err error) {
	if err := c.numOperands(1); err != nil {
		return nil, nil, err
	}
	if x, err = c.tensorAt(0, "operand"); err != nil {
		return nil, nil, err
	}
	if r, err = c.resultTensor(0, "result"); err != nil {
		return nil, nil, err
	}
	return x, r, nil
}

// --- attributes -------------------------------------------------------------

// ints returns an integer array attribute (dense array, array of integers or
// rank-1 dense elements).
func (c *opCtx) ints(name string) (v []int64, present bool, err error) {
	a := c.attrs.Get(name)
	if a == nil {
		return nil, false, nil
	}
	v, ok := Int64s(a)
	if !ok {
		return nil, true, c.errf("attribute '%s' must be a 1-dimensional array of integers, got %s", name, AttrString(a))
	}
	return v, true, nil
}

// reqInts is ints for a required attribute.
func (c *opCtx) reqInts(name string) ([]int64, error) {
	v, ok, err := c.ints(name)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, c.errf("requires attribute '%s'", name)
	}
	return v, nil
}

// intsOr is ints with a default when the attribute is absent.
func (c *opCtx) intsOr(name string, def []int64) ([]int64, error) {
	v, ok, err := c.ints(name)
	if err != nil {
		return nil, err
	}
	if !ok {
		return def, nil
	}
	return v, nil
}

// intAttr returns an integer attribute.
func (c *opCtx) intAttr(name string) (v int64, present bool, err error) {
	a := c.attrs.Get(name)
	if a == nil {
		return 0, false, nil
	}
	v, ok := IntValue(a)
	if !ok {
		return 0, true, c.errf("attribute '%s' must be an integer, got %s", name, AttrString(a))
	}
	return v, true, nil
}

// reqInt is intAttr for a required attribute.
func (c *opCtx) reqInt(name string) (int64, error) {
	v, ok, err := c.intAttr(name)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, c.errf("requires attribute '%s'", name)
	}
	return v, nil
}

// intOr is intAttr with a default.
func (c *opCtx) intOr(name string, def int64) (int64, error) {
	v, ok, err := c.intAttr(name)
	if err != nil || !ok {
		return def, err
	}
	return v, nil
}

// boolsOr returns a boolean array attribute, or def when absent.
func (c *opCtx) boolsOr(name string, def []bool) ([]bool, error) {
	a := c.attrs.Get(name)
	if a == nil {
		return def, nil
	}
	if v, ok := Bools(a); ok {
		return v, nil
	}
	if d, ok := a.(*DenseElementsAttr); ok && d.Value != nil && d.Value.Type.Elem == I1 && d.Value.Type.Rank() == 1 {
		v := make([]bool, len(d.Value.I))
		for i, x := range d.Value.I {
			v[i] = x != 0
		}
		return v, nil
	}
	return nil, c.errf("attribute '%s' must be an array of booleans, got %s", name, AttrString(a))
}

// matrix returns a 2-dimensional integer attribute (a dense elements
// attribute of rank 2, or an array of integer arrays) as rows and its shape.
func (c *opCtx) matrix(name string) (rows [][]int64, shape [2]int64, present bool, err error) {
	a := c.attrs.Get(name)
	if a == nil {
		return nil, shape, false, nil
	}
	switch a := a.(type) {
	case *DenseElementsAttr:
		t := a.Value
		if t == nil || !t.Type.Elem.IsInteger() || t.Type.Rank() != 2 {
			break
		}
		r, k := t.Type.Shape[0], t.Type.Shape[1]
		if r < 0 || k < 0 || int64(len(t.I)) != r*k {
			break
		}
		for i := int64(0); i < r; i++ {
			rows = append(rows, t.I[i*k:(i+1)*k])
		}
		return rows, [2]int64{r, k}, true, nil
	case ArrayAttr:
		k := int64(-1)
		for _, x := range a {
			v, ok := Int64s(x)
			if !ok || (k >= 0 && int64(len(v)) != k) {
				return nil, shape, true, c.errf("attribute '%s' must be a 2-dimensional integer tensor, got %s", name, AttrString(a))
			}
			k = int64(len(v))
			rows = append(rows, v)
		}
		if k < 0 {
			k = 0
		}
		return rows, [2]int64{int64(len(a)), k}, true, nil
	}
	return nil, shape, true, c.errf("attribute '%s' must be a 2-dimensional integer tensor, got %s", name, AttrString(a))
}

// enumAttr returns the value of an enum attribute (or a string attribute,
// as the generic form of some enums), "" when absent.
func (c *opCtx) enumAttr(name string) (string, error) {
	a := c.attrs.Get(name)
	switch a := a.(type) {
	case nil:
		return "", nil
	case *EnumAttr:
		return a.Value, nil
	case StringAttr:
		return string(a), nil
	}
	return "", c.errf("attribute '%s' must be an enum, got %s", name, AttrString(a))
}

// --- shapes -------------------------------------------------------------------

// dimsCompatible reports whether two dimension sizes may be equal at run
// time: equal, or either is dynamic.
func dimsCompatible(a, b int64) bool { return a < 0 || b < 0 || a == b }

// shapesCompatible reports whether two shapes have the same rank and
// compatible dimensions.
func shapesCompatible(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !dimsCompatible(a[i], b[i]) {
			return false
		}
	}
	return true
}

// TypesCompatible reports whether a and b may be the same type at run time:
// tensors with the same element type, rank and compatible dimensions (a
// dynamic dimension `?` is compatible with any size), tuples of compatible
// types, or otherwise equal types (spec: "Shape mismatches" in the appendix).
func TypesCompatible(a, b Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	switch at := a.(type) {
	case *TensorType:
		bt, ok := b.(*TensorType)
		return ok && at.Elem == bt.Elem && shapesCompatible(at.Shape, bt.Shape)
	case *TupleType:
		bt, ok := b.(*TupleType)
		if !ok || len(at.Elems) != len(bt.Elems) {
			return false
		}
		for i := range at.Elems {
			if !TypesCompatible(at.Elems[i], bt.Elems[i]) {
				return false
			}
		}
		return true
	}
	return TypesEqual(a, b)
}

// refine returns the most specific shape compatible with both (a static
// size wins over `?`); the shapes must be compatible.
func refine(a, b []int64) []int64 {
	r := append([]int64{}, a...)
	for i := range r {
		if r[i] < 0 && i < len(b) {
			r[i] = b[i]
		}
	}
	return r
}

// shapeStr returns `[2, ?, 4]`.
func shapeStr(s []int64) string {
	p := make([]string, len(s))
	for i, d := range s {
		if d < 0 {
			p[i] = "?"
		} else {
			p[i] = fmt.Sprint(d)
		}
	}
	return "[" + strings.Join(p, ", ") + "]"
}

// isUnique reports whether v has no duplicates.
func isUnique(v []int64) bool {
	seen := map[int64]bool{}
	for _, x := range v {
		if seen[x] {
			return false
		}
		seen[x] = true
	}
	return true
}

// isSorted reports whether v is non-decreasing.
func isSorted(v []int64) bool {
	for i := 1; i < len(v); i++ {
		if v[i] < v[i-1] {
			return false
		}
	}
	return true
}

// inRange reports whether lo <= x < hi for every x in v.
func inRange(v []int64, lo, hi int64) bool {
	for _, x := range v {
		if x < lo || x >= hi {
			return false
		}
	}
	return true
}

func contains(v []int64, x int64) bool {
	for _, y := range v {
		if y == x {
			return true
		}
	}
	return false
}

// isPromotable is the spec's is_promotable for element types: same kind,
// and for integers, floats and complex a width that does not shrink.
func isPromotable(x, y ElementType) bool {
	switch {
	case x.IsBool() && y.IsBool():
		return true
	case x.IsInteger() && y.IsInteger(), x.IsFloat() && y.IsFloat(), x.IsComplex() && y.IsComplex():
		return x.Bits() <= y.Bits()
	}
	return false
}

func scalarOf(e ElementType) *TensorType { return TensorOf(e) }
