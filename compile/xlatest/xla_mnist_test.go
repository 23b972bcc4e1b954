package xlatest

import (
	"context"
	"os"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/examples/mnist/mnistdata"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/ir/tensorio"
)

// TestMNISTXLA runs both MNIST models (the MLP with its bundled weights,
// the CNN with ../shared/data's) on the xla-cpu target, through the
// StableHLO ("mlir") and the HloModuleProto ("hlo") forms: on 8 test
// images the labels equal the reference interpreter's, and on 512 images
// (batch 64) the same labels as the wasm target's.
func TestMNISTXLA(t *testing.T) {
	plugin := needPJRT(t)
	set := mnistTest(t)
	for _, m := range []mnistModel{mnistMLP, mnistCNN} {
		if _, err := os.Stat(m.weights); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatal(err)
			}
			t.Skip(err)
		}
		src, err := os.ReadFile(m.src)
		if err != nil {
			t.Fatal(err)
		}
		want := interpretMNIST(t, m, src, set, 8)
		const n = 512
		ref := classifyOn(t, m, "wasm", set, 64, n, compile.Options{})
		for _, program := range []string{"mlir", "hlo"} {
			t.Run(m.name+"/"+program, func(t *testing.T) {
				open := compile.OpenOptions{Weights: m.weights, Drivers: pjrtOpen(t, program).Drivers}
				for _, c := range []struct{ b, n int }{{8, 8}, {64, n}} {
					bundle, err := compile.Compile(m.src, src, compile.Options{Target: "xla-cpu", Dims: map[string]int64{"b": int64(c.b)}})
					if err != nil {
						t.Fatal(err)
					}
					rt, err := compile.OpenWith(bundle, open)
					if err != nil {
						t.Fatal(err)
					}
					x := ir.MustTensor(ir.TensorOf(ir.UI8, int64(c.b), mnistdata.Rows, mnistdata.Cols))
					var labels []int
					for i := 0; i < c.n; i += c.b {
						for j, p := range set.Batch(i, c.b) {
							x.I[j] = int64(p)
						}
						outs, err := rt.Run(context.Background(), "forward", []*ir.Tensor{x})
						if err != nil {
							rt.Close()
							t.Fatal(err)
						}
						for j := 0; j < c.b; j++ {
							labels = append(labels, label(outs[0], j))
						}
					}
					rt.Close()
					against, what := want, "the interpreter"
					if c.b == 64 {
						against, what = ref.labels, "wasm"
					}
					differ := 0
					for i := range labels {
						if labels[i] != against[i] {
							differ++
						}
					}
					t.Logf("%s on xla-cpu (%s, batch %d): %d of %d labels differ from %s (plugin %s)", m.name, program, c.b, differ, len(labels), what, plugin)
					if differ != 0 {
						t.Errorf("%s on xla-cpu (%s, batch %d): %d of %d labels differ from %s", m.name, program, c.b, differ, len(labels), what)
					}
				}
			})
		}
	}
}

// interpretMNIST labels the first n images of set with the reference
// interpreter on m's optimised module and weights.
func interpretMNIST(t *testing.T, m mnistModel, src []byte, set *mnistdata.Set, n int) []int {
	t.Helper()
	opts := compile.Options{Dims: map[string]int64{"b": int64(n)}}
	mod, err := compile.Parse(m.src, src, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := compile.Optimize(mod, compile.Options{NoFusion: true}); err != nil {
		t.Fatal(err)
	}
	w, err := tensorio.OpenSafetensors(m.weights)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	x := ir.MustTensor(ir.TensorOf(ir.UI8, int64(n), mnistdata.Rows, mnistdata.Cols))
	for j, p := range set.Batch(0, n) {
		x.I[j] = int64(p)
	}
	f := mod.Func("forward")
	var args []interp.Value
	for i := range f.Type.Inputs {
		if name, ok := f.ArgAttr(i, "zml.param").(ir.StringAttr); ok {
			tt, err := w.Tensor(string(name))
			if err != nil {
				t.Fatal(err)
			}
			args = append(args, tt)
		} else {
			args = append(args, x)
		}
	}
	out, err := interp.New(mod).Call("forward", args)
	if err != nil {
		t.Fatal(err)
	}
	var labels []int
	for j := 0; j < n; j++ {
		labels = append(labels, label(out[0].(*ir.Tensor), j))
	}
	return labels
}
