// Package hlo is the code generator of the tpu and neuron targets: it turns
// an optimised StableHLO module (package ir) into an XLA HLO module, the
// program that the vendors' XLA compilers (libtpu's, neuronx-cc
// --framework XLA) and every PJRT plugin take.
//
// Convert builds the module as an xla.HloModuleProto (the messages of
// openxla/xla's xla/service/hlo.proto and xla/xla_data.proto, subset in
// package xlapb); Marshal serialises it deterministically and Text prints it
// in XLA's HLO text syntax (`HloModule m, entry_computation_layout=...`,
// computations, `ENTRY`, `ROOT`), from the same proto, so the two forms
// describe one module. EntryMLIR writes the StableHLO form PJRT's "mlir"
// program format takes, and CompileOptions the serialised
// CompileOptionsProto of PJRT_Client_Compile.
//
// The translation follows XLA's own StableHLO importer: one HLO instruction
// per StableHLO op where XLA has one (opcode names of
// xla/hlo/ir/hlo_opcode.h), regions become called computations (reduce,
// reduce_window, select_and_scatter, scatter, sort, map, the all_reduce
// family, while, if, case, func.call), ops with several results produce a
// tuple read back with get-tuple-element, and values a while/if/case
// region uses from outside are threaded through the loop or branch tuple
// (HLO computations cannot capture). Every array shape carries the
// row-major layout ({rank-1,...,0}). An op XLA lacks (chlo.erf_inv, ...)
// or an element type it lacks (i2, i4, ui2, ui4, index) is an error naming
// it and the op's location.
package hlo
