package passes

import (
	"slices"

	"github.com/zmlc/zmlc/ir"
)

// emitter builds StableHLO ops through an ir.Builder on a scratch block
// (so every op is checked and its result type inferred), remembering the
// first error; a method called after an error returns nil and does
// nothing. splice moves the built ops before an op of a real block.
type emitter struct {
	b   *ir.Builder
	err error
}

// newEmitter returns an emitter whose ops carry loc.
func newEmitter(loc ir.Location) *emitter {
	r := &ir.Region{}
	blk := &ir.Block{Parent: r}
	r.Blocks = []*ir.Block{blk}
	return &emitter{b: &ir.Builder{Block: blk, Loc: loc}}
}

// ok records err and reports whether the emitter has no error.
func (e *emitter) ok(v *ir.Value, err error) *ir.Value {
	if e.err != nil {
		return nil
	}
	if err != nil {
		e.err = err
		return nil
	}
	return v
}

// live reports whether every value is non-nil and no error happened.
func (e *emitter) live(vs ...*ir.Value) bool {
	if e.err != nil {
		return false
	}
	for _, v := range vs {
		if v == nil {
			return false
		}
	}
	return true
}

// splat returns a tensor of x's type (shape and element type) with every
// element c: a scalar constant, broadcast when x has rank > 0.
func (e *emitter) splat(x *ir.Value, c any) *ir.Value {
	if !e.live(x) {
		return nil
	}
	t := x.Tensor()
	return e.splatOf(t, c)
}

// splatOf is splat for a tensor type.
func (e *emitter) splatOf(t *ir.TensorType, c any) *ir.Value {
	if e.err != nil {
		return nil
	}
	s := e.ok(e.b.Constant(ir.Scalar(t.Elem, c)))
	if t.Rank() == 0 || s == nil {
		return s
	}
	return e.ok(e.b.BroadcastInDim(s, t.Shape, nil))
}

func (e *emitter) unary(name string, x *ir.Value) *ir.Value {
	if !e.live(x) {
		return nil
	}
	return e.ok(e.b.Unary(name, x))
}

func (e *emitter) binary(name string, x, y *ir.Value) *ir.Value {
	if !e.live(x, y) {
		return nil
	}
	return e.ok(e.b.Binary(name, x, y))
}

func (e *emitter) add(x, y *ir.Value) *ir.Value { return e.binary("add", x, y) }
func (e *emitter) sub(x, y *ir.Value) *ir.Value { return e.binary("subtract", x, y) }
func (e *emitter) mul(x, y *ir.Value) *ir.Value { return e.binary("multiply", x, y) }
func (e *emitter) div(x, y *ir.Value) *ir.Value { return e.binary("divide", x, y) }

// cmp compares x and y (direction EQ, LT, ...; typ FLOAT, TOTALORDER,
// SIGNED, UNSIGNED or "").
func (e *emitter) cmp(dir, typ string, x, y *ir.Value) *ir.Value {
	if !e.live(x, y) {
		return nil
	}
	return e.ok(e.b.Compare(dir, typ, x, y))
}

func (e *emitter) sel(p, t, f *ir.Value) *ir.Value {
	if !e.live(p, t, f) {
		return nil
	}
	return e.ok(e.b.Select(p, t, f))
}

func (e *emitter) clamp(lo, x, hi *ir.Value) *ir.Value {
	if !e.live(lo, x, hi) {
		return nil
	}
	return e.ok(e.b.Clamp(lo, x, hi))
}

func (e *emitter) convert(x *ir.Value, to ir.ElementType) *ir.Value {
	if !e.live(x) {
		return nil
	}
	return e.ok(e.b.Convert(x, to))
}

func (e *emitter) transpose(x *ir.Value, perm []int64) *ir.Value {
	if !e.live(x) {
		return nil
	}
	if isIdentityPerm(perm) {
		return x
	}
	return e.ok(e.b.Transpose(x, perm))
}

func (e *emitter) reshape(x *ir.Value, shape []int64) *ir.Value {
	if !e.live(x) {
		return nil
	}
	if slices.Equal(x.Tensor().Shape, shape) {
		return x
	}
	return e.ok(e.b.Reshape(x, shape))
}

// horner evaluates the polynomial with coefficients cs (highest degree
// first) at x: ((cs[0]*x + cs[1])*x + ...) + cs[n-1].
func (e *emitter) horner(x *ir.Value, cs []float64) *ir.Value {
	p := e.splat(x, cs[0])
	for _, c := range cs[1:] {
		p = e.add(e.mul(p, x), e.splat(x, c))
	}
	return p
}

// ops returns the ops built so far.
func (e *emitter) ops() []*ir.Op { return e.b.Block.Ops }

// splice inserts the built ops before pos through rw.
func (e *emitter) splice(rw *Rewriter, pos *ir.Op) {
	for _, op := range e.b.Block.Ops {
		rw.InsertBefore(pos, op)
	}
	e.b.Block.Ops = nil
}
