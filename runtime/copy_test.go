package runtime

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestCopyBytes checks copyBytes against the builtin copy around the
// parallel threshold, with unequal lengths and odd sizes.
func TestCopyBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct{ dst, src int }{
		{0, 0}, {10, 5}, {5, 10}, {parallelCopyMin - 1, parallelCopyMin - 1},
		{parallelCopyMin, parallelCopyMin}, {3*parallelCopyMin + 7, 3*parallelCopyMin + 7},
		{2 * parallelCopyMin, 3*parallelCopyMin + 1}, {5*parallelCopyMin + 3, 4 * parallelCopyMin},
	} {
		src := make([]byte, c.src)
		for i := range src {
			src[i] = byte(r.Uint32())
		}
		got, want := make([]byte, c.dst), make([]byte, c.dst)
		for i := range got {
			got[i], want[i] = 0xAA, 0xAA
		}
		n, wn := copyBytes(got, src), copy(want, src)
		if n != wn || !bytes.Equal(got, want) {
			t.Errorf("dst %d src %d: copied %d (want %d), bytes equal %v", c.dst, c.src, n, wn, bytes.Equal(got, want))
		}
	}
}
