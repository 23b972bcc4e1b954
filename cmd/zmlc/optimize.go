package main

import (
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/passes"
)

// optimize runs the pipeline of optimisation level (passes.DefaultPipeline:
// nothing at -O0) on each module, verifying after every pass. Errors name
// the pass that failed.
func optimize(mods []*ir.Module, level int) error {
	p, err := passes.DefaultPipeline(level)
	if err != nil {
		return err
	}
	if len(p) == 0 {
		return nil
	}
	pm := passes.NewManager(p)
	for _, m := range mods {
		if err := pm.Run(m); err != nil {
			return err
		}
	}
	return nil
}
