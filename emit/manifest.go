package emit

// Manifest is a bundle's table of contents, stored as JSON (docs/BUNDLE.md,
// "The manifest"). The writer fills Format, Zmlc and Blobs; everything else
// comes from the compiler. Every list is in the compiler's order, which is
// part of the ABI (docs/RUNTIME.md): Parameters and Entry inputs/outputs fix
// the slots of the launcher's frame, Modules and their Kernels are indexed by
// zml_device.launch, Collectives by zml_device.collective.
type Manifest struct {
	// Format is the bundle format version, FormatVersion.
	Format int `json:"format"`
	// Zmlc is the version of the zmlc that wrote the bundle (version.Version).
	Zmlc string `json:"zmlc_version"`
	// Target is the target the bundle was compiled for.
	Target Target `json:"target"`
	// Dims are the symbolic sizes fixed at compile time (`--dim b=64`).
	Dims map[string]int64 `json:"dims,omitempty"`
	// Entries are the program's entry points.
	Entries []Entry `json:"entries"`
	// Parameters are the weights, keyed by their safetensors tensor names.
	Parameters []Parameter `json:"parameters"`
	// Buffers is the compiler's buffer plan.
	Buffers BufferPlan `json:"buffers"`
	// Mesh is the device mesh; no axes means one device.
	Mesh Mesh `json:"mesh"`
	// Modules are the kernel modules; zml_device.launch indexes them.
	Modules []Module `json:"modules"`
	// Collectives are the collective operations; zml_device.collective
	// indexes them.
	Collectives []Collective `json:"collectives,omitempty"`
	// Host names the blob holding the host program (a Wasm module).
	Host string `json:"host"`
	// StableHLO names the blob holding the optimised program as StableHLO
	// text, for inspection; "" if there is none.
	StableHLO string `json:"stablehlo,omitempty"`
	// Blobs locate every blob of the file; filled by the writer.
	Blobs []Blob `json:"blobs"`
}

// Target names a target and its options, e.g. {"cuda", {"arch": "sm_90"}}.
type Target struct {
	Name    string            `json:"name"`
	Options map[string]string `json:"options,omitempty"`
}

// Entry is one entry point: a function of the program the launcher can run.
type Entry struct {
	// Name is the entry's name in the source program, e.g. "forward".
	Name string `json:"name"`
	// Export is the host program's exported function that runs it.
	Export string `json:"export"`
	// Inputs and Outputs are the entry's arguments and results, in order.
	Inputs  []Value `json:"inputs"`
	Outputs []Value `json:"outputs"`
	// Prologue is the number of buffers the entry's prologue keeps (its
	// weight-only work, run once: docs/RUNTIME.md, "The prologue"); 0, and
	// omitted, when it has none. The entry's frame then has 1+Prologue
	// more slots after the outputs, which the launcher zeroes once and
	// preserves from call to call.
	Prologue int `json:"prologue,omitempty"`
	// Checks are the entry's check ops (check.expect_*, custom_call
	// @check.*), in program order; omitted when it has none. Each has two
	// frame slots (actual, expected) after the outputs and before the
	// prologue's; the launcher compares them after every run
	// (docs/BUNDLE.md, "Checks").
	Checks []Check `json:"checks,omitempty"`
}

// Check compare kinds: package ir/check's comparisons.
const (
	CheckEq       = "eq"
	CheckAlmostEq = "almost_eq"
	CheckClose    = "close"
)

// Check is one check op of the source program, compiled into two extra
// outputs of its entry that the launcher compares on the host (the
// semantics and the failure message are package ir/check's).
type Check struct {
	// Op is the op's name, "check.expect_eq_const" or
	// "stablehlo.custom_call"; Target the custom_call's target
	// ("check.expect_eq"), "" for the check dialect. Both start the
	// failure message.
	Op     string `json:"op"`
	Target string `json:"call_target,omitempty"`
	// Loc is the op's source location, "file:line:col" ("" if unknown).
	Loc string `json:"loc,omitempty"`
	// Compare is one of the Check* kinds.
	Compare string `json:"compare"`
	// Tolerance is almost_eq's absolute tolerance (finite); MinULP and
	// MaxULP close's allowed ULP distances.
	Tolerance float64 `json:"tolerance,omitempty"`
	MinULP    uint64  `json:"min_ulp,omitempty"`
	MaxULP    uint64  `json:"max_ulp,omitempty"`
	// Actual and Expected describe the two compared tensors.
	Actual   Value `json:"actual"`
	Expected Value `json:"expected"`
}

// Value describes a tensor passed to or returned by an entry point.
type Value struct {
	// Name is the argument's source name, "" if it has none.
	Name string `json:"name,omitempty"`
	// DType is the element type in MLIR spelling: "f32", "ui8", "i1".
	DType string `json:"dtype"`
	// Shape is the static shape; [] for a scalar.
	Shape []int64 `json:"shape"`
	// Dims names each axis that was symbolic in the source ("" for the
	// others); empty when no axis was. Its length is the rank otherwise.
	Dims []string `json:"dims,omitempty"`
}

// Parameter is one weight tensor, bound at load time by its name.
type Parameter struct {
	// Name is the tensor's name in the safetensors file.
	Name string `json:"name"`
	// DType is the element type in MLIR spelling ("f32", "bf16").
	DType string `json:"dtype"`
	// Shape is the tensor's shape.
	Shape []int64 `json:"shape"`
	// Blob names the blob holding the tensor's bytes (ir.TensorBytes layout)
	// when the weights are embedded; "" when they are bound from a file.
	Blob string `json:"blob,omitempty"`
}

