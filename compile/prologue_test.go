package compile

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/ir/tensorio"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/targets/wasm"
)

// convModel has weight-only work: the convolution's lowering packs its
// weight into the layout its kernel reads, in a kernel of its own.
const convModel = `model Tiny {
  param conv.weight: f32[c=4, 1, 3, 3]
  param conv.bias:   f32[c]

  fn forward(x: f32[b=?, 1, 8, 8]) -> f32[b, c, 6, 6] {
    return conv2d(x, conv.weight, conv.bias)
  }
}
`

// countingDriver counts the launches of the wasm driver.
type countingDriver struct {
	*runtime.WasmDriver
	launches int
}

func (d *countingDriver) Launch(l *runtime.Launch) error {
	d.launches++
	return d.WasmDriver.Launch(l)
}

// TestPrologue runs a model whose weight packing is hoisted into the
// entry's prologue: the manifest records the kept buffer, the first run
// launches the prologue's kernels and the later runs do not, and every
// run matches the reference interpreter (within 1e-5 relative; f32
// products summed in another order).
func TestPrologue(t *testing.T) {
	opts := Options{Dims: map[string]int64{"b": 2}, Wasm: wasm.Options{LaunchWork: 1}} // every kernel through launch
	bundle, err := Compile("tiny.zml", []byte(convModel), opts)
	if err != nil {
		t.Fatal(err)
	}
	weights := map[string]*ir.Tensor{"conv.weight": randT(ir.F32, 7, 4, 1, 3, 3), "conv.bias": randT(ir.F32, 8, 4)}
	wfile := filepath.Join(t.TempDir(), "w.safetensors")
	if err := tensorio.WriteSafetensors(wfile, weights, nil); err != nil {
		t.Fatal(err)
	}
	d := &countingDriver{WasmDriver: runtime.NewWasmDriver()}
	rt, err := OpenWith(bundle, OpenOptions{Weights: wfile, Driver: d})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	if p := rt.Manifest().Entries[0].Prologue; p != 1 {
		t.Fatalf("the entry's prologue keeps %d buffers, want 1 (the packed weight); if the convolution no longer packs its weight in a kernel of its own, give this test another weight-only kernel", p)
	}

	mod, err := Parse("tiny.zml", []byte(convModel), opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := Optimize(mod, Options{NoFusion: true}); err != nil {
		t.Fatal(err)
	}
	f := mod.Func("forward")
	var launches, live []int
	for run := range 3 {
		x := randT(ir.F32, uint64(10+run), 2, 1, 8, 8)
		var args []interp.Value
		for i := range f.Type.Inputs {
			if name, ok := f.ArgAttr(i, "zml.param").(ir.StringAttr); ok {
				args = append(args, weights[string(name)])
			} else {
				args = append(args, x)
			}
		}
		want, err := interp.New(mod).Call("forward", args)
		if err != nil {
			t.Fatal(err)
		}
		before := d.launches
		got, err := rt.Run(context.Background(), "forward", []*ir.Tensor{x})
		if err != nil {
			t.Fatal(err)
		}
		launches = append(launches, d.launches-before)
		live = append(live, rt.Memory().Heap.Live())
		w := want[0].(*ir.Tensor)
		for i := range w.F {
			if math.Abs(got[0].F[i]-w.F[i]) > 1e-5*max(1, math.Abs(w.F[i])) {
				t.Fatalf("run %d, element %d: got %v, want %v", run, i, got[0].F[i], w.F[i])
			}
		}
	}
	t.Logf("launches per run: %v; live heap allocations after each: %v", launches, live)
	// Two weights, the frame, x's buffer and the packed weight stay.
	if live[0] != 5 || live[1] != 5 || live[2] != 5 {
		t.Errorf("live heap allocations after each run %v, want 5 (2 weights, the frame, x, the packed weight)", live)
	}
	if launches[0] <= launches[1] || launches[1] != launches[2] || launches[1] == 0 {
		t.Errorf("launches per run %v: want the first run's to include the prologue's, the later ones equal", launches)
	}
}
