package frontend

import (
	"github.com/zmlc/zmlc/ir"
)

// Linear algebra: dot with named contraction, matmul, conv1d/conv2d.

func init() {
	register(&builtin{name: "dot", minArgs: 2, maxArgs: 2, named: []string{"contract"}, lower: stdDot})
	register(&builtin{name: "matmul", minArgs: 2, maxArgs: 2, lower: stdMatmul})
	register(&builtin{name: "conv1d", minArgs: 2, maxArgs: 3, named: []string{"bias", "stride", "padding", "dilation", "groups"}, lower: stdConv})
	register(&builtin{name: "conv2d", minArgs: 2, maxArgs: 3, named: []string{"bias", "stride", "padding", "dilation", "groups"}, lower: stdConv})
}

// stdDot is a.dot(b, contract: d) or contract: [d1, d2]: the named
// dimensions are contracted (each must be in both operands with one size);
// the other names present in both are batch dimensions; the result is
// batch dimensions (in a's order), then a's free, then b's free ones.
func stdDot(c *compiler, cs *callSite) val {
	a := c.tensorArg(cs, 0)
	b := c.tensorArg(cs, 1)
	if a.elem != b.elem {
		c.s.fail(cs.pos, "dot of %s and %s: element types differ", typeString(a.elem, a.shape), typeString(b.elem, b.shape))
	}
	e := cs.optExpr(-1, "contract")
	if e == nil {
		c.s.fail(cs.pos, "dot needs contract: <dimension name> (or a list of names)")
	}
	var names []string
	if l, ok := e.(*ListLit); ok {
		for _, el := range l.Elems {
			names = append(names, c.nameArg(el))
		}
	} else {
		names = []string{c.nameArg(e)}
	}
	d := &ir.DotDimensionNumbersAttr{}
	contracted := map[string]bool{}
	for _, n := range names {
		i, j := a.shape.Index(n), b.shape.Index(n)
		switch {
		case i < 0:
			c.s.fail(e.exprPos(), "cannot contract %s: %s has no dimension %s%s", n, typeString(a.elem, a.shape), n, c.suggest(n, a.shape.Names()))
		case j < 0:
			c.s.fail(e.exprPos(), "cannot contract %s: %s has no dimension %s%s", n, typeString(b.elem, b.shape), n, c.suggest(n, b.shape.Names()))
		case a.shape[i].Size != b.shape[j].Size:
			c.s.fail(e.exprPos(), "cannot contract %s: sizes differ (%d and %d)", n, a.shape[i].Size, b.shape[j].Size)
		case contracted[n]:
			c.s.fail(e.exprPos(), "contract lists %s twice", n)
		}
		contracted[n] = true
		d.LhsContractingDimensions = append(d.LhsContractingDimensions, int64(i))
		d.RhsContractingDimensions = append(d.RhsContractingDimensions, int64(j))
	}
	var out Shape
	batch := map[string]bool{}
	for i, dim := range a.shape {
		if dim.Name == "" || contracted[dim.Name] {
			continue
		}
		if j := b.shape.Index(dim.Name); j >= 0 {
			if b.shape[j].Size != dim.Size {
				c.s.fail(cs.pos, "dot: batch dimension %s has size %d in %s but %d in %s", dim.Name, dim.Size, typeString(a.elem, a.shape), b.shape[j].Size, typeString(b.elem, b.shape))
			}
			batch[dim.Name] = true
			d.LhsBatchingDimensions = append(d.LhsBatchingDimensions, int64(i))
			d.RhsBatchingDimensions = append(d.RhsBatchingDimensions, int64(j))
			out = append(out, dim)
		}
	}
	for _, dim := range a.shape {
		if !contracted[dim.Name] && !batch[dim.Name] || dim.Name == "" {
			out = append(out, dim)
		}
	}
	for _, dim := range b.shape {
		if !contracted[dim.Name] && !batch[dim.Name] || dim.Name == "" {
			out = append(out, dim)
		}
	}
	c.at(cs.pos)
	return tensorVal(c.must(c.b.DotGeneral(a.v, b.v, d)), a.elem, out)
}

