package llvm

import (
	"fmt"
	"slices"
	"strings"
)

// The processor names LLVM 19 accepts for each of zmlc's triples, as
// `llc-19 -mtriple=TRIPLE -mcpu=help` lists them (LLVM 19.1). They are
// checked before a name reaches opt or llc, which otherwise print "'x' is
// not a recognized processor for this target (ignoring processor)", and
// then either crash (x86-64: "64-bit code requested on a subtarget that
// doesn't support it"; amdgcn: "Cannot select") or write a PTX module with
// `.target x`.
var (
	// x86CPUs are the x86-64 processors: llc's list without the 32-bit
	// ones (i386 ... pentium4, athlon-xp, prescott, yonah, ...), on which
	// llc-19 aborts for an x86_64 triple.
	x86CPUs = strings.Fields(`alderlake amdfam10 arrowlake arrowlake-s arrowlake_s
		athlon-fx athlon64 athlon64-sse3 atom atom_sse4_2 atom_sse4_2_movbe barcelona
		bdver1 bdver2 bdver3 bdver4 bonnell broadwell btver1 btver2 cannonlake
		cascadelake clearwaterforest cooperlake core-avx-i core-avx2 core2
		core_2_duo_sse4_1 core_2_duo_ssse3 core_2nd_gen_avx core_3rd_gen_avx
		core_4th_gen_avx core_4th_gen_avx_tsx core_5th_gen_avx core_5th_gen_avx_tsx
		core_aes_pclmulqdq core_i7_sse4_2 corei7 corei7-avx emeraldrapids generic
		goldmont goldmont-plus goldmont_plus gracemont grandridge graniterapids
		graniterapids-d graniterapids_d haswell icelake-client icelake-server
		icelake_client icelake_server ivybridge k8 k8-sse3 knl knm lunarlake
		meteorlake mic_avx512 nehalem nocona opteron opteron-sse3 pantherlake penryn
		raptorlake rocketlake sandybridge sapphirerapids sierraforest silvermont skx
		skylake skylake-avx512 skylake_avx512 slm tigerlake tremont westmere x86-64
		x86-64-v2 x86-64-v3 x86-64-v4 znver1 znver2 znver3 znver4 znver5`)
	// arm64CPUs are the AArch64 processors.
	arm64CPUs = strings.Fields(`a64fx ampere1 ampere1a ampere1b apple-a10 apple-a11
		apple-a12 apple-a13 apple-a14 apple-a15 apple-a16 apple-a17 apple-a7 apple-m4
		carmel cortex-a34 cortex-a35 cortex-a510 cortex-a520 cortex-a520ae cortex-a53
		cortex-a55 cortex-a57 cortex-a65 cortex-a65ae cortex-a710 cortex-a715
		cortex-a72 cortex-a720 cortex-a720ae cortex-a725 cortex-a73 cortex-a75
		cortex-a76 cortex-a76ae cortex-a77 cortex-a78 cortex-a78ae cortex-a78c
		cortex-r82 cortex-r82ae cortex-x1 cortex-x1c cortex-x2 cortex-x3 cortex-x4
		cortex-x925 exynos-m3 exynos-m4 exynos-m5 falkor generic kryo neoverse-512tvb
		neoverse-e1 neoverse-n1 neoverse-n2 neoverse-n3 neoverse-v1 neoverse-v2
		neoverse-v3 neoverse-v3ae oryon-1 saphira thunderx thunderx2t99 thunderx3t110
		thunderxt81 thunderxt83 thunderxt88 tsv110`)
	// CUDAArchs are the NVPTX processors (CUDA compute capabilities).
	CUDAArchs = strings.Fields(`sm_20 sm_21 sm_30 sm_32 sm_35 sm_37 sm_50 sm_52 sm_53
		sm_60 sm_61 sm_62 sm_70 sm_72 sm_75 sm_80 sm_86 sm_87 sm_89 sm_90 sm_90a`)
	// ROCmArchs are the AMDGPU processors by their gfx names (llc's list
	// without the "generic" and "generic-hsa" pseudo-processors and the
	// marketing aliases such as tahiti or fiji).
	ROCmArchs = strings.Fields(`gfx600 gfx601 gfx602 gfx700 gfx701 gfx702 gfx703 gfx704
		gfx705 gfx801 gfx802 gfx803 gfx805 gfx810 gfx9-generic gfx900 gfx902 gfx904
		gfx906 gfx908 gfx909 gfx90a gfx90c gfx940 gfx941 gfx942 gfx10-1-generic
		gfx1010 gfx1011 gfx1012 gfx1013 gfx10-3-generic gfx1030 gfx1031 gfx1032
		gfx1033 gfx1034 gfx1035 gfx1036 gfx11-generic gfx1100 gfx1101 gfx1102 gfx1103
		gfx1150 gfx1151 gfx1152 gfx12-generic gfx1200 gfx1201`)
)

// CPUNames returns the --cpu values the cpu target accepts on a host of
// the Go architecture goarch (amd64 or arm64): "native" then LLVM 19's
// processors for that host (nil for another architecture).
func CPUNames(goarch string) []string {
	switch goarch {
	case "amd64":
		return append([]string{"native"}, x86CPUs...)
	case "arm64":
		return append([]string{"native"}, arm64CPUs...)
	}
	return nil
}

// CheckName returns nil when name is one of valid, else an error in
// clang's style for an unknown -mcpu/--cuda-gpu-arch (`unknown --FLAG
// 'name'; valid values: a, b, ...`), flag being the command-line flag
// (cpu, cuda-arch, rocm-arch).
func CheckName(flag, name string, valid []string) error {
	if slices.Contains(valid, name) {
		return nil
	}
	return fmt.Errorf("unknown --%s '%s'; valid values: %s", flag, name, strings.Join(valid, ", "))
}
