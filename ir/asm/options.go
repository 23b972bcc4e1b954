// Package asm reads and writes zmlc's IR as MLIR text.
//
// The printer (Print, Fprint, PrintFunc) emits StableHLO's own pretty syntax
// for every op that has one in StableHLO (the assemblyFormat strings of
// openxla/stablehlo stablehlo/dialect/StablehloOps.td and the custom printers
// of AssemblyFormat.cpp and StablehloOps.cpp, as MLIR 19 prints them and as
// `jax.jit(f).lower(x).as_text()` exports them), and MLIR's generic syntax
// (`%0 = "stablehlo.add"(%arg0, %arg1) : (...) -> ...`) for every other op, or
// for every op when Options.Generic is set. The parser reads both.
package asm

// Options control the printer.
type Options struct {
	// Generic prints every operation, including `builtin.module` and
	// `func.func`, in MLIR's generic form, as `mlir-opt --mlir-print-op-generic`
	// does; the output parses with `mlir-opt-19 --allow-unregistered-dialect`.
	Generic bool
	// DebugInfo prints `loc("file":line:col)` after every operation, function
	// and module whose location is known, as `mlir-opt --mlir-print-debuginfo`.
	DebugInfo bool
}
