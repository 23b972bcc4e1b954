package runtime

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/tetratelabs/wazero/api"
)

// countingKernel is an api.Function that counts, per workgroup, how many
// times a chunk covered it, and fails on the workgroup fail (if ≥ 0).
type countingKernel struct {
	api.Function // unused methods
	hits         []atomic.Int32
	fail         int64
}

func (k *countingKernel) CallWithStack(_ context.Context, s []uint64) error {
	for g := s[1]; g < s[2]; g++ {
		if int64(g) == k.fail {
			return fmt.Errorf("trap at workgroup %d", g)
		}
		k.hits[g].Add(1)
		for i := 0; i < 50; i++ { // a little work, so chunks overlap
			_ = k.hits[g].Load()
		}
	}
	return nil
}

// TestWorkerPoolHandOff runs many launches of varying grids and worker
// counts through a pool, with polling forced on and off, and checks that
// every workgroup runs exactly once per launch and that a failing chunk's
// error reaches the launcher (wrapping ErrKernel) without losing the
// pool's state.
func TestWorkerPoolHandOff(t *testing.T) {
	for _, polling := range []bool{false, true} {
		t.Run(fmt.Sprintf("polling=%v", polling), func(t *testing.T) {
			const workers = 4
			p := newWorkerPool(workers)
			defer p.close()
			p.fixedPoll = true
			p.pollOK.Store(polling)
			k := &countingKernel{hits: make([]atomic.Int32, 64), fail: -1}
			fs := make([]api.Function, workers)
			for i := range fs {
				fs[i] = k
			}
			for it := range 3000 {
				n := uint64(1 + it%64)
				parts := min(uint64(1+it%workers), n)
				k.fail = -1
				if it%97 == 0 {
					k.fail = int64(n - 1) // in the last chunk
				}
				err := p.run(fs, 0, n, parts)
				if k.fail >= 0 {
					if !errors.Is(err, ErrKernel) {
						t.Fatalf("launch %d (n %d, parts %d): error %v, want one wrapping ErrKernel", it, n, parts, err)
					}
				} else if err != nil {
					t.Fatalf("launch %d (n %d, parts %d): %v", it, n, parts, err)
				}
				for g := range n {
					want := int32(1)
					if int64(g) == k.fail {
						want = 0
					}
					if got := k.hits[g].Swap(0); got != want {
						t.Fatalf("launch %d (n %d, parts %d): workgroup %d ran %d times, want %d", it, n, parts, g, got, want)
					}
				}
			}
		})
	}
}
