// Package kernel is zmlc's kernel IR — the one representation every code
// generator (wasm, llvm, spirv, msl) consumes — and the lowering of a
// StableHLO function (ir.Module) to it.
//
// # Kernels
//
// A Kernel is a function over buffers. Each Param is a global buffer with an
// element type, a shape, strides (in elements), a role (Read, Write,
// ReadWrite) and the index of the Program buffer bound to it at launch.
// Workgroup-shared scratch arrays are Kernel.Shared.
//
// Its body is a list of Nodes, structured and small in the spirit of
// tinygrad's micro-ops and Halide/TVM loop nests. A Node is one operation;
// value-producing nodes are SSA values that later nodes of the same or an
// inner body refer to by pointer. The closed set of kinds (Kind) is:
//
//   - structure: Loop (an index from 0 to N-1, step 1, with a Level: Grid,
//     Workgroup, Serial, Vector, Unrolled), If (then/else bodies), Barrier;
//   - memory: Load and Store at a flat element index of a Param or Shared
//     buffer; Var (a mutable scalar local with an initial value: accumulators),
//     Get (its current value) and Set (assign it);
//   - values: Const; the scalar ops of StableHLO's elementwise set (Add, Sub,
//     Mul, Div, Rem, Max, Min, Pow, Atan2, And, Or, Xor, Shl, ShrA, ShrL, Neg,
//     Abs, Not, Exp, Expm1, Log, Log1p, Sqrt, Rsqrt, Cbrt, Tanh, Logistic,
//     Sin, Cos, Tan, Erf, Floor, Ceil, RoundEven, RoundAway, Sign, IsFinite,
//     Popcnt, Clz), the comparisons (EQ, NE, LT, LE, GT, GE, with a total
//     order flag), Select, Convert and Bitcast.
//
// Each scalar op has exactly the element semantics of the StableHLO op of
// the same name (openxla/stablehlo docs/spec.md) as zmlc's reference
// interpreter implements them: NaN-propagating Max/Min, Rem with the sign of
// the dividend, integer division by zero gives -1 (Rem: the dividend),
// two's-complement wraparound, saturating float-to-int Convert. Index
// arithmetic uses the same ops on ir.Index values (64-bit signed): affine
// terms are Mul/Add, reshapes use Div/Rem. Loads and stores take one flat
// element index; the lowering linearises with the buffer's strides.
//
// Scheduling (which loops are Grid, tile sizes, Vector width) is decided by
// the lowering from TargetParams; renderers only print. A Grid loop's
// iterations are independent and may run in parallel (threads, workgroups);
// a Vector loop's iterations are independent and its body is straight-line
// code, so a renderer may map it to SIMD lanes; an Unrolled loop may be
// unrolled; Serial loops run in order.
//
// # Programs
//
// A Program is the schedule around the kernels: the buffers of one entry
// function (parameters, constants, temporaries, outputs) and an ordered list
// of Steps (Alloc, Free, Launch, Copy, and control flow While, If, Case with
// nested step lists reading a condition buffer). The host-program compiler
// turns it into Wasm functions calling the zml_device host functions.
//
// # Lowering
//
// Lower(m, entry, target) turns the entry function into a Program: each op
// (or each `zml.fusion` region) becomes one generated kernel; ops the
// lowering cannot compile are errors naming the op and its location. Eval
// runs a Program on host tensors: the kernel IR's reference semantics, used
// to test every lowering against the interpreter (ir/interp).
//
// docs/KERNEL_IR.md describes the IR with its text form (Kernel.String).
package kernel
