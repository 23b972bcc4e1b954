package kernel

import (
	"fmt"
	"slices"

	"github.com/zmlc/zmlc/ir"
)

// Tiled convolution (CPU-like targets): a convolution, alone or in a
// zml.fusion whose other ops form an elementwise epilogue, becomes an
// implicit GEMM: rows are the output positions (batch and spatial dims),
// columns the output features, the reduction the window and the input
// features. The loops, the register micro-tiles and the summation order
// are described in lower_micro_conv.go. This file finds the epilogue
// chain: pos maps the convolution's index to the fusion result's element
// through the epilogue's transposes and reshapes (a bijection, checked by
// convChain).

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
			if paths[o] != nil && !slices.Equal(shapeOf(o), rt.Shape) {
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
	cur := idx
	var fl *Node // non-nil: the index is flat in shape
	for _, s := range steps {
		if s.perm != nil {
			if fl != nil {
				cur, fl = k.splitIndex(fl, shape), nil
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
			fl = k.linearIndex(cur, shape)
		}
		shape = s.to
	}
	if fl != nil {
		f, sh := fl, shape
		return f, func() []*Node { return k.splitIndex(f, sh) }
	}
	return k.linearIndex(cur, shape), func() []*Node { return cur }
}

// tiledConv lowers op (a convolution, or a zml.fusion of one convolution
// and an elementwise epilogue) to the register-blocked implicit GEMM of
// lower_micro_conv.go; ok is false when op has another form or the target
// is a GPU.
func (l *lowerer) tiledConv(op *ir.Op) (ok bool, err error) {
	if l.t.GPU || len(op.Results) != 1 {
		return false, nil
	}
	var conv *ir.Op
	var steps []chainStep
	type binding struct {
		v *ir.Value
		x bv
	}
	var binds []binding
	name := "conv"
	res := op.Results[0]
	switch op.Name {
	case "stablehlo.convolution":
		conv = op
		for _, o := range op.Operands {
			x, err := l.valueView(op, o)
			if err != nil || x.tuple != nil {
				return false, nil
			}
			binds = append(binds, binding{o, x})
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
			binds = append(binds, binding{a, x})
		}
		name = "fusion_conv"
		res = blk.Terminator().Operands[0]
	default:
		return false, nil
	}
	c, err := parseConv(conv)
	if err != nil {
		return false, nil
	}
	rt := op.Results[0].Tensor()
	// Narrow floats take the direct form, which accumulates in f32
	// (AccumElem); the tiles accumulate in the result type.
	if c.fgc != 1 || c.bgc != 1 || rt.Elem != c.et || !c.et.IsFloat() && !c.et.IsInteger() || AccumElem(c.et) != c.et {
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
	newKgen := func(name string) *kgen {
		k := l.newKgen(name)
		for _, bd := range binds {
			k.bind(bd.v, bd.x)
		}
		return k
	}
	if ok, err := l.winograd(op, conv, c, cs, steps, res, name, newKgen); ok || err != nil { // lower_winograd.go
		return ok, err
	}
	// The kernel in [window..., cin, cout] order: the operand itself, or a
	// packed copy.
	k := newKgen(name)
	wkID := -1
	if !k.packedConvKernel(conv, c) {
		pk := newKgen("conv_pack")
		wkID = l.temp(&ir.TensorType{Elem: c.et, Shape: packShape(c)})
		pk.emitConvPack(conv, c, pk.b.Param("out0", c.et, packShape(c), Write, wkID))
		if pk.err != nil {
			return true, pk.err
		}
		pk.finish(opSource(conv) + " (kernel packed as [window..., cin, cout])")
		k = newKgen(name)
	}
	id := l.temp(rt)
	out := k.b.Param("out0", rt.Elem, rt.Shape, ReadWrite, id)
	var wk *Buffer
	if wkID >= 0 {
		wk = k.input(wkID)
	} else {
		wk = k.input(k.ext[conv.Operands[1]])
	}
	k.emitMicroConv(conv, c, cs, steps, out, res, wk)
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
