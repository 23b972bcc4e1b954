// Package llvm renders kernel IR (package targets/kernel) as LLVM IR with
// github.com/llir/llvm and turns it into machine code with LLVM 19's tools
// (Debian packages llvm-19 and lld-19), for three target families:
//
//   - cpu (x86-64, arm64): kernels from kernel.Lower (grid loops become the
//     launch range a driver spreads over threads). Each kernel is
//     `void sym(i64* args, i64 begin, i64 end)`: args holds one absolute
//     address per buffer parameter, and the call runs the workgroups
//     [begin, end) of the kernel's grid (Kernel.Grid workgroups: the
//     product of the outermost chain of grid loops, 1 when there is none).
//     CompileCPU builds a shared object (opt-19, llc-19 -filetype=obj,
//     ld.lld-19 -shared, linked against libm).
//   - nvptx (cuda): GPU-form kernels from targets/gpu's Lower. Each kernel
//     is a `ptx_kernel` function whose parameters are `T addrspace(1)*`, one
//     per buffer; the grid loop's index is %ctaid.x, the workgroup loops'
//     %tid.x (llvm.nvvm.read.ptx.sreg.*), barriers llvm.nvvm.barrier0,
//     shared buffers addrspace(3) globals. CompilePTX returns llc-19's PTX.
//   - amdgpu (rocm): the same kernels as `amdgpu_kernel` functions for the
//     amdgcn-amd-amdhsa triple (llvm.amdgcn.workgroup.id.x,
//     llvm.amdgcn.workitem.id.x, llvm.amdgcn.s.barrier between workgroup
//     fences, private allocas in addrspace(5)). CompileHSACO links llc-19's
//     object into a code object with ld.lld-19 -shared.
//
// The renderer holds no op semantics beyond the scalar kinds: cpu kernels
// are first legalised by targets/gpu's Legalize (the same math expansions,
// NaN-propagating max/min, guarded division and shifts, saturating
// converts as every GPU target; so GPU and CPU results agree), and GPU
// kernels arrive legalised. No kernel calls a math library function except
// float remainder (frem, which LLVM lowers to fmodf/fmod on the cpu).
//
// Values of f16 and bf16 are kept as their 16 bits (LLVM i16) and only
// converted: bf16 by integer code (round to nearest even, NaN quieted),
// f16 by LLVM's fpext/fptrunc through `half` (F16C on x86-64-v3, native on
// arm64 and GPUs). Conversions from f64 to f16 or bf16 round once: the
// value is first rounded to f32 with round-to-odd, which makes the second
// rounding exact. f8E4M3FN and f8E5M2 values are kept as their byte (i8):
// legalizeF8 (narrow_f8.go) runs the shared kernel.LegalizeNarrow, whose
// integer and f32 converts round as ir.FloatBits does. i1 and the sub-byte
// integers take one byte in memory (sign- or zero-extended).
package llvm
