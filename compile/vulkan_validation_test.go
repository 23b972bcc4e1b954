package compile

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/examples/mnist/mnistdata"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime/vulkan"
)

// needValidationLayer skips (fails under CI=true) unless a Vulkan device
// opens with VK_LAYER_KHRONOS_validation enabled.
func needValidationLayer(t *testing.T) {
	t.Helper()
	needVulkan(t)
	d, err := vulkan.OpenConfig(vulkan.Config{Validation: true})
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("VK_LAYER_KHRONOS_validation (Debian package vulkan-validationlayers): %v", err)
		}
		t.Skipf("VK_LAYER_KHRONOS_validation (Debian package vulkan-validationlayers): %v", err)
	}
	d.Close()
}

// labelBatches feeds the first n images of set to run in batches of b
// (u8[b, 28, 28]) and returns the labels of its outputs.
func labelBatches(t *testing.T, run func(x *ir.Tensor) (*ir.Tensor, error), set *mnistdata.Set, b, n int) []int {
	t.Helper()
	x, err := ir.NewTensor(ir.TensorOf(ir.UI8, int64(b), mnistdata.Rows, mnistdata.Cols))
	if err != nil {
		t.Fatal(err)
	}
	var labels []int
	for i := 0; i < n; i += b {
		for j, p := range set.Batch(i, b) {
			x.I[j] = int64(p)
		}
		out, err := run(x)
		if err != nil {
			t.Fatal(err)
		}
		for j := 0; j < b; j++ {
			labels = append(labels, label(out, j))
		}
	}
	return labels
}

// TestMNISTVulkanValidation compiles the MNIST MLP for -target=vulkan
// (b=64), runs four batches of test images under
// VK_LAYER_KHRONOS_validation on the zero-copy and the copying path, and
// requires the wasm target's labels and zero validation messages (errors
// or warnings, teardown included).
func TestMNISTVulkanValidation(t *testing.T) {
	needValidationLayer(t)
	set := mnistTest(t)
	const b, n = 64, 256
	src, err := os.ReadFile(mnistMLP.src)
	if err != nil {
		t.Fatal(err)
	}
	bundleFor := func(target string) []byte {
		bundle, err := Compile(mnistMLP.src, src, Options{Target: target, Dims: map[string]int64{"b": b}})
		if err != nil {
			t.Fatalf("%s target: %v", target, err)
		}
		return bundle
	}
	ref, err := Open(bundleFor("wasm"), mnistMLP.weights, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := labelBatches(t, func(x *ir.Tensor) (*ir.Tensor, error) {
		outs, err := ref.Run(context.Background(), "forward", []*ir.Tensor{x})
		if err != nil {
			return nil, err
		}
		return outs[0], nil
	}, set, b, n)
	ref.Close()
	right := 0
	for i, l := range want {
		if l == int(set.Labels[i]) {
			right++
		}
	}
	if right < n*95/100 {
		t.Fatalf("wasm reference: %d/%d right, want at least 95%%", right, n)
	}

	vk := bundleFor("vulkan")
	for _, mode := range []vulkan.ZeroCopy{vulkan.ZeroCopyAuto, vulkan.ZeroCopyOff} {
		name := "zerocopy"
		if mode == vulkan.ZeroCopyOff {
			name = "copy"
		}
		t.Run(name, func(t *testing.T) {
			drv := vulkan.New(vulkan.Options{ZeroCopy: mode, Validation: true})
			rt, err := OpenWith(vk, OpenOptions{Weights: mnistMLP.weights, Driver: drv})
			if err != nil {
				t.Fatal(err)
			}
			dev := drv.Device()
			if dev == nil {
				rt.Close()
				t.Fatal("the driver has no device after Open")
			}
			got := labelBatches(t, func(x *ir.Tensor) (*ir.Tensor, error) {
				outs, err := rt.Run(context.Background(), "forward", []*ir.Tensor{x})
				if err != nil {
					return nil, err
				}
				return outs[0], nil
			}, set, b, n)
			stats, zeroCopy := drv.Stats(), drv.ZeroCopy()
			if err := rt.Close(); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: zero copy %v, stats %+v", name, zeroCopy, stats)
			if stats.Launches == 0 {
				t.Error("no kernel launches on the device")
			}
			if mode == vulkan.ZeroCopyOff && zeroCopy {
				t.Error("ZeroCopyOff imported the linear memory")
			}
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("image %d: vulkan says %d, wasm %d", i, got[i], want[i])
				}
			}
			// Read after Close: leaked objects are reported at teardown.
			if msgs := dev.ValidationMessages(); len(msgs) != 0 {
				t.Errorf("%d validation messages:\n%s", len(msgs), strings.Join(msgs, "\n"))
			}
		})
	}
}
