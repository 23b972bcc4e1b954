package main

import (
	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/tensorio"
)

// The stages zmlc drives, as variables so each is connected in one place:
// the MLIR text form (ir/asm), the verifier (ir.Verify), tensor I/O
// (ir/tensorio) and the code generators (package compile).
var (
	// parseSplitFile parses a file split on `// -----` lines (asm.ParseSplit).
	parseSplitFile = asm.ParseSplit
	// printModule prints m in StableHLO's pretty syntax, or MLIR's generic one.
	printModule = func(m *ir.Module, generic bool) (string, error) {
		return asm.Print(m, asm.Options{Generic: generic}), nil
	}
	// verifyModule checks m (ir.Verify).
	verifyModule = ir.Verify
	// readTensor reads one --input file (.npy).
	readTensor = tensorio.ReadNpyFile
	// writeTensor writes one result as .npy, atomically.
	writeTensor = tensorio.WriteNpyFile
	// compileBundle compiles a source for a target into bundle bytes
	// (docs/BUNDLE.md).
	compileBundle = compile.Compile
	// emitKernels prints the kernel IR of a source (--emit=kernels).
	emitKernels = compile.EmitKernels
	// emitWasm prints the host program's Wasm module as text (--emit=wasm).
	emitWasm = compile.EmitWasm
	// lowerSource compiles a source up to the renderer, the device
	// targets' kernel module included (--emit=llvm, ptx, hsaco, spirv).
	lowerSource = compile.Lower
)
