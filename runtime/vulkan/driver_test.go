package vulkan

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/targets/gpu"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// needDevice skips (or, under CI=true, fails) when no Vulkan device opens.
func needDevice(t testing.TB) {
	t.Helper()
	openDevice(t).Close()
}

// openDevice opens a Vulkan device; without one the test fails under
// CI=true and is skipped otherwise.
func openDevice(t testing.TB) *Device {
	t.Helper()
	d, err := Open("")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no Vulkan device (Debian packages libvulkan1 and mesa-vulkan-drivers): %v", err)
		}
		t.Skipf("no Vulkan device: %v", err)
	}
	return d
}

// recorder wraps the driver and records the calls the launcher makes, and
// runs hook after each Sync.
type recorder struct {
	*Driver
	calls  []string
	launch [][]uint64
	onSync func()
}

func (r *recorder) rec(f string, a ...any) { r.calls = append(r.calls, fmt.Sprintf(f, a...)) }

func (r *recorder) Alloc(n uint64) (runtime.Handle, error) {
	h, err := r.Driver.Alloc(n)
	r.rec("alloc %d", n)
	return h, err
}
func (r *recorder) Free(h runtime.Handle) error { r.rec("free"); return r.Driver.Free(h) }
func (r *recorder) Copy(k runtime.CopyKind, d runtime.Handle, do uint64, s runtime.Handle, so, n uint64) error {
	r.rec("copy %d %d", k, n)
	return r.Driver.Copy(k, d, do, s, so, n)
}
func (r *recorder) Launch(l *runtime.Launch) error {
	r.rec("launch %d grid=%v block=%v nargs=%d", l.Kernel, l.Grid, l.Block, len(l.Args))
	r.launch = append(r.launch, slices.Clone(l.Args))
	return r.Driver.Launch(l)
}
func (r *recorder) Sync() error {
	r.rec("sync")
	err := r.Driver.Sync()
	if r.onSync != nil {
		r.onSync()
	}
	return err
}

const denseTanh = `
func.func @main(%w: tensor<96x40xf32>, %x: tensor<40x72xf32>, %b: tensor<72xf32>) -> (tensor<96x72xf32>, tensor<96x72xf32>) {
  %d = stablehlo.dot_general %w, %x, contracting_dims = [1] x [0] : (tensor<96x40xf32>, tensor<40x72xf32>) -> tensor<96x72xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<72xf32>) -> tensor<96x72xf32>
  %s = stablehlo.add %d, %bb : tensor<96x72xf32>
  %t = stablehlo.tanh %s : tensor<96x72xf32>
  %e = stablehlo.exponential %t : tensor<96x72xf32>
  return %t, %e : tensor<96x72xf32>, tensor<96x72xf32>
}
`

func randTensor(seed int, shape ...int64) *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(ir.F32, shape...))
	for i := range x.F {
		x.F[i] = float64(float32(math.Sin(float64(i*7+seed)) * 0.5))
	}
	return x
}

// lowerDense lowers denseTanh for the vulkan target and returns the GPU
// program, its inputs and the interpreter's results.
func lowerDense(t *testing.T, p gpu.Params) (*K.Program, []*ir.Tensor, []*ir.Tensor) {
	t.Helper()
	m, err := asm.Parse("dense.mlir", []byte(denseTanh))
	if err != nil {
		t.Fatal(err)
	}
	in := []*ir.Tensor{randTensor(1, 96, 40), randTensor(2, 40, 72), randTensor(3, 72)}
	want, err := interp.New(m).Call("main", []interp.Value{in[0], in[1], in[2]})
	if err != nil {
		t.Fatal(err)
	}
	gp := lowerFor(t, m, p)
	var ws []*ir.Tensor
	for _, w := range want {
		ws = append(ws, w.(*ir.Tensor))
	}
	return gp, in, ws
}

// lowerFor lowers main of m to a GPU program for p.
func lowerFor(tb testing.TB, m *ir.Module, p gpu.Params) *K.Program {
	tb.Helper()
	kp, err := K.Lower(m, "main", K.TargetParams{GPU: true})
	if err != nil {
		tb.Fatal(err)
	}
	gp, err := gpu.Lower(kp, p)
	if err != nil {
		tb.Fatal(err)
	}
	return gp
}

