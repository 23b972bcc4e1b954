package runtime

import (
	"context"
	"fmt"
	"os"
	"sync/atomic"
	"time"

	"github.com/tetratelabs/wazero/api"
)

// workerPool runs the chunks of a wasm-self launch on persistent worker
// goroutines (docs/RUNTIME.md, section 6): chunk 0 on the launching
// goroutine, chunk w ≥ 1 on worker goroutine w. No goroutine is created
// per launch (so no goroutine stack grows to the depth of a wazero call)
// and nothing is allocated per launch. It is used by one launcher
// goroutine at a time.
//
// Hand-off. A worker that finishes a chunk polls for the next one for at
// most spinFor before it parks on its channel; a launch claims a polling
// worker with one atomic compare-and-swap and wakes a parked one with a
// send on its channel (a wake-up through the Go scheduler costs several
// µs: the woken goroutine waits in the waker's run queue until another
// thread steals it). Likewise the launcher, once its own chunk is done,
// polls for the workers' completion for at most spinFor before it parks,
// and the last worker claims a polling launcher or wakes a parked one.
//
// Polling pays only when the cores would otherwise idle: on a machine
// whose cores other processes want, a polling thread takes the core the
// launcher or a worker needs (unbounded polling measured 2-10× slower
// hand-offs, BenchmarkRunOverhead/launch in package compile; 50 µs polls
// 1.5-2.5× slower MNIST CNN runs with two busy processes on two cores).
// So the launcher samples the system's runnable threads every
// contentionWindow (runnableThreads) and nobody polls for the next window
// if any thread besides the pool's own was runnable. ZMLC_WASM_SPIN=off
// turns polling off for A/B measurements.
type workerPool struct {
	wake  []chan struct{} // per worker; [0] is unused (the caller runs chunk 0)
	state []atomic.Int32  // per worker: stateParked, statePolling or stateClaimed
	stack [][]uint64      // per worker, reused by CallWithStack
	errs  []error

	// The job of the current launch, written before the workers are
	// claimed or woken.
	fs             []api.Function
	args, n, parts uint64

	pending  atomic.Int32  // chunks ≥ 1 still running
	launcher atomic.Int32  // statePolling, stateParked, or stateClaimed once pending is 0
	done     chan struct{} // the last chunk wakes a parked launcher with it

	pollOK     atomic.Bool // polling allowed in this contentionWindow
	nextSample time.Time   // when the launcher next samples the contention
	fixedPoll  bool        // tests: keep pollOK as set, never sample
}

// Hand-off states of a worker (workerPool.state) and of the launcher.
const (
	stateParked  = 0 // blocked on its channel, or about to be: wake it with a send
	statePolling = 1 // polling its state: claim it with a compare-and-swap
	stateClaimed = 2 // claimed: a worker for the current job, the launcher when all chunks are done
)

const (
	// spinFor bounds a poll. The MNIST CNN's launches follow each other
	// by up to tens of µs (the small kernels run inline in between): on
	// wasm at load ~1.5, polls of 10 µs gained nothing, 50 µs took batch 1
	// from 240-390 to 135-300 µs per image.
	spinFor = 50 * time.Microsecond
	// spinPause is the number of PAUSE instructions between two polls
	// (procyield), which leave the core's other hardware thread its share.
	spinPause = 20
	// contentionWindow is how often the launcher samples runnableThreads.
	contentionWindow = 2 * time.Millisecond
)

// spinOff is ZMLC_WASM_SPIN=off: never poll (the hand-off through
// channels alone).
var spinOff = os.Getenv("ZMLC_WASM_SPIN") == "off"

// newWorkerPool returns a pool of n ≥ 1 workers, starting n-1 goroutines;
// close stops them.
func newWorkerPool(n int) *workerPool {
	p := &workerPool{
		wake:  make([]chan struct{}, n),
		state: make([]atomic.Int32, n),
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
		p.sample()
		p.pending.Store(int32(parts - 1))
		p.launcher.Store(statePolling)
		for w := uint64(1); w < parts; w++ {
			if !p.state[w].CompareAndSwap(statePolling, stateClaimed) {
				p.wake[w] <- struct{}{}
			}
		}
	}
	p.chunk(0)
	if parts > 1 {
		l := &p.launcher
		if !p.poll(func() bool { return l.Load() == stateClaimed }) &&
			l.CompareAndSwap(statePolling, stateParked) {
			<-p.done
		}
	}
	p.fs = nil
	for _, err := range p.errs[:parts] {
		if err != nil {
			return err
		}
	}
	return nil
}

// sample sets pollOK for the next contentionWindow once the current one
// has passed: polling is allowed when no thread of the system besides the
// launcher and the workers that are not parked was runnable.
func (p *workerPool) sample() {
	now := time.Now()
	if spinOff || p.fixedPoll || now.Before(p.nextSample) {
		return
	}
	p.nextSample = now.Add(contentionWindow)
	ours := 1
	for w := 1; w < len(p.state); w++ {
		if p.state[w].Load() != stateParked {
			ours++
		}
	}
	r := runnableThreads()
	p.pollOK.Store(r >= 0 && r <= ours)
}

// poll calls cond until it reports true (then poll does) or spinFor has
// passed (then false), with spinPause PAUSE instructions between calls;
// it returns cond() at once when polling is not allowed (pollOK).
func (p *workerPool) poll(cond func() bool) bool {
	if !p.pollOK.Load() {
		return cond()
	}
	start := time.Now()
	for i := 0; ; i++ {
		if cond() {
			return true
		}
		procyield(spinPause)
		if i&7 == 7 && time.Since(start) > spinFor {
			return false
		}
	}
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

// loop is worker w's goroutine: wait to be claimed or woken, run chunk w,
// report (the last chunk to finish claims or wakes the launcher), then
// poll for the next claim before parking; it ends when close closes its
// channel.
func (p *workerPool) loop(w int) {
	st := &p.state[w]
	for {
		if _, ok := <-p.wake[w]; !ok {
			return
		}
		for {
			p.chunk(uint64(w))
			st.Store(statePolling)
			if p.pending.Add(-1) == 0 && !p.launcher.CompareAndSwap(statePolling, stateClaimed) {
				// The launcher parked: wake it and park rather than poll,
				// as the woken launcher waits in this thread's run queue.
				parked := st.CompareAndSwap(statePolling, stateParked)
				p.done <- struct{}{}
				if parked {
					break
				}
				continue // claimed already
			}
			if !p.poll(func() bool { return st.Load() == stateClaimed }) &&
				st.CompareAndSwap(statePolling, stateParked) {
				break // park
			}
			// Claimed while polling, or between the timeout and the swap.
		}
	}
}

// close stops the worker goroutines; the pool must not be running a job.
func (p *workerPool) close() {
	for _, c := range p.wake[1:] {
		close(c)
	}
}
