package interp

// The matrix kernel shared by dot_general and convolution: operands are
// first packed into contiguous row-major layouts, A as [M, K] and B
// transposed as [N, K], so that every output element is a dot product of two
// contiguous rows; gemmNT then computes C = A·Bᵀ with cache blocking over K
// and N and a 2x4 register block. Floats are accumulated in float64 (more
// precise than XLA's f32 accumulation; the caller rounds each result once
// to the result type), integers in int64 with two's-complement wraparound
// (the caller wraps to the result width, which gives the same bits as
// wrapping after every step), complex numbers in complex128.

import "github.com/zmlc/zmlc/ir"

// dotNum is an element type the kernels compute in.
type dotNum interface {
	~float64 | ~int64 | ~complex128
}

// Block sizes of gemmNT: a K panel of gemmKC elements per row (2 KiB of
// float64, so two A rows and four B rows stay in L1) and gemmNC rows of B
// per panel (128 KiB, about an L2 slice).
const (
	gemmKC = 256
	gemmNC = 64
)

// gemmNT sets c[i*n+j] = Σ_l a[i*k+l]·bt[j*k+l] for i < m, j < n: c (m×n)
// is A (m×k) times the transpose of bt (n×k), all row-major. c is
// overwritten.
func gemmNT[T dotNum](a, bt, c []T, m, n, k int) {
	c = c[:m*n]
	clear(c)
	if k == 0 {
		return
	}
	for k0 := 0; k0 < k; k0 += gemmKC {
		k1 := min(k0+gemmKC, k)
		for j0 := 0; j0 < n; j0 += gemmNC {
			j1 := min(j0+gemmNC, n)
			i := 0
			for ; i+2 <= m; i += 2 {
				a0 := a[i*k+k0 : i*k+k1]
				a1 := a[(i+1)*k+k0 : (i+1)*k+k1]
				c0 := c[i*n : i*n+n]
				c1 := c[(i+1)*n : (i+1)*n+n]
				j := j0
				for ; j+4 <= j1; j += 4 {
					s00, s01, s02, s03, s10, s11, s12, s13 := kernel2x4(a0, a1,
						bt[j*k+k0:j*k+k1], bt[(j+1)*k+k0:(j+1)*k+k1],
						bt[(j+2)*k+k0:(j+2)*k+k1], bt[(j+3)*k+k0:(j+3)*k+k1])
					c0[j] += s00
					c0[j+1] += s01
					c0[j+2] += s02
					c0[j+3] += s03
					c1[j] += s10
					c1[j+1] += s11
					c1[j+2] += s12
					c1[j+3] += s13
				}
				for ; j < j1; j++ {
					b := bt[j*k+k0 : j*k+k1]
					c0[j] += dotRow(a0, b)
					c1[j] += dotRow(a1, b)
				}
			}
			for ; i < m; i++ {
				a0 := a[i*k+k0 : i*k+k1]
				c0 := c[i*n : i*n+n]
				for j := j0; j < j1; j++ {
					c0[j] += dotRow(a0, bt[j*k+k0:j*k+k1])
				}
			}
		}
	}
}

// kernel2x4 returns the eight dot products of rows a0, a1 with rows
// b0..b3 (all of len(a0)).
func kernel2x4[T dotNum](a0, a1, b0, b1, b2, b3 []T) (s00, s01, s02, s03, s10, s11, s12, s13 T) {
	n := len(a0)
	a1 = a1[:n]
	b0 = b0[:n]
	b1 = b1[:n]
	b2 = b2[:n]
	b3 = b3[:n]
	for l := 0; l < n; l++ {
		x0, x1 := a0[l], a1[l]
		y0, y1, y2, y3 := b0[l], b1[l], b2[l], b3[l]
		s00 += x0 * y0
		s01 += x0 * y1
		s02 += x0 * y2
		s03 += x0 * y3
		s10 += x1 * y0
		s11 += x1 * y1
		s12 += x1 * y2
		s13 += x1 * y3
	}
	return
}

// dotRow returns Σ a[l]·b[l] (len(b) >= len(a)).
func dotRow[T dotNum](a, b []T) T {
	var s T
	b = b[:len(a)]
	for l, x := range a {
		s += x * b[l]
	}
	return s
}

// permuteInto writes src, a row-major array of the given shape, transposed
// by perm into dst: dst has shape [shape[perm[0]], shape[perm[1]], ...] and
// dst[j0, j1, ...] = src[i] where i[perm[d]] = j[d]. len(dst) must be the
// element count.
func permuteInto[T any](dst, src []T, shape []int64, perm []int) {
	n := len(dst)
	if n == 0 {
		return
	}
	r := len(perm)
	identity := true
	for d, p := range perm {
		if p != d {
			identity = false
		}
	}
	if identity || r == 0 {
		copy(dst, src[:n])
		return
	}
	srcStrides := ir.Strides(shape)
	dshape := make([]int64, r)
	dstrides := make([]int64, r) // source stride of each destination dim
	for d, p := range perm {
		dshape[d] = shape[p]
		dstrides[d] = srcStrides[p]
	}
	last := int(dshape[r-1])
	ls := int(dstrides[r-1])
	idx := make([]int64, r)
	off := 0 // source offset of idx
	for pos := 0; pos < n; pos += last {
		row := dst[pos : pos+last]
		s := off
		for j := range row {
			row[j] = src[s]
			s += ls
		}
		// Advance idx over the dims before the last.
		for d := r - 2; d >= 0; d-- {
			idx[d]++
			off += int(dstrides[d])
			if idx[d] < dshape[d] {
				break
			}
			off -= int(dstrides[d] * dshape[d])
			idx[d] = 0
		}
	}
}
