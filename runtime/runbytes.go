package runtime

import (
	"context"
	"fmt"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
)

// RunBytes runs the entry point called entry as Run does, on raw buffers
// instead of tensors, with no allocation per call once the entry has run.
//
// inputs[i] holds the entry's i-th input (emit.Entry.Inputs[i]) as dense,
// row-major, little-endian bytes of the manifest's dtype: ByteSize bytes
// per element (ir.TensorBytes's layout; f16 and bf16 as their 16-bit
// patterns, i1 as one byte per element, any nonzero byte meaning true, as
// ir.TensorFromBytes reads it). outputs[i] is the caller's buffer for the
// i-th output, of exactly its size, filled in place in the same layout
// (i1 as 0 or 1). InputSizes and OutputSizes give the sizes. The call
// copies inputs into the entry's buffers before running and copies the
// outputs out after it, so the caller's slices are not kept, and an
// output may share memory with an input.
//
// A count or size that does not match the manifest is a *Error with
// StatusInvalid, wrapping ErrInvalid, naming the entry, the input or
// output index (and name) and both sizes, e.g.
//
//	runtime: entry "forward": input 0 "x": invalid argument: got 8 bytes, want 32 (tensor<8xf32>)
//
// Other failures, and cancellation, are Run's.
func (r *Runtime) RunBytes(ctx context.Context, entry string, inputs, outputs [][]byte) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	es, err := r.begin("RunBytes", entry)
	if err != nil {
		return err
	}
	if err := checkBytes(es, "input", inputs, es.e.Inputs, es.inSizes, es.inTypes); err != nil {
		return err
	}
	if err := checkBytes(es, "output", outputs, es.e.Outputs, es.outSizes, es.outTypes); err != nil {
		return err
	}
	b := &r.buffers
	b.es, b.in, b.out = es, inputs, outputs
	err = r.invoke(ctx, es, b)
	*b = bytesIO{}
	return err
}

// checkBytes checks the count and sizes of RunBytes's buffers of one kind
// (input or output) against the entry's values vs, their sizes and types.
func checkBytes(es *entryState, kind string, bufs [][]byte, vs []emit.Value, sizes []uint64, types []*ir.TensorType) error {
	if len(bufs) != len(vs) {
		return es.fail(kind+"s", fmt.Errorf("%w: got %d %s buffers, the entry has %d %ss", ErrInvalid, len(bufs), kind, len(vs), kind))
	}
	for i, b := range bufs {
		if uint64(len(b)) != sizes[i] {
			return es.fail(fmt.Sprintf("%s %d%s", kind, i, nameSuffix(vs[i].Name)),
				fmt.Errorf("%w: got %d bytes, want %d (%s)", ErrInvalid, len(b), sizes[i], types[i]))
		}
	}
	return nil
}

// InputSizes returns the size in bytes of each of entry's inputs, in
// order: the lengths RunBytes wants (element count times the dtype's
// ByteSize; i1 one byte per element). An unknown entry is an error.
func (r *Runtime) InputSizes(entry string) ([]int, error) {
	e, ok := r.bundle.Entry(entry)
	if !ok {
		return nil, fmt.Errorf("runtime: the bundle has no entry point %q", entry)
	}
	return valueSizes(e.Inputs), nil
}

// OutputSizes returns the size in bytes of each of entry's outputs, in
// order: the lengths of the buffers RunBytes fills. An unknown entry is
// an error.
func (r *Runtime) OutputSizes(entry string) ([]int, error) {
	e, ok := r.bundle.Entry(entry)
	if !ok {
		return nil, fmt.Errorf("runtime: the bundle has no entry point %q", entry)
	}
	return valueSizes(e.Outputs), nil
}

// valueSizes returns the byte size of each of vs (checked when the
// bundle was opened).
func valueSizes(vs []emit.Value) []int {
	sizes := make([]int, len(vs))
	for i, v := range vs {
		n, _ := emit.ByteSize(v.DType, v.Shape)
		sizes[i] = int(n)
	}
	return sizes
}

// bytesIO is RunBytes's callIO: the caller's input and output buffers,
// copied as they are except for i1, whose bytes become 0 or 1.
type bytesIO struct {
	es  *entryState
	in  [][]byte
	out [][]byte
}

func (b *bytesIO) encode(i int, dst []byte) {
	if b.es.inTypes[i].Elem == ir.I1 {
		bools(dst, b.in[i])
		return
	}
	copyBytes(dst, b.in[i])
}

func (b *bytesIO) raw(i int) ([]byte, bool) {
	return b.in[i], b.es.inTypes[i].Elem != ir.I1
}

func (b *bytesIO) decode(i int, src []byte) error {
	if b.es.outTypes[i].Elem == ir.I1 {
		bools(b.out[i], src)
		return nil
	}
	copyBytes(b.out[i], src)
	return nil
}

func (b *bytesIO) dest(i int) ([]byte, bool) {
	return b.out[i], b.es.outTypes[i].Elem != ir.I1
}

// bools writes 1 into dst for every nonzero byte of src and 0 for every
// zero one: i1's bytes as ir.TensorFromBytes reads them.
func bools(dst, src []byte) {
	for j, v := range src {
		var x byte
		if v != 0 {
			x = 1
		}
		dst[j] = x
	}
}
