package main

import (
	"bytes"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/compile"
)

// deviceSrc is a one-kernel model for the device stages.
const deviceSrc = `model M {
  fn f(x: f32[d=8]) -> f32[d] { return exp(x) + x }
}
`

// writeDeviceSrc writes deviceSrc to a .zml file in a temporary folder.
func writeDeviceSrc(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "m.zml")
	if err := os.WriteFile(path, []byte(deviceSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestEmitHSACO checks that --emit=hsaco -o writes an AMDGPU ELF code
// object holding the kernel's symbol, and that piped stdout gets the same
// object.
func TestEmitHSACO(t *testing.T) {
	src := writeDeviceSrc(t)
	out := filepath.Join(t.TempDir(), "k.hsaco")
	r := zmlc(t, "--target=rocm", "--emit=hsaco", src, "-o", out)
	r.wantCode(t, exitOK)
	if r.stdout != "" {
		t.Errorf("stdout not empty with -o: %q", r.stdout)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("\x7fELF")) {
		t.Fatalf("%s starts with %q, want \\x7fELF", out, data[:min(len(data), 4)])
	}
	f, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if f.Machine != elf.EM_AMDGPU {
		t.Errorf("ELF machine %v, want EM_AMDGPU", f.Machine)
	}
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(syms, func(s elf.Symbol) bool { return strings.HasPrefix(s.Name, "zml_kernel_") }) {
		t.Errorf("no zml_kernel_ symbol in the code object")
	}
	piped := zmlc(t, "--target=rocm", "--emit=hsaco", src)
	piped.wantCode(t, exitOK)
	if !strings.HasPrefix(piped.stdout, "\x7fELF") || len(piped.stdout) != len(data) {
		t.Errorf("piped stdout: %d bytes starting %q, want the %d bytes of the -o file", len(piped.stdout), piped.stdout[:min(len(piped.stdout), 4)], len(data))
	}
}

// TestCheckEmitTarget checks every device stage against every target:
// valid exactly for its targets, else a usage error naming them.
func TestCheckEmitTarget(t *testing.T) {
	for emit, valid := range deviceEmits {
		if !slices.Contains(emits, emit) {
			t.Errorf("--emit=%s missing from emits", emit)
		}
		for _, target := range targets {
			err := checkEmitTarget(emit, target)
			if slices.Contains(valid, target) {
				if err != nil {
					t.Errorf("--emit=%s --target=%s: %v", emit, target, err)
				}
				continue
			}
			if _, ok := err.(*usageError); !ok {
				t.Errorf("--emit=%s --target=%s: got %v, want a usage error", emit, target, err)
				continue
			}
			for _, v := range valid {
				if !strings.Contains(err.Error(), "--target="+v) {
					t.Errorf("--emit=%s --target=%s: %q does not name --target=%s", emit, target, err, v)
				}
			}
		}
	}
	for _, emit := range []string{"", "mlir", "kernels", "wasm"} {
		if err := checkEmitTarget(emit, "metal"); err != nil {
			t.Errorf("--emit=%q: %v", emit, err)
		}
	}
}

// TestEmitSPIRVWithoutSpirvDis checks that --emit=spirv needs no
// SPIRV-Tools: with an empty PATH it still prints the module's text.
func TestEmitSPIRVWithoutSpirvDis(t *testing.T) {
	src := writeDeviceSrc(t)
	t.Setenv("PATH", t.TempDir())
	var stdout, stderr bytes.Buffer
	code := run([]string{"--target=vulkan", "--emit=spirv", src}, nil, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit status %d, want %d; stderr:\n%s", code, exitOK, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"; SPIR-V\n; Version: 1.5\n", "OpCapability Shader\n", "OpEntryPoint GLCompute %k0_", "OpExecutionMode %k0_", "OpFunctionEnd\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if stderr.Len() != 0 {
		t.Errorf("stderr not empty: %q", stderr.String())
	}
}

// TestEmitSPIRVMatchesSpirvDis checks --emit=spirv (and -o FILE) against
// spirv-dis run on the same module, byte for byte, for deviceSrc and both
// MNIST models. Under CI=true a missing spirv-dis fails the test
// (scripts/setup.sh installs spirv-tools); otherwise it skips.
func TestEmitSPIRVMatchesSpirvDis(t *testing.T) {
	dis, err := exec.LookPath("spirv-dis")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("spirv-dis not found (CI=true): run scripts/setup.sh to install spirv-tools")
		}
		t.Skip("spirv-dis not found: run scripts/setup.sh (installs spirv-tools) to enable this test")
	}
	for _, path := range []string{writeDeviceSrc(t), "../../examples/mnist/mnist.zml", "../../examples/mnist/cnn.zml"} {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		l, err := lowerSource(path, src, compile.Options{Target: "vulkan", Dims: map[string]int64{"b": 8}})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		cmd := exec.Command(dis, "--no-color", "-o", "-", "-")
		cmd.Stdin = bytes.NewReader(l.Device.Blob)
		want, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: spirv-dis: %v", path, err)
		}
		out := filepath.Join(t.TempDir(), "k.spvasm")
		args := []string{"--target=vulkan", "--emit=spirv", path, "-o", out}
		if bytes.Contains(src, []byte("b=?")) {
			args = append(args, "--dim", "b=8") // an unknown --dim is an error
		}
		r := zmlc(t, args...)
		r.wantCode(t, exitOK)
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: --emit=spirv (%d bytes) differs from spirv-dis (%d bytes)", path, len(got), len(want))
		}
		if n := strings.Count(string(got), "OpEntryPoint GLCompute"); n == 0 {
			t.Errorf("%s: no entry point in\n%s", path, got)
		}
	}
}

// TestIsTerminal checks that buffers and regular files are not terminals
// (so a binary stage goes to them).
func TestIsTerminal(t *testing.T) {
	if isTerminal(&bytes.Buffer{}) {
		t.Error("a bytes.Buffer is a terminal")
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "f"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Error("a regular file is a terminal")
	}
}
