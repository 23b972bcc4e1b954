package frontend

import (
	"strconv"

	"github.com/zmlc/zmlc/ir"
)

// Name resolution: the model's blocks, their instantiation into a tree of
// sub-module instances with fully qualified parameter names
// (`layers.3.attn.wq`), and the global table of named dimensions.

// param is one model parameter: its checkpoint name, type and where it was
// declared. index is its position among the function arguments.
type param struct {
	name  string
	elem  ir.ElementType
	shape Shape
	pos   Pos
	index int
}

// instance is one sub-module instance (or the model itself): its block,
// its name prefix (`layers.3.`), and its parameters and sub-modules by local
// name.
type instance struct {
	decl   *ModelDecl
	prefix string
	params map[string]*param
	subs   map[string]*instance
	arrays map[string][]*instance
}

// dimInfo is a named dimension known to the whole model: its size and where
// that size was given.
type dimInfo struct {
	size int64
	pos  Pos
}

// maxInstances bounds the number of sub-module instances (and so of
// parameters) a model may expand to.
const maxInstances = 1 << 16

// collectDecls indexes the file's declarations and returns the model.
func (c *compiler) collectDecls(f *File) *ModelDecl {
	var model *ModelDecl
	c.blocks = map[string]*ModelDecl{}
	for _, d := range f.Decls {
		if prev, ok := c.blocks[d.Name]; ok {
			c.s.fail(d.Pos, "%s %s is already declared at %d:%d", d.Kind, d.Name, prev.Pos.Line, prev.Pos.Col)
		}
		c.blocks[d.Name] = d
		if d.Kind == "model" {
			if model != nil {
				c.s.fail(d.Pos, "a file holds one model; %s is already the model (declare the others with `block`)", model.Name)
			}
			model = d
		}
	}
	if model == nil {
		c.s.fail(Pos{1, 1}, "no model declared (a file needs one `model Name { ... }`)")
	}
	for _, d := range f.Decls {
		c.checkDecl(d)
	}
	return model
}

// checkDecl checks one declaration's member names for duplicates and its
// sub-module references.
func (c *compiler) checkDecl(d *ModelDecl) {
	seen := map[string]Pos{}
	add := func(name string, p Pos) {
		if q, ok := seen[name]; ok {
			c.s.fail(p, "%s is already declared in %s at %d:%d", name, d.Name, q.Line, q.Col)
		}
		seen[name] = p
	}
	for _, m := range d.Members {
		switch m := m.(type) {
		case *ParamDecl:
			add(m.Name, m.Pos)
		case *SubDecl:
			add(m.Name, m.Pos)
			b, ok := c.blocks[m.Block]
			if !ok {
				var names []string
				for n := range c.blocks {
					names = append(names, n)
				}
				c.s.fail(m.Pos, "unknown block %s%s", m.Block, c.suggest(m.Block, names))
			}
			if b.Kind == "model" {
				c.s.fail(m.Pos, "%s is a model, not a block; only blocks can be sub-modules", m.Block)
			}
			c.resolveCount(m)
			if m.Count == 0 {
				c.s.fail(m.Pos, "repetition count of %s must be at least 1", m.Name)
			}
		}
	}
	for _, fn := range d.Fns {
		add(fn.Name, fn.Pos)
	}
}

