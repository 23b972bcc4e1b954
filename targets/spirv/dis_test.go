package spirv

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/gpu"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// spirvDis runs spirv-dis (default options, no color) on bin.
func spirvDis(t *testing.T, tool string, bin []byte) ([]byte, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, tool, "--no-color", "-o", "-", "-")
	cmd.Stdin = bytes.NewReader(bin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, errors.New(err.Error() + ": " + stderr.String())
	}
	return stdout.Bytes(), nil
}

// firstDiff describes the first line where got and want differ.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < max(len(g), len(w)); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + strconv.Itoa(i+1) + ":\n got: " + gl + "\nwant: " + wl
		}
	}
	return "no line differs"
}

// sameAsSpirvDis checks Disassemble(bin) against spirv-dis byte for byte.
func sameAsSpirvDis(t *testing.T, tool, name string, bin []byte) bool {
	t.Helper()
	want, err := spirvDis(t, tool, bin)
	if err != nil {
		t.Errorf("%s: spirv-dis: %v", name, err)
		return false
	}
	got, err := Disassemble(bin)
	if err != nil {
		t.Errorf("%s: Disassemble: %v", name, err)
		return false
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: Disassemble differs from spirv-dis at %s", name, firstDiff(got, want))
		return false
	}
	return true
}

// TestDisassembleCorpus disassembles the SPIR-V of every GPU-lowered
// corpus program, each kernel alone (Render) and the program's kernels as
// one module (RenderModule, what the vulkan target ships), in both the
// default form and the No8Or16Bit form (packed narrow buffers, atomics),
// and checks the text equals spirv-dis's byte for byte.
func TestDisassembleCorpus(t *testing.T) {
	tool := needTool(t, "spirv-dis", "spirv-tools")
	kernels, modules := 0, 0
	forms := []struct {
		name string
		opt  Options
	}{{"", Options{PreserveFloat: true}}, {" (No8Or16Bit)", Options{PreserveFloat: true, No8Or16Bit: true}}}
	corpusPrograms(t, gpu.Vulkan(), func(name string, m *ir.Module, f *ir.Func, gp *K.Program) {
		for _, form := range forms {
			var ks []*K.Kernel
			for _, k := range gp.Kernels {
				bin, err := Render(k, form.opt)
				if err != nil {
					continue
				}
				ks = append(ks, k)
				if sameAsSpirvDis(t, tool, name+"/"+k.Name+form.name, bin) {
					kernels++
				}
			}
			if len(ks) < 2 {
				continue
			}
			bin, err := RenderModule(ks, form.opt)
			if err != nil {
				t.Errorf("%s%s: %v", name, form.name, err)
				continue
			}
			if sameAsSpirvDis(t, tool, name+form.name, bin) {
				modules++
			}
		}
	})
	t.Logf("%d kernels and %d multi-kernel modules disassemble as spirv-dis does", kernels, modules)
	if kernels < 600 {
		t.Errorf("only %d kernels compared", kernels)
	}
}
