package runtime

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// addKernel emulates k_add for the recording driver: out = w + x, wk = 7.
func addKernel(l *Launch, mem *Memory) error {
	b := mem.Bytes()
	for i := range uint64(8) {
		w := math.Float32frombits(le32(b[l.Args[0]+4*i:]))
		x := math.Float32frombits(le32(b[l.Args[1]+4*i:]))
		put32(b[l.Args[2]+4*i:], math.Float32bits(w+x))
		put32(b[l.Args[3]+4*i:], 7)
	}
	return nil
}

func le32(b []byte) uint32 {
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}
func put32(b []byte, v uint32) {
	b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
}

func TestRecordingDriverEndToEnd(t *testing.T) {
	bundle, weights, w := testBundle(t, "ptx")
	d := &RecordingDriver{Kernel: addKernel}
	rt, err := Open(bundle, Options{Weights: weights, Driver: d})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	// Open loaded the module and bound the weight.
	if len(d.Calls) != 2 || d.Calls[0] != "load_module 0" || !strings.HasPrefix(d.Calls[1], "alloc 32 -> ") {
		t.Fatalf("calls at Open: %q", d.Calls)
	}
	wAddr := rt.params[0]
	if wAddr%HeapAlign != 0 || wAddr < 73728 {
		t.Errorf("weight at %#x: not aligned or below the heap base", wAddr)
	}
	d.Calls = nil
	x := vec(10, 20, 30, 40, 50, 60, 70, 80)
	outs, err := rt.Run(context.Background(), "forward", []*ir.Tensor{x})
	if err != nil {
		t.Fatal(err)
	}
	want := vec(11, 22, 33, 44, 55, 66, 77, 88)
	if len(outs) != 2 || !outs[0].Equal(want) {
		t.Fatalf("outputs %v, want %v", outs, want)
	}
	if !slices.Equal(outs[1].I, []int64{7, 7, 7, 7, 7, 7, 7, 7}) || outs[1].Elem() != ir.I32 {
		t.Errorf("second output %v", outs[1])
	}
	// The calls, in order: the launcher allocates x's buffer (at the
	// entry's first Run, kept for the next ones) and fills it; the host
	// program allocates out and wk, launches with [w, x, out, wk], syncs;
	// the launcher syncs, then frees out and wk.
	var xa, oa, ka uint64
	fmt.Sscanf(d.Calls[0], "alloc 32 -> %v", &xa)
	fmt.Sscanf(d.Calls[1], "alloc 32 -> %v", &oa)
	fmt.Sscanf(d.Calls[2], "alloc 32 -> %v", &ka)
	wantCalls := []string{
		fmt.Sprintf("alloc 32 -> %#x", xa),
		fmt.Sprintf("alloc 32 -> %#x", oa),
		fmt.Sprintf("alloc 32 -> %#x", ka),
		fmt.Sprintf("launch 0 0 grid=[8 1 1] block=[1 1 1] args=[%#x %#x %#x %#x]", wAddr, xa, oa, ka),
		"sync ",
		"sync ",
	}
	if !slices.Equal(d.Calls[:6], wantCalls) {
		t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(d.Calls, "\n"), strings.Join(wantCalls, "\n"))
	}
	frees := slices.Sorted(slices.Values(d.Calls[6:]))
	wantFrees := slices.Sorted(slices.Values([]string{fmt.Sprintf("free %#x", oa), fmt.Sprintf("free %#x", ka)}))
	if !slices.Equal(frees, wantFrees) {
		t.Errorf("frees %q, want %q", frees, wantFrees)
	}
	if xa == oa || oa == ka || xa == 0 {
		t.Errorf("handles not distinct: %#x %#x %#x", xa, oa, ka)
	}
	// Everything but the weight, forward's frame and x's buffer is freed.
	if n, r := rt.mem.Heap.Live(), rt.reserved(); n != 1+r || r != 2 {
		t.Errorf("%d live allocations after Run, %d reserved; want 1 (the weight) + 2 (frame and x)", n, r)
	}
	// A second run reuses the frame and x's buffer: the host program's
	// two allocations are the only ones, and the launch reads x from the
	// same buffer.
	d.Calls = nil
	x2 := vec(1, 1, 1, 1, 1, 1, 1, 1)
	outs, err = rt.Run(context.Background(), "forward", []*ir.Tensor{x2})
	if err != nil {
		t.Fatal(err)
	}
	if want := vec(2, 3, 4, 5, 6, 7, 8, 9); !outs[0].Equal(want) {
		t.Errorf("second run: %v, want %v", outs[0], want)
	}
	fmt.Sscanf(d.Calls[0], "alloc 32 -> %v", &oa)
	fmt.Sscanf(d.Calls[1], "alloc 32 -> %v", &ka)
	if want := fmt.Sprintf("launch 0 0 grid=[8 1 1] block=[1 1 1] args=[%#x %#x %#x %#x]", wAddr, xa, oa, ka); len(d.Calls) != 7 || d.Calls[2] != want {
		t.Errorf("second run's calls:\n%s\nwant its launch %s", strings.Join(d.Calls, "\n"), want)
	}
	if n := rt.mem.Heap.Live(); n != 3 {
		t.Errorf("%d live allocations after the second run, want 3", n)
	}
	// copy: device to device.
	outs, err = rt.Run(context.Background(), "copy", []*ir.Tensor{x})
	if err != nil || !outs[0].Equal(x) {
		t.Errorf("copy: %v, %v", outs, err)
	}
	// leak: an output aliasing a parameter, three buffers never freed.
	outs, err = rt.Run(context.Background(), "leak", []*ir.Tensor{x})
	if err != nil || !outs[0].Equal(w) {
		t.Errorf("leak: %v, %v", outs, err)
	}
	if n := rt.mem.Heap.Live(); n != 1+rt.reserved() {
		t.Errorf("%d live allocations after leak, want 1 + %d reserved", n, rt.reserved())
	}
	outs, err = rt.Run(context.Background(), "coll", []*ir.Tensor{x})
	if err != nil || !outs[0].Equal(x) {
		t.Errorf("coll: %v, %v", outs, err)
	}
}

