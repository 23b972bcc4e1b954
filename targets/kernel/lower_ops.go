package kernel

import (
	"github.com/zmlc/zmlc/ir"
)

var unaryKinds = map[string]Kind{
	"stablehlo.negate": Neg, "stablehlo.abs": Abs, "stablehlo.not": Not,
	"stablehlo.exponential": Exp, "stablehlo.exponential_minus_one": Expm1,
	"stablehlo.log": Log, "stablehlo.log_plus_one": Log1p, "stablehlo.sqrt": Sqrt,
	"stablehlo.rsqrt": Rsqrt, "stablehlo.cbrt": Cbrt, "stablehlo.tanh": Tanh,
	"stablehlo.logistic": Logistic, "stablehlo.sine": Sin, "stablehlo.cosine": Cos,
	"stablehlo.tan": Tan, "chlo.tan": Tan, "chlo.erf": Erf, "stablehlo.floor": Floor,
	"stablehlo.ceil": Ceil, "stablehlo.round_nearest_even": RoundEven,
	"stablehlo.round_nearest_afz": RoundAway, "stablehlo.sign": Sign,
	"stablehlo.popcnt": Popcnt, "stablehlo.count_leading_zeros": Clz,
	"stablehlo.is_finite": IsFinite,
}

var binaryKinds = map[string]Kind{
	"stablehlo.add": Add, "stablehlo.subtract": Sub, "stablehlo.multiply": Mul,
	"stablehlo.divide": Div, "stablehlo.remainder": Rem, "stablehlo.maximum": Max,
	"stablehlo.minimum": Min, "stablehlo.power": Pow, "stablehlo.atan2": Atan2,
	"stablehlo.and": And, "stablehlo.or": Or, "stablehlo.xor": Xor,
	"stablehlo.shift_left": Shl, "stablehlo.shift_right_arithmetic": ShrA,
	"stablehlo.shift_right_logical": ShrL,
}

var compareKinds = map[string]Kind{"EQ": EQ, "NE": NE, "LT": LT, "LE": LE, "GT": GT, "GE": GE}

func ints(op *ir.Op, name string) []int64 {
	v, _ := ir.Int64s(op.Attr(name))
	return v
}

func intsOr(op *ir.Op, name string, n int, def int64) []int64 {
	v, ok := ir.Int64s(op.Attr(name))
	if !ok || len(v) != n {
		v = make([]int64, n)
		for i := range v {
			v[i] = def
		}
	}
	return v
}

func shapeOf(v *ir.Value) []int64 { return v.Tensor().Shape }

// clampIdx clamps an index node to [lo, hi].
func (k *kgen) clampIdx(x *Node, lo, hi int64) *Node {
	if l, h, ok := indexRange(x); ok && l >= lo && h <= hi {
		return x
	}
	return k.b.Bin(Min, k.b.Bin(Max, x, Idx(lo)), Idx(hi))
}

// inRange returns lo <= x < hi as an i1 node, or nil when always true.
func (k *kgen) inRange(x *Node, lo, hi int64) *Node {
	if l, h, ok := indexRange(x); ok && l >= lo && h < hi {
		return nil
	}
	return k.and(k.b.Bin(GE, x, Idx(lo)), k.b.Bin(LT, x, Idx(hi)))
}

// and combines predicates; nil means true.
func (k *kgen) and(a, b *Node) *Node {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return k.b.Bin(And, a, b)
}

// scalarIndex reads a rank-0 integer tensor as an index.
func (k *kgen) scalarIndex(v *ir.Value) *Node {
	x := k.valueAt(v, nil)
	if x.Type.IsUnsigned() {
		return k.b.Convert(k.b.Convert(x, ir.UI64), ir.Index)
	}
	return k.b.Convert(x, ir.Index)
}

