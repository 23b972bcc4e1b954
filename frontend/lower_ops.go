package frontend

import (
	"math"

	"github.com/zmlc/zmlc/ir"
)

// Operators and the elementwise machinery: literal folding, materializing
// literals in the other operand's element type, and broadcasting.

var binaryOpNames = map[string]string{
	"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "%": "remainder", "**": "power",
	"&&": "and", "||": "or",
}

var compareDirs = map[string]string{"==": "EQ", "!=": "NE", "<": "LT", "<=": "LE", ">": "GT", ">=": "GE"}

func (c *compiler) lowerBinary(e *BinaryExpr) val {
	x := c.lowerExpr(e.X)
	y := c.lowerExpr(e.Y)
	if dir, ok := compareDirs[e.Op]; ok {
		return c.compare(e.Pos, dir, x, y, e.Op)
	}
	return c.binary(e.Pos, binaryOpNames[e.Op], x, y, e.Op)
}

func (c *compiler) lowerUnary(e *UnaryExpr) val {
	x := c.lowerExpr(e.X)
	switch x.kind {
	case kNumber:
		if e.Op == "-" {
			x.num, x.inum = -x.num, -x.inum
			return x
		}
		c.s.fail(e.Pos, "! needs a bool operand, got a number")
	case kTensor:
	default:
		c.s.fail(e.Pos, "operand of %s is %s, not a tensor", e.Op, x.describe())
	}
	c.at(e.Pos)
	if e.Op == "-" {
		if x.elem == ir.I1 {
			c.s.fail(e.Pos, "- is not defined on bool")
		}
		return c.unary(e.Pos, "negate", x)
	}
	if !x.elem.IsIntOrBool() {
		c.s.fail(e.Pos, "! needs a bool (or integer) operand, got %s", typeString(x.elem, x.shape))
	}
	return c.unary(e.Pos, "not", x)
}

// unary emits the elementwise op name (`negate`, `chlo.erf`) on x,
// keeping x's shape and names.
func (c *compiler) unary(p Pos, name string, x val) val {
	c.at(p)
	v := c.must(c.b.Unary(name, x.v))
	return tensorVal(v, ir.AsTensor(v.Type).Elem, x.shape)
}

// foldNumbers computes a binary operator on two literals.
func foldNumbers(op string, x, y val) (val, bool) {
	r := val{kind: kNumber, isInt: x.isInt && y.isInt}
	if r.isInt {
		a, b := x.inum, y.inum
		switch op {
		case "add":
			r.inum = a + b
		case "subtract":
			r.inum = a - b
		case "multiply":
			r.inum = a * b
		case "divide", "remainder":
			if b == 0 || (a == math.MinInt64 && b == -1) {
				return r, false
			}
			if op == "divide" {
				r.inum = a / b
			} else {
				r.inum = a % b
			}
		default:
			return r, false
		}
		r.num = float64(r.inum)
		return r, true
	}
	a, b := x.num, y.num
	switch op {
	case "add":
		r.num = a + b
	case "subtract":
		r.num = a - b
	case "multiply":
		r.num = a * b
	case "divide":
		r.num = a / b
	case "power":
		r.num = math.Pow(a, b)
	default:
		return r, false
	}
	return r, true
}

// operands turns the two sides of an elementwise operator into tensors of
// one element type and one broadcast shape.
func (c *compiler) operands(p Pos, x, y val, sym string) (val, val) {
	for _, v := range []val{x, y} {
		if v.kind != kTensor && v.kind != kNumber {
			c.s.fail(p, "operand of %s is %s, not a tensor", sym, v.describe())
		}
	}
	switch {
	case x.kind == kNumber && y.kind == kNumber:
		if x.isInt && y.isInt {
			x, y = c.scalarConst(p, ir.I32, x), c.scalarConst(p, ir.I32, y)
		} else {
			x, y = c.scalarConst(p, ir.F32, x), c.scalarConst(p, ir.F32, y)
		}
	case x.kind == kNumber:
		x = c.scalarConst(p, y.elem, x)
	case y.kind == kNumber:
		y = c.scalarConst(p, x.elem, y)
	}
	if x.elem != y.elem {
		c.s.fail(p, "operands of %s have different element types: %s and %s (convert one)", sym, typeString(x.elem, x.shape), typeString(y.elem, y.shape))
	}
	shape, named, msg := broadcastShapes(x.shape, y.shape)
	if msg != "" {
		c.s.fail(p, "cannot broadcast %s with %s: %s", typeString(x.elem, x.shape), typeString(y.elem, y.shape), msg)
	}
	return c.broadcastTo(p, x, shape, named), c.broadcastTo(p, y, shape, named)
}

