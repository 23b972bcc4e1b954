package interp

// stablehlo.sort (spec: sort): sorts the 1-D slices along `dimension` of
// all inputs together, ordered by the comparator region, which receives
// (lhs0, rhs0, lhs1, rhs1, ...) and returns whether lhs sorts before rhs.
//
// The sort is always stable (a merge sort), whatever is_stable says: equal
// elements (comparator false both ways) keep their input order, which is
// one of the orders an unstable sort may produce. The comparator is called
// O(n log n) times per slice. A comparator that is not a strict weak order
// still gives a permutation of the inputs, never a hang.

import (
	"github.com/zmlc/zmlc/ir"
)

func init() { Register("stablehlo.sort", evalSort) }

func evalSort(in *Interpreter, op *ir.Op, args []Value) ([]Value, error) {
	inputs, err := tensorArgs(op, args, -1)
	if err != nil {
		return nil, err
	}
	if len(inputs) == 0 {
		return nil, errorAt(op, "expects at least one input")
	}
	if err := checkSameShape(op, inputs...); err != nil {
		return nil, err
	}
	if len(op.Regions) != 1 {
		return nil, errorAt(op, "expects one comparator region")
	}
	shape := inputs[0].Type.Shape
	r := int64(len(shape))
	dim, err := attrIntOr(op, "dimension", -1)
	if err != nil {
		return nil, err
	}
	if dim < -r || dim >= r {
		return nil, errorAt(op, "dimension %d is out of range for rank %d", dim, r)
	}
	if dim < 0 {
		dim += r
	}
	if _, err := attrBool(op, "is_stable", false); err != nil {
		return nil, err
	}
	n := len(inputs)
	results := make([]*ir.Tensor, n)
	for i := range results {
		if results[i], err = newResult(op, i); err != nil {
			return nil, err
		}
		if !ir.TypesEqual(results[i].Type, inputs[i].Type) {
			return nil, errorAt(op, "result %d has type %s, input has %s", i, results[i].Type, inputs[i].Type)
		}
	}
	cmp, err := newScalarBody(in, op, op.Regions[0], 2*n)
	if err != nil {
		return nil, err
	}
	less := func(a, b int) (bool, error) {
		for i, x := range inputs {
			cmp.set(2*i, x, a)
			cmp.set(2*i+1, x, b)
		}
		out, err := cmp.call()
		if err != nil {
			return false, err
		}
		if len(out) != 1 || out[0].Type.Elem != ir.I1 {
			return false, errorAt(op, "comparator must return one tensor<i1>")
		}
		return out[0].I[0] != 0, nil
	}
	if len(shape) == 0 {
		for i := range results {
			copyElem(results[i], 0, inputs[i], 0)
		}
		return tensorValues(results), nil
	}
	length := int(shape[dim])
	stride := int(ir.Strides(shape)[dim])
	outer := append([]int64{}, shape...)
	outer[dim] = 1
	strides := ir.Strides(shape)
	pos := make([]int, length)
	tmp := make([]int, length)
	var ferr error
	if length > 0 {
		forEachIndex(outer, func(idx []int64, _ int) {
			if ferr != nil {
				return
			}
			base := int(linearIndex(idx, strides))
			for k := range pos {
				pos[k] = base + k*stride
			}
			if err := mergeSort(pos, tmp, less); err != nil {
				ferr = err
				return
			}
			for k, p := range pos {
				for i := range results {
					copyElem(results[i], base+k*stride, inputs[i], p)
				}
			}
		})
	}
	if ferr != nil {
		return nil, ferr
	}
	return tensorValues(results), nil
}

// tensorValues returns ts as interpreter values.
func tensorValues(ts []*ir.Tensor) []Value {
	out := make([]Value, len(ts))
	for i, t := range ts {
		out[i] = t
	}
	return out
}

// mergeSort sorts v stably by less (bottom-up merge sort, tmp as scratch
// of the same length); it stops at the first error of less.
func mergeSort(v, tmp []int, less func(a, b int) (bool, error)) error {
	n := len(v)
	src, dst := v, tmp[:n]
	for width := 1; width < n; width *= 2 {
		for lo := 0; lo < n; lo += 2 * width {
			mid := min(lo+width, n)
			hi := min(lo+2*width, n)
			i, j, k := lo, mid, lo
			for i < mid && j < hi {
				// Take from the right run only if it is strictly less.
				l, err := less(src[j], src[i])
				if err != nil {
					return err
				}
				if l {
					dst[k] = src[j]
					j++
				} else {
					dst[k] = src[i]
					i++
				}
				k++
			}
			k += copy(dst[k:], src[i:mid])
			copy(dst[k:], src[j:hi])
		}
		src, dst = dst, src
	}
	if n > 0 && &src[0] != &v[0] {
		copy(v, src)
	}
	return nil
}
