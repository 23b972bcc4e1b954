package llvm

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	goruntime "runtime"

	"github.com/zmlc/zmlc/internal/tempfiles"
)

// testHookIR, when set (by tests only), changes the LLVM IR text before
// opt-19 reads it.
var testHookIR func(string) string

// optimize runs opt-19 -O3 over the module's text for its target and
// returns the optimised LLVM IR text. opt-19 runs LLVM's verifier on the
// module it reads and on its result (on by default; never turned off
// here), so an invalid module is an error carrying the verifier's message
// ("input module is broken"): every path that writes a cpu, cuda or rocm
// module (CompileCPU, CompilePTX, CompileHSACO) goes through here.
func optimize(ctx context.Context, m *Module) ([]byte, error) {
	args := []string{"-O3", "-S", "-mtriple=" + m.Target.Triple, "-o", "-", "-"}
	if cpu := m.Target.CPU; cpu != "" {
		args = append(args, "-mcpu="+cpu)
	}
	text := m.String()
	if testHookIR != nil {
		text = testHookIR(text)
	}
	out, err := ToolOpt.Run(ctx, []byte(text), args...)
	if err != nil {
		return nil, fmt.Errorf("%s target: the LLVM module does not verify or compile: %w", m.Target.Arch, err)
	}
	return out, nil
}

// llc runs llc-19 -O3 on LLVM IR text, writing assembly or an object
// (filetype "asm" or "obj").
func llc(ctx context.Context, t Target, ll []byte, filetype string) ([]byte, error) {
	args := []string{"-O3", "-mtriple=" + t.Triple, "-filetype=" + filetype, "-o", "-", "-"}
	if t.CPU != "" {
		args = append(args, "-mcpu="+t.CPU)
	}
	if t.Arch == CPU {
		args = append(args, "-relocation-model=pic")
	}
	return ToolLLC.Run(ctx, ll, args...)
}

// CompileCPU turns a cpu module into a shared object: opt-19 -O3,
// llc-19 -filetype=obj (position independent), and ld.lld-19 -shared
// linked against libm (libm.so.6; LLVM lowers frem to fmodf/fmod). The
// kernels are exported under their Symbol.
func CompileCPU(ctx context.Context, m *Module) ([]byte, error) {
	if m.Target.Arch != CPU {
		return nil, fmt.Errorf("llvm: CompileCPU needs a cpu module, not %s", m.Target.Arch)
	}
	return sharedObject(ctx, m, "kernels.so", libmArgs()...)
}

// sharedObject runs opt-19 -O3, llc-19 -filetype=obj and ld.lld-19
// -shared (link) on the module, naming the output outName.
func sharedObject(ctx context.Context, m *Module, outName string, extra ...string) ([]byte, error) {
	ll, err := optimize(ctx, m)
	if err != nil {
		return nil, err
	}
	obj, err := llc(ctx, m.Target, ll, "obj")
	if err != nil {
		return nil, err
	}
	return link(ctx, obj, outName, extra...)
}

// libmArgs returns the linker arguments that link libm.so.6 from the
// host's multiarch library folder.
func libmArgs() []string {
	dirs := []string{"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu"}
	if goruntime.GOARCH == "arm64" {
		dirs = []string{"/lib/aarch64-linux-gnu", "/usr/lib/aarch64-linux-gnu"}
	}
	var args []string
	for _, d := range append(dirs, "/lib64", "/usr/lib64", "/lib", "/usr/lib") {
		args = append(args, "-L"+d)
	}
	return append(args, "--as-needed", "-l:libm.so.6")
}

// link runs ld.lld-19 -shared on one object in a temporary folder and
// returns the output's bytes. The folder is `zmlc-llvm-<pid>-*`, so a
// later compile removes it if this process is killed before it does
// (internal/tempfiles).
func link(ctx context.Context, obj []byte, outName string, extra ...string) ([]byte, error) {
	dir, release, err := tempfiles.MkdirTemp("", "zmlc-llvm-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	defer release()
	in, out := filepath.Join(dir, "kernels.o"), filepath.Join(dir, outName)
	if err := os.WriteFile(in, obj, 0o644); err != nil {
		return nil, err
	}
	args := append([]string{"-shared", "--build-id=none", "-o", out, in}, extra...)
	if _, err := ToolLLD.Run(ctx, nil, args...); err != nil {
		return nil, err
	}
	return os.ReadFile(out)
}

// EmitAssembly returns the target's assembly after opt-19 -O3 and llc-19:
// x86-64 or AArch64 assembly for the cpu, PTX for NVPTX, AMDGCN assembly
// for AMDGPU.
func EmitAssembly(ctx context.Context, m *Module) (string, error) {
	ll, err := optimize(ctx, m)
	if err != nil {
		return "", err
	}
	s, err := llc(ctx, m.Target, ll, "asm")
	return string(s), err
}

// CompilePTX returns the PTX text of an NVPTX module (`zmlc
// --emit=ptx`): one .entry per kernel, named by its Symbol.
func CompilePTX(ctx context.Context, m *Module) (string, error) {
	if m.Target.Arch != NVPTX {
		return "", fmt.Errorf("llvm: CompilePTX needs an nvptx module, not %s", m.Target.Arch)
	}
	return EmitAssembly(ctx, m)
}

// CompileHSACO returns the HSA code object of an AMDGPU module (`zmlc
// --emit=hsaco`): llc-19 -filetype=obj for amdgcn-amd-amdhsa, then
// ld.lld-19 -shared. Its notes list every kernel in amdhsa.kernels.
func CompileHSACO(ctx context.Context, m *Module) ([]byte, error) {
	if m.Target.Arch != AMDGPU {
		return nil, fmt.Errorf("llvm: CompileHSACO needs an amdgpu module, not %s", m.Target.Arch)
	}
	return sharedObject(ctx, m, "kernels.hsaco")
}
