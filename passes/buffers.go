package passes

import (
	"fmt"
	"sort"

	"github.com/zmlc/zmlc/ir"
)

// BufferPlan places the results of a function's top-level ops in one
// arena of bytes. Offsets and Sizes (bytes, the element count times the
// element's bytes, i1 as one byte; tuples the sum of their elements)
// cover every result of every op of the function body's blocks except
// terminators; block arguments (the function's inputs) live outside the
// arena, and values inside regions (fusion bodies, loop bodies) are the
// kernels' own. Two values share bytes only when their lifetimes do not
// overlap, or when an elementwise op writes its result over an operand
// that dies there (InPlace).
type BufferPlan struct {
	Offsets map[*ir.Value]int64
	Sizes   map[*ir.Value]int64
	// InPlace maps a result that reuses an operand's buffer to that
	// operand.
	InPlace map[*ir.Value]*ir.Value
	// Peak is the arena's size: the largest offset+size of the plan.
	Peak int64
	// Sum is the total of all buffers' sizes (each rounded up to the
	// alignment): the arena an unplanned allocation would need.
	Sum int64
	// Alignment is the alignment of every offset, in bytes.
	Alignment int64
}

// typeBytes returns the bytes of a value of type t, or an error for a
// dynamic shape or a type without a size.
func typeBytes(t ir.Type) (int64, error) {
	switch x := t.(type) {
	case *ir.TensorType:
		n := x.NumElements()
		if n < 0 {
			return 0, fmt.Errorf("type %s has no static size", t)
		}
		eb := int64((x.Elem.Bits() + 7) / 8)
		if eb <= 0 {
			return 0, fmt.Errorf("element type %s has no size", x.Elem)
		}
		return n * eb, nil
	case *ir.TupleType:
		s := int64(0)
		for _, e := range x.Elems {
			b, err := typeBytes(e)
			if err != nil {
				return 0, err
			}
			s += b
		}
		return s, nil
	case *ir.TokenType:
		return 0, nil
	}
	return 0, fmt.Errorf("type %s has no size", t)
}

func alignUp(n, a int64) int64 { return (n + a - 1) / a * a }

// AssignBuffers plans the arena of f (see BufferPlan) from liveness in
// program order: a value lives from its op to its last reader (a reader
// inside a nested region counts at its top-level op; values that f
// returns live to the end). Ops are visited in order; each result gets the
// lowest aligned offset whose bytes are free for its lifetime (first fit
// over a free list ordered by offset), or, for an elementwise op (or a
// loop fusion whose region reads the operand only through elementwise
// ops) of the same result size, the buffer of an operand that dies at
// that op and is not one of f's inputs. Buffers are released after their
// last reader. alignment must be a power of two >= 1. It returns an error
// for a declaration, a value of dynamic shape or a bad alignment. The
// cost is O(n log n) in the number of values.
func AssignBuffers(f *ir.Func, alignment int64) (*BufferPlan, error) {
	if alignment < 1 || alignment&(alignment-1) != 0 {
		return nil, fmt.Errorf("buffer alignment %d is not a power of two", alignment)
	}
	if f.Body == nil {
		return nil, fmt.Errorf("@%s is a declaration", f.Name)
	}
	plan := &BufferPlan{Offsets: map[*ir.Value]int64{}, Sizes: map[*ir.Value]int64{}, InPlace: map[*ir.Value]*ir.Value{}, Alignment: alignment}
	var ops []*ir.Op
	for _, b := range f.Body.Blocks {
		ops = append(ops, b.Ops...)
	}
	index := make(map[*ir.Op]int, len(ops))
	for i, op := range ops {
		index[op] = i
	}
	end := len(ops)
	last := map[*ir.Value]int{}
	var note func(op *ir.Op, at int)
	note = func(op *ir.Op, at int) {
		for _, v := range op.Operands {
			if at > last[v] {
				last[v] = at
			}
		}
		for _, r := range op.Regions {
			for _, b := range r.Blocks {
				for _, o := range b.Ops {
					note(o, at)
				}
			}
		}
	}
	for i, op := range ops {
		for _, r := range op.Results {
			last[r] = i
		}
		at := i
		if op.Name == "func.return" {
			at = end
		}
		note(op, at)
	}
	a := &arena{}
	donated := map[*ir.Value]bool{}
	// dying[i] lists the values whose last reader is op i.
	dying := make([][]*ir.Value, end+1)
	for i, op := range ops {
		if op.HasTrait(ir.Terminator) {
			continue
		}
		for _, r := range op.Results {
			size, err := typeBytes(r.Type)
			if err != nil {
				return nil, fmt.Errorf("%s: %s result %d: %v", op.Loc, op.Name, r.Index, err)
			}
			size = alignUp(max(size, 1), alignment)
			plan.Sizes[r] = size
			plan.Sum += size
			if donor := inPlaceDonor(op, r, i, last, plan, donated); donor != nil {
				plan.Offsets[r] = plan.Offsets[donor]
				plan.InPlace[r] = donor
				donated[donor] = true
				dying[last[r]] = append(dying[last[r]], r)
				continue
			}
			plan.Offsets[r] = a.alloc(size, alignment)
			dying[last[r]] = append(dying[last[r]], r)
		}
		for _, v := range dying[i] {
			if donated[v] {
				continue // its bytes now belong to the in-place result
			}
			a.release(plan.Offsets[v], plan.Sizes[v])
		}
	}
	plan.Peak = a.peak
	return plan, nil
}

