// Package gpu is the GPU lowering shared by every GPU target (vulkan, cuda,
// rocm, metal): it turns a kernel.Program from kernel.Lower into GPU form,
// parameterised by the target's Params (workgroup size and limit, grid
// limit, shared memory, subgroup size, dot tiles).
//
// # GPU form
//
// A kernel in GPU form (checked by VerifyGPU) has a body of exactly one
// Grid loop, whose index is the workgroup id (launch grid (N, 1, 1)). Inside
// it is uniform code — the same in every invocation of the workgroup:
// serial and unrolled loops, ifs, barriers and pure index arithmetic on
// the grid index and uniform loop indices — around Workgroup loops, all of
// the kernel's workgroup size W, whose index is the local invocation id
// (launch block (W, 1, 1)). Inside a workgroup loop is the code of one
// invocation: anything but grid and workgroup loops and barriers. Several
// workgroup loops in a row, separated by barriers, are phases: every
// invocation finishes one phase before any starts the next, which is also
// what kernel.Eval does when it runs the loops in order, so Eval is the
// reference semantics of GPU-form kernels too. Dims returns (N, W).
//
// Lower maps each kernel's top-level loop nest: grid and vector loops and
// serial loops proved independent (each iteration reads and writes only
// its own slot of every buffer it writes: affine indices, analysis.go) are
// flattened into one iteration space of T points, spread over
// ceil(T/W) workgroups (a grid-stride serial loop beyond Params.MaxGrid),
// guarded by `if i < T`. A kernel body with several top-level nests
// becomes one kernel per nest, launched in order; a nest with no parallel
// loop runs in one invocation. All index values fit in 32 bits (Lower
// rejects buffers and iteration spaces of 2^31 elements or more), so
// renderers may compute indices in i32.
//
// # Legalised math
//
// After Lower every node is a GPU primitive (IsPrimitive), except the raw
// nodes the legalisation itself emits, whose operands are in range by
// construction: float-to-integer Convert (the operand is finite and within
// the target range; renderers print a plain truncating convert), integer
// Div and Rem (the divisor is neither 0 nor -1 for signed types), shifts
// (the amount is below the bit width) and float Rem (an infinite divisor
// with a finite dividend is selected away: lavapipe's OpFRem computes
// x - y*trunc(x/y), NaN there). Converts from u32, i64 and u64 to index
// saturate to the i32 range first (indices are 32-bit; every data-dependent
// index is clamped or bounds-checked against sizes below 2^31, so the
// result is unchanged). Transcendental functions are
// expanded (mathlib.go) in the operand's type, f16 and bf16 through f32.
// Float comparisons: NE is true when either operand is NaN (unordered),
// the others are false then (ordered). Max and min on floats become
// NaN-propagating compare/select with -0 < +0; i1 arithmetic becomes logic.
//
// Measured error against the reference evaluator (Go's math, with the
// subnormal, pow and large-argument trigonometric fixes of internal/fmath)
// rounded once to the type (math_test.go, 4000 random points per domain
// plus special values; specials match exactly in class: NaN, infinities,
// signed zeros); f32 with and without Params.HasF64:
//
//	function  domain                      f32 ULP  f64 ULP
//	exp       [-103, 88.7]                1        2
//	expm1     [-30, 88], [-1, 1]          2        2
//	log       all positive (subnormals)   1        1
//	log1p     (-1, 10], 2^-60..2^60       2        2
//	rsqrt     all positive                1        1
//	cbrt      all                         1        2
//	tanh      [-12, 12], tiny             2        3
//	logistic  [-100, 40]                  2        3
//	sin, cos  the whole range             2        2
//	tan       the whole range             4        4
//	erf       [-7, 7], tiny               1        1
//	atan2     [-100, 100]^2               1        1
//	pow       x in 2^±100, y in [-8, 8]   2        2
//
// sin, cos and tan reduce |x| >= pi/4 by Payne-Hanek (trig_reduce.go):
// exact products of half significands with chunks of 2/pi, summed mod 4 in
// triple-word precision; f32 runs in f64 where the target has it
// (Params.HasF64), rounding once. pow's core e^(y log|x|) takes log|x| in
// double-word precision and splits y*log|x| exactly (powCore), or runs in
// f64 for f32 where the target has it. Float rem is the exact fmod (fmod):
// long division of the integer significands in straight-line steps (OpFRem
// on lavapipe computes x - y*trunc(x/y), which rounds).
//
// # Staged through shared memory
//
// A kernel in the store-accumulate form of kernel.Lower's tiled
// dot_general (zero the output, out += a*y over output and reduction
// loops, elementwise epilogue stores: gemm_match.go recognises it on the
// kernel IR, with batch, row, column and reduction loops told apart by
// which operand depends on them) becomes the classic tiled matrix product
// (gemm.go): a workgroup per TileM x TileN block of one batch, the K loop
// in TileK steps loading the A and B tiles cooperatively into shared
// memory between barriers, each invocation accumulating an rm x rn
// register micro-tile (up to 4x4, grown until the block needs at most
// WorkgroupSize invocations), the running sums kept in a shared C tile,
// and the fused epilogue applied before the store. TileK shrinks until
// the three tiles fit SharedMemBytes; rows and columns past the edges are
// clamped on load and skipped on store. Sums keep the per-element order,
// so results are bit-identical to the serial form. Tiles are staged for
// 32- and 64-bit element types; narrower ones keep the per-element form.
//
// A segment in the accumulator form of reduce (a Var combined by add,
// mul, max, min, and, or or xor over a loop nest, then stored: reduce.go)
// becomes one workgroup per output element when rows are long (32
// elements or more) or too few to fill a workgroup: each invocation folds
// a strided share of the row from op's identity, then a tree in shared
// memory with barriers, and invocation 0 combines the init value and
// stores. Float add and mul are reassociated by the tree.
//
// A nest whose body reads read-only buffers at affine indices inside inner
// loops, reusing elements across outputs — convolutions — is staged by
// boxes of B consecutive parallel iterations (conv.go): per box the
// workgroup copies each reused load's window (one range of its buffer) to
// shared memory, a barrier, then every invocation runs the original body
// for its points reading the windows. B is the largest aligned box of up
// to 4 iterations per invocation whose windows fit SharedMemBytes; with
// the vulkan parameters MNIST's conv layers at batch 64 use boxes of 416
// outputs (conv1: windows of 112 activations and all 72 weights), 768
// (conv2: 832 and 1152) and 968 (conv3: its 288 weights only; the
// activation window, whole images, does not fit 32 KiB). Additions keep their order (bit-identical to
// the serial form). Such nests are staged rather than reduced by a
// workgroup per output when there are at least WorkgroupSize outputs. On
// lavapipe at batch 64 (device timestamps, 5 alternating runs on 2 loaded
// cores) the three conv kernels took 6.4, 108 and 202 ms at best against
// 8.6, 145 and 320 ms before (medians 8.7, 212, 352 against 9.4, 160,
// 390: with barriers as coroutine switches the staged kernels suffer more
// from a loaded machine).
//
// On lavapipe (a CPU device: barriers are coroutine switches, shared
// loads are gathers) staging costs more than it saves: a 512^3 f32 dot
// measured 1.8 GFLOP/s tiled (vulkan preset) against 18 GFLOP/s with one
// invocation per 16x64 output block (Params.Unstaged) on 2 loaded cores
// (BenchmarkDotOnDevice); the staging is for GPUs with real shared memory.
//
// No code is specialised to a subgroup size (SubgroupSize is unused), so
// everything here runs on lavapipe's 8-wide subgroups.
//
// # Not yet
//
// Convolutions whose indices are not affine in the parallel digits
// (padding clamps, strides through selects) or whose windows do not fit
// keep one invocation per output element, as do dot_general forms that
// are not matrix form (several contracting or free dimensions) and
// multi-operand reduces (argmax); kernels without a provably parallel loop
// (sort, scatter) run in a single invocation — on lavapipe such kernels
// are cut short beyond LavapipeLoopLimit iterations (iterations.go).
package gpu
