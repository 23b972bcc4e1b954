package llvm

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestMissingTool: a missing tool is one error line naming the Debian
// package, from Path and from Run.
func TestMissingTool(t *testing.T) {
	tl := Tool{Name: "llc-zmlc-test-missing", Package: "llvm-19"}
	_, err := tl.Path()
	if err == nil || !errors.Is(err, ErrMissingTool) {
		t.Fatalf("Path: %v, want ErrMissingTool", err)
	}
	if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, "llc-zmlc-test-missing") || !strings.Contains(msg, "Debian package llvm-19") {
		t.Errorf("message %q is not one line naming the tool and its package", msg)
	}
	if _, err := tl.Run(context.Background(), nil); !errors.Is(err, ErrMissingTool) {
		t.Errorf("Run: %v, want ErrMissingTool", err)
	}
}

// TestRenderErrors: target mismatches and unsupported types are errors
// naming what is wrong.
func TestRenderErrors(t *testing.T) {
	m := NewModule(NVPTXTarget(""))
	if _, err := CompileCPU(context.Background(), m); err == nil || !strings.Contains(err.Error(), "cpu module") {
		t.Errorf("CompileCPU of an nvptx module: %v", err)
	}
	if _, err := CompileHSACO(context.Background(), m); err == nil {
		t.Error("CompileHSACO of an nvptx module succeeded")
	}
	k := stagedKernel()
	k.Body[0].Level = 0 // a serial loop: not GPU form
	if _, err := m.Add(k, "bad"); err == nil || !strings.Contains(err.Error(), "kernel staged") {
		t.Errorf("rendering a kernel not in GPU form: %v", err)
	}
	c, err := CPUTarget("")
	if err != nil {
		t.Skip(err)
	}
	// Shared buffers are per-grid-iteration scratch on the cpu (the packed
	// GEMM's panels); a GPU-form kernel's barriers are not.
	if _, err := NewModule(c).Add(stagedKernel(), "staged"); err == nil || !strings.Contains(err.Error(), "barrier") {
		t.Errorf("a barrier on the cpu: %v", err)
	}
}
