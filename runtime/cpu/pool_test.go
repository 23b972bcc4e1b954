package cpu

import (
	"fmt"
	"os"
	"testing"
	"time"
	"unsafe"

	"github.com/zmlc/zmlc/targets/llvm"
)

// TestPoolChunks runs the squares kernel (TestRunChunks) through pools
// of 1 to 4 workers in 1 to 5 parts (more parts than workers are cut to
// the pool's size) and checks that every element was added to exactly
// once per launch.
func TestPoolChunks(t *testing.T) {
	if _, err := llvm.ToolLLC.Path(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	kern, grid := squaresKernel(t)
	heap := make(chan []int32, 1)
	for workers := 1; workers <= 4; workers++ {
		p := newPool(workers)
		for parts := int64(1); parts <= 5; parts++ {
			buf := make([]int32, 1001*3)
			heap <- buf // on the heap: a goroutine stack may move during the call
			<-heap
			addrs := []uint64{uint64(uintptr(unsafe.Pointer(&buf[0])))}
			for range 3 {
				p.run(kern.Kernel, addrs, grid, parts)
			}
			for j, x := range buf {
				if w := 3 * int32(j/3) * int32(j/3); x != w {
					t.Fatalf("%d workers, %d parts: element %d is %d, want %d", workers, parts, j, x, w)
				}
			}
		}
		p.close()
	}
}

// TestSplitChoice: a kernel whose split launches are faster stays split,
// one whose launches alone are faster (or as fast) runs alone; the
// choice is made after 2*splitTrials launches, alternating.
func TestSplitChoice(t *testing.T) {
	for _, c := range []struct {
		alone, split time.Duration
		want         bool
	}{{10 * time.Microsecond, 6 * time.Microsecond, true}, {300 * time.Nanosecond, 1500 * time.Nanosecond, false}, {time.Microsecond, time.Microsecond, false}} {
		var s splitChoice
		seen := [2]int{}
		for i := 0; i < 2*splitTrials; i++ {
			sp := s.split()
			d := c.alone
			if sp {
				d = c.split
				seen[1]++
			} else {
				seen[0]++
			}
			// A disturbed launch: slower, never the fastest.
			if i == 3 {
				d *= 5
			}
			s.record(sp, d)
		}
		if seen[0] != splitTrials || seen[1] != splitTrials {
			t.Errorf("%v/%v: tried alone %d and split %d times, want %d each", c.alone, c.split, seen[0], seen[1], splitTrials)
		}
		for range 3 {
			if got := s.split(); got != c.want {
				t.Errorf("alone %v, split %v: split %v, want %v", c.alone, c.split, got, c.want)
			}
			s.record(!c.want, time.Nanosecond) // decided: no longer recorded
		}
	}
}

// BenchmarkPoolLaunch measures launches of the squares kernel through
// the persistent pool, alone and split in two, next to Kernel.Run's
// goroutine per chunk (BenchmarkRunLaunch) in the same run.
//
//	go test -run XXX -bench PoolLaunch ./runtime/cpu/
func BenchmarkPoolLaunch(b *testing.B) {
	if _, err := llvm.ToolLLC.Path(); err != nil {
		b.Skip(err)
	}
	kern, grid := squaresKernel(b)
	buf := make([]int32, 1001*3)
	addrs := []uint64{uint64(uintptr(unsafe.Pointer(&buf[0])))}
	p := newPool(2)
	defer p.close()
	for _, parts := range []int64{1, 2} {
		b.Run(fmt.Sprintf("pool/parts=%d", parts), func(b *testing.B) {
			for range b.N {
				p.run(kern.Kernel, addrs, grid, parts)
			}
		})
		b.Run(fmt.Sprintf("goroutines/workers=%d", parts), func(b *testing.B) {
			for range b.N {
				kern.Run(addrs, grid, int(parts))
			}
		})
	}
}
