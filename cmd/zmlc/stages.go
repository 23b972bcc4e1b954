package main

import (
	"errors"

	"github.com/zmlc/zmlc/ir"
)

// The stages zmlc drives, as variables so each is connected in one place:
// the MLIR text form (ir/asm), the verifier (ir.Verify) and tensor I/O
// (ir/tensorio). Until a package lands, its stage reports that it is
// missing instead of pretending to work.
var (
	// parseFile parses one MLIR module (asm.Parse).
	parseFile = func(filename string, src []byte) (*ir.Module, error) {
		return nil, errMissing("the MLIR parser (ir/asm)")
	}
	// parseSplitFile parses a file split on `// -----` lines (asm.ParseSplit).
	parseSplitFile = func(filename string, src []byte) ([]*ir.Module, error) {
		return nil, errMissing("the MLIR parser (ir/asm)")
	}
	// printModule prints m in the pretty syntax, or the generic one.
	printModule = func(m *ir.Module, generic bool) (string, error) { return "", errMissing("the MLIR printer (ir/asm)") }
	// verifyModule checks m (ir.Verify).
	verifyModule = ir.Verify
	// readTensor reads one --input file (.npy).
	readTensor = func(path string) (*ir.Tensor, error) { return nil, errMissing("tensor I/O (ir/tensorio)") }
	// writeTensor writes one result as .npy.
	writeTensor = func(path string, t *ir.Tensor) error { return errMissing("tensor I/O (ir/tensorio)") }
)

func errMissing(what string) error {
	return errors.New(what + " is not available in this build yet")
}