// lowerSrc parses src (named name) and lowers its main for Vulkan.
func lowerSrc(tb testing.TB, name, src string) *K.Program {
	tb.Helper()
	m, err := asm.Parse(name, []byte(src))
	if err != nil {
		tb.Fatal(err)
	}
	return lowerFor(tb, m, gpu.Vulkan())
}

// closeTo compares f32 results within a few ULP of the tensor's scale.
func closeTo(t *testing.T, what string, got, want *ir.Tensor) {
	t.Helper()
	if !slices.Equal(got.Shape(), want.Shape()) {
		t.Fatalf("%s: shape %v, want %v", what, got.Shape(), want.Shape())
	}
	for i := range want.F {
		if d := math.Abs(got.F[i] - want.F[i]); d > 4e-6*math.Max(1, math.Abs(want.F[i])) || math.IsNaN(got.F[i]) != math.IsNaN(want.F[i]) {
			t.Fatalf("%s: element %d is %v, want %v", what, i, got.F[i], want.F[i])
		}
	}
}

// TestDriverRunsProgram runs a dense layer (dot_general, bias, tanh, exp:
// several kernels) through runtime.Open/Run with the hand-assembled host
// program, the weights bound from safetensors, on the zero-copy and the
// copying path, compares with the interpreter and kernel.Eval, and checks
// the recorded driver calls.
func TestDriverRunsProgram(t *testing.T) {
	needDevice(t)
	gp, in, want := lowerDense(t, gpu.Vulkan())
	ref, err := K.Eval(gp, in)
	if err != nil {
		t.Fatal(err)
	}
	bundle, weights := programBundle(t, gp, 1, in[:1], 1024)
	for _, mode := range []ZeroCopy{ZeroCopyRequire, ZeroCopyOff} {
		t.Run(fmt.Sprintf("zerocopy=%v", mode == ZeroCopyRequire), func(t *testing.T) {
			rec := &recorder{Driver: New(Options{ZeroCopy: mode})}
			rt, err := runtime.Open(bundle, runtime.Options{Weights: weights, Driver: rec})
			if err != nil {
				t.Fatal(err)
			}
			defer rt.Close()
			if got := rec.ZeroCopy(); got != (mode == ZeroCopyRequire) {
				t.Fatalf("ZeroCopy() = %v", got)
			}
			rec.calls = nil
			outs, err := rt.Run(context.Background(), "main", in[1:])
			if err != nil {
				t.Fatal(err)
			}
			for i := range want {
				closeTo(t, fmt.Sprintf("output %d vs interpreter", i), outs[i], want[i])
				closeTo(t, fmt.Sprintf("output %d vs kernel.Eval", i), outs[i], ref[i])
			}
			// The calls: the launcher allocates x and b, the program its
			// temporaries and launches each kernel in order, syncs; the
			// launcher syncs and frees what is left.
			launches := 0
			for _, s := range gp.Steps {
				if s.Kind == K.Launch {
					launches++
				}
			}
			var got []string
			for _, c := range rec.calls {
				if strings.HasPrefix(c, "launch") {
					got = append(got, c)
				}
			}
			if len(got) != launches || rec.Stats().Launches != launches {
				t.Errorf("%d launches recorded (%d by the driver), the program has %d:\n%s", len(got), rec.Stats().Launches, launches, strings.Join(rec.calls, "\n"))
			}
			if rec.calls[0] != fmt.Sprintf("alloc %d", 40*72*4) || rec.calls[1] != "alloc 288" {
				t.Errorf("first calls %q, want the inputs' allocs", rec.calls[:2])
			}
			k := 0
			for _, s := range gp.Steps {
				if s.Kind != K.Launch {
					continue
				}
				g, w, _ := gpu.Dims(gp.Kernels[s.Kernel])
				if want := fmt.Sprintf("launch %d grid=[%d 1 1] block=[%d 1 1] nargs=%d", s.Kernel, g, w, len(s.Args)); got[k] != want {
					t.Errorf("launch %d: %q, want %q", k, got[k], want)
				}
				k++
			}
			st := rec.Stats()
			if mode == ZeroCopyRequire && st.StagedBytes != 0 {
				t.Errorf("zero copy staged %d bytes", st.StagedBytes)
			}
			if mode == ZeroCopyOff && st.StagedBytes == 0 {
				t.Errorf("the copying path staged nothing")
			}
			t.Logf("%d calls, %d launches, stats %+v", len(rec.calls), launches, st)
		})
	}
}

