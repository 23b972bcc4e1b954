package compile

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/runtime/drivers"
	"github.com/zmlc/zmlc/runtime/vulkan"
	"github.com/zmlc/zmlc/targets/llvm"
)

// needLLVM fails the test under CI=true when LLVM 19's tools are missing
// and skips it otherwise.
func needLLVM(t testing.TB) {
	t.Helper()
	for _, tool := range []llvm.Tool{llvm.ToolOpt, llvm.ToolLLC, llvm.ToolLLD} {
		if _, err := tool.Path(); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatal(err)
			}
			t.Skip(err)
		}
	}
}

// needVulkan fails the test under CI=true when no Vulkan device (lavapipe)
// opens and skips it otherwise.
func needVulkan(t testing.TB) {
	t.Helper()
	d, err := vulkan.Open("")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no Vulkan device (Debian packages libvulkan1 and mesa-vulkan-drivers): %v", err)
		}
		t.Skipf("no Vulkan device: %v", err)
	}
	d.Close()
}

// needTarget checks the tools and devices target needs.
func needTarget(t testing.TB, target string) {
	t.Helper()
	switch target {
	case "cpu", "cuda", "rocm":
		needLLVM(t)
	case "vulkan":
		needVulkan(t)
	}
}

// controlSrc has a while loop (a predicate read back from the device), a
// constant, an if, and a result that is a constant.
const controlSrc = `func.func @main(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<i32>, tensor<3xi32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %n = stablehlo.constant dense<5> : tensor<i32>
  %k = stablehlo.constant dense<[1.5, -2.0, 0.25, 3.0, 1.0, 0.5, -1.0, 2.0]> : tensor<8xf32>
  %r:2 = stablehlo.while(%i = %c0, %acc = %x) : tensor<i32>, tensor<8xf32>
    cond {
      %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %i2 = stablehlo.add %i, %c1 : tensor<i32>
      %m = stablehlo.multiply %acc, %k : tensor<8xf32>
      %t = stablehlo.tanh %m : tensor<8xf32>
      stablehlo.return %i2, %t : tensor<i32>, tensor<8xf32>
    }
  %z = stablehlo.constant dense<[7, 8, 9]> : tensor<3xi32>
  return %r#1, %r#0, %z : tensor<8xf32>, tensor<i32>, tensor<3xi32>
}`

// TestTargetsControlFlow runs controlSrc on every target with a local
// driver and compares with the interpreter.
func TestTargetsControlFlow(t *testing.T) {
	m, err := asm.Parse("c.mlir", []byte(controlSrc))
	if err != nil {
		t.Fatal(err)
	}
	x := randT(ir.F32, 7, 8)
	want, err := interp.New(m).Call("main", []interp.Value{x})
	if err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{"wasm", "cpu", "vulkan"} {
		t.Run(target, func(t *testing.T) {
			needTarget(t, target)
			got, err := Run(context.Background(), "c.mlir", []byte(controlSrc), Options{Target: target}, "", "", []*ir.Tensor{x})
			if err != nil {
				t.Fatal(err)
			}
			for i := range want {
				if d := compareT(got[i], want[i].(*ir.Tensor)); d != "" {
					t.Errorf("result %d: %s", i, d)
				}
			}
		})
	}
}

// TestMissingDriverLibrary: opening a cuda or rocm bundle on a machine
// without the driver library is one line naming the library and the
// target (this machine has no GPU; where it has one the open succeeds).
func TestMissingDriverLibrary(t *testing.T) {
	needLLVM(t)
	for _, tc := range []struct{ target, lib string }{{"cuda", "libcuda.so"}, {"rocm", "libamdhip64.so"}} {
		t.Run(tc.target, func(t *testing.T) {
			bundle, err := Compile("c.mlir", []byte(controlSrc), Options{Target: tc.target})
			if err != nil {
				t.Fatal(err)
			}
			rt, err := Open(bundle, "", 0)
			if err == nil {
				rt.Close()
				t.Skipf("the %s driver library is present", tc.target)
			}
			msg := err.Error()
			if strings.Contains(msg, "\n") || !strings.Contains(msg, tc.lib) || !strings.Contains(msg, tc.target+" target") {
				t.Errorf("error is not one line naming %s and the %s target: %q", tc.lib, tc.target, msg)
			}
			var re *runtime.Error
			_ = errors.As(err, &re)
		})
	}
	if _, err := drivers.New("metal", drivers.Options{}); err == nil || !strings.Contains(err.Error(), `"metal"`) {
		t.Errorf("unknown target: %v", err)
	}
}
