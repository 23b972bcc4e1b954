package kernel

// TargetParams are the target facts the lowering decides with; renderers
// never make scheduling decisions. Zero fields take the defaults of
// DefaultTarget.
type TargetParams struct {
	Name        string // "wasm", "cpu", "cuda", ...: for dumps
	VectorWidth int    // SIMD lanes of 32-bit elements (wasm SIMD128: 4)
	Cores       int    // threads or cores the Grid loops are spread over
	GPU         bool   // Grid loops become workgroups and Workgroup loops threads

	// Tiles of dot_general's output (rows TileM, columns TileN) and of the
	// contraction (TileK); a tile that does not divide a dimension is
	// shrunk to the largest divisor below it.
	TileM, TileN, TileK int

	// Register micro-tile of the tiled convolution and dot_general: one
	// pass keeps MicroM output rows (positions) x MicroN output columns
	// (features; a multiple of VectorWidth) as accumulators across the
	// whole reduction, loading each weight vector once per MicroM rows and
	// each input scalar once per MicroN/VectorWidth vectors. Defaults:
	// MicroM 4, MicroN 2*VectorWidth (cpu with VectorWidth 8: 4x16).
	// DefaultTarget (wasm) sets 2x24 (12 v128 accumulators).
	MicroM, MicroN int

	// ReduceSteps is how many reduction steps (input features of a
	// convolution, terms of a product) one iteration of the micro-tile's
	// contraction loop takes when it divides their count, accumulating
	// acc + p0 + p1 + ... in order (the same sums): fewer loop, pointer
	// and bounds-check instructions per step. Default: DefaultTarget's 2
	// with its vector width (4), else 1 (the llvm renderer promotes only
	// single-step accumulations).
	ReduceSteps int

	// FMA: the micro-tiles of the tiled convolution and dot_general
	// accumulate with the Fma kind (acc = fma(y, a, acc), one rounding per
	// step) instead of a rounded product and a rounded sum. For targets
	// whose renderer has a fused multiply-add (the cpu: llvm.fma; wasm has
	// none). Each output still adds its products in the same order, but a
	// product is no longer rounded on its own: results may differ from the
	// unfused form by up to about K*2^-24 of the largest magnitude for K
	// f32 products (tests compare within that bound).
	FMA bool

	// PackedGEMM lowers matrix-form f32 products of at least 12 rows, 16
	// columns and 8 terms to the packed GEMM (lower_gemm.go; its
	// micro-kernel accumulates with Fma nodes, so the target must render
	// them). A target named "cpu" takes it by default (withDefaults), so
	// that callers naming the target only keep the cpu lowering.
	PackedGEMM bool

	MaxWorkgroupSize int   // threads per workgroup (GPU)
	SharedMemBytes   int64 // workgroup-shared memory per workgroup (GPU)
}

// DefaultTarget returns the parameters of the wasm target: 4 f32 lanes (SIMD128),
// 2 cores, 16x64x64 dot tiles, 2x24 register micro-tiles (12 v128
// accumulators: on wazero the best of 4x8, 2x16, 3x16, 1x32, 2x32 and 3x12
// for the MNIST CNN's convolutions, compile's BenchmarkTiledConv).
func DefaultTarget() TargetParams {
	return TargetParams{Name: "wasm", VectorWidth: 4, Cores: 2, TileM: 16, TileN: 64, TileK: 64, MicroM: 2, MicroN: 24, ReduceSteps: 2, MaxWorkgroupSize: 1, SharedMemBytes: 0}
}

// withDefaults fills zero fields from DefaultTarget.
func (t TargetParams) withDefaults() TargetParams {
	d := DefaultTarget()
	if t.Name == "" {
		t.Name = d.Name
	}
	if t.VectorWidth <= 0 {
		t.VectorWidth = d.VectorWidth
	}
	if t.Cores <= 0 {
		t.Cores = d.Cores
	}
	if t.TileM <= 0 {
		t.TileM = d.TileM
	}
	if t.TileN <= 0 {
		t.TileN = d.TileN
	}
	if t.TileK <= 0 {
		t.TileK = d.TileK
	}
	if t.MicroM <= 0 && t.MicroN <= 0 && t.VectorWidth == d.VectorWidth {
		t.MicroM, t.MicroN = d.MicroM, d.MicroN
	}
	if t.ReduceSteps <= 0 {
		t.ReduceSteps = 1
		if t.VectorWidth == d.VectorWidth {
			t.ReduceSteps = d.ReduceSteps
		}
	}
	if t.MicroM <= 0 {
		t.MicroM = 4
	}
	if t.MicroN <= 0 {
		t.MicroN = 2 * t.VectorWidth
	}
	if t.MicroN%t.VectorWidth != 0 {
		t.MicroN += t.VectorWidth - t.MicroN%t.VectorWidth
	}
	if t.Name == "cpu" && !t.GPU {
		t.PackedGEMM = true
	}
	if t.MaxWorkgroupSize <= 0 {
		t.MaxWorkgroupSize = d.MaxWorkgroupSize
	}
	return t
}

// microTile returns the register micro-tile (rows mr, columns nr) for
// convolutions with n output features: MicroM x MicroN, except for fewer
// features than MicroN: then n rounded up to the vector width, with as
// many accumulator vectors (MicroM*MicroN/VectorWidth) in more rows (wasm
// 2x24 becomes 3x16 for 16 features, 6x8 for 8; cpu 6x16 becomes 12x8
// for 8). One tile across more features than MicroN (cpu 4x24 for 24)
// measured 2.4-3.8x slower than MicroN plus a narrow remainder on the
// MNIST CNN's conv3 on the cpu (KernelTimes cpu/cnn, ZMLC_WINOGRAD=off:
// 131 against 316-504 us), so it is not taken.
func (t TargetParams) microTile(n int64) (mr, nr int64) {
	mr, nr = int64(t.MicroM), int64(t.MicroN)
	vw := int64(t.VectorWidth)
	if n <= 0 || n >= nr {
		return mr, nr
	}
	nv := (n + vw - 1) / vw
	return max(1, mr*nr/vw/nv), nv * vw
}

// scratch reports whether the target gives kernels per-grid-iteration
// Shared scratch buffers (the cpu renders small ones as allocas): the
// targets of the packed GEMM, which needs them too; wasm has none.
func (t TargetParams) scratch() bool { return t.PackedGEMM && !t.GPU }