// TestZeroCopy proves zero copy: the imported memory's host address is the
// linear memory's base, no copy call or staging happens during a run, and
// the kernels' writes are in the linear memory's bytes right after the
// program's sync, read straight from runtime.Memory.
func TestZeroCopy(t *testing.T) {
	needDevice(t)
	gp, in, want := lowerDense(t, gpu.Vulkan())
	bundle, weights := programBundle(t, gp, 1, in[:1], 1024)
	rec := &recorder{Driver: New(Options{ZeroCopy: ZeroCopyRequire})}
	rt, err := runtime.Open(bundle, runtime.Options{Weights: weights, Driver: rec})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	addr, size := rec.ImportedMemory()
	if addr != rt.Memory().Base() || size != 1024*65536 {
		t.Fatalf("imported %#x+%d, the linear memory is at %#x with 1024 pages", addr, size, rt.Memory().Base())
	}
	var seen []float32
	out := gp.Outputs[0]
	rec.onSync = func() {
		if seen != nil || len(rec.launch) == 0 {
			return
		}
		// The launch writing output 0 got its handle: an address.
		var h uint64
		for i, s := range launchSteps(gp) {
			for j, a := range s.Args {
				if a == out {
					h = rec.launch[i][j]
				}
			}
		}
		b := rt.Memory().Bytes()[h : h+uint64(4*96*72)]
		for i := 0; i < len(b); i += 4 {
			seen = append(seen, math.Float32frombits(uint32(b[i])|uint32(b[i+1])<<8|uint32(b[i+2])<<16|uint32(b[i+3])<<24))
		}
	}
	before := rec.Stats()
	outs, err := rt.Run(context.Background(), "main", in[1:])
	if err != nil {
		t.Fatal(err)
	}
	after := rec.Stats()
	if after.Copies != before.Copies || after.StagedBytes != 0 {
		t.Errorf("copies during the run: %+v -> %+v", before, after)
	}
	for _, c := range rec.calls {
		if strings.HasPrefix(c, "copy") {
			t.Errorf("a copy call happened: %s", c)
		}
	}
	closeTo(t, "output 0", outs[0], want[0])
	if len(seen) != len(want[0].F) {
		t.Fatalf("saw %d values in the linear memory", len(seen))
	}
	for i, v := range seen {
		if float64(v) != outs[0].F[i] {
			t.Fatalf("linear memory element %d after the kernel is %v; the run returned %v", i, v, outs[0].F[i])
		}
	}
}

func launchSteps(p *K.Program) []K.Step {
	var out []K.Step
	for _, s := range p.Steps {
		if s.Kind == K.Launch {
			out = append(out, s)
		}
	}
	return out
}

// TestDriverErrors: a launch whose workgroup differs from the compiled
// one is status 3 naming the kernel; a bundle of another format is not
// loaded.
func TestDriverErrors(t *testing.T) {
	needDevice(t)
	gp, in, _ := lowerDense(t, gpu.Vulkan())
	bundle, weights := programBundle(t, gp, 1, in[:1], 1024)
	rec := &recorder{Driver: New(Options{ZeroCopy: ZeroCopyOff})}
	rt, err := runtime.Open(bundle, runtime.Options{Weights: weights, Driver: rec})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	_, w, _ := gpu.Dims(gp.Kernels[0])
	l := &runtime.Launch{Module: 0, Kernel: 0, Grid: [3]uint32{1, 1, 1}, Block: [3]uint32{uint32(w) + 1, 1, 1}, Args: make([]uint64, len(gp.Kernels[0].Params))}
	err = rec.Driver.Launch(l)
	if err == nil || !errors.Is(err, runtime.ErrInvalid) || !strings.Contains(err.Error(), gp.Kernels[0].Name) {
		t.Errorf("wrong block: %v", err)
	}
	l.Block = [3]uint32{uint32(w), 1, 1}
	l.Args[0] = 12345
	if err := rec.Driver.Launch(l); err == nil || runtime.StatusOf(err) != runtime.StatusInvalid {
		t.Errorf("bad handle: %v", err)
	}
	if err := rec.Driver.LoadModule(3); err == nil {
		t.Error("LoadModule(3) of a one-module bundle succeeded")
	}
}
