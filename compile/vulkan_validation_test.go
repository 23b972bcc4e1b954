package compile

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/examples/mnist/mnistdata"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime/vulkan"
	"github.com/zmlc/zmlc/targets/spirv"
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

// sharedWeights returns the path of the CNN's weights,
// ../shared/data/mnist-burn/mnist.safetensors ($ZMLC_SHARED_DATA when set,
// as scripts/setup_bazel.sh passes it under Bazel, else mnistCNN.weights).
// When they are missing the test fails under CI=true and is skipped
// otherwise (as ir/tensorio's sharedData).
func sharedWeights(t *testing.T) string {
	t.Helper()
	const rel = "mnist-burn/mnist.safetensors"
	if base := os.Getenv("ZMLC_SHARED_DATA"); base != "" {
		if p := filepath.Join(base, rel); fileExists(p) {
			return p
		}
	}
	if fileExists(mnistCNN.weights) {
		return mnistCNN.weights
	}
	msg := "shared data ../shared/data/" + rel + " is absent"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + " (required under CI=true)")
	}
	t.Skip(msg + "; skipping")
	return ""
}

// fileExists reports whether path names an existing file.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// TestMNISTVulkanValidation compiles the MNIST models for -target=vulkan
// (b=64): the MLP, and the CNN when ../shared/data is here (required under
// CI=true; its convolutions and products stage tiles through workgroup
// memory). Each runs four batches of test images under
// VK_LAYER_KHRONOS_validation on the zero-copy and the copying path and on
// the No8Or16Bit fallback module, and must give the wasm target's labels
// (wasm: at least 95% right for the MLP, 98% for the CNN) with zero
// validation messages (errors or warnings, teardown included). Where a
// module's Workgroup variables together exceed the device's
// maxComputeSharedMemorySize (the CNN's 34,336 bytes on lavapipe's 32,768;
// the layer sums them over the module, VUID-RuntimeSpirv-Workgroup-06530)
// the driver must have cut it into several shader modules.
func TestMNISTVulkanValidation(t *testing.T) {
	needValidationLayer(t)
	set := mnistTest(t)
	t.Run("mlp", func(t *testing.T) { mnistValidation(t, mnistMLP, set, 95) })
	t.Run("cnn", func(t *testing.T) {
		m := mnistCNN
		m.weights = sharedWeights(t)
		mnistValidation(t, m, set, 98)
	})
}

// mnistValidation is TestMNISTVulkanValidation for one model whose wasm
// labels must be at least pct percent right.
func mnistValidation(t *testing.T, m mnistModel, set *mnistdata.Set, pct int) {
	const b, n = 64, 256
	src, err := os.ReadFile(m.src)
	if err != nil {
		t.Fatal(err)
	}
	bundleFor := func(target string) []byte {
		bundle, err := Compile(m.src, src, Options{Target: target, Dims: map[string]int64{"b": b}})
		if err != nil {
			t.Fatalf("%s target: %v", target, err)
		}
		return bundle
	}
	ref, err := Open(bundleFor("wasm"), m.weights, 0)
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
	if right < n*pct/100 {
		t.Fatalf("wasm reference: %d/%d right, want at least %d%%", right, n, pct)
	}

	vk := bundleFor("vulkan")
	parsed, err := emit.Parse(vk)
	if err != nil {
		t.Fatal(err)
	}
	// workgroupBytes is what the layer counts for a module blob.
	workgroupBytes := func(name string) int64 {
		blob, ok := parsed.Blob(name)
		if !ok {
			t.Fatalf("the vulkan bundle has no blob %s", name)
		}
		info, err := spirv.Inspect(blob)
		if err != nil {
			t.Fatal(err)
		}
		return info.WorkgroupBytes
	}
	fallback := parsed.Manifest.Target.Options[vulkan.FallbackOption]
	if fallback == "" {
		t.Fatalf("the %s vulkan bundle has no No8Or16Bit module (its input is u8)", m.name)
	}
	for _, mode := range []struct {
		name     string
		zeroCopy vulkan.ZeroCopy
		narrow   bool
		blob     string
	}{
		{"zerocopy", vulkan.ZeroCopyAuto, false, parsed.Manifest.Modules[0].Blob},
		{"copy", vulkan.ZeroCopyOff, false, parsed.Manifest.Modules[0].Blob},
		{"no8or16bit", vulkan.ZeroCopyAuto, true, fallback},
	} {
		t.Run(mode.name, func(t *testing.T) {
			drv := vulkan.New(vulkan.Options{ZeroCopy: mode.zeroCopy, No8Or16Bit: mode.narrow, Validation: true})
			rt, err := OpenWith(vk, OpenOptions{Weights: m.weights, Driver: drv})
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
			stats, zeroCopy, shaders, usesFallback := drv.Stats(), drv.ZeroCopy(), drv.ShaderModules(), drv.UsesFallback()
			if err := rt.Close(); err != nil {
				t.Fatal(err)
			}
			wg, limit := workgroupBytes(mode.blob), int64(dev.Limits.MaxComputeSharedMemorySize)
			t.Logf("%s: zero copy %v, %d shader modules (workgroup memory %d bytes, device limit %d), stats %+v", mode.name, zeroCopy, shaders, wg, limit, stats)
			if stats.Launches == 0 {
				t.Error("no kernel launches on the device")
			}
			if mode.zeroCopy == vulkan.ZeroCopyOff && zeroCopy {
				t.Error("ZeroCopyOff imported the linear memory")
			}
			if usesFallback != mode.narrow {
				t.Errorf("the driver loaded the fallback module: %v, want %v", usesFallback, mode.narrow)
			}
			if wantSplit := wg > limit; wantSplit != (shaders > 1) || shaders < 1 {
				t.Errorf("%d shader modules for a module of %d bytes of workgroup memory (device limit %d)", shaders, wg, limit)
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