// gen emits the elements of op's results at idx.
func (k *kgen) gen(op *ir.Op, idx []*Node) ([]*Node, error) {
	b := k.b
	out := op.Results[0].Tensor()
	if out == nil {
		return nil, errorf(op, "result is not a tensor")
	}
	if vals, ok, err := k.genComplex(op, idx); ok {
		return vals, err
	}
	at := func(i int, ix []*Node) *Node { return k.valueAt(op.Operands[i], ix) }
	one := func(n *Node) ([]*Node, error) { return []*Node{n}, nil }
	if kind, ok := unaryKinds[op.Name]; ok {
		x := at(0, idx)
		if !kindAccepts(kind, x.Type) {
			return nil, errorf(op, "not supported on %s", x.Type)
		}
		return one(b.Un(kind, x))
	}
	if kind, ok := binaryKinds[op.Name]; ok {
		x, y := at(0, idx), at(1, idx)
		if !kindAccepts(kind, x.Type) {
			return nil, errorf(op, "not supported on %s", x.Type)
		}
		return one(b.Bin(kind, x, y))
	}
	switch op.Name {
	case "stablehlo.constant":
		a, ok := op.Attr("value").(*ir.DenseElementsAttr)
		if !ok {
			return nil, errorf(op, "value is not a dense literal")
		}
		t := a.Value
		if t.Len() == 1 || isSplat(t) {
			if t.Type.Elem.IsFloat() {
				return one(ConstOf(out.Elem, t.F[0]))
			}
			return one(ConstOf(out.Elem, t.I[0]))
		}
		id := k.l.newBuf(Constant, out)
		k.l.p.Buffers[id].Data = &ir.Tensor{Type: out, I: t.I, F: t.F}
		p := k.input(id)
		return one(b.Load(p, b.Offset(p, idx)))
	case "stablehlo.compare":
		dir := ir.EnumValue(op.Attr("comparison_direction"))
		kind, ok := compareKinds[dir]
		if !ok {
			return nil, errorf(op, "unknown comparison_direction %q", dir)
		}
		x, y := at(0, idx), at(1, idx)
		total := ir.EnumValue(op.Attr("compare_type")) == "TOTALORDER" && x.Type.IsFloat()
		return one(b.Cmp(kind, x, y, total))
	case "stablehlo.select":
		pi := idx
		if shapeOf(op.Operands[0]) != nil && len(shapeOf(op.Operands[0])) == 0 {
			pi = nil
		}
		return one(b.Select(at(0, pi), at(1, idx), at(2, idx)))
	case "stablehlo.clamp":
		mi, ma := idx, idx
		if len(shapeOf(op.Operands[0])) == 0 {
			mi = nil
		}
		if len(shapeOf(op.Operands[2])) == 0 {
			ma = nil
		}
		lo, x, hi := at(0, mi), at(1, idx), at(2, ma)
		return one(b.Bin(Min, b.Bin(Max, x, lo), hi))
	case "stablehlo.convert":
		x := at(0, idx)
		if x.Type == out.Elem {
			return one(x)
		}
		return one(b.emit(&Node{Kind: Convert, Type: out.Elem, Args: []*Node{x}}))
	case "stablehlo.bitcast_convert":
		in := op.Operands[0].Tensor()
		if in.Elem.Bits() != out.Elem.Bits() || in.Rank() != out.Rank() {
			v, err := k.bitcastWidths(op, idx)
			return []*Node{v}, err
		}
		return one(b.Bitcast(at(0, idx), out.Elem))
	case "stablehlo.iota":
		d, _ := ir.IntValue(op.Attr("iota_dimension"))
		if d < 0 || int(d) >= len(idx) {
			return nil, errorf(op, "bad iota_dimension %d", d)
		}
		return one(b.Convert(idx[d], out.Elem))
	case "stablehlo.broadcast_in_dim":
		dims := ints(op, "broadcast_dimensions")
		in := shapeOf(op.Operands[0])
		if len(dims) != len(in) {
			return nil, errorf(op, "broadcast_dimensions has %d entries, operand rank %d", len(dims), len(in))
		}
		ix := make([]*Node, len(in))
		for j, d := range dims {
			if in[j] == 1 && out.Shape[d] != 1 {
				ix[j] = Idx(0)
			} else {
				ix[j] = idx[d]
			}
		}
		return one(at(0, ix))
	case "stablehlo.broadcast":
		in := shapeOf(op.Operands[0])
		return one(at(0, idx[len(idx)-len(in):]))
	case "stablehlo.reshape":
		return one(at(0, k.reindex(idx, out.Shape, shapeOf(op.Operands[0]))))
	case "stablehlo.transpose":
		perm := ints(op, "permutation")
		ix := make([]*Node, len(perm))
		for i, p := range perm {
			ix[p] = idx[i]
		}
		return one(at(0, ix))
	case "stablehlo.reverse":
		dims := ints(op, "dimensions")
		ix := append([]*Node{}, idx...)
		for _, d := range dims {
			ix[d] = b.Bin(Sub, Idx(out.Shape[d]-1), idx[d])
		}
		return one(at(0, ix))
	case "stablehlo.slice":
		start, stride := ints(op, "start_indices"), intsOr(op, "strides", len(idx), 1)
		ix := make([]*Node, len(idx))
		for d := range idx {
			ix[d] = b.Bin(Add, Idx(start[d]), b.Bin(Mul, idx[d], Idx(stride[d])))
		}
		return one(at(0, ix))
	case "stablehlo.pad":
		return one(k.pad(op, idx))
	case "stablehlo.concatenate":
		return one(k.concat(op, idx))
	case "stablehlo.dynamic_slice":
		in := shapeOf(op.Operands[0])
		ix := make([]*Node, len(idx))
		for d := range idx {
			s := k.clampIdx(k.scalarIndex(op.Operands[1+d]), 0, in[d]-out.Shape[d])
			ix[d] = b.Bin(Add, s, idx[d])
		}
		return one(at(0, ix))
	case "stablehlo.dynamic_update_slice":
		upd := shapeOf(op.Operands[1])
		var in *Node
		rel := make([]*Node, len(idx))
		for d := range idx {
			s := k.clampIdx(k.scalarIndex(op.Operands[2+d]), 0, out.Shape[d]-upd[d])
			r := b.Bin(Sub, idx[d], s)
			in = k.and(in, k.inRange(r, 0, upd[d]))
			rel[d] = k.clampIdx(r, 0, upd[d]-1)
		}
		u := at(1, rel)
		o := at(0, idx)
		if in == nil {
			return one(u)
		}
		return one(b.Select(in, u, o))
	case "stablehlo.map":
		args := make([]*Node, len(op.Operands))
		for i := range op.Operands {
			args[i] = at(i, idx)
		}
		return k.region(op, op.Regions[0], args)
	case "stablehlo.reduce":
		return k.reduce(op, idx)
	case "stablehlo.reduce_window":
		return k.reduceWindow(op, idx)
	case "stablehlo.dot_general", "stablehlo.dot":
		return k.dotAt(op, idx)
	case "stablehlo.convolution":
		return k.conv(op, idx)
	case "stablehlo.gather":
		return k.gather(op, idx)
	case "stablehlo.real":
		if x := at(0, idx); !x.Type.IsComplex() {
			return one(x)
		}
	case "stablehlo.imag":
		return one(ConstOf(out.Elem, int64(0)))
	case "stablehlo.get_dimension_size":
		d, _ := ir.IntValue(op.Attr("dimension"))
		in := shapeOf(op.Operands[0])
		if d < 0 || int(d) >= len(in) {
			return nil, errorf(op, "dimension %d out of range", d)
		}
		return one(ConstOf(out.Elem, in[d]))
	}
	if vals, ok, err := k.genMisc(op, idx); ok {
		return vals, err
	}
	return nil, errorf(op, "no kernel lowering for this op")
}

