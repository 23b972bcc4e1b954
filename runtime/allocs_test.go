package runtime

import (
	"context"
	"testing"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
)

// TestRunAllocs checks that a Run on the wasm target allocates only what
// it returns: the output slice and, per output, the tensor, its type, its
// shape and its elements. The frame, the input buffers, the launch (over
// four workers: three hand-offs), the call state and the kernel calls'
// stacks are all reused.
func TestRunAllocs(t *testing.T) {
	bundle, weights, _ := testBundle(t, emit.FormatWasmSelf)
	rt, err := Open(bundle, Options{Weights: weights, Workers: 4})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	in := []*ir.Tensor{vec(1, 2, 3, 4, 5, 6, 7, 8)}
	ctx := context.Background()
	var runErr error
	got := testing.AllocsPerRun(50, func() {
		if _, err := rt.Run(ctx, "forward", in); err != nil {
			runErr = err
		}
	})
	if runErr != nil {
		t.Fatal(runErr)
	}
	t.Logf("%v allocations per Run", got)
	const want = 1 + 2*4 // forward has two outputs
	if got > want {
		t.Errorf("%v allocations per Run, want at most %d", got, want)
	}
}
