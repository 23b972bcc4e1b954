package passes

import "fmt"

// defaultPipelines are the pipelines of the optimisation levels:
//
//	-O0  nothing
//	-O1  chlo-legalize-to-stablehlo,canonicalize,cse,dce
//	-O2  chlo-legalize-to-stablehlo,inline,canonicalize,constant-fold,cse,
//	     normalize-layouts,canonicalize,fusion,dce,buffer-assignment
//
// -O2 legalises chlo first (its polynomials then fold and fuse like any
// other op), simplifies, normalises contractions and cleans up the
// transposes that introduces, fuses, and plans buffers on the fused
// program (the plan is in zml.buffer_offset / zml.buffer_peak /
// zml.buffer_sum attributes).
var defaultPipelines = []string{
	"",
	"chlo-legalize-to-stablehlo,canonicalize,cse,dce",
	"chlo-legalize-to-stablehlo,inline,canonicalize,constant-fold,cse,normalize-layouts,canonicalize,fusion,dce,buffer-assignment",
}

// DefaultPipelineText returns the textual pipeline of optimisation level
// 0, 1 or 2 (higher levels are level 2), or an error for a negative level.
func DefaultPipelineText(level int) (string, error) {
	if level < 0 {
		return "", fmt.Errorf("optimisation level -O%d is not one of -O0, -O1, -O2", level)
	}
	return defaultPipelines[min(level, len(defaultPipelines)-1)], nil
}

// DefaultPipeline returns the passes of optimisation level 0, 1 or 2 (see
// DefaultPipelineText).
func DefaultPipeline(level int) (Pipeline, error) {
	text, err := DefaultPipelineText(level)
	if err != nil {
		return nil, err
	}
	return ParsePipeline(text)
}