// instantiate builds the instance tree of decl under prefix, appending its
// parameters to c.params in declaration order (a repeated block's
// parameters come instance by instance: layers.0.*, then layers.1.*).
func (c *compiler) instantiate(decl *ModelDecl, prefix string, stack []string, at Pos) *instance {
	for _, n := range stack {
		if n == decl.Name {
			c.s.fail(at, "block %s contains itself", decl.Name)
		}
	}
	c.ninst++
	if c.ninst > maxInstances {
		c.s.fail(at, "the model expands to more than %d sub-module instances", maxInstances)
	}
	stack = append(stack, decl.Name)
	in := &instance{decl: decl, prefix: prefix, params: map[string]*param{}, subs: map[string]*instance{}, arrays: map[string][]*instance{}}
	for _, m := range decl.Members {
		switch m := m.(type) {
		case *ParamDecl:
			elem, shape := c.resolveType(m.Type, c.dims, true)
			p := &param{name: prefix + m.Name, elem: elem, shape: shape, pos: m.Pos, index: len(c.params)}
			c.params = append(c.params, p)
			in.params[m.Name] = p
		case *SubDecl:
			b := c.blocks[m.Block]
			if m.Count < 0 {
				in.subs[m.Name] = c.instantiate(b, prefix+m.Name+".", stack, m.Pos)
				continue
			}
			for i := int64(0); i < m.Count; i++ {
				in.arrays[m.Name] = append(in.arrays[m.Name], c.instantiate(b, prefix+m.Name+"."+strconv.FormatInt(i, 10)+".", stack, m.Pos))
			}
		}
	}
	return in
}

// resolveType turns a type expression into an element type and a shape.
// Named sizes (`d=64`) are recorded in dims (global declares them for the
// whole model and reports a conflict with an earlier size); symbolic ones
// (`b=?`) take their size from Options.Dims; a bare name takes its size
// from dims.
func (c *compiler) resolveType(t *TypeExpr, dims map[string]dimInfo, global bool) (ir.ElementType, Shape) {
	elem, ok := lookupDType(t.DType)
	if !ok {
		c.s.fail(t.Pos, "unknown element type %s", t.DType)
	}
	var shape Shape
	for _, d := range t.Dims {
		dim := Dim{Name: d.Name, Size: d.Size}
		switch {
		case d.Name == "":
		case d.Symbolic:
			v, ok := c.opts.Dims[d.Name]
			if !ok {
				c.s.fail(d.Pos, "symbolic dimension %s is not bound (bind it with --dim %s=N)", d.Name, d.Name)
			}
			if v < 0 || v > maxDim {
				c.s.fail(d.Pos, "dimension %s is bound to %d, outside [0, %d]", d.Name, v, int64(maxDim))
			}
			dim.Size = v
			c.declareDim(dims, d.Name, v, d.Pos)
		case d.Size >= 0:
			c.declareDim(dims, d.Name, d.Size, d.Pos)
		default:
			info, ok := dims[d.Name]
			if !ok {
				if v, ok := c.opts.Dims[d.Name]; ok && v >= 0 && v <= maxDim {
					info = dimInfo{size: v, pos: d.Pos}
					dims[d.Name] = info
				} else {
					var names []string
					for n := range dims {
						names = append(names, n)
					}
					if s := closest(d.Name, names); s != "" {
						c.s.fail(d.Pos, "unknown dimension %s (did you mean %s?)", d.Name, s)
					}
					c.s.fail(d.Pos, "unknown dimension %s: give its size (%s=N) or make it symbolic (%s=?)", d.Name, d.Name, d.Name)
				}
			}
			dim.Size = info.size
		}
		shape = append(shape, dim)
	}
	if n := checkUniqueNames(shape); n != "" {
		c.s.fail(t.Pos, "dimension name %s is used twice in %s", n, typeString(elem, shape))
	}
	if shape.NumElements() > 1<<40 || overflowElems(shape) {
		c.s.fail(t.Pos, "type %s has too many elements", typeString(elem, shape))
	}
	return elem, shape
}

// overflowElems reports whether the element count of s overflows int64.
func overflowElems(s Shape) bool {
	n := int64(1)
	for _, d := range s {
		if d.Size != 0 && n > (1<<62)/d.Size {
			return true
		}
		n *= d.Size
	}
	return false
}

func (c *compiler) declareDim(dims map[string]dimInfo, name string, size int64, p Pos) {
	if prev, ok := dims[name]; ok {
		if prev.size != size {
			c.s.fail(p, "dimension %s has size %d here but %d at %d:%d", name, size, prev.size, prev.pos.Line, prev.pos.Col)
		}
		return
	}
	dims[name] = dimInfo{size: size, pos: p}
}
