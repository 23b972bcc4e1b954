package kernel

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
)

// Tiled convolution (CPU-like targets): a convolution, alone or in a
// zml.fusion whose other ops form an elementwise epilogue, becomes an
// implicit GEMM in the store-accumulate form of the tiled dot: rows are the
// output positions (batch and spatial dims), columns the output features,
// the reduction the window and the input features:
//
//	grid over batch and the first spatial dim; serial over the others:
//	  serial over tiles of TN output features:
//	    vector f: out[pos(f)] = 0
//	    window w (if inside the input): serial c: a = in[..., c];
//	      vector f: out[pos(f)] += a * kernel[w, c, f]
//	    vector f: out[pos(f)] = epilogue(out[pos(f)])
//
// Each output element sums its products in the same order as the direct
// form (window positions, then input features), so results are identical.
// pos maps the convolution's index to the fusion result's element through
// the epilogue's transposes and reshapes (a bijection, checked by
// convChain). Renderers keep the accumulators of one tile in registers
// across the reduction (wasm: promote.go).

// chainStep is one index map of an epilogue chain: a transpose (perm) or a
// reshape (from -> to).
type chainStep struct {
	perm     []int64
	from, to []int64
}

// convChain checks that every value of blk depending on conv's result is
// computed by elementwise ops, transposes and reshapes on one index path,
// and returns the path to the block's single result. ok is false otherwise.
func convChain(blk *ir.Block, conv *ir.Op) (steps []chainStep, ok bool) {
	type path struct {
		steps []chainStep
		key   string
	}
	paths := map[*ir.Value]*path{conv.Results[0]: {}}
	for _, op := range blk.Ops {
		if op == conv {
			continue
		}
		var dep *path
		for _, o := range op.Operands {
			p, isDep := paths[o]
			if !isDep {
				continue
			}
			if dep != nil && dep.key != p.key {
				return nil, false
			}
			dep = p
		}
		if op == blk.Terminator() {
			if len(op.Operands) != 1 || paths[op.Operands[0]] == nil {
				return nil, false
			}
			return paths[op.Operands[0]].steps, true
		}
		if dep == nil {
			continue
		}
		if len(op.Regions) > 0 || len(op.Results) != 1 {
			return nil, false
		}
		rt := op.Results[0].Tensor()
		if rt == nil {
			return nil, false
		}
		switch {
		case op.Name == "stablehlo.transpose":
			perm := ints(op, "permutation")
			st := append(append([]chainStep{}, dep.steps...), chainStep{perm: perm})
			paths[op.Results[0]] = &path{st, dep.key + fmt.Sprintf("t%v", perm)}
			continue
		case op.Name == "stablehlo.reshape":
			st := append(append([]chainStep{}, dep.steps...), chainStep{from: shapeOf(op.Operands[0]), to: rt.Shape})
			paths[op.Results[0]] = &path{st, dep.key + fmt.Sprintf("r%v", rt.Shape)}
			continue
		}
		_, un := unaryKinds[op.Name]
		_, bin := binaryKinds[op.Name]
		switch {
		case un, bin, op.Name == "stablehlo.compare", op.Name == "stablehlo.select",
			op.Name == "stablehlo.clamp", op.Name == "stablehlo.convert":
		default:
			return nil, false
		}
		for _, o := range op.Operands {
			if paths[o] != nil && !sameShape(shapeOf(o), rt.Shape) {
				return nil, false
			}
		}
		paths[op.Results[0]] = dep
	}
	return nil, false
}