// BufferPlan is the compiler's memory plan, for inspection and for sizing
// memory before a run; the host program is what allocates at run time.
type BufferPlan struct {
	// PeakBytes is the most device memory live at once, weights included.
	PeakBytes int64 `json:"peak_bytes"`
	// Buffers lists the planned buffers.
	Buffers []Buffer `json:"buffers,omitempty"`
}

// Buffer kinds.
const (
	BufferParameter = "parameter"
	BufferInput     = "input"
	BufferOutput    = "output"
	BufferTemp      = "temp"
)

// Buffer is one planned buffer.
type Buffer struct {
	// Name identifies the buffer, e.g. the SSA value it holds.
	Name string `json:"name"`
	// Kind is one of the Buffer* kinds.
	Kind string `json:"kind"`
	// Size is its size in bytes.
	Size int64 `json:"size"`
	// Offset is its offset in the arena of temporaries (0 for other kinds).
	Offset int64 `json:"offset"`
}

// Mesh is a logical device mesh, e.g. axes [{"x", 2}, {"y", 4}].
type Mesh struct {
	Axes []MeshAxis `json:"axes,omitempty"`
}

// MeshAxis is one named axis of a mesh.
type MeshAxis struct {
	Name string `json:"name"`
	Size int64  `json:"size"`
}

// Module formats (docs/RUNTIME.md, section 4).
const (
	FormatWasmSelf = "wasm-self" // kernels are functions of the host program; no blob
	FormatPTX      = "ptx"
	FormatHSACO    = "hsaco"
	FormatSPIRV    = "spirv"
	FormatMetal    = "metal"
	FormatSO       = "so"
	FormatHLOText  = "hlo-text"
	FormatHLOPB    = "hlo-pb"
	// FormatMLIR is a StableHLO module as MLIR text with its entry
	// function @main: PJRT's "mlir" program format (tpu, neuron).
	FormatMLIR = "mlir"
)

// Module is one loadable unit of kernels.
type Module struct {
	// Name identifies the module in errors.
	Name string `json:"name"`
	// Format is one of the Format* constants.
	Format string `json:"format"`
	// Blob names the blob holding the module; "" for FormatWasmSelf.
	Blob string `json:"blob,omitempty"`
	// Kernels are the module's kernels, indexed by zml_device.launch.
	Kernels []Kernel `json:"kernels"`
}

// Kernel is one kernel of a module.
type Kernel struct {
	// Name identifies the kernel in errors, e.g. "fusion.3".
	Name string `json:"name"`
	// Symbol is its symbol in the module (for FormatWasmSelf, the host
	// program's export).
	Symbol string `json:"symbol"`
	// Args describe its parameters in order: the slots of the packed
	// argument array passed to zml_device.launch.
	Args []KernelArg `json:"args"`
	// Workgroup is the workgroup size it was compiled for (x, y, z); empty
	// if it has none.
	Workgroup []int64 `json:"workgroup,omitempty"`
}

// Kernel argument kinds.
const (
	ArgBuffer = "buffer"
	ArgI32    = "i32"
	ArgU32    = "u32"
	ArgI64    = "i64"
	ArgF32    = "f32"
	ArgF64    = "f64"
)

// KernelArg is one kernel parameter.
type KernelArg struct {
	// Kind is one of the Arg* kinds.
	Kind string `json:"kind"`
	// Access is "read", "write" or "readwrite" for buffers, "" for scalars.
	Access string `json:"access,omitempty"`
	// DType and Shape give a buffer's tensor type where the device's
	// buffers are typed (the mlir, hlo-pb and hlo-text modules of the tpu
	// and neuron targets, whose kernel is a whole XLA executable; PJRT
	// buffers carry an element type and dimensions); "" and none
	// elsewhere. A scalar has a DType and no Shape.
	DType string  `json:"dtype,omitempty"`
	Shape []int64 `json:"shape,omitempty"`
}

// Collective kinds.
const (
	CollectiveAllReduce         = "all_reduce"
	CollectiveAllGather         = "all_gather"
	CollectiveReduceScatter     = "reduce_scatter"
	CollectiveAllToAll          = "all_to_all"
	CollectiveCollectivePermute = "collective_permute"
)

// Collective is one collective operation of the program.
type Collective struct {
	// Kind is one of the Collective* kinds.
	Kind string `json:"kind"`
	// Reduction is "add", "mul", "min", "max", "and", "or" or "xor" for
	// reducing kinds, "" otherwise.
	Reduction string `json:"reduction,omitempty"`
	// DType is the element type in MLIR spelling.
	DType string `json:"dtype"`
	// Count is the number of elements of the source buffer.
	Count int64 `json:"count"`
	// ReplicaGroups are the spec's replica_groups (or source_target_pairs
	// for collective_permute).
	ReplicaGroups [][]int64 `json:"replica_groups,omitempty"`
	// Channel is the channel id, 0 for none.
	Channel int64 `json:"channel,omitempty"`
	// Dimension is the split/concat dimension of all_gather,
	// reduce_scatter and all_to_all.
	Dimension int64 `json:"dimension,omitempty"`
}

// Blob kinds.
const (
	BlobHost      = "host"
	BlobKernels   = "kernels"
	BlobStableHLO = "stablehlo"
	BlobWeights   = "weights"
)

// Blob locates one blob in the file.
type Blob struct {
	// Name identifies the blob, e.g. "host.wasm" or "weights/fc1.weight".
	Name string `json:"name"`
	// Kind is one of the Blob* kinds.
	Kind string `json:"kind"`
	// Offset is the blob's file offset, a multiple of Align.
	Offset int64 `json:"offset"`
	// Size is its length in bytes.
	Size int64 `json:"size"`
	// SHA256 is the lowercase hex sha256 of its bytes.
	SHA256 string `json:"sha256"`
}
