package compile

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/examples/mnist/mnistdata"
	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/runtime/drivers"
	"github.com/zmlc/zmlc/runtime/vulkan"
	"github.com/zmlc/zmlc/targets/gpu"
	"github.com/zmlc/zmlc/targets/kernel"
)

// fallbackBundle returns l's bundle and whether it has a No8Or16Bit
// module (Manifest adds it: addVulkanFallback).
func fallbackBundle(t *testing.T, l *Lowered, opts Options) ([]byte, bool) {
	t.Helper()
	man, blobs, err := l.Manifest(opts)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := emit.Encode(&buf, man, blobs); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), man.Target.Options[vulkan.FallbackOption] == FallbackBlob
}

// TestCorpusVulkanFallback runs the op-corpus functions whose vulkan
// module declares an 8- or 16-bit capability (i1, i8, i16, f16, bf16, f8
// buffers or values) with the driver forced onto the No8Or16Bit module on
// lavapipe, zero copy and copying, and compares every result with the
// interpreter (compareT). It checks that the fallback module was loaded,
// that it declares none of those capabilities, and that at least 40
// functions ran.
func TestCorpusVulkanFallback(t *testing.T) {
	needVulkan(t)
	type prepared struct {
		name, entry string
		bundle      []byte
		want        []interp.Value
	}
	var cases []prepared
	for _, path := range corpustest.Files(t) {
		for _, m := range corpustest.Modules(t, path) {
			for _, f := range m.Funcs {
				if f.Body == nil || !f.IsPublic() || len(f.Type.Inputs) != 0 || !corpustest.ChecksToOutputs(f) || ir.Verify(m) != nil {
					continue
				}
				want, err := interp.New(m).Call(f.Name, nil)
				if err != nil {
					continue
				}
				o := Options{Target: "vulkan", Entry: f.Name}
				if _, err := kernel.Lower(m, f.Name, kernelParams(o.Target, o)); err != nil {
					continue
				}
				l, err := LowerModule(m, o)
				if err != nil {
					continue // TestCorpusVulkan counts the rejections
				}
				bundle, has := fallbackBundle(t, l, o)
				if !has {
					continue
				}
				b, err := emit.Parse(bundle)
				if err != nil {
					t.Fatal(err)
				}
				fb, _ := b.Blob(FallbackBlob)
				if need, err := vulkan.NeedsNo8Or16Bit(fb); err != nil || need {
					t.Errorf("%s: the fallback module declares an 8- or 16-bit capability (%v)", f.Name, err)
				}
				b.Close()
				cases = append(cases, prepared{filepath.Base(path) + ":@" + f.Name, f.Name, bundle, want})
			}
		}
	}
	if len(cases) < 40 {
		t.Fatalf("only %d corpus functions have a No8Or16Bit module", len(cases))
	}
	for _, zc := range []vulkan.ZeroCopy{vulkan.ZeroCopyRequire, vulkan.ZeroCopyOff} {
		ran, unsup := 0, map[string]int{}
		for _, c := range cases {
			drv := vulkan.New(vulkan.Options{ZeroCopy: zc, No8Or16Bit: true})
			rt, err := OpenWith(c.bundle, OpenOptions{Driver: drv})
			if err != nil {
				if errors.Is(err, runtime.ErrUnsupported) {
					unsup[reason(err)]++
					continue
				}
				t.Errorf("%s: open: %v", c.name, err)
				continue
			}
			if !drv.UsesFallback() {
				t.Errorf("%s: the driver did not load the fallback module", c.name)
			}
			got, err := rt.Run(context.Background(), c.entry, nil)
			rt.Close()
			if err != nil {
				t.Errorf("%s: run: %v", c.name, err)
				continue
			}
			ok := true
			for i := range c.want {
				if d := compareT(got[i], c.want[i].(*ir.Tensor)); d != "" {
					t.Errorf("%s (zero copy mode %d): result %d: %s", c.name, zc, i, d)
					ok = false
					break
				}
			}
			if ok {
				ran++
			}
		}
		t.Logf("zero copy mode %d: %d of %d functions with 8/16-bit types match the interpreter on the No8Or16Bit module; refused by the device: %v", zc, ran, len(cases), unsup)
		if ran < len(cases)*9/10 {
			t.Errorf("zero copy mode %d: only %d of %d ran", zc, ran, len(cases))
		}
	}
}

