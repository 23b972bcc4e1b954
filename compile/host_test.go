package compile

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
)

// TestDeviceHostProgram opens a vulkan bundle (compiling needs no device)
// with runtime's RecordingDriver and checks what its host program asks of
// zml_device: every constant filled by a host→device copy from the data
// segment, a launch per scheduled kernel with the manifest's workgroup as
// block, the while condition read back device→host into the scratch at
// address 8; and a failing copy stops the entry with an error naming it.
func TestDeviceHostProgram(t *testing.T) {
	bundle, err := Compile("c.mlir", []byte(controlSrc), Options{Target: "vulkan"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := emit.Parse(bundle)
	if err != nil {
		t.Fatal(err)
	}
	ks := b.Manifest.Modules[0].Kernels
	b.Close()
	// Kernels do not run (the while condition reads back zero bytes); a
	// cap on launches keeps a wrong host program from looping forever.
	n := 0
	drv := &runtime.RecordingDriver{Kernel: func(*runtime.Launch, *runtime.Memory) error {
		if n++; n > 1000 {
			return errors.New("too many launches")
		}
		return nil
	}}
	rt, err := OpenWith(bundle, OpenOptions{Driver: drv})
	if err != nil {
		t.Fatal(err)
	}
	x := randT(ir.F32, 7, 8)
	if _, err := rt.Run(context.Background(), "main", []*ir.Tensor{x}); err != nil {
		t.Fatal(err)
	}
	rt.Close()
	toDevice, readBack, launches := 0, 0, 0
	for _, c := range drv.Calls {
		switch {
		case strings.HasPrefix(c, "copy kind=1 "):
			toDevice++
		case strings.HasPrefix(c, "copy kind=2 dst=0x8+0 "):
			readBack++
		case strings.HasPrefix(c, "launch 0 "):
			launches++
			var k int
			fmt.Sscanf(c, "launch 0 %d", &k)
			if k < 0 || k >= len(ks) || !strings.Contains(c, fmt.Sprintf("block=[%d 1 1]", ks[k].Workgroup[0])) {
				t.Errorf("%s: not the manifest's kernel and workgroup", c)
			}
		}
	}
	// Five constants (0, 1, 5, the 8 floats, the 3 integers).
	if toDevice != 5 || readBack < 1 || launches < 1 {
		t.Errorf("%d host→device copies (want 5), %d read-backs, %d launches:\n%s", toDevice, readBack, launches, strings.Join(drv.Calls, "\n"))
	}
	boom := errors.New("boom")
	drv = &runtime.RecordingDriver{Fail: map[string]error{"copy": boom}}
	if rt, err = OpenWith(bundle, OpenOptions{Driver: drv}); err != nil {
		t.Fatal(err)
	}
	defer rt.Close()
	_, err = rt.Run(context.Background(), "main", []*ir.Tensor{x})
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "copy") {
		t.Errorf("failing copy: %v", err)
	}
}
