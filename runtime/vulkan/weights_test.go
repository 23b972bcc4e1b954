package vulkan

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
)

// weightsSrc adds a 300x70 f32 weight (84,000 bytes, not a whole number of
// 4 MiB chunks or pages) to an input.
const weightsSrc = `func.func @main(%w: tensor<300x70xf32>, %x: tensor<300x70xf32>) -> tensor<300x70xf32> {
  %r = stablehlo.add %w, %x : tensor<300x70xf32>
  return %r : tensor<300x70xf32>
}`

// TestWeightsFromFile binds a weight from a safetensors file on the zero
// copy path (read straight into the linear memory, no bytes staged) and
// on the copying path (through Write: the weight's bytes staged), checks
// the results against w+x exactly, and that a truncated weights file is
// an error at Open naming the file.
func TestWeightsFromFile(t *testing.T) {
	needDevice(t)
	gp := lowerSrc(t, "weights.mlir", weightsSrc)
	w := ir.MustTensor(ir.TensorOf(ir.F32, 300, 70))
	x := ir.MustTensor(ir.TensorOf(ir.F32, 300, 70))
	for i := range w.F {
		w.F[i], x.F[i] = float64(i%1000)/8, float64(i%13)
	}
	const wbytes = 300 * 70 * 4
	bundle, weights := programBundle(t, gp, 1, []*ir.Tensor{w}, 4096)
	for _, mode := range []ZeroCopy{ZeroCopyRequire, ZeroCopyOff} {
		drv := New(Options{ZeroCopy: mode})
		rt, err := runtime.Open(bundle, runtime.Options{Weights: weights, Driver: drv})
		if err != nil {
			t.Fatalf("mode %d: %v", mode, err)
		}
		staged := drv.Stats().StagedBytes
		outs, err := rt.Run(context.Background(), "main", []*ir.Tensor{x})
		rt.Close()
		if err != nil {
			t.Fatalf("mode %d: %v", mode, err)
		}
		for i, g := range outs[0].F {
			if g != w.F[i]+x.F[i] {
				t.Fatalf("mode %d: element %d is %v, want %v", mode, i, g, w.F[i]+x.F[i])
			}
		}
		if want := map[ZeroCopy]uint64{ZeroCopyRequire: 0, ZeroCopyOff: wbytes}[mode]; staged != want {
			t.Errorf("mode %d: binding the weights staged %d bytes, want %d", mode, staged, want)
		}
	}
	info, err := os.Stat(weights)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(weights, info.Size()-100); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []ZeroCopy{ZeroCopyRequire, ZeroCopyOff} {
		rt, err := runtime.Open(bundle, runtime.Options{Weights: weights, Driver: New(Options{ZeroCopy: mode})})
		if err == nil {
			rt.Close()
			t.Fatalf("mode %d: a truncated weights file opened", mode)
		}
		if !strings.Contains(err.Error(), weights) {
			t.Errorf("mode %d: err = %v, want one naming %s", mode, err, weights)
		}
	}
}

// TestParseIterations checks the IterationsOption parser: counts in
// order, and errors (wrapping runtime.ErrInvalid, naming the item) for a
// wrong number of counts, a non-number and a negative count.
func TestParseIterations(t *testing.T) {
	got, err := parseIterations("12,0,67616", 3)
	if err != nil || len(got) != 3 || got[0] != 12 || got[1] != 0 || got[2] != 67616 {
		t.Errorf("parseIterations = %v, %v", got, err)
	}
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{{"1,2", 3, "2 counts for 3 kernels"}, {"1,x,3", 3, `item 1 "x"`}, {"-4", 1, `item 0 "-4"`}, {"", 1, `item 0 ""`}} {
		_, err := parseIterations(c.s, c.n)
		if !errors.Is(err, runtime.ErrInvalid) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("parseIterations(%q, %d): err = %v, want ErrInvalid with %q", c.s, c.n, err, c.want)
		}
	}
}
