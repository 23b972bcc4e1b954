package compile

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/targets/spirv"
)

// TestVulkanValidates: the vulkan target runs spirv-val on its kernel
// module and on its No8Or16Bit fallback module; a corrupted module (cut
// in half through the test hook) is a compile error naming it, never a
// bundle.
func TestVulkanValidates(t *testing.T) {
	src := []byte(`func.func @main(%x: tensor<8xf16>) -> tensor<8xf16> {
  %0 = stablehlo.add %x, %x : tensor<8xf16>
  return %0 : tensor<8xf16>
}`)
	opts := Options{Target: "vulkan"}
	b, err := Compile("v.mlir", src, opts)
	if errors.Is(err, spirv.ErrNoValidator) {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(b) == 0 {
		t.Fatal("empty bundle")
	}
	for _, name := range []string{"kernels.spv", FallbackBlob} {
		seen := false
		testHookSPIRV = func(n string, bin []byte) []byte {
			if n != name {
				return bin
			}
			seen = true
			return bin[:len(bin)/8*4]
		}
		b, err := Compile("v.mlir", src, opts)
		testHookSPIRV = nil
		if !seen {
			t.Fatalf("%s: no such module was validated", name)
		}
		if err == nil || b != nil {
			t.Fatalf("%s: a corrupted module was accepted", name)
		}
		if msg := err.Error(); !strings.Contains(msg, "the "+name+" module is invalid") || !strings.Contains(msg, "spirv-val") {
			t.Errorf("%s: the error does not name the module and spirv-val: %v", name, err)
		}
	}
}

// TestVulkanNeedsValidator: without spirv-val no vulkan bundle is
// written (the error names the tool and its package), while the module's
// text can still be emitted for inspection (EmitSPIRV-like Lower).
func TestVulkanNeedsValidator(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	src := []byte(`func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.add %x, %x : tensor<8xf32>
  return %0 : tensor<8xf32>
}`)
	opts := Options{Target: "vulkan"}
	b, err := Compile("v.mlir", src, opts)
	if !errors.Is(err, spirv.ErrNoValidator) || b != nil || !strings.Contains(err.Error(), "spirv-tools") {
		t.Fatalf("Compile without spirv-val: %d bytes, %v; want no bundle and spirv.ErrNoValidator", len(b), err)
	}
	l, err := Lower("v.mlir", src, opts)
	if err != nil || len(l.Device.Blob) == 0 {
		t.Fatalf("Lower without spirv-val: %v", err)
	}
}