// stdMatmul is matmul(a, b) by position, as numpy's: a [..., m, k] times
// b [..., k, n] (leading dimensions equal, batched); a rank-1 operand is a
// vector. The contracted dimensions must agree in size and, when both are
// named, in name.
func stdMatmul(c *compiler, cs *callSite) val {
	a := c.tensorArg(cs, 0)
	b := c.tensorArg(cs, 1)
	if a.elem != b.elem {
		c.s.fail(cs.pos, "matmul of %s and %s: element types differ", typeString(a.elem, a.shape), typeString(b.elem, b.shape))
	}
	ra, rb := len(a.shape), len(b.shape)
	if ra == 0 || rb == 0 {
		c.s.fail(cs.pos, "matmul needs tensors of rank 1 or more, got %s and %s", typeString(a.elem, a.shape), typeString(b.elem, b.shape))
	}
	ka := ra - 1
	kb := rb - 2
	if rb == 1 {
		kb = 0
	}
	nbatch := 0
	if ra > 2 || rb > 2 {
		if ra != rb {
			c.s.fail(cs.pos, "batched matmul needs equal ranks, got %s and %s", typeString(a.elem, a.shape), typeString(b.elem, b.shape))
		}
		nbatch = ra - 2
	}
	da, db := a.shape[ka], b.shape[kb]
	if da.Size != db.Size || (da.Name != "" && db.Name != "" && da.Name != db.Name) {
		c.s.fail(cs.pos, "matmul of %s and %s: contracted dimensions %s and %s differ", typeString(a.elem, a.shape), typeString(b.elem, b.shape), da, db)
	}
	d := &ir.DotDimensionNumbersAttr{LhsContractingDimensions: []int64{int64(ka)}, RhsContractingDimensions: []int64{int64(kb)}}
	var out Shape
	for i := 0; i < nbatch; i++ {
		if a.shape[i].Size != b.shape[i].Size || (a.shape[i].Name != "" && b.shape[i].Name != "" && a.shape[i].Name != b.shape[i].Name) {
			c.s.fail(cs.pos, "matmul of %s and %s: batch dimension %d differs", typeString(a.elem, a.shape), typeString(b.elem, b.shape), i)
		}
		d.LhsBatchingDimensions = append(d.LhsBatchingDimensions, int64(i))
		d.RhsBatchingDimensions = append(d.RhsBatchingDimensions, int64(i))
		out = append(out, a.shape[i])
	}
	for i := nbatch; i < ra; i++ {
		if i != ka {
			out = append(out, a.shape[i])
		}
	}
	for i := nbatch; i < rb; i++ {
		if i != kb {
			out = append(out, b.shape[i])
		}
	}
	if n := checkUniqueNames(out); n != "" {
		c.s.fail(cs.pos, "matmul result would name two dimensions %s (rename one)", n)
	}
	c.at(cs.pos)
	return tensorVal(c.must(c.b.DotGeneral(a.v, b.v, d)), a.elem, out)
}

// padding2 reads a `padding:` argument: an integer (every side), a list of
// one integer per spatial dimension (both sides), or a list of [lo, hi]
// pairs.
func (c *compiler) padding2(cs *callSite, n int) [][2]int64 {
	out := make([][2]int64, n)
	e := cs.optExpr(-1, "padding")
	if e == nil {
		return out
	}
	l, ok := e.(*ListLit)
	if !ok {
		p := c.constInt(e, "padding")
		for i := range out {
			out[i] = [2]int64{p, p}
		}
		return out
	}
	if len(l.Elems) != n {
		c.s.fail(l.Pos, "padding needs %d entries, got %d", n, len(l.Elems))
	}
	for i, el := range l.Elems {
		if pair, ok := el.(*ListLit); ok {
			if len(pair.Elems) != 2 {
				c.s.fail(pair.Pos, "padding pair needs [low, high]")
			}
			out[i] = [2]int64{c.constInt(pair.Elems[0], "padding"), c.constInt(pair.Elems[1], "padding")}
			continue
		}
		p := c.constInt(el, "padding")
		out[i] = [2]int64{p, p}
	}
	return out
}

// paddingAttr returns the `padding` attribute (a [n, 2] i64 tensor).
func paddingAttr(p [][2]int64) *ir.DenseElementsAttr {
	t := ir.MustTensor(ir.TensorOf(ir.I64, int64(len(p)), 2))
	for i, lh := range p {
		t.I[2*i], t.I[2*i+1] = lh[0], lh[1]
	}
	return &ir.DenseElementsAttr{Value: t}
}

// checkPositive fails unless every value is at least min.
func (c *compiler) checkPositive(cs *callSite, name string, v []int64, min int64) {
	for _, x := range v {
		if x < min || x > maxDim {
			c.s.fail(cs.pos, "%s must be at least %d, got %d", name, min, x)
		}
	}
}

