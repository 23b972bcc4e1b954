package passes

import "fmt"

// defaultPipelines are the pipelines of the optimisation levels:
//
//	-O0  nothing
//	-O1  canonicalize,cse,dce
//	-O2  inline,canonicalize,constant-fold,canonicalize,cse,dce
var defaultPipelines = []string{
	"",
	"canonicalize,cse,dce",
	"inline,canonicalize,constant-fold,canonicalize,cse,dce",
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