func isSplat(t *ir.Tensor) bool {
	for i := range t.I {
		if t.I[i] != t.I[0] {
			return false
		}
	}
	for i := range t.F {
		if ir.FloatBits(t.F[i], t.Type.Elem) != ir.FloatBits(t.F[0], t.Type.Elem) {
			return false
		}
	}
	return t.C == nil
}

// reindex maps an index of shape `from` to the index of the same row-major
// element in shape `to` (reshape): linearise, then split with div/rem.
func (k *kgen) reindex(idx []*Node, from, to []int64) []*Node {
	return k.splitIndex(k.linearIndex(idx, from), to)
}

// linearIndex is the row-major flat index of idx in shape.
func (k *kgen) linearIndex(idx []*Node, shape []int64) *Node {
	b := k.b
	flat := Idx(0)
	st := ir.Strides(shape)
	for d := range idx {
		flat = b.Bin(Add, flat, b.Bin(Mul, idx[d], Idx(st[d])))
	}
	return flat
}

// splitIndex is the multi-index in shape of the row-major flat index
// (div/rem by the strides; 0 on unit dims).
func (k *kgen) splitIndex(flat *Node, shape []int64) []*Node {
	b := k.b
	st := ir.Strides(shape)
	r := make([]*Node, len(shape))
	for d := range shape {
		x := flat
		if d > 0 {
			x = b.Bin(Rem, x, Idx(st[d-1]))
		}
		r[d] = b.Bin(Div, x, Idx(st[d]))
		if shape[d] == 1 {
			r[d] = Idx(0)
		}
	}
	return r
}

// pad: result[i] = operand[(i - lo) / (interior+1)] where that is a whole
// in-range position, else the padding value.
func (k *kgen) pad(op *ir.Op, idx []*Node) *Node {
	b := k.b
	in := shapeOf(op.Operands[0])
	lo, interior := ints(op, "edge_padding_low"), intsOr(op, "interior_padding", len(in), 0)
	var ok *Node
	ix := make([]*Node, len(in))
	for d := range in {
		t := b.Bin(Sub, idx[d], Idx(lo[d]))
		s := interior[d] + 1
		q := t
		if s != 1 {
			ok = k.and(ok, b.Bin(EQ, b.Bin(Rem, t, Idx(s)), Idx(0)))
			q = b.Bin(Div, t, Idx(s))
		}
		ok = k.and(ok, k.inRange(q, 0, in[d]))
		ix[d] = k.clampIdx(q, 0, max(in[d]-1, 0))
	}
	pv := k.valueAt(op.Operands[1], nil)
	if in0(in) {
		return pv
	}
	x := k.valueAt(op.Operands[0], ix)
	if ok == nil {
		return x
	}
	return b.Select(ok, x, pv)
}

func in0(shape []int64) bool {
	for _, d := range shape {
		if d == 0 {
			return true
		}
	}
	return false
}

// concat selects the operand whose range along the dimension holds the index.
func (k *kgen) concat(op *ir.Op, idx []*Node) *Node {
	b := k.b
	d, _ := ir.IntValue(op.Attr("dimension"))
	var r *Node
	off := int64(0)
	for i, o := range op.Operands {
		n := shapeOf(o)[d]
		if n == 0 {
			continue
		}
		ix := append([]*Node{}, idx...)
		ix[d] = k.clampIdx(b.Bin(Sub, idx[d], Idx(off)), 0, n-1)
		x := k.valueAt(op.Operands[i], ix)
		if r == nil {
			r = x
		} else {
			r = b.Select(b.Bin(GE, idx[d], Idx(off)), x, r)
		}
		off += n
	}
	return r
}
