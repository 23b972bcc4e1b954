package spirv

import K "github.com/zmlc/zmlc/targets/kernel"

// With Options.No8Or16Bit a global buffer of 1- or 2-byte elements (i1,
// the 8- and 16-bit integers and floats, the sub-byte integers' bytes) is
// a runtime array of 32-bit words, element i in bits 8*(i%4) (2-byte
// elements: 16*(i%2)) of word i/4 (i/2), little-endian as the host lays
// the buffer out. A load extracts the element zero-extended; a store
// clears and sets its bits with OpAtomicAnd and OpAtomicOr (device scope,
// relaxed), so invocations storing neighbouring elements of one word do
// not overwrite each other's.

// packed reports whether global buffer b is held as 32-bit words.
func (r *renderer) packed(b *K.Buffer) bool {
	return r.opt.No8Or16Bit && b.Space == K.Global && b.Elem.ByteSize() < 4
}

// wordOf returns a pointer to the word holding element idx of packed
// buffer b, the element's bit offset in it and its mask (unshifted).
func (r *renderer) wordOf(b *K.Buffer, idx uint32) (ptr, shift, mask uint32) {
	size := b.Elem.ByteSize()
	lg, lane, bits := uint32(2), uint32(3), uint32(3) // 1-byte elements: 4 per word, 8 bits
	m := uint32(0xff)
	if size == 2 {
		lg, lane, bits, m = 1, 1, 4, 0xffff
	}
	word := r.op(OpShiftRightLogical, r.tU32, idx, r.constU32(lg))
	shift = r.op(OpShiftLeftLogical, r.tU32, r.op(OpBitwiseAnd, r.tU32, idx, r.constU32(lane)), r.constU32(bits))
	ptr = r.op(OpAccessChain, r.ptr(StorageClassStorageBuffer, r.tU32), r.bufVars[b.Index], r.constU32(0), word)
	return ptr, shift, r.constU32(m)
}

// loadPacked returns element idx of packed buffer b, zero-extended in a
// 32-bit integer.
func (r *renderer) loadPacked(b *K.Buffer, idx uint32) uint32 {
	p, sh, mask := r.wordOf(b, idx)
	w := r.op(OpLoad, r.tU32, p)
	return r.op(OpBitwiseAnd, r.tU32, r.op(OpShiftRightLogical, r.tU32, w, sh), mask)
}

// storePacked stores the low bits of v (a 32-bit integer) as element idx
// of packed buffer b.
func (r *renderer) storePacked(b *K.Buffer, idx, v uint32) {
	p, sh, mask := r.wordOf(b, idx)
	clear := r.op(OpNot, r.tU32, r.op(OpShiftLeftLogical, r.tU32, mask, sh))
	set := r.op(OpShiftLeftLogical, r.tU32, r.op(OpBitwiseAnd, r.tU32, v, mask), sh)
	scope, sem := r.constU32(uint32(ScopeDevice)), r.constU32(uint32(MemorySemanticsRelaxed))
	r.op(OpAtomicAnd, r.tU32, p, scope, sem, clear)
	r.op(OpAtomicOr, r.tU32, p, scope, sem, set)
}
