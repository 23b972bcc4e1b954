package runtime

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
)

// runBytesOuts allocates the output buffers of entry with OutputSizes.
func runBytesOuts(t *testing.T, rt *Runtime, entry string) [][]byte {
	t.Helper()
	sizes, err := rt.OutputSizes(entry)
	if err != nil {
		t.Fatal(err)
	}
	outs := make([][]byte, len(sizes))
	for i, n := range sizes {
		outs[i] = make([]byte, n)
	}
	return outs
}

// TestRunBytesMatchesRun runs testHost's forward (outputs f32 and i32)
// with Run and RunBytes on the wasm driver, the recording driver (shared
// memory) and stagedDriver (Write/Read): RunBytes's buffers hold exactly
// ir.TensorBytes of Run's outputs, and the output buffers are filled
// whatever they held before.
func TestRunBytesMatchesRun(t *testing.T) {
	for _, tc := range []struct {
		name, format string
		drv          func() Driver
	}{
		{"wasm", emit.FormatWasmSelf, func() Driver { return nil }},
		{"recording", "ptx", func() Driver { return &RecordingDriver{Kernel: addKernel} }},
		{"staged", "ptx", func() Driver { return stagedDriver{&RecordingDriver{Kernel: addKernel}} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bundle, weights, _ := testBundle(t, tc.format)
			rt, err := Open(bundle, Options{Weights: weights, Driver: tc.drv(), Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			defer rt.Close()
			ctx := context.Background()
			for run, x := range []*ir.Tensor{vec(1, 2, 3, 4, 5, 6, 7, 8), vec(-0.5, 1e30, 3, -4, 0, 6, 7, 1e-3)} {
				want, err := rt.Run(ctx, "forward", []*ir.Tensor{x})
				if err != nil {
					t.Fatal(err)
				}
				outs := runBytesOuts(t, rt, "forward")
				for _, o := range outs {
					for j := range o {
						o[j] = 0xAB
					}
				}
				if err := rt.RunBytes(ctx, "forward", [][]byte{ir.TensorBytes(x)}, outs); err != nil {
					t.Fatal(err)
				}
				for i, w := range want {
					if !bytes.Equal(outs[i], ir.TensorBytes(w)) {
						t.Errorf("run %d output %d: RunBytes % x, Run % x", run, i, outs[i], ir.TensorBytes(w))
					}
				}
			}
		})
	}
}

// TestRunBytesErrors checks the count and size errors (named by entry,
// index and both sizes, status ERR_INVALID), an unknown entry and a
// closed Runtime; a rejected call leaves the heap as it found it and the
// Runtime usable.
func TestRunBytesErrors(t *testing.T) {
	bundle, weights, _ := testBundle(t, "ptx")
	rt, err := Open(bundle, Options{Weights: weights, Driver: &RecordingDriver{Kernel: addKernel}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	in := [][]byte{make([]byte, 32)}
	outs := runBytesOuts(t, rt, "forward")
	tests := []struct {
		inputs, outputs [][]byte
		want            string
	}{
		{nil, outs, `runtime: entry "forward": inputs: invalid argument: got 0 input buffers, the entry has 1 inputs`},
		{[][]byte{in[0], in[0]}, outs, `runtime: entry "forward": inputs: invalid argument: got 2 input buffers, the entry has 1 inputs`},
		{[][]byte{make([]byte, 8)}, outs, `runtime: entry "forward": input 0 "x": invalid argument: got 8 bytes, want 32 (tensor<8xf32>)`},
		{[][]byte{make([]byte, 33)}, outs, `runtime: entry "forward": input 0 "x": invalid argument: got 33 bytes, want 32 (tensor<8xf32>)`},
		{in, outs[:1], `runtime: entry "forward": outputs: invalid argument: got 1 output buffers, the entry has 2 outputs`},
		{in, [][]byte{outs[0], nil}, `runtime: entry "forward": output 1: invalid argument: got 0 bytes, want 32 (tensor<8xi32>)`},
		{in, [][]byte{outs[0][:31], outs[1]}, `runtime: entry "forward": output 0: invalid argument: got 31 bytes, want 32 (tensor<8xf32>)`},
	}
	for i, tc := range tests {
		live := rt.mem.Heap.Live() - rt.reserved()
		err := rt.RunBytes(ctx, "forward", tc.inputs, tc.outputs)
		var re *Error
		if !errors.As(err, &re) || !errors.Is(err, ErrInvalid) || re.Status != StatusInvalid || err.Error() != tc.want {
			t.Errorf("case %d: error\n got %v\nwant %s (a *Error, status ERR_INVALID)", i, err, tc.want)
		}
		if n := rt.mem.Heap.Live() - rt.reserved(); n != live {
			t.Errorf("case %d: %d live allocations (not reserved) after the rejected call, %d before", i, n, live)
		}
	}
	if err := rt.RunBytes(ctx, "forward", in, outs); err != nil {
		t.Errorf("run after the rejected calls: %v", err)
	}
	if err := rt.RunBytes(ctx, "nope", nil, nil); err == nil || err.Error() != `runtime: the bundle has no entry point "nope"` {
		t.Errorf("unknown entry: %v", err)
	}
	if _, err := rt.InputSizes("nope"); err == nil || err.Error() != `runtime: the bundle has no entry point "nope"` {
		t.Errorf("InputSizes of an unknown entry: %v", err)
	}
	if _, err := rt.OutputSizes("nope"); err == nil {
		t.Error("OutputSizes of an unknown entry: no error")
	}
	rt.Close()
	if err := rt.RunBytes(ctx, "forward", in, outs); err == nil || err.Error() != "runtime: RunBytes on a closed Runtime" {
		t.Errorf("RunBytes after Close: %v", err)
	}
}

// TestRunBytesSizes checks InputSizes and OutputSizes against the
// manifest's types: elements times bytes per element.
func TestRunBytesSizes(t *testing.T) {
	bundle, weights, _ := testBundle(t, emit.FormatWasmSelf)
	rt, err := Open(bundle, Options{Weights: weights, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	for _, e := range rt.Manifest().Entries {
		ins, err := rt.InputSizes(e.Name)
		if err != nil {
			t.Fatal(err)
		}
		outs, err := rt.OutputSizes(e.Name)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			got []int
			vs  []emit.Value
		}{{ins, e.Inputs}, {outs, e.Outputs}} {
			if len(c.got) != len(c.vs) {
				t.Fatalf("%s: %d sizes for %d values", e.Name, len(c.got), len(c.vs))
			}
			for i, v := range c.vs {
				tt := ir.TensorOf(mustElem(v.DType), v.Shape...)
				if want := int(tt.NumElements()) * tt.Elem.ByteSize(); c.got[i] != want {
					t.Errorf("%s value %d (%s): size %d, want %d", e.Name, i, tt, c.got[i], want)
				}
			}
		}
	}
}

// TestRunBytesCancel cancels the context while a launch runs: RunBytes
// fails as Run does (at the host program's sync, wrapping
// context.Canceled), frees the call's buffers and leaves the Runtime
// usable; a context cancelled before the call fails at once.
func TestRunBytesCancel(t *testing.T) {
	rt, d, ctx := cancellingRuntime(t)
	in := [][]byte{ir.TensorBytes(vec(1, 2, 3, 4, 5, 6, 7, 8))}
	outs := runBytesOuts(t, rt, "forward")
	err := rt.RunBytes(ctx, "forward", in, outs)
	if !errors.Is(err, context.Canceled) || err.Error() != `runtime: entry "forward": sync: context canceled` {
		t.Fatalf("cancelled run: %v", err)
	}
	if n := rt.mem.Heap.Live(); n != 1+rt.reserved() {
		t.Errorf("%d live allocations after the cancelled run, want 1 + %d reserved", n, rt.reserved())
	}
	d.Calls = nil
	err = rt.RunBytes(ctx, "forward", in, outs)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "cancelled before the call") || len(d.Calls) != 0 {
		t.Errorf("run with a cancelled context: %v, driver calls %q", err, d.Calls)
	}
	d.Kernel = addKernel
	if err := rt.RunBytes(context.Background(), "forward", in, outs); err != nil {
		t.Fatalf("run after the cancellation: %v", err)
	}
	if want := ir.TensorBytes(vec(2, 4, 6, 8, 10, 12, 14, 16)); !bytes.Equal(outs[0], want) {
		t.Errorf("run after the cancellation: % x, want % x", outs[0], want)
	}
}

// TestRunBytesAllocs checks that RunBytes allocates nothing per call in
// steady state, on the wasm target over four workers (Run's frame,
// buffers, launch and call state are reused; the outputs are the
// caller's), in place and through Write/Read (the wasm driver behind
// stagedDriver).
func TestRunBytesAllocs(t *testing.T) {
	for _, tc := range []struct {
		name, format string
		drv          Driver
	}{
		{"wasm", emit.FormatWasmSelf, nil},
		{"staged", emit.FormatWasmSelf, stagedDriver{NewWasmDriver()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bundle, weights, _ := testBundle(t, tc.format)
			rt, err := Open(bundle, Options{Weights: weights, Workers: 4, Driver: tc.drv})
			if err != nil {
				t.Fatal(err)
			}
			defer rt.Close()
			in := [][]byte{ir.TensorBytes(vec(1, 2, 3, 4, 5, 6, 7, 8))}
			outs := runBytesOuts(t, rt, "forward")
			ctx := context.Background()
			var runErr error
			got := testing.AllocsPerRun(50, func() {
				if err := rt.RunBytes(ctx, "forward", in, outs); err != nil {
					runErr = err
				}
			})
			if runErr != nil {
				t.Fatal(runErr)
			}
			if got != 0 {
				t.Errorf("%v allocations per RunBytes, want 0", got)
			}
		})
	}
}

// TestBools checks i1's byte normalisation against ir.TensorFromBytes.
func TestBools(t *testing.T) {
	src := []byte{0, 1, 2, 0x80, 0xFF, 0}
	x, err := ir.TensorFromBytes(ir.TensorOf(ir.I1, int64(len(src))), src)
	if err != nil {
		t.Fatal(err)
	}
	dst := make([]byte, len(src))
	bools(dst, src)
	if want := ir.TensorBytes(x); !bytes.Equal(dst, want) {
		t.Errorf("bools(% x) = % x, want % x", src, dst, want)
	}
}
