package cpu

import (
	"sync/atomic"
	"time"
)

// pool runs the chunks of a launch on persistent worker goroutines: chunk
// 0 on the launching goroutine, chunk w ≥ 1 on worker w, woken by a send
// on its channel; the last worker to finish signals done. No goroutine is
// created and nothing is allocated per launch (the previous form started
// a goroutine per chunk). Workers block rather than spin between
// launches, as the wasm driver's pool does (runtime/workers.go: spinning
// measured slower on cores shared with other processes). One launcher
// goroutine uses a pool at a time.
type pool struct {
	wake []chan struct{} // per worker; [0] is unused

	// The job of the current launch, written before the workers are woken.
	k           *Kernel
	addrs       []uint64
	grid, parts int64

	pending atomic.Int32
	done    chan struct{}
}

// newPool starts n-1 worker goroutines (n ≥ 1); close stops them.
func newPool(n int) *pool {
	p := &pool{wake: make([]chan struct{}, n), done: make(chan struct{}, 1)}
	for w := 1; w < n; w++ {
		p.wake[w] = make(chan struct{}, 1)
		go p.loop(w)
	}
	return p
}

// run runs the workgroups [0, grid) of k in parts contiguous chunks (1 ≤
// parts ≤ the pool's size) and returns when all are done.
func (p *pool) run(k *Kernel, addrs []uint64, grid, parts int64) {
	parts = max(1, min(parts, grid, int64(len(p.wake))))
	if parts == 1 {
		k.Call(addrs, 0, grid)
		return
	}
	p.k, p.addrs, p.grid, p.parts = k, addrs, grid, parts
	p.pending.Store(int32(parts - 1))
	for w := int64(1); w < parts; w++ {
		p.wake[w] <- struct{}{}
	}
	p.chunk(0)
	<-p.done
	p.k, p.addrs = nil, nil
}

func (p *pool) chunk(w int64) {
	p.k.Call(p.addrs, p.grid*w/p.parts, p.grid*(w+1)/p.parts)
}

// loop is worker w's goroutine; it ends when close closes its channel.
func (p *pool) loop(w int) {
	for range p.wake[w] {
		p.chunk(int64(w))
		if p.pending.Add(-1) == 0 {
			p.done <- struct{}{}
		}
	}
}

// close stops the workers; the pool must not be running a launch.
func (p *pool) close() {
	for _, c := range p.wake[1:] {
		close(c)
	}
}

// splitTrials is how many launches of a kernel run split over the
// workers, and as many on the launching thread alone, before the driver
// settles on the faster (splitChoice).
const splitTrials = 8

// splitChoice decides, per kernel, whether its launches are split over
// the workers. A split pays a hand-off (waking a worker thread and
// waiting for it: about 1-1.5 µs measured on a 2-core KVM guest), which
// kernels of little work per launch (the MNIST CNN's normalisation,
// transforms and softmax at batch 1) do not earn back. The first
// 2*splitTrials launches of a kernel with a grid of at least 2 alternate
// between split and alone; then the form with the shorter fastest launch
// is kept (alone on a tie). The shortest of several launches is used as
// the least disturbed by other processes on the machine.
type splitChoice struct {
	n      int
	best   [2]time.Duration // [0]: alone, [1]: split
	decide int8             // 0: trying; 1: alone; 2: split
}

// split reports whether the next launch splits.
func (c *splitChoice) split() bool {
	switch c.decide {
	case 1:
		return false
	case 2:
		return true
	}
	return c.n%2 == 1
}

// record notes the duration of a launch split (or not) while trying.
func (c *splitChoice) record(split bool, d time.Duration) {
	if c.decide != 0 {
		return
	}
	i := 0
	if split {
		i = 1
	}
	if c.best[i] == 0 || d < c.best[i] {
		c.best[i] = d
	}
	c.n++
	if c.n >= 2*splitTrials {
		c.decide = 1
		if c.best[1] < c.best[0] {
			c.decide = 2
		}
	}
}