func TestRunErrors(t *testing.T) {
	bundle, weights, _ := testBundle(t, "ptx")
	d := &RecordingDriver{Kernel: addKernel}
	rt, err := Open(bundle, Options{Weights: weights, Driver: d})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	x := vec(1, 2, 3, 4, 5, 6, 7, 8)
	ctx := context.Background()
	tests := []struct {
		entry  string
		inputs []*ir.Tensor
		want   string
		status Status
	}{
		{"badargs", []*ir.Tensor{x}, `runtime: entry "badargs": launch of kernel "fusion.add" (module 0 "kernels", kernel 0): invalid argument: 3 arguments, the kernel takes 4`, StatusInvalid},
		{"oom", []*ir.Tensor{x}, `runtime: entry "oom": alloc of 1099511627776 bytes: out of memory: `, StatusOOM},
		{"status", []*ir.Tensor{x}, `runtime: entry "status": host program: returned status 3 (ERR_INVALID) without a failing zml_device call`, StatusInvalid},
		{"trap", []*ir.Tensor{x}, `runtime: entry "trap": host program trapped: wasm error: unreachable`, StatusKernel},
		{"forward", nil, `runtime: entry "forward": inputs: got 0 inputs, the entry takes 1`, StatusDevice},
		{"forward", []*ir.Tensor{vec(1, 2)}, `runtime: entry "forward": input 0 "x": invalid argument: got tensor<2xf32>, want tensor<8xf32>`, StatusInvalid},
	}
	for _, tc := range tests {
		// Besides the frames and inputs of the entries run so far
		// (reserved), a failed run leaves the heap as it found it.
		live := rt.mem.Heap.Live() - rt.reserved()
		_, err := rt.Run(ctx, tc.entry, tc.inputs)
		var re *Error
		if !errors.As(err, &re) {
			t.Errorf("%s: error %v is not a *Error", tc.entry, err)
			continue
		}
		if !strings.HasPrefix(err.Error(), tc.want) || re.Status != tc.status {
			t.Errorf("%s: error\n got %v (status %s)\nwant %s (status %s)", tc.entry, err, re.Status, tc.want, tc.status)
		}
		if n := rt.mem.Heap.Live() - rt.reserved(); n != live {
			t.Errorf("%s: %d live allocations (not reserved) after the failed run, %d before", tc.entry, n, live)
		}
	}
	if _, err := rt.Run(ctx, "nope", nil); err == nil || err.Error() != `runtime: the bundle has no entry point "nope"` {
		t.Errorf("unknown entry: %v", err)
	}
	// A failing launch names the kernel and wraps the driver's error.
	boom := errors.New("device lost")
	d.Fail = map[string]error{"launch": boom}
	_, err = rt.Run(ctx, "forward", []*ir.Tensor{x})
	if !errors.Is(err, boom) || err.Error() != `runtime: entry "forward": launch of kernel "fusion.add" (module 0 "kernels", kernel 0): device lost` {
		t.Errorf("failing launch: %v", err)
	}
	var re *Error
	if errors.As(err, &re); re == nil || re.Kernel != "fusion.add" || re.Status != StatusDevice {
		t.Errorf("failing launch: %#v", re)
	}
	d.Fail = nil
	if _, err := rt.Run(ctx, "forward", []*ir.Tensor{x}); err != nil {
		t.Errorf("run after failures: %v", err)
	}
}

