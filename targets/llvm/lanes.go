package llvm

import (
	"os"
	goruntime "runtime"
	"strings"
)

// CPULanes returns the f32 lanes of the vectors the cpu target's kernels
// are lowered for (kernel.TargetParams.VectorWidth) under llc's -mcpu cpu:
// 16 (AVX-512) for "native" on an amd64 host whose /proc/cpuinfo lists
// avx512f, except AMD family 25 (Zen 4 executes 512-bit FMAs in two
// 256-bit halves: no more FLOPs, and the packed GEMM's 6x32 B panels
// crowd L1 — measured ~5% slower than 8 lanes at 1024); 4 (NEON) on
// arm64; else 8 (AVX2: the x86-64-v3 baseline).
func CPULanes(cpu string) int {
	switch {
	case goruntime.GOARCH == "arm64":
		return 4
	case cpu == "native" && wideAVX512():
		return 16
	}
	return 8
}

// wideAVX512 reports whether /proc/cpuinfo lists avx512f on a CPU other
// than AMD family 25.
func wideAVX512() bool {
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return false
	}
	amd, fam25, avx512 := false, false, false
	for _, l := range strings.Split(string(info), "\n") {
		k, v, ok := strings.Cut(l, ":")
		if !ok {
			if l == "" && (amd || avx512) {
				break // the first processor's block
			}
			continue
		}
		switch strings.TrimSpace(k) {
		case "vendor_id":
			amd = strings.TrimSpace(v) == "AuthenticAMD"
		case "cpu family":
			fam25 = strings.TrimSpace(v) == "25"
		case "flags":
			avx512 = strings.Contains(v+" ", " avx512f ")
		}
	}
	return avx512 && !(amd && fam25)
}
