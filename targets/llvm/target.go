package llvm

import (
	"fmt"
	goruntime "runtime"
)

// Arch is a target family.
type Arch uint8

// The target families.
const (
	CPU    Arch = iota // x86-64 or arm64: a shared object
	NVPTX              // NVIDIA GPUs: PTX text
	AMDGPU             // AMD GPUs: an HSACO code object
)

func (a Arch) String() string {
	switch a {
	case CPU:
		return "cpu"
	case NVPTX:
		return "nvptx"
	case AMDGPU:
		return "amdgpu"
	}
	return "?"
}

// Target says what the renderer and the code generator produce.
type Target struct {
	Arch Arch
	// Triple is the LLVM target triple: the host's for CPU
	// (x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu),
	// nvptx64-nvidia-cuda, amdgcn-amd-amdhsa.
	Triple string
	// CPU is llc's -mcpu: x86-64-v3 (the cpu target's documented baseline
	// on amd64: AVX2, FMA, F16C), generic on arm64, "native" for the
	// machine compiling; sm_80, sm_90 for NVPTX; gfx90a, gfx942 for AMDGPU.
	CPU string
}

// DefaultCPU is the cpu target's default --cpu on amd64: x86-64-v3 (AVX2,
// FMA, F16C; Haswell and later).
const DefaultCPU = "x86-64-v3"

// CPUTarget returns the cpu target for the host architecture (amd64 or
// arm64) and llc's -mcpu value cpu ("" means DefaultCPU on amd64 and
// generic on arm64; "native" is the compiling machine's CPU).
func CPUTarget(cpu string) (Target, error) {
	t := Target{Arch: CPU, CPU: cpu}
	switch goruntime.GOARCH {
	case "amd64":
		t.Triple = "x86_64-unknown-linux-gnu"
		if cpu == "" {
			t.CPU = DefaultCPU
		}
	case "arm64":
		t.Triple = "aarch64-unknown-linux-gnu"
		if cpu == "" {
			t.CPU = "generic"
		}
	default:
		return t, fmt.Errorf("llvm: the cpu target supports amd64 and arm64 hosts, not %s", goruntime.GOARCH)
	}
	return t, nil
}

// NVPTXTarget returns the NVPTX target for a CUDA architecture such as
// sm_80 or sm_90 ("" means sm_80).
func NVPTXTarget(arch string) Target {
	if arch == "" {
		arch = "sm_80"
	}
	return Target{Arch: NVPTX, Triple: "nvptx64-nvidia-cuda", CPU: arch}
}

// AMDGPUTarget returns the AMDGPU target for a ROCm architecture such as
// gfx90a or gfx942 ("" means gfx942). The amdhsa triple is what makes llc
// write the code object's amdhsa metadata.
func AMDGPUTarget(arch string) Target {
	if arch == "" {
		arch = "gfx942"
	}
	return Target{Arch: AMDGPU, Triple: "amdgcn-amd-amdhsa", CPU: arch}
}