// inPlaceDonor returns an operand of op whose buffer result r may reuse,
// or nil.
func inPlaceDonor(op *ir.Op, r *ir.Value, i int, last map[*ir.Value]int, plan *BufferPlan, donated map[*ir.Value]bool) *ir.Value {
	if len(op.Results) != 1 || !elementwiseInPlace(op) {
		return nil
	}
	for oi, v := range op.Operands {
		_, ok := plan.Offsets[v]
		if !ok || last[v] != i || plan.Sizes[v] != plan.Sizes[r] || !ir.TypesEqual(v.Type, r.Type) {
			continue
		}
		if donated[v] {
			continue
		}
		if op.Name == FusionOp && !fusionArgElementwise(op, oi) {
			continue
		}
		return v
	}
	return nil
}

// elementwiseInPlace reports whether op computes each result element from
// the operand elements at the same index (so the result may overwrite an
// operand): an Elementwise op, or a loop fusion.
func elementwiseInPlace(op *ir.Op) bool {
	if op.Name == FusionOp {
		return FusionKind(op) == FusionLoop
	}
	return op.HasTrait(ir.Elementwise) && len(op.Regions) == 0
}

// fusionArgElementwise reports whether, in the region of fusion op,
// argument i reaches the results only through Elementwise ops (so each
// output element reads only the same element of it).
func fusionArgElementwise(op *ir.Op, i int) bool {
	blk := op.Regions[0].Entry()
	if blk == nil || i >= len(blk.Args) {
		return false
	}
	derived := map[*ir.Value]bool{blk.Args[i]: true}
	for _, o := range blk.Ops {
		reads := false
		for _, v := range o.Operands {
			if derived[v] {
				reads = true
			}
		}
		if !reads {
			continue
		}
		if o.HasTrait(ir.Terminator) {
			continue
		}
		if !o.HasTrait(ir.Elementwise) || len(o.Regions) > 0 {
			return false
		}
		for _, r := range o.Results {
			derived[r] = true
		}
	}
	return true
}

// arena is a first-fit allocator over a free list of byte ranges ordered
// by offset.
type arena struct {
	free []span // sorted by off, non-adjacent
	top  int64  // bytes ever handed out (the end of the arena)
	peak int64
}

type span struct{ off, size int64 }

// alloc returns the offset of size bytes aligned to align.
func (a *arena) alloc(size, align int64) int64 {
	for i, s := range a.free {
		off := alignUp(s.off, align)
		if off+size <= s.off+s.size {
			// Split s into [s.off, off) and [off+size, s.end).
			var rest []span
			if off > s.off {
				rest = append(rest, span{s.off, off - s.off})
			}
			if e := s.off + s.size; off+size < e {
				rest = append(rest, span{off + size, e - off - size})
			}
			a.free = append(a.free[:i], append(rest, a.free[i+1:]...)...)
			return off
		}
	}
	// Extend the arena; a free span at the end is used first.
	off := alignUp(a.top, align)
	if n := len(a.free); n > 0 {
		s := a.free[n-1]
		if s.off+s.size == a.top {
			off = alignUp(s.off, align)
			a.free = a.free[:n-1]
			if off > s.off {
				a.free = append(a.free, span{s.off, off - s.off})
			}
		}
	}
	a.top = off + size
	a.peak = max(a.peak, a.top)
	return off
}

// release returns [off, off+size) to the free list, merging neighbours.
func (a *arena) release(off, size int64) {
	i := sort.Search(len(a.free), func(i int) bool { return a.free[i].off > off })
	a.free = append(a.free, span{})
	copy(a.free[i+1:], a.free[i:])
	a.free[i] = span{off, size}
	if i+1 < len(a.free) && a.free[i].off+a.free[i].size == a.free[i+1].off {
		a.free[i].size += a.free[i+1].size
		a.free = append(a.free[:i+1], a.free[i+2:]...)
	}
	if i > 0 && a.free[i-1].off+a.free[i-1].size == a.free[i].off {
		a.free[i-1].size += a.free[i].size
		a.free = append(a.free[:i], a.free[i+1:]...)
	}
}