// TestMNISTVulkanFallback classifies 256 test images with the MNIST MLP
// (u8 images: its module needs 8-bit storage) on vulkan with the
// No8Or16Bit module forced, zero copy and copying, and requires the wasm
// target's labels and, where VK_LAYER_KHRONOS_validation is installed,
// zero validation messages; ZMLC_MNIST_CNN=1 adds the CNN
// (../shared/data weights), as in TestMNISTTargets. The CNN's module holds
// more shared memory in all than lavapipe's 32 KiB, which the layer counts
// per module (VUID-RuntimeSpirv-Workgroup-06530), so the driver splits it
// into several shader modules (runtime/vulkan split.go).
func TestMNISTVulkanFallback(t *testing.T) {
	needVulkan(t)
	set := mnistTest(t)
	models := []mnistModel{mnistMLP}
	if os.Getenv("ZMLC_MNIST_CNN") == "1" {
		models = append(models, mnistCNN)
	}
	for _, m := range models {
		t.Run(m.name, func(t *testing.T) { mnistFallback(t, m, set) })
	}
}

// mnistFallback is TestMNISTVulkanFallback for one model, with the
// validation layer where it is installed.
func mnistFallback(t *testing.T, m mnistModel, set *mnistdata.Set) {
	const b, n = 64, 256
	src, err := os.ReadFile(m.src)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Target: "vulkan", Dims: map[string]int64{"b": b}}
	l, err := Lower(m.src, src, opts)
	if err != nil {
		t.Fatal(err)
	}
	vk, has := fallbackBundle(t, l, opts)
	if !has {
		t.Fatalf("the %s vulkan bundle has no No8Or16Bit module", m.name)
	}
	wasmBundle, err := Compile(m.src, src, Options{Target: "wasm", Dims: map[string]int64{"b": b}})
	if err != nil {
		t.Fatal(err)
	}
	validation := false
	if d, err := vulkan.OpenConfig(vulkan.Config{Validation: true}); err != nil {
		t.Logf("without VK_LAYER_KHRONOS_validation: %v", err)
	} else {
		d.Close()
		validation = true
	}
	runOn := func(bundle []byte, drv runtime.Driver) []int {
		rt, err := OpenWith(bundle, OpenOptions{Weights: m.weights, Driver: drv})
		if err != nil {
			t.Fatal(err)
		}
		var dev *vulkan.Device
		if v, ok := drv.(*vulkan.Driver); ok {
			dev = v.Device()
			if !v.UsesFallback() {
				t.Error("the driver did not load the fallback module")
			}
		}
		labels := labelBatches(t, func(x *ir.Tensor) (*ir.Tensor, error) {
			outs, err := rt.Run(context.Background(), "forward", []*ir.Tensor{x})
			if err != nil {
				return nil, err
			}
			return outs[0], nil
		}, set, b, n)
		if err := rt.Close(); err != nil {
			t.Fatal(err)
		}
		// Read after Close: leaked objects are reported at teardown.
		if dev != nil {
			if msgs := dev.ValidationMessages(); len(msgs) != 0 {
				t.Errorf("%d validation messages:\n%s", len(msgs), strings.Join(msgs, "\n"))
			}
		}
		return labels
	}
	want := runOn(wasmBundle, nil)
	for _, zc := range []vulkan.ZeroCopy{vulkan.ZeroCopyAuto, vulkan.ZeroCopyOff} {
		drv := vulkan.New(vulkan.Options{ZeroCopy: zc, No8Or16Bit: true, Validation: validation})
		got := runOn(vk, drv)
		differ := 0
		for i := range got {
			if got[i] != want[i] {
				differ++
			}
		}
		t.Logf("zero copy mode %d: %d of %d labels differ from wasm", zc, differ, n)
		if differ != 0 || len(got) != len(want) {
			t.Errorf("zero copy mode %d: %d of %d labels differ from wasm", zc, differ, n)
		}
	}
}

