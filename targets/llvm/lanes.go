package llvm

import (
	"os"
	goruntime "runtime"
	"strings"
)

// CPULanes returns the f32 lanes of the vectors the cpu target's kernels
// are lowered for (kernel.TargetParams.VectorWidth) under llc's -mcpu cpu:
// 16 (AVX-512) for "native" on an amd64 host whose /proc/cpuinfo lists
// avx512f, 4 (NEON) on arm64, else 8 (AVX2: the x86-64-v3 baseline).
func CPULanes(cpu string) int {
	switch {
	case goruntime.GOARCH == "arm64":
		return 4
	case cpu == "native" && hostHasAVX512():
		return 16
	}
	return 8
}

// hostHasAVX512 reports whether the flags of /proc/cpuinfo list avx512f.
func hostHasAVX512() bool {
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return false
	}
	for _, l := range strings.Split(string(info), "\n") {
		if strings.HasPrefix(l, "flags") {
			return strings.Contains(l+" ", " avx512f ")
		}
	}
	return false
}
