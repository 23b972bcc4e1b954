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
// Measured error against Go's math rounded once to the type (math_test.go,
// 4000 random points per domain plus special values; specials match
// exactly in class: NaN, infinities, signed zeros):
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
//	sin, cos  |x| <= 8192                 1        1
//	tan       |x| <= 8192                 4        2
//	erf       [-7, 7], tiny               1        1
//	atan2     [-100, 100]^2               1        1
//	pow       x in 2^±10, y in [-8, 8]    1 (in f64 when Params.HasF64)
//	                                      f64: 3 + 1.5 |y ln x|
//
// sin, cos and tan reduce by pi/4 in three parts (Cody-Waite, as Cephes):
// beyond |x| = 8192 (f32) or 2^30 (f64) the result loses accuracy but stays
// within [-1, 1] (sin, cos); infinities give NaN. Float rem (fmod) is left
// to the renderer (OpFRem, LLVM frem) apart from the infinite divisor;
// on lavapipe OpFRem is x - y*trunc(x/y), exact only while the quotient is
// small (the corpus's cases), LLVM frem is exact.
//
// # Not yet
//
// dot_general and convolution tiles staged through workgroup-shared memory
// and reductions spread within a workgroup are not built yet: such kernels
// run with one invocation per output element (the reduction serial in it),
// and kernels without a provably parallel loop (sort, scatter) in a single
// invocation. No code is specialised to a subgroup size.
package gpu