// mapChain applies steps to a multi-index of the convolution's result. It
// returns the flat element index of the end shape (affine in idx when
// the chain has no transpose after a reshape) and a function giving the
// multi-index there (div/rem after a reshape).
func (k *kgen) mapChain(steps []chainStep, idx []*Node, shape []int64) (flat *Node, multi func() []*Node) {
	b := k.b
	cur := idx
	var fl *Node // non-nil: the index is flat in shape
	linear := func(ix []*Node, sh []int64) *Node {
		st := ir.Strides(sh)
		f := Idx(0)
		for d := range ix {
			f = b.Bin(Add, f, b.Bin(Mul, ix[d], Idx(st[d])))
		}
		return f
	}
	split := func(f *Node, sh []int64) []*Node {
		st := ir.Strides(sh)
		r := make([]*Node, len(sh))
		for d := range sh {
			x := f
			if d > 0 {
				x = b.Bin(Rem, x, Idx(st[d-1]))
			}
			r[d] = b.Bin(Div, x, Idx(st[d]))
			if sh[d] == 1 {
				r[d] = Idx(0)
			}
		}
		return r
	}
	for _, s := range steps {
		if s.perm != nil {
			if fl != nil {
				cur, fl = split(fl, shape), nil
			}
			ix := make([]*Node, len(s.perm))
			for i, p := range s.perm {
				ix[i] = cur[p]
			}
			cur = ix
			sh := make([]int64, len(s.perm))
			for i, p := range s.perm {
				sh[i] = shape[p]
			}
			shape = sh
			continue
		}
		if fl == nil {
			fl = linear(cur, shape)
		}
		shape = s.to
	}
	if fl != nil {
		f, sh := fl, shape
		return f, func() []*Node { return split(f, sh) }
	}
	return linear(cur, shape), func() []*Node { return cur }
}

// tiledConv lowers op (a convolution, or a zml.fusion of one convolution
// and an elementwise epilogue) to the implicit-GEMM form above; ok is false
// when op has another form or the target is a GPU.
func (l *lowerer) tiledConv(op *ir.Op) (ok bool, err error) {
	if l.t.GPU || len(op.Results) != 1 {
		return false, nil
	}
	var conv *ir.Op
	var steps []chainStep
	k := l.newKgen("conv")
	res := op.Results[0]
	switch op.Name {
	case "stablehlo.convolution":
		conv = op
		for _, o := range op.Operands {
			x, err := l.valueView(op, o)
			if err != nil || x.tuple != nil {
				return false, nil
			}
			k.bind(o, x)
		}
	case "zml.fusion":
		if len(op.Regions) != 1 || op.Regions[0].Entry() == nil {
			return false, nil
		}
		blk := op.Regions[0].Entry()
		if len(blk.Args) != len(op.Operands) {
			return false, nil
		}
		for _, o := range blk.Ops {
			if o.Name == "stablehlo.convolution" {
				if conv != nil {
					return false, nil
				}
				conv = o
			}
		}
		if conv == nil {
			return false, nil
		}
		var chainOK bool
		if steps, chainOK = convChain(blk, conv); !chainOK {
			return false, nil
		}
		for i, a := range blk.Args {
			x, err := l.valueView(op, op.Operands[i])
			if err != nil || x.tuple != nil {
				return false, nil
			}
			k.bind(a, x)
		}
		k.b.K.Name = fmt.Sprintf("k%d_fusion_conv", len(l.p.Kernels))
		res = blk.Terminator().Operands[0]
	default:
		return false, nil
	}
	c, err := parseConv(conv)
	if err != nil {
		return false, nil
	}
	rt := op.Results[0].Tensor()
	if c.fgc != 1 || c.bgc != 1 || rt.Elem != c.et || !c.et.IsFloat() && !c.et.IsInteger() {
		return false, nil
	}
	for _, d := range c.ldil {
		if d != 1 {
			return false, nil
		}
	}
	cs := shapeOf(conv.Results[0])
	for _, d := range cs {
		if d == 0 {
			return false, nil
		}
	}
	id := l.temp(rt)
	out := k.b.Param("out0", rt.Elem, rt.Shape, ReadWrite, id)
	k.emitTiledConv(conv, c, cs, steps, out, res)
	if k.err != nil {
		return true, k.err
	}
	src := opSource(op)
	if op.Name == "zml.fusion" {
		src = fmt.Sprintf("%s (convolution + %d ops)", src, len(op.Regions[0].Entry().Ops)-2)
	}
	k.finish(src)
	l.env[op.Results[0]] = bv{buf: id}
	return true, nil
}

