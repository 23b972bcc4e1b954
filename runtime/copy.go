package runtime

import (
	goruntime "runtime"
	"sync"
)

// parallelCopyMin is the size in bytes from which copyBytes splits a copy
// over several goroutines: below it one memmove is cheaper than the
// hand-off (a goroutine start is about a microsecond; 1 MiB moves in
// roughly 50-100 µs on one core).
const parallelCopyMin = 1 << 20

// copyBytes copies src into dst (min(len(dst), len(src)) bytes, as the
// builtin copy) and returns the count. Copies of at least parallelCopyMin
// bytes are cut into GOMAXPROCS contiguous pieces copied concurrently, so
// moving a large input or output in or out of the linear memory does not
// leave the other cores idle (RunBytes with the cpu target's 1024x1024
// operands: 12 MiB per run).
func copyBytes(dst, src []byte) int {
	n := min(len(dst), len(src))
	parts := goruntime.GOMAXPROCS(0)
	if n < parallelCopyMin || parts < 2 {
		return copy(dst, src)
	}
	parts = min(parts, n/(parallelCopyMin/2))
	step := (n + parts - 1) / parts
	var wg sync.WaitGroup
	for lo := step; lo < n; lo += step {
		hi := min(lo+step, n)
		wg.Add(1)
		go func() {
			defer wg.Done()
			copy(dst[lo:hi], src[lo:hi])
		}()
	}
	copy(dst[:min(step, n)], src[:min(step, n)])
	wg.Wait()
	return n
}
