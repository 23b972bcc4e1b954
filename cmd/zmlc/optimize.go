package main

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/passes"
)

// optimize runs the pipeline of optimisation level (passes.DefaultPipeline:
// nothing at -O0) on each module, verifying after every pass with
// verifyEach, else after the pipeline. Errors name the pass that failed.
func optimize(mods []*ir.Module, level int, verifyEach bool) error {
	p, err := passes.DefaultPipeline(level)
	if err != nil {
		return err
	}
	if len(p) == 0 {
		return nil
	}
	pm := passes.NewManager(p)
	pm.VerifyEach = verifyEach
	for _, m := range mods {
		if err := pm.Run(m); err != nil {
			return err
		}
		if !verifyEach {
			if err := ir.Verify(m); err != nil {
				return fmt.Errorf("verification failed after the -O%d pipeline (%s; rerun with --verify-each to find the pass): %w", level, p, err)
			}
		}
	}
	return nil
}
