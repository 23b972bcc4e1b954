package gpu

import "fmt"

// Params are the GPU target facts the lowering decides with (DESIGN.md,
// "How we know a target is right": one GPU lowering, parameterised per
// target). Zero fields take the values of Vulkan().
type Params struct {
	Name string // "vulkan", "cuda", "rocm": for dumps and errors

	// MaxWorkgroupSize is the most invocations (threads) of one workgroup
	// the lowering uses; WorkgroupSize is the size it aims for.
	MaxWorkgroupSize int
	WorkgroupSize    int
	// MaxGrid is the most workgroups of a launch along x; larger
	// iteration spaces are covered by a grid-stride loop.
	MaxGrid int64
	// SharedMemBytes is the workgroup-shared memory one workgroup may use.
	SharedMemBytes int64
	// SubgroupSize is the width of the target's subgroup (warp, wavefront).
	// The lowering emits no subgroup-specialised code today (staged
	// kernels use shared memory and barriers only); it is reported in dumps.
	SubgroupSize int
	// TileM, TileN, TileK are the dot_general tiles staged through shared
	// memory: a workgroup computes a TileM x TileN block of the output,
	// TileK contraction steps at a time.
	TileM, TileN, TileK int
	// HasF64 says the device computes in f64; f32 pow then evaluates
	// exp(y*log(x)) in f64 (ULP bound 1 instead of the f32 path's).
	HasF64 bool
	// Unstaged turns shared-memory staging off: dot_general and reductions
	// keep one invocation per output element (for comparisons).
	Unstaged bool
}

// Vulkan returns the parameters of the vulkan target, sized for Mesa's
// lavapipe as well as for discrete GPUs: 256 invocations, 32 KiB of
// shared memory, subgroup size 8 (lavapipe's), 64x64x16 dot tiles (4x4
// micro-tiles per invocation; on lavapipe 5x the GFLOP/s of 16x16 tiles).
func Vulkan() Params {
	return Params{Name: "vulkan", MaxWorkgroupSize: 1024, WorkgroupSize: 256, MaxGrid: 65535,
		SharedMemBytes: 32 << 10, SubgroupSize: 8, TileM: 64, TileN: 64, TileK: 16, HasF64: true}
}

// CUDA returns the parameters the cuda target uses (sm_80 class devices):
// 256 threads, 48 KiB of static shared memory, warps of 32, 32x32x16 tiles.
func CUDA() Params {
	return Params{Name: "cuda", MaxWorkgroupSize: 1024, WorkgroupSize: 256, MaxGrid: 1<<31 - 1,
		SharedMemBytes: 48 << 10, SubgroupSize: 32, TileM: 32, TileN: 32, TileK: 16, HasF64: true}
}

// ROCm returns the parameters the rocm target uses (gfx9 class devices):
// 256 work items, 64 KiB of LDS, wavefronts of 64, 32x32x16 tiles.
func ROCm() Params {
	return Params{Name: "rocm", MaxWorkgroupSize: 1024, WorkgroupSize: 256, MaxGrid: 1<<31 - 1,
		SharedMemBytes: 64 << 10, SubgroupSize: 64, TileM: 32, TileN: 32, TileK: 16, HasF64: true}
}

// withDefaults fills zero fields from Vulkan() and checks the rest.
func (p Params) withDefaults() (Params, error) {
	d := Vulkan()
	if p.Name == "" {
		p.Name = d.Name
	}
	if p.MaxWorkgroupSize <= 0 {
		p.MaxWorkgroupSize = d.MaxWorkgroupSize
	}
	if p.WorkgroupSize <= 0 {
		p.WorkgroupSize = min(d.WorkgroupSize, p.MaxWorkgroupSize)
	}
	if p.MaxGrid <= 0 {
		p.MaxGrid = d.MaxGrid
	}
	if p.SharedMemBytes <= 0 {
		p.SharedMemBytes = d.SharedMemBytes
	}
	if p.SubgroupSize <= 0 {
		p.SubgroupSize = d.SubgroupSize
	}
	if p.TileM <= 0 {
		p.TileM = d.TileM
	}
	if p.TileN <= 0 {
		p.TileN = d.TileN
	}
	if p.TileK <= 0 {
		p.TileK = d.TileK
	}
	if p.WorkgroupSize > p.MaxWorkgroupSize {
		return p, fmt.Errorf("gpu lowering (%s): workgroup size %d exceeds the limit %d", p.Name, p.WorkgroupSize, p.MaxWorkgroupSize)
	}
	if int64(p.TileM*p.TileN) > int64(p.MaxWorkgroupSize)*maxMicro*maxMicro {
		return p, fmt.Errorf("gpu lowering (%s): a %dx%d dot tile needs more than %d invocations of %dx%d micro-tiles", p.Name, p.TileM, p.TileN, p.MaxWorkgroupSize, maxMicro, maxMicro)
	}
	return p, nil
}
