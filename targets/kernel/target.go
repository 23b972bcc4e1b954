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
	if t.MaxWorkgroupSize <= 0 {
		t.MaxWorkgroupSize = d.MaxWorkgroupSize
	}
	return t
}
