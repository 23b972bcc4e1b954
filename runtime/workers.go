package runtime

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/tetratelabs/wazero/api"
)

// workerPool runs the chunks of a wasm-self launch on persistent worker
// goroutines (docs/RUNTIME.md, section 6): chunk 0 on the launching
// goroutine, chunk w ≥ 1 on worker goroutine w. A launch wakes each
// worker it needs with a send on its channel and waits for the last one
// to finish; no goroutine is created (so no goroutine stack grows to the
// depth of a wazero call) and nothing is allocated per launch. It is used
// by one launcher goroutine at a time.
//
// Workers block rather than spin between launches: on a machine whose
// cores are shared with other processes, polling workers measured 2-10×
// slower hand-offs than blocking ones (BenchmarkRunOverhead/launch in
// package compile), as a spinning thread takes the core the launcher needs.
type workerPool struct {
	wake  []chan struct{} // per worker; [0] is unused (the caller runs chunk 0)
	stack [][]uint64      // per worker, reused by CallWithStack
	errs  []error

	// The job of the current launch, written before the workers are woken.
	fs             []api.Function
	args, n, parts uint64

	pending atomic.Int32  // chunks ≥ 1 still running
	done    chan struct{} // the last of them signals it
}

// newWorkerPool returns a pool of n ≥ 1 workers, starting n-1 goroutines;
// close stops them.
func newWorkerPool(n int) *workerPool {
	p := &workerPool{
		wake:  make([]chan struct{}, n),
		stack: make([][]uint64, n),
		errs:  make([]error, n),
		done:  make(chan struct{}, 1),
	}
	for w := range n {
		p.stack[w] = make([]uint64, 4)
		if w > 0 {
			p.wake[w] = make(chan struct{}, 1)
			go p.loop(w)
		}
	}
	return p
}

// run calls fs[w](args, begin, end, w) for the parts contiguous chunks
// [begin, end) of [0, n), chunk w on worker w (1 ≤ parts ≤ len(fs) and the
// pool's size), and returns the first failing chunk's error (a trap wraps
// ErrKernel) once all are done.
func (p *workerPool) run(fs []api.Function, args, n, parts uint64) error {
	p.fs, p.args, p.n, p.parts = fs, args, n, parts
	clear(p.errs[:parts])
	if parts > 1 {
		p.pending.Store(int32(parts - 1))
		for w := uint64(1); w < parts; w++ {
			p.wake[w] <- struct{}{}
		}
	}
	p.chunk(0)
	if parts > 1 {
		<-p.done
	}
	p.fs = nil
	for _, err := range p.errs[:parts] {
		if err != nil {
			return err
		}
	}
	return nil
}

// chunk runs chunk w of the current job.
func (p *workerPool) chunk(w uint64) {
	begin, end := p.n*w/p.parts, p.n*(w+1)/p.parts
	s := p.stack[w]
	s[0], s[1], s[2], s[3] = p.args, begin, end, w
	if err := p.fs[w].CallWithStack(context.Background(), s); err != nil {
		p.errs[w] = fmt.Errorf("%w: worker %d, workgroups [%d, %d): %v", ErrKernel, w, begin, end, err)
	}
}

// loop is worker w's goroutine: wait to be woken, run chunk w, report;
// it ends when close closes its channel.
func (p *workerPool) loop(w int) {
	for range p.wake[w] {
		p.chunk(uint64(w))
		if p.pending.Add(-1) == 0 {
			p.done <- struct{}{}
		}
	}
}

// close stops the worker goroutines; the pool must not be running a job.
func (p *workerPool) close() {
	for _, c := range p.wake[1:] {
		close(c)
	}
}
