package frontend

import (
	"fmt"
	"sort"
)

// Broadcasting (docs/LANGUAGE.md, "Broadcasting"): the shape of an
// elementwise operation on two operands, and where each operand's
// dimensions go in it.
//
// When both operands have at least one named dimension, they align by
// name, as ZML's tagged tensors do: a name present in both is one
// dimension; the unnamed dimensions of the two pair up in order (their
// counts must be equal); the result lists the left operand's dimensions in
// its order, then the right operand's names the left lacks, in the right's
// order; except that when the right operand's names strictly include the
// left's, the result follows the right operand (so that `bias + x` and
// `x + bias` are both x's shape, as right alignment gave). `f32[a, c] -
// f32[a]` and `f32[a] - f32[a, c]` are f32[a, c]; `f32[a, b] + f32[b, a]` is
// f32[a, b]; `f32[a] * f32[b]` is f32[a, b].
//
// Otherwise (an operand without names, scalars included) they align on the
// right, as NumPy does, and a name on one side names the result's
// dimension.
//
// Paired dimensions agree when their sizes are equal or one of them is 1
// and stretches; a named 1 stretches only against the same name (a
// keepdims reduction), never against another name's size.

// broadcastShapes returns the shape of an elementwise operation on a and
// b, whether the operands align by name, and "" or the reason they do not
// broadcast (the first disagreeing pair).
func broadcastShapes(a, b Shape) (Shape, bool, string) {
	if hasNames(a) && hasNames(b) {
		if ua, ub := len(unnamedPositions(a)), len(unnamedPositions(b)); ua != ub {
			// Checked here, in the operands' order (namedBroadcast may
			// see them swapped).
			return nil, true, fmt.Sprintf("they align by name, but have %d and %d unnamed dimensions, which pair up only when as many (name them with rename or reshape)", ua, ub)
		}
		if namesInclude(b, a) && !namesInclude(a, b) {
			out, msg := namedBroadcast(b, a)
			return out, true, msg
		}
		out, msg := namedBroadcast(a, b)
		return out, true, msg
	}
	out, msg := positionalBroadcast(a, b)
	return out, false, msg
}

// hasNames reports whether s has a named dimension.
func hasNames(s Shape) bool {
	for _, d := range s {
		if d.Name != "" {
			return true
		}
	}
	return false
}

// namesInclude reports whether every name of b is a name of a.
func namesInclude(a, b Shape) bool {
	for _, d := range b {
		if d.Name != "" && a.Index(d.Name) < 0 {
			return false
		}
	}
	return true
}

// unnamedPositions lists the positions of s's unnamed dimensions.
func unnamedPositions(s Shape) []int {
	var out []int
	for i, d := range s {
		if d.Name == "" {
			out = append(out, i)
		}
	}
	return out
}

// pairSize returns the broadcast size of two paired dimensions, or false.
// A size-1 dimension stretches when it is unnamed or the names are equal.
func pairSize(x, y Dim) (int64, bool) {
	switch {
	case x.Size == y.Size:
		return x.Size, true
	case x.Size == 1 && (x.Name == "" || x.Name == y.Name):
		return y.Size, true
	case y.Size == 1 && (y.Name == "" || y.Name == x.Name):
		return x.Size, true
	}
	return 0, false
}

func sizesDiffer(x, y Dim) string {
	return "dimension " + x.String() + " does not match " + y.String() + " (sizes differ)"
}

// namedBroadcast aligns a and b by dimension name.
func namedBroadcast(a, b Shape) (Shape, string) {
	ua, ub := unnamedPositions(a), unnamedPositions(b)
	if len(ua) != len(ub) {
		return nil, fmt.Sprintf("they align by name, but have %d and %d unnamed dimensions, which pair up only when as many (name them with rename or reshape)", len(ua), len(ub))
	}
	out := a.Clone()
	for k, i := range ua {
		size, ok := pairSize(a[i], b[ub[k]])
		if !ok {
			return nil, sizesDiffer(a[i], b[ub[k]])
		}
		out[i].Size = size
	}
	for i, d := range a {
		if d.Name == "" {
			continue
		}
		if j := b.Index(d.Name); j >= 0 {
			size, ok := pairSize(d, b[j])
			if !ok {
				return nil, sizesDiffer(d, b[j])
			}
			out[i].Size = size
		}
	}
	for _, d := range b {
		if d.Name != "" && a.Index(d.Name) < 0 {
			out = append(out, d)
		}
	}
	return out, ""
}

// positionalBroadcast aligns a and b on the right (NumPy); dimensions
// present in only the longer shape are kept.
func positionalBroadcast(a, b Shape) (Shape, string) {
	n := max(len(a), len(b))
	out := make(Shape, n)
	for i := 1; i <= n; i++ {
		switch {
		case i > len(a):
			out[n-i] = b[len(b)-i]
			continue
		case i > len(b):
			out[n-i] = a[len(a)-i]
			continue
		}
		da, db := a[len(a)-i], b[len(b)-i]
		if da.Name != "" && db.Name != "" && da.Name != db.Name {
			return nil, "dimension " + da.String() + " does not match " + db.String() + " (names differ)"
		}
		name := da.Name
		if name == "" {
			name = db.Name
		}
		size, ok := pairSize(da, db)
		if !ok {
			return nil, sizesDiffer(da, db)
		}
		out[n-i] = Dim{Name: name, Size: size}
	}
	return out, ""
}

// alignment returns, for each dimension of x, its position in the
// broadcast result out: by name (and the unnamed ones in order) when named,
// else on the right.
func alignment(x, out Shape, named bool) []int64 {
	dims := make([]int64, len(x))
	if !named {
		for i := range dims {
			dims[i] = int64(len(out) - len(x) + i)
		}
		return dims
	}
	uo := unnamedPositions(out)
	k := 0
	for i, d := range x {
		if d.Name == "" {
			dims[i] = int64(uo[k])
			k++
			continue
		}
		dims[i] = int64(out.Index(d.Name))
	}
	return dims
}

// broadcastTo broadcasts x to shape, a broadcast of x's shape (named says
// how they align: broadcastShapes); the result carries shape's names. A
// dimension order that differs from shape's is a stablehlo.transpose
// first, then stablehlo.broadcast_in_dim with increasing dimensions.
func (c *compiler) broadcastTo(p Pos, x val, shape Shape, named bool) val {
	dims := alignment(x.shape, shape, named)
	if !sort.SliceIsSorted(dims, func(i, j int) bool { return dims[i] < dims[j] }) {
		perm := make([]int64, len(dims))
		for i := range perm {
			perm[i] = int64(i)
		}
		sort.Slice(perm, func(i, j int) bool { return dims[perm[i]] < dims[perm[j]] })
		ts := make(Shape, len(perm))
		sorted := make([]int64, len(perm))
		for i, k := range perm {
			ts[i] = x.shape[k]
			sorted[i] = dims[k]
		}
		c.at(p)
		x = tensorVal(c.must(c.b.Transpose(x.v, perm)), x.elem, ts)
		dims = sorted
	}
	if len(x.shape) == len(shape) && sameSizes(x.shape, shape) {
		x.shape = shape
		return x
	}
	return c.broadcastInDim(p, x, shape, dims)
}