// binary emits the elementwise binary op name (`add`) on x and y after
// broadcasting; sym is the operator or function name for messages.
func (c *compiler) binary(p Pos, name string, x, y val, sym string) val {
	if x.kind == kNumber && y.kind == kNumber {
		if r, ok := foldNumbers(name, x, y); ok {
			return r
		}
	}
	x, y = c.operands(p, x, y, sym)
	switch name {
	case "and", "or", "xor", "not":
		if !x.elem.IsIntOrBool() {
			c.s.fail(p, "%s needs bool or integer operands, got %s", sym, typeString(x.elem, x.shape))
		}
	case "shift_left", "shift_right_arithmetic", "shift_right_logical", "popcnt":
		if !x.elem.IsInteger() {
			c.s.fail(p, "%s needs integer operands, got %s", sym, typeString(x.elem, x.shape))
		}
	case "atan2", "complex":
		if !x.elem.IsFloat() {
			c.s.fail(p, "%s needs float operands, got %s", sym, typeString(x.elem, x.shape))
		}
	default:
		if x.elem == ir.I1 {
			c.s.fail(p, "%s is not defined on bool", sym)
		}
	}
	c.at(p)
	v := c.must(c.b.Binary(name, x.v, y.v))
	return tensorVal(v, x.elem, x.shape)
}

// compare emits `stablehlo.compare` with the comparison type the element
// type implies (FLOAT, SIGNED or UNSIGNED); the result is bool.
func (c *compiler) compare(p Pos, dir string, x, y val, sym string) val {
	x, y = c.operands(p, x, y, sym)
	typ := "UNSIGNED"
	switch {
	case x.elem.IsFloat():
		typ = "FLOAT"
	case x.elem.IsSigned():
		typ = "SIGNED"
	}
	c.at(p)
	v := c.must(c.b.Compare(dir, typ, x.v, y.v))
	return tensorVal(v, ir.I1, x.shape)
}

// broadcastInDim emits `stablehlo.broadcast_in_dim`: x's dimension i goes
// to result dimension dims[i].
func (c *compiler) broadcastInDim(p Pos, x val, shape Shape, dims []int64) val {
	c.at(p)
	v := c.must(c.b.BroadcastInDim(x.v, shape.Sizes(), dims))
	return tensorVal(v, x.elem, shape)
}

// convert emits `stablehlo.convert` of x to elem (nothing when equal).
func (c *compiler) convert(p Pos, x val, elem ir.ElementType) val {
	if x.elem == elem {
		return x
	}
	c.at(p)
	return tensorVal(c.must(c.b.Convert(x.v, elem)), elem, x.shape)
}

// reshape emits `stablehlo.reshape` to shape (same element count).
func (c *compiler) reshape(p Pos, x val, shape Shape) val {
	if x.shape.NumElements() != shape.NumElements() {
		c.s.fail(p, "cannot reshape %s to %s: element counts differ", typeString(x.elem, x.shape), typeString(x.elem, shape))
	}
	c.at(p)
	return tensorVal(c.must(c.b.Reshape(x.v, shape.Sizes())), x.elem, shape)
}

// splat emits a constant scalar of x's element type broadcast to shape.
func (c *compiler) splat(p Pos, elem ir.ElementType, f float64, shape Shape) val {
	c.at(p)
	var s val
	if elem.IsFloat() {
		s = c.fconst(elem, f)
	} else {
		s = tensorVal(c.must(c.b.Constant(ir.Scalar(elem, int64(f)))), elem, nil)
	}
	if len(shape) == 0 {
		return s
	}
	return c.broadcastInDim(p, s, shape, nil)
}