// convTileN is the most output features one tile accumulates (the
// accumulators a renderer keeps in registers: 8 SIMD128 vectors of f32).
const convTileN = 32

func (k *kgen) emitTiledConv(conv *ir.Op, c *convInfo, cs []int64, steps []chainStep, out *Buffer, res *ir.Value) {
	b := k.b
	dn, et := c.dn, c.et
	cout := cs[dn.OutputFeatureDimension]
	tn := cout
	if cout > convTileN {
		if t := largestDivisor(cout, convTileN); t >= 8 {
			tn = t
		}
	}
	// Rows: batch, then the spatial dims in output order.
	rows := []int64{cs[dn.OutputBatchDimension]}
	for d := 0; d < c.s; d++ {
		rows = append(rows, cs[dn.OutputSpatialDimensions[d]])
	}
	vec := Vector
	if tn < int64(k.l.t.VectorWidth) {
		vec = Serial
	}
	b.Nest(rows, 2, func(ri []*Node) {
		b.Loop(Serial, cout/tn, func(f0 *Node) {
			full := make([]*Node, len(cs))
			at := func(f1 *Node) []*Node {
				ix := append([]*Node{}, full...)
				ix[dn.OutputFeatureDimension] = b.Bin(Add, b.Bin(Mul, f0, Idx(tn)), f1)
				return ix
			}
			full[dn.OutputBatchDimension] = ri[0]
			for d := 0; d < c.s; d++ {
				full[dn.OutputSpatialDimensions[d]] = ri[1+d]
			}
			pos := func(f1 *Node) (*Node, func() []*Node) {
				return k.mapChain(steps, at(f1), cs)
			}
			b.Loop(vec, tn, func(f1 *Node) {
				off, _ := pos(f1)
				b.Store(out, off, ConstOf(et, int64(0)))
			})
			b.Nest(c.win, 0, func(w []*Node) {
				li, ki, valid := k.window(c, full, w, full[dn.OutputBatchDimension], nil)
				body := func() {
					b.Loop(Serial, c.cin, func(ci *Node) {
						li[dn.InputFeatureDimension] = ci
						ki[dn.KernelInputFeatureDimension] = ci
						a := b.Convert(k.valueAt(conv.Operands[0], li), et)
						b.Loop(vec, tn, func(f1 *Node) {
							kx := append([]*Node{}, ki...)
							kx[dn.KernelOutputFeatureDimension] = at(f1)[dn.OutputFeatureDimension]
							y := b.Convert(k.valueAt(conv.Operands[1], kx), et)
							off, _ := pos(f1)
							b.Store(out, off, b.Bin(Add, b.Load(out, off), b.Bin(Mul, a, y)))
						})
					})
				}
				if valid == nil {
					body()
				} else {
					b.If(valid, body, nil)
				}
			})
			if res != conv.Results[0] {
				b.Loop(vec, tn, func(f1 *Node) {
					off, multi := pos(f1)
					acc := b.Load(out, off)
					k.scalarsAt = map[*ir.Value]*Node{conv.Results[0]: acc}
					k.memo = map[string]memoEntry{}
					v := k.valueAt(res, multi())
					k.scalarsAt = nil
					b.Store(out, off, b.Convert(v, out.Elem))
				})
			}
			k.memo = map[string]memoEntry{}
		})
	})
	k.memo = map[string]memoEntry{}
	// Epilogues that are not straight-line run one element at a time.
	var fix func(body []*Node)
	fix = func(body []*Node) {
		for _, n := range body {
			if n.Kind == Loop {
				if n.Level == Vector && !straightLine(n.Body) {
					n.Level = Serial
				}
				fix(n.Body)
			}
			if n.Kind == If {
				fix(n.Body)
				fix(n.Else)
			}
		}
	}
	fix(b.K.Body)
}
