package passes

import (
	"fmt"
	"io"
	"strings"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
)

// OptConfig is what `zmlc opt` needs to run a pipeline over a source file,
// as mlir-opt does.
type OptConfig struct {
	// Manager holds the pipeline and its verification, dump and timing
	// settings; Manager.Out receives IR dumps.
	Manager *Manager
	// SplitInputFile treats the source as chunks separated by `// -----`
	// lines, each optimised alone; the outputs are joined by "// -----\n"
	// lines as mlir-opt --split-input-file prints them. An error in one
	// chunk is reported and the other chunks still run.
	SplitInputFile bool
	// PrintOptions are the printer's options for the output.
	PrintOptions asm.Options
}

// Opt parses src (named filename in diagnostics), verifies it, runs the
// pipeline and writes the result to w. It returns the parse, verification
// or pass errors (ir.Diagnostics carry the source line and caret); with
// SplitInputFile they are collected over all chunks and the output of the
// failed chunks is omitted.
func Opt(w io.Writer, filename string, src []byte, cfg OptConfig) error {
	var mods []*ir.Module
	var parseErr error
	if cfg.SplitInputFile {
		mods, parseErr = asm.ParseSplit(filename, src)
	} else {
		m, err := asm.Parse(filename, src)
		mods, parseErr = []*ir.Module{m}, err
	}
	var errs []string
	if parseErr != nil {
		errs = append(errs, parseErr.Error())
	}
	var outs []string
	for _, m := range mods {
		if m == nil {
			continue
		}
		if err := ir.Verify(m); err != nil {
			errs = append(errs, ir.WithSource(err, filename, src).Error())
			continue
		}
		if err := cfg.Manager.Run(m); err != nil {
			errs = append(errs, ir.WithSource(err, filename, src).Error())
			continue
		}
		outs = append(outs, strings.TrimRight(asm.Print(m, cfg.PrintOptions), "\n")+"\n")
	}
	if _, err := io.WriteString(w, strings.Join(outs, "// -----\n")); err != nil {
		return err
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return nil
}