// stdConv is conv1d/conv2d(x, w, bias?, stride:, padding:, dilation:,
// groups:) in PyTorch's layout: x [N, C, *spatial], w [O, C/groups,
// *kernel], result [N, O, *out] with out = (in + lo + hi - dilation*(k-1)
// - 1) / stride + 1. The result takes x's batch and spatial names and w's
// output-channel name; bias [O] is added along the channel dimension.
func stdConv(c *compiler, cs *callSite) val {
	ns := 2
	if cs.name == "conv1d" {
		ns = 1
	}
	x := c.floatTensorArg(cs, 0)
	w := c.floatTensorArg(cs, 1)
	if len(x.shape) != ns+2 || len(w.shape) != ns+2 {
		c.s.fail(cs.pos, "%s needs input and kernel of rank %d, got %s and %s", cs.name, ns+2, typeString(x.elem, x.shape), typeString(w.elem, w.shape))
	}
	if x.elem != w.elem {
		c.s.fail(cs.pos, "%s of %s and %s: element types differ", cs.name, typeString(x.elem, x.shape), typeString(w.elem, w.shape))
	}
	stride := c.intsOpt(cs, -1, "stride", ns, 1)
	dil := c.intsOpt(cs, -1, "dilation", ns, 1)
	groups := c.intOpt(cs, -1, "groups", 1)
	pad := c.padding2(cs, ns)
	c.checkPositive(cs, "stride", stride, 1)
	c.checkPositive(cs, "dilation", dil, 1)
	if groups < 1 {
		c.s.fail(cs.pos, "groups must be at least 1, got %d", groups)
	}
	for _, p := range pad {
		if p[0] < 0 || p[1] < 0 || p[0] > maxDim || p[1] > maxDim {
			c.s.fail(cs.pos, "padding must not be negative")
		}
	}
	cin, cout := x.shape[1], w.shape[0]
	if cin.Size != w.shape[1].Size*groups {
		c.s.fail(cs.pos, "%s: input has %d channels but the kernel expects %d (%d per group x %d groups)", cs.name, cin.Size, w.shape[1].Size*groups, w.shape[1].Size, groups)
	}
	if cout.Size%groups != 0 {
		c.s.fail(cs.pos, "%s: %d output channels are not divisible by %d groups", cs.name, cout.Size, groups)
	}
	if groups == 1 && cin.Name != "" && w.shape[1].Name != "" && cin.Name != w.shape[1].Name {
		c.s.fail(cs.pos, "%s: input channel dimension %s does not match kernel's %s", cs.name, cin, w.shape[1])
	}
	out := Shape{x.shape[0], cout}
	spatial := make([]int64, ns)
	for i := 0; i < ns; i++ {
		in, k := x.shape[2+i].Size, w.shape[2+i].Size
		eff := dil[i]*(k-1) + 1
		padded := in + pad[i][0] + pad[i][1]
		if eff > padded {
			c.s.fail(cs.pos, "%s: kernel %s (dilated to %d) is larger than the padded input %d", cs.name, w.shape[2+i], eff, padded)
		}
		out = append(out, Dim{Name: x.shape[2+i].Name, Size: (padded-eff)/stride[i] + 1})
		spatial[i] = int64(2 + i)
	}
	dn := &ir.ConvDimensionNumbersAttr{
		InputBatchDimension: 0, InputFeatureDimension: 1, InputSpatialDimensions: spatial,
		KernelOutputFeatureDimension: 0, KernelInputFeatureDimension: 1, KernelSpatialDimensions: spatial,
		OutputBatchDimension: 0, OutputFeatureDimension: 1, OutputSpatialDimensions: spatial,
	}
	attrs := ir.Attrs{
		{Name: "window_strides", Value: ir.I64Array(stride...)},
		{Name: "padding", Value: paddingAttr(pad)},
		{Name: "lhs_dilation", Value: ir.I64Array(ones(ns)...)},
		{Name: "rhs_dilation", Value: ir.I64Array(dil...)},
		{Name: "dimension_numbers", Value: dn},
		{Name: "feature_group_count", Value: &ir.IntegerAttr{Value: groups, Type: ir.I64}},
		{Name: "batch_group_count", Value: &ir.IntegerAttr{Value: 1, Type: ir.I64}},
	}
	c.at(cs.pos)
	op, err := c.b.Op("stablehlo.convolution", []*ir.Value{x.v, w.v}, attrs, irType(x.elem, out))
	if err != nil {
		c.builderError(err)
	}
	y := tensorVal(op.Results[0], x.elem, out)
	if bias, ok := c.namedTensor(cs, 2, "bias", x.elem); ok {
		if len(bias.shape) != 1 || bias.shape[0].Size != cout.Size {
			c.s.fail(cs.pos, "%s: bias must have shape [%d], got %s", cs.name, cout.Size, typeString(bias.elem, bias.shape))
		}
		if bias.elem != x.elem {
			c.s.fail(cs.pos, "%s: bias element type %s differs from %s", cs.name, dtypeName(bias.elem), dtypeName(x.elem))
		}
		bb := c.broadcastInDim(cs.pos, bias, out, []int64{1})
		y = c.binary(cs.pos, "add", y, bb, cs.name)
	}
	return y
}

func ones(n int) []int64 {
	r := make([]int64, n)
	for i := range r {
		r[i] = 1
	}
	return r
}