// TestVulkanFallbackMissing checks that forcing the No8Or16Bit module on a
// bundle that needs 8-bit features but has no fallback is a clear
// ErrUnsupported at Open, and that the bundle opens without the force.
func TestVulkanFallbackMissing(t *testing.T) {
	needVulkan(t)
	const src = `func.func @main(%x: tensor<8xi8>) -> tensor<8xi8> {
  %r = stablehlo.add %x, %x : tensor<8xi8>
  return %r : tensor<8xi8>
}`
	opts := Options{Target: "vulkan"}
	l, err := Lower("narrow.mlir", []byte(src), opts)
	if err != nil {
		t.Fatal(err)
	}
	man, blobs, err := l.Manifest(opts)
	if err != nil {
		t.Fatal(err)
	}
	delete(man.Target.Options, vulkan.FallbackOption)
	blobs = slices.DeleteFunc(blobs, func(b emit.BlobData) bool { return b.Name == FallbackBlob })
	var buf bytes.Buffer
	if err := emit.Encode(&buf, man, blobs); err != nil {
		t.Fatal(err)
	}
	_, err = OpenWith(buf.Bytes(), OpenOptions{Driver: vulkan.New(vulkan.Options{No8Or16Bit: true})})
	if !errors.Is(err, runtime.ErrUnsupported) || !strings.Contains(err.Error(), vulkan.FallbackOption) {
		t.Errorf("forced fallback without one: err = %v, want ErrUnsupported naming %s", err, vulkan.FallbackOption)
	}
	rt, err := OpenWith(buf.Bytes(), OpenOptions{Driver: vulkan.New(vulkan.Options{})})
	if err != nil {
		t.Fatalf("without the force: %v", err)
	}
	x := ir.MustTensor(ir.TensorOf(ir.I8, 8))
	for i := range x.I {
		x.I[i] = int64(i*37 - 100)
	}
	got, err := rt.Run(context.Background(), "main", []*ir.Tensor{x})
	rt.Close()
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range got[0].I {
		if w := int64(int8(2 * x.I[i])); v != w {
			t.Errorf("element %d: %d, want %d", i, v, w)
		}
	}
}

// dotSrc is the 64x64x64 f32 dot_general of targets/gpu
// TestUnstagedDotOnDevice.
const dotSrc = `func.func @main(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}`

// TestVulkanLoopLimit compiles the 64^3 dot unstaged (one invocation runs
// more than gpu.LavapipeLoopLimit loop iterations, which lavapipe would cut
// short silently) and staged. On lavapipe the unstaged bundle must fail at
// Open with ErrUnsupported naming the kernel, its count and the limit;
// the staged one must run and match the interpreter (exact: integer-valued
// products and sums below 2^24).
func TestVulkanLoopLimit(t *testing.T) {
	needVulkan(t)
	dev, err := vulkan.Open("")
	if err != nil {
		t.Fatal(err)
	}
	lavapipe := dev.IsLavapipe()
	dev.Close()
	a := ir.MustTensor(ir.TensorOf(ir.F32, 64, 64))
	b := ir.MustTensor(ir.TensorOf(ir.F32, 64, 64))
	for i := range a.F {
		a.F[i], b.F[i] = float64(i%7-3), float64(i%5-2)
	}
	m, err := Parse("dot.mlir", []byte(dotSrc), Options{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := interp.New(m).Call("main", []interp.Value{a, b})
	if err != nil {
		t.Fatal(err)
	}
	for _, unstaged := range []bool{true, false} {
		opts := Options{Target: "vulkan"}
		opts.GPU.Unstaged = unstaged
		l, err := Lower("dot.mlir", []byte(dotSrc), opts)
		if err != nil {
			t.Fatal(err)
		}
		bundle, err := l.Bundle(opts)
		if err != nil {
			t.Fatal(err)
		}
		var maxIt int64
		name := ""
		for _, p := range l.DevicePrograms {
			for _, k := range p.Kernels {
				if n := gpu.InvocationIterations(k); n > maxIt {
					maxIt, name = n, k.Name
				}
			}
		}
		if unstaged != (maxIt > gpu.LavapipeLoopLimit) {
			t.Fatalf("unstaged=%v: the largest kernel runs %d iterations per invocation; the test needs the unstaged dot over %d and the staged one under", unstaged, maxIt, gpu.LavapipeLoopLimit)
		}
		rt, err := OpenWith(bundle, OpenOptions{Drivers: drivers.Options{Vulkan: vulkan.Options{}}})
		if unstaged && lavapipe {
			msg := fmt.Sprintf("kernel %q runs %d loop iterations per invocation", name, maxIt)
			if err == nil {
				rt.Close()
				t.Fatal("the unstaged dot opened on lavapipe; want a loop-limit error")
			}
			if !errors.Is(err, runtime.ErrUnsupported) || !strings.Contains(err.Error(), msg) || !strings.Contains(err.Error(), fmt.Sprint(gpu.LavapipeLoopLimit)) {
				t.Errorf("err = %v, want ErrUnsupported with %q and the limit %d", err, msg, gpu.LavapipeLoopLimit)
			}
			t.Logf("unstaged on lavapipe: %v", err)
			continue
		}
		if err != nil {
			t.Fatalf("unstaged=%v: %v", unstaged, err)
		}
		got, err := rt.Run(context.Background(), "main", []*ir.Tensor{a, b})
		rt.Close()
		if err != nil {
			t.Fatal(err)
		}
		if d := compareT(got[0], want[0].(*ir.Tensor)); d != "" {
			t.Errorf("unstaged=%v: %s", unstaged, d)
		}
	}
}