// cancellingRuntime opens the ptx test bundle on a RecordingDriver
// whose kernel cancels the returned context, then adds (addKernel); the
// Runtime is closed when the test ends.
func cancellingRuntime(t *testing.T) (*Runtime, *RecordingDriver, context.Context) {
	t.Helper()
	bundle, weights, _ := testBundle(t, "ptx")
	ctx, cancel := context.WithCancel(context.Background())
	d := &RecordingDriver{Kernel: func(l *Launch, mem *Memory) error {
		cancel()
		return addKernel(l, mem)
	}}
	rt, err := Open(bundle, Options{Weights: weights, Driver: d})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Close() })
	return rt, d, ctx
}

// TestRunCancel cancels the context while a launch runs: the host
// program's next zml_device call (its sync) fails with the context's
// error, the call's buffers are freed, and the Runtime stays usable.
func TestRunCancel(t *testing.T) {
	rt, d, ctx := cancellingRuntime(t)
	x := vec(1, 2, 3, 4, 5, 6, 7, 8)
	_, err := rt.Run(ctx, "forward", []*ir.Tensor{x})
	if !errors.Is(err, context.Canceled) || err.Error() != `runtime: entry "forward": sync: context canceled` {
		t.Fatalf("cancelled run: %v", err)
	}
	if n := rt.mem.Heap.Live(); n != 1+rt.reserved() {
		t.Errorf("%d live allocations after the cancelled run, want 1 + %d reserved", n, rt.reserved())
	}
	if _, err := rt.Run(ctx, "forward", []*ir.Tensor{x}); !errors.Is(err, context.Canceled) {
		t.Errorf("run with a cancelled context: %v", err)
	}
	d.Kernel = addKernel
	outs, err := rt.Run(context.Background(), "forward", []*ir.Tensor{x})
	if want := vec(2, 4, 6, 8, 10, 12, 14, 16); err != nil || !outs[0].Equal(want) {
		t.Errorf("run after the cancellation: %v, %v; want %v", outs, err, want)
	}
}

// stagedDriver hides the recording driver's in-place buffer access, so
// Run stages inputs and outputs through Write and Read as it does for
// drivers with device memory.
type stagedDriver struct{ Driver }

func TestRunStaged(t *testing.T) {
	bundle, weights, _ := testBundle(t, "ptx")
	var drv Driver = stagedDriver{&RecordingDriver{Kernel: addKernel}}
	if _, ok := drv.(hostViewer); ok {
		t.Fatal("stagedDriver still shares the memory")
	}
	rt, err := Open(bundle, Options{Weights: weights, Driver: drv})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	for i, x := range []*ir.Tensor{vec(10, 20, 30, 40, 50, 60, 70, 80), vec(-1, -2, -3, -4, -5, -6, -7, -8)} {
		outs, err := rt.Run(context.Background(), "forward", []*ir.Tensor{x})
		if err != nil {
			t.Fatal(err)
		}
		want := ir.MustTensor(ir.TensorOf(ir.F32, 8))
		for j := range want.F {
			want.F[j] = x.F[j] + float64(j+1)
		}
		if !outs[0].Equal(want) || !slices.Equal(outs[1].I, []int64{7, 7, 7, 7, 7, 7, 7, 7}) {
			t.Errorf("run %d: outputs %v, want %v and 7s", i, outs, want)
		}
	}
	// The weight, forward's frame and x's buffer stay (this driver
	// allocates on the heap); out and wk are freed.
	if n, r := rt.mem.Heap.Live(), rt.reserved(); r != 2 || n != 1+r {
		t.Errorf("%d live allocations, %d reserved; want weight + frame + x", n, r)
	}
}
