package passes

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
)

// Manager runs a pipeline on modules, as MLIR's PassManager: the verifier
// after every pass (VerifyEach), IR dumps before and after chosen passes,
// and wall-clock timing. Construct it with NewManager.
type Manager struct {
	Pipeline Pipeline
	// VerifyEach runs ir.Verify after every pass (mlir-opt --verify-each,
	// on by default); a failure stops the pipeline with an error naming
	// the pass.
	VerifyEach bool
	// PrintIRBefore and PrintIRAfter list pass arguments (`cse`) whose
	// input and output are dumped (--mlir-print-ir-before=cse,
	// --mlir-print-ir-after=cse); PrintIRBeforeAll and PrintIRAfterAll
	// dump around every pass.
	PrintIRBefore, PrintIRAfter       []string
	PrintIRBeforeAll, PrintIRAfterAll bool
	// Out receives the dumps (mlir-opt writes them to stderr); nil
	// discards them.
	Out io.Writer
	// Print renders a module for the dumps; nil means asm.Print with the
	// default (pretty) options.
	Print func(m *ir.Module) string
	// Timing, when set, receives one entry per pass run (its class name and
	// wall time), in pipeline order; see Timing.WriteReport.
	Timing *Timing
}

// NewManager returns a manager for p with verification after each pass and
// no dumps.
func NewManager(p Pipeline) *Manager {
	return &Manager{Pipeline: p, VerifyEach: true}
}

// Run runs the pipeline on m. It stops at the first pass that fails or
// leaves m failing ir.Verify, returning an error naming the pass
// (`pass 'cse' failed: ...`, `verification failed after pass 'cse': ...`);
// dumps requested before that point have already been written.
func (pm *Manager) Run(m *ir.Module) error {
	for _, p := range pm.Pipeline {
		if pm.PrintIRBeforeAll || contains(pm.PrintIRBefore, p.Argument()) {
			if err := pm.dump("Before", p, m); err != nil {
				return err
			}
		}
		start := time.Now()
		err := runGuarded(p, m)
		if pm.Timing != nil {
			pm.Timing.Add(p.Name(), 0, time.Since(start))
		}
		if err != nil {
			// A positioned diagnostic prints as MLIR prints a pass's
			// error, `file:line:col: error: ...`, naming the pass last.
			if d, ok := err.(*ir.Diagnostic); ok {
				return &ir.Diagnostic{Loc: d.Loc, Message: fmt.Sprintf("%s (pass '%s')", d.Message, p.Argument()), Source: d.Source}
			}
			return fmt.Errorf("pass '%s' failed: %w", p.Argument(), err)
		}
		if pm.VerifyEach {
			if err := ir.Verify(m); err != nil {
				return fmt.Errorf("verification failed after pass '%s': %w", p.Argument(), err)
			}
		}
		if pm.PrintIRAfterAll || contains(pm.PrintIRAfter, p.Argument()) {
			if err := pm.dump("After", p, m); err != nil {
				return err
			}
		}
	}
	return nil
}

// runGuarded runs p, turning a panic (a bug in a pass) into an error so
// that bad input never crashes the tool.
func runGuarded(p Pass, m *ir.Module) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	return p.Run(m)
}

// DumpHeader returns mlir-opt's header line for an IR dump (without the
// newline): `// -----// IR Dump After CSE (cse) //----- //`; when is
// "Before" or "After".
func DumpHeader(when string, p Pass) string {
	return fmt.Sprintf("// -----// IR Dump %s %s (%s) //----- //", when, p.Name(), p.Argument())
}

// dump writes one IR dump as mlir-opt does: the header, the module, and two
// empty lines.
func (pm *Manager) dump(when string, p Pass, m *ir.Module) error {
	if pm.Out == nil {
		return nil
	}
	text := ""
	if pm.Print != nil {
		text = pm.Print(m)
	} else {
		text = asm.Print(m, asm.Options{})
	}
	text = strings.TrimRight(text, "\n")
	_, err := fmt.Fprintf(pm.Out, "%s\n%s\n\n\n", DumpHeader(when, p), text)
	return err
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
