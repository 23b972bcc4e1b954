package frontend

import "github.com/zmlc/zmlc/ir"

// Type arguments: the creation built-ins take a tensor type written as an
// expression, `f32[b, d]` (parsed as an index of the element type) or a
// bare `f32` (a scalar). Each dimension is a known dimension name (its size
// and name) or an integer (an unnamed dimension of that size).

// typeArg resolves the type argument e of built-in what.
func (c *compiler) typeArg(e Expr, what string) (ir.ElementType, Shape) {
	switch t := e.(type) {
	case *Ident:
		if elem, ok := lookupDType(t.Name); ok {
			return elem, nil
		}
	case *IndexExpr:
		id, ok := t.X.(*Ident)
		if !ok {
			break
		}
		elem, ok := lookupDType(id.Name)
		if !ok {
			c.s.fail(id.Pos, "%s needs a type such as f32[b, d]; %s is not an element type%s", what, id.Name, c.suggest(id.Name, dtypeNames()))
		}
		var shape Shape
		for _, it := range t.Items {
			if it.Slice {
				c.s.fail(it.Pos, "a dimension of a type is a dimension name or a size, not a slice")
			}
			shape = append(shape, c.dimArg(it.Start))
		}
		if n := checkUniqueNames(shape); n != "" {
			c.s.fail(t.Pos, "dimension name %s is used twice in %s", n, typeString(elem, shape))
		}
		if shape.NumElements() > 1<<40 || overflowElems(shape) {
			c.s.fail(t.Pos, "type %s has too many elements", typeString(elem, shape))
		}
		return elem, shape
	}
	c.s.fail(e.exprPos(), "%s needs a type such as f32[b, d] or f32", what)
	return 0, nil
}

// dimArg resolves one dimension of a type argument: a dimension name known
// to the function (from its signature or the model's declarations) or a
// non-negative integer.
func (c *compiler) dimArg(e Expr) Dim {
	if id, ok := e.(*Ident); ok {
		if _, isVar := c.fr.lookup(id.Name); !isVar {
			if info, ok := c.fr.dims[id.Name]; ok {
				return Dim{Name: id.Name, Size: info.size}
			}
			c.s.fail(id.Pos, "unknown dimension %s%s", id.Name, c.suggest(id.Name, c.dimNames()))
		}
	}
	return Dim{Size: c.dimSize(e)}
}

// dimValue returns the size of dimension name as an integer literal when
// name is a dimension known to the current function: a dimension name in
// a value position (`for i in 0..t`, `arange(s)`) stands for its size.
func (c *compiler) dimValue(name string) (val, bool) {
	info, ok := c.fr.dims[name]
	if !ok {
		return val{}, false
	}
	return val{kind: kNumber, num: float64(info.size), inum: info.size, isInt: true}, true
}

// dimNames lists the dimension names known to the current function.
func (c *compiler) dimNames() []string {
	var out []string
	for n := range c.fr.dims {
		out = append(out, n)
	}
	return out
}

// dtypeNames lists the element type names.
func dtypeNames() []string {
	var out []string
	for n := range dtypes {
		out = append(out, n)
	}
	return out
}
